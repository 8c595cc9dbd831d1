"""One differentiation API for PyTorch, JAX and TensorFlow, in JAX's shape::

    import xport, xport.autodiff as ad

    def loss(w, x):
        xp = xport.namespace_of(w, x)
        return xp.sum(xp.tanh(x @ w) ** 2)

    g = ad.grad(loss)(w, x)      # the same call for torch tensors, jax or tf arrays

The transforms dispatch on their array arguments when the transformed function
is *called*, so one ``grad(loss)`` serves every backend. Arguments and outputs
may be pytrees (nested tuples, lists, dicts) of arrays, as in JAX. Everything
nests (``grad(grad(f))``) and works inside ``jax.jit``, ``torch.compile`` and
``tf.function``: each backend uses its own machinery (``jax.grad``,
``torch.func``, ``tf.GradientTape``).

NumPy and array_api_strict have no automatic differentiation: calling a
transformed function on their arrays raises ``TypeError`` naming the backends
that do.

Semantics shared by every backend:

* ``grad`` needs a real scalar (0-d) output; ``argnums`` is an int or a tuple
  of ints (then a tuple of gradients is returned).
* ``has_aux=True``: the function returns ``(output, aux)``; ``aux`` is passed
  through undifferentiated.
* ``vjp(f, *primals)`` returns ``(out, vjp_fn)``; ``vjp_fn(cotangent)`` returns a
  tuple with one cotangent per primal.
* ``jvp(f, primals, tangents)`` takes tuples and returns ``(out, tangent_out)``.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence
from typing import Any, Literal

from ._common.backend import AutodiffHook
from ._common.pytree import leaves_of
from ._dispatch import backend_of, is_array, namespace_of
from ._hooks import Made, descriptor, made_once

__all__ = ["custom_vjp", "grad", "hessian", "jacobian", "jvp", "stop_gradient",
           "value_and_grad", "vjp"]

ArgNums = int | Sequence[int]


def _arrays(tree: Any) -> list[Any]:
    return [leaf for leaf in leaves_of(tree) if is_array(leaf)]


def _hook(args: Any, what: str) -> AutodiffHook:
    """The autodiff module of the backend whose arrays appear in ``args``."""
    arrays = _arrays(args)
    if not arrays:
        raise TypeError(f"{what}: found no array among the arguments to differentiate")
    xp = namespace_of(*arrays)
    hook = descriptor(xp).autodiff
    if hook is None:
        raise TypeError(
            f"{what}: {backend_of(arrays[0])} has no automatic differentiation. "
            "xport.autodiff works on PyTorch, JAX and TensorFlow arrays; convert the inputs "
            "first, e.g. xport.convert(x, 'jax')")
    return hook


def _check_argnums(argnums: ArgNums, nargs: int, what: str) -> tuple[int, ...]:
    nums = (argnums,) if isinstance(argnums, int) else tuple(argnums)
    for n in nums:
        if not isinstance(n, int) or not -nargs <= n < nargs:  # pyright: ignore[reportUnnecessaryIsInstance]
            raise ValueError(f"{what}: argnums={argnums!r} does not fit {nargs} argument(s)")
    return nums


def _transformed(what: str, f: Callable[..., Any], argnums: ArgNums, *spec: Any
                 ) -> Callable[..., Any]:
    """``f`` under the backend transform ``what`` (``grad``, ``jacobian``, ...),
    picked by the arrays of each call; ``spec`` are its options after
    ``argnums``. The backend's transform is made once per backend."""
    made: Made = {}

    @functools.wraps(f)
    def transformed(*args: Any) -> Any:
        _check_argnums(argnums, len(args), what)
        return made_once(made, _hook(args, what), what, f, argnums, *spec)(*args)

    return transformed


def grad(f: Callable[..., Any], argnums: ArgNums = 0, has_aux: bool = False
         ) -> Callable[..., Any]:
    """The gradient of ``f`` (real scalar output) with respect to argument(s)
    ``argnums``; with ``has_aux`` the transformed function returns
    ``(gradient, aux)``."""
    return _transformed("grad", f, argnums, has_aux)


def value_and_grad(f: Callable[..., Any], argnums: ArgNums = 0, has_aux: bool = False
                   ) -> Callable[..., Any]:
    """``f``'s value and gradient: the transformed function returns
    ``(value, gradient)``, or ``((value, aux), gradient)`` with ``has_aux``."""
    return _transformed("value_and_grad", f, argnums, has_aux)


