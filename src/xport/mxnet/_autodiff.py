"""MXNet's part of ``xport.autodiff``: reverse mode through ``mx.autograd``.

``grad``, ``value_and_grad`` and ``vjp`` record the function under
``mx.autograd.record()`` on fresh copies of the differentiated leaves (with
``attach_grad``), so the caller's arrays are untouched. Arguments may be
pytrees of arrays, as on the other backends. MXNet 1.9's autograd has no
forward mode, and a gradient of a gradient needs every operator's backward
pass to be differentiable, which those of ``mxnet.numpy``'s ``sum``, ``add``
and ``multiply`` are not ("Operator _backward_np_sum is non-differentiable",
measured on 1.9.1; elementwise ``sin``, ``exp``, ``log`` are): ``jvp``,
``jacobian``, ``hessian`` and ``custom_vjp`` raise ``NotImplementedError``
naming what works.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import mxnet as mx

from .._common import tape
from .._common.pytree import flatten, tree_map

_mx: Any = mx
_ARRAY: Any = mx.np.ndarray


def _source(leaf: Any, position: int) -> Any:
    """A fresh copy of ``leaf`` that collects its gradient (the caller's
    array is untouched)."""
    if not isinstance(leaf, _ARRAY):
        raise TypeError(f"xport.autodiff on MXNet differentiates mxnet.numpy arrays; "
                        f"argument {position} holds a {type(leaf).__name__}")
    copy = leaf.copy()
    copy.attach_grad()
    return copy


def _sources(args: Sequence[Any], nums: tuple[int, ...]
             ) -> tuple[list[Any], list[Any], tape.Layout]:
    """``args`` with the leaves at ``nums`` replaced by fresh copies that
    collect gradients (see ``tape.sources``)."""
    return tape.sources(args, nums, _source)


def _check_scalar(out: Any, what: str) -> None:
    if not isinstance(out, _ARRAY) or out.ndim != 0:
        raise TypeError(f"{what} needs a function with a real scalar (0-d array) output; got "
                        f"{getattr(out, 'shape', type(out).__name__)}")
    if out.dtype.kind != "f":
        raise TypeError(f"{what} needs a real floating-point output; got {out.dtype}")


def _value_and_grad(f: Callable[..., Any], argnums: Any, has_aux: bool, what: str,
                    args: tuple[Any, ...]) -> tuple[Any, Any, Any]:
    nums, as_tuple = tape.argnums_tuple(argnums, len(args))
    new_args, leaves, layout = _sources(args, nums)
    with _mx.autograd.record():
        value, aux = tape.split_aux(f(*new_args), has_aux)
    _check_scalar(value, what)
    value.backward()
    return value, aux, tape.regroup([leaf.grad for leaf in leaves], layout, as_tuple)


def grad(f: Callable[..., Any], argnums: Any, has_aux: bool) -> Callable[..., Any]:
    """``f``'s gradient function (see ``xport.autodiff.grad``)."""
    return tape.grad(_value_and_grad, f, argnums, has_aux)


def value_and_grad(f: Callable[..., Any], argnums: Any, has_aux: bool) -> Callable[..., Any]:
    """``f``'s value-and-gradient function (see ``xport.autodiff.value_and_grad``)."""
    return tape.value_and_grad(_value_and_grad, f, argnums, has_aux)


def vjp(f: Callable[..., Any], primals: tuple[Any, ...], has_aux: bool) -> Any:
    """``(out, vjp_fn)`` of ``f`` at ``primals``; ``vjp_fn`` may be called more
    than once (each call runs ``f`` again under ``mx.autograd.record``)."""
    nums = tuple(range(len(primals)))
    new_args, _, _ = _sources(primals, nums)
    out, aux = tape.split_aux(f(*new_args), has_aux)
    out_leaves, out_def = flatten(out)

    def vjp_fn(cotangent: Any) -> tuple[Any, ...]:
        ct_leaves = tape.check_cotangent(cotangent, out_def)
        args, leaves, layout = _sources(primals, nums)
        with _mx.autograd.record():
            recorded = flatten(tape.split_aux(f(*args), has_aux)[0])[0]
        heads = [o for o in recorded]
        grads = [_mx.np.array(c, dtype=o.dtype, ctx=o.ctx) if not isinstance(c, _ARRAY)
                 else c.astype(o.dtype) for c, o in zip(ct_leaves, out_leaves, strict=True)]
        _mx.autograd.backward(heads, head_grads=grads)
        return tuple(tape.regroup([leaf.grad for leaf in leaves], layout, True))

    return (out, vjp_fn, aux) if has_aux else (out, vjp_fn)


def _unsupported(what: str) -> NotImplementedError:
    return NotImplementedError(
        f"xport.autodiff.{what} is not available for MXNet arrays: MXNet 1.9's autograd has "
        "reverse mode only (no forward mode, and the backward passes of mxnet.numpy's sum, "
        "add and multiply are not differentiable, so no gradient of a gradient); "
        "grad, value_and_grad, vjp and stop_gradient work")


def jvp(f: Callable[..., Any], primals: tuple[Any, ...], tangents: tuple[Any, ...],
        has_aux: bool) -> Any:
    """Not available on MXNet (no forward mode): ``NotImplementedError``."""
    raise _unsupported("jvp")


def jacobian(f: Callable[..., Any], argnums: Any, mode: str) -> Callable[..., Any]:
    """Not available on MXNet: ``NotImplementedError`` when called."""
    def fail(*args: Any) -> Any:
        raise _unsupported("jacobian")
    return fail


def hessian(f: Callable[..., Any], argnums: Any) -> Callable[..., Any]:
    """Not available on MXNet: ``NotImplementedError`` when called."""
    def fail(*args: Any) -> Any:
        raise _unsupported("hessian")
    return fail


def stop_gradient(x: Any) -> Any:
    """``x`` cut from the recorded graph (``ndarray.detach()``), leafwise."""
    return tree_map(lambda t: t.detach() if isinstance(t, _ARRAY) else t, x)


def custom_vjp(fun: Callable[..., Any], fwd: Callable[..., Any],
               bwd: Callable[..., Any]) -> Callable[..., Any]:
    """Not available on MXNet (``mx.autograd.Function`` takes arrays only):
    ``NotImplementedError`` when called."""
    def fail(*args: Any) -> Any:
        raise _unsupported("custom_vjp")
    return fail