def vjp(f: Callable[..., Any], *primals: Any, has_aux: bool = False) -> Any:
    """``(f(*primals), vjp_fn)``; ``vjp_fn(cotangent)`` returns one cotangent
    per primal, as a tuple. With ``has_aux``: ``(out, vjp_fn, aux)``."""
    return _hook(primals, "vjp").vjp(f, primals, has_aux)


def jvp(f: Callable[..., Any], primals: Sequence[Any], tangents: Sequence[Any],
        has_aux: bool = False) -> Any:
    """``(f(*primals), tangent_out)``: the Jacobian-vector product of ``f`` at
    ``primals`` along ``tangents`` (tuples of the same structure). With
    ``has_aux``: ``(out, tangent_out, aux)``."""
    if not isinstance(primals, (tuple, list)) or not isinstance(tangents, (tuple, list)):
        raise TypeError("jvp(f, primals, tangents) takes primals and tangents as tuples")
    if len(primals) != len(tangents):
        raise ValueError(f"jvp(): {len(primals)} primals but {len(tangents)} tangents")
    return _hook(primals, "jvp").jvp(f, tuple(primals), tuple(tangents), has_aux)


def jacobian(f: Callable[..., Any], argnums: ArgNums = 0,
             mode: Literal["reverse", "forward"] = "reverse") -> Callable[..., Any]:
    """The Jacobian of ``f`` with respect to ``argnums``: for an output of shape
    ``O`` and an input of shape ``I`` it has shape ``O + I``. ``mode`` picks
    reverse-mode (cheaper for few outputs) or forward-mode (few inputs)."""
    if mode not in ("reverse", "forward"):
        raise ValueError(f"jacobian(mode={mode!r}): mode is 'reverse' or 'forward'")
    return _transformed("jacobian", f, argnums, mode)


def hessian(f: Callable[..., Any], argnums: ArgNums = 0) -> Callable[..., Any]:
    """The Hessian of a real scalar ``f``: the forward-mode Jacobian of its
    reverse-mode gradient, of shape ``I + I``."""
    return _transformed("hessian", f, argnums)


def stop_gradient(x: Any) -> Any:
    """``x`` as a constant: no gradient flows through it. On NumPy and other
    backends without autodiff, ``x`` itself."""
    arrays = _arrays(x)
    if not arrays:
        return x
    try:
        hook = _hook(x, "stop_gradient")
    except TypeError:
        return x
    return hook.stop_gradient(x)


class custom_vjp:  # noqa: N801 - a decorator, spelled like jax.custom_vjp
    """Give ``fun`` a hand-written backward pass, in ``jax.custom_vjp``'s shape::

        @custom_vjp
        def f(x, y): ...
        def f_fwd(x, y): return f(x, y), residuals
        def f_bwd(residuals, cotangent): return (grad_x, grad_y)
        f.defvjp(f_fwd, f_bwd)

    ``bwd`` returns one cotangent per positional argument. On each backend the
    rule becomes the native mechanism: ``jax.custom_vjp``,
    ``torch.autograd.Function``, ``tf.custom_gradient``.
    """

    def __init__(self, fun: Callable[..., Any]) -> None:
        functools.update_wrapper(self, fun)
        self.fun = fun
        self.fwd: Callable[..., Any] | None = None
        self.bwd: Callable[..., Any] | None = None
        self._bound: dict[int, Callable[..., Any]] = {}

    def defvjp(self, fwd: Callable[..., Any], bwd: Callable[..., Any]) -> None:
        """Register the forward rule (returning ``(output, residuals)``) and the
        backward rule (``(residuals, cotangent) -> tuple of cotangents``)."""
        self.fwd, self.bwd = fwd, bwd
        self._bound.clear()

    def __call__(self, *args: Any) -> Any:
        if self.fwd is None or self.bwd is None:
            raise TypeError(f"custom_vjp function {self.fun.__name__!r} has no rule yet: "
                            "call .defvjp(fwd, bwd) first")
        try:
            hook = _hook(args, "custom_vjp")
        except TypeError:
            if _arrays(args) and not _has_autodiff(args):
                return self.fun(*args)  # no autodiff on this backend: nothing to customise
            raise
        key = id(hook)
        bound = self._bound.get(key)
        if bound is None:
            bound = hook.custom_vjp(self.fun, self.fwd, self.bwd)
            self._bound[key] = bound
        return bound(*args)


def _has_autodiff(args: Any) -> bool:
    try:
        _hook(args, "custom_vjp")
    except TypeError:
        return False
    return True
