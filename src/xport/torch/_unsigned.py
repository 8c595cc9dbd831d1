"""``uint16``, ``uint32`` and ``uint64`` on PyTorch, computed through signed
integers where PyTorch has no kernel.

PyTorch has these dtypes with "limited support": tensors of them can be made,
cast, compared for equality, multiplied, sorted and reshaped, but addition,
subtraction, negation, order comparisons, ``maximum``/``minimum``, flips,
gathers, ``nonzero``, ``searchsorted``, ``clamp`` and more raise
``NotImplementedError`` on the CPU. The standard requires every function to
work on them, so each such function is *routed* (``ROUTES``): its ``uint``
operands are carried by a signed integer dtype, the function runs there and
its result is carried back, with the standard's result bit for bit.

* ``uint16`` and ``uint32`` widen to ``int32`` and ``int64``, which hold every
  value; arithmetic there is exact or wraps above the unsigned width, and the
  cast back keeps the low bits (PyTorch's integer casts wrap modulo
  ``2**bits``, as the standard's unsigned arithmetic does).
* ``uint64`` is *viewed* as ``int64`` (the same bits, no copy). Addition,
  subtraction, multiplication, bitwise operations and data movement give the
  same bits; for order (comparisons, ``maximum``, ``argmax``, ``clip``,
  ``searchsorted``) the sign bit is flipped on the way in and out, which maps
  the unsigned order onto the signed one; division, ``remainder``, right
  shifts, ``pow``, ``sign`` and ``abs`` have their own ``int64`` code.

Everything is elementwise tensor arithmetic: no host syncs, and it traces
under ``torch.compile``. A routed function checks its first tensor's dtype
and otherwise calls the function it routes unchanged.
"""

from __future__ import annotations

import functools
import inspect
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, Final

import torch

from .._common.forwarding import guarded

# A dict, not a set: torch.compile guards a membership test in a dict by its
# one key, in a set by comparing the whole set on every call.
SHELL_UNSIGNED: Final[dict[torch.dtype, bool]] = dict.fromkeys(
    (torch.uint16, torch.uint32, torch.uint64), True)
_CARRIER = {torch.uint16: torch.int32, torch.uint32: torch.int64, torch.uint64: torch.int64}
_INT64_MIN = -(2**63)


def carry(x: Any, dtype: torch.dtype, *, order: bool = False) -> Any:
    """``x`` (a tensor of the ``uint`` ``dtype``, or a Python int of its range)
    in its signed carrier: widened for ``uint16``/``uint32``; for ``uint64``
    the ``int64`` of the same bits, or with ``order`` the ``int64`` of the same
    rank (sign bit flipped)."""
    if dtype != torch.uint64:
        return x.to(_CARRIER[dtype]) if isinstance(x, torch.Tensor) else x
    if isinstance(x, torch.Tensor):
        bits = x.view(torch.int64)
        return torch.bitwise_xor(bits, _INT64_MIN) if order else bits
    if order:
        return x + _INT64_MIN
    return x - 2**64 if x >= 2**63 else x


def uncarry(y: Any, dtype: torch.dtype, *, order: bool = False) -> Any:
    """The inverse of :func:`carry` for a tensor of the carrier dtype."""
    if dtype != torch.uint64:
        return y.to(dtype)
    if order:
        y = torch.bitwise_xor(y, _INT64_MIN)
    return y.view(torch.uint64)


def _shell_dtype(args: tuple[Any, ...]) -> torch.dtype | None:
    for arg in args:
        if isinstance(arg, torch.Tensor):
            return arg.dtype if arg.dtype in SHELL_UNSIGNED else None
    return None


@dataclass(frozen=True)
class Route:
    """How one function computes on ``uint16``/``uint32``/``uint64``.

    ``order``: carry ``uint64`` by rank, not by bits (see :func:`carry`).
    ``back``: the result has the first operand's dtype and is carried back
    (else it is a bool or index result, returned as is). Every ``uint``
    tensor argument is carried (by its own dtype); ``operands``: how many
    leading positional arguments, and which keywords, are operands whose
    Python ints are carried too.
    ``uint64``: the function to call instead on ``uint64``'s ``int64`` bits,
    where the signed function would differ. ``mixed``: the operands may have
    different dtypes, and a ``uint`` one is carried even when the first is
    another dtype (only with ``back=False``: the result is not carried back).
    ``signature``: the parameters of a builtin function, which ``inspect``
    cannot read (see :func:`~.._common.forwarding.guarded`).
    """

    order: bool = False
    back: bool = True
    operands: int = 1
    keywords: tuple[str, ...] = ()
    uint64: Callable[..., Any] | None = None
    mixed: bool = False
    signature: inspect.Signature | None = None

    def wrap(self, function: Callable[..., Any], name: str) -> Callable[..., Any]:
        """``function`` routed through the signed carriers."""
        order, back, operands, keywords, uint64, mixed = (
            self.order, self.back, self.operands, self.keywords, self.uint64, self.mixed)

        def carried(value: Any, dtype: torch.dtype | None, operand: bool) -> Any:
            if isinstance(value, torch.Tensor):
                shell = value.dtype in SHELL_UNSIGNED
                return carry(value, value.dtype, order=order) if shell else value
            if operand and dtype is not None and type(value) is int:
                return carry(value, dtype, order=order)
            return value

        def carried_call(args: tuple[Any, ...], kwargs: dict[str, Any]) -> Any:
            dtype = _shell_dtype(args)
            if dtype is None:  # a first operand of another dtype: carry only uint tensors
                if mixed:
                    args = tuple(carried(a, None, False) for a in args)
                return function(*args, **kwargs)
            target = kwargs.pop("out", None)  # PyTorch's out=: filled with the result below
            args = tuple(carried(a, dtype, i < operands) for i, a in enumerate(args))
            kwargs = {k: carried(v, dtype, k in keywords) for k, v in kwargs.items()}
            native = uint64 if uint64 is not None and dtype == torch.uint64 else function
            out = native(*args, **kwargs)
            out = uncarry(out, dtype, order=order) if back else out
            return out if target is None else _filled(target, out, name)

        def slow(*args: Any, **kwargs: Any) -> Any:
            return carried_call(args, kwargs)

        # The common case runs ``function`` at once: a first operand (and,
        # where operands may differ, a second one) of another dtype; tensor
        # subclasses take the general path.
        condition = "type({first}) is _tensor and {first}.dtype not in _shells"
        if mixed:
            condition += " and getattr({second}, 'dtype', None) not in _shells"
        routed = guarded(function, slow, condition,
                         {"_tensor": torch.Tensor, "_shells": SHELL_UNSIGNED}, name=name,
                         signature=self.signature)
        routed.__qualname__ = name
        routed.__doc__ = f"{function.__doc__ or ''}\n\n{UNSIGNED_NOTE}".lstrip()
        return routed


def _filled(target: Any, result: Any, name: str) -> Any:
    """``target`` (an ``out=`` tensor) holding ``result``, as PyTorch's
    ``out=`` would: resized to its shape, and only where ``result``'s dtype
    casts to ``target``'s."""
    if not torch.can_cast(result.dtype, target.dtype):
        raise RuntimeError(f"{name}(): result type {result.dtype} can't be cast to the "
                           f"desired output type {target.dtype} of out=")
    if target.shape != result.shape:
        target.resize_(result.shape)
    return target.copy_(result)


UNSIGNED_NOTE = ("Deviation fixed: PyTorch lacks kernels for ``uint16``/``uint32``/``uint64`` "
                 "here; those are computed through ``int32``/``int64`` with the standard's "
                 "result (see ``xport.torch._unsigned``).")


def _below(x: Any, y: Any) -> Any:
    """``x < y`` for ``uint64`` values held as ``int64`` bits."""
    return torch.lt(torch.bitwise_xor(x, _INT64_MIN), torch.bitwise_xor(y, _INT64_MIN))


def _bit_tensors(a: Any, b: Any) -> tuple[Any, Any]:
    """``a`` and ``b`` (``int64`` bits, one of them possibly a Python int) as
    ``int64`` tensors on the tensor operand's device."""
    if not isinstance(a, torch.Tensor):
        a = torch.as_tensor(a, dtype=torch.int64, device=b.device)
    return a, torch.as_tensor(b, dtype=torch.int64, device=a.device)


def uint64_floor_divide(a: Any, b: Any) -> Any:
    """``a // b`` of ``uint64`` values held as ``int64`` bits."""
    a, b = _bit_tensors(a, b)
    large = torch.lt(b, 0)  # b >= 2**63: the quotient is 0 or 1
    divisor = torch.where(large, torch.ones_like(b), b)
    # a = 2 * (a >>> 1) + low bit; halving makes a non-negative int64 dividend.
    half = torch.bitwise_and(torch.bitwise_right_shift(a, 1), 2**63 - 1)
    quotient = torch.floor_divide(half, divisor) * 2
    rest = a - quotient * divisor  # < 2 * divisor
    quotient = quotient + torch.logical_not(_below(rest, divisor)).to(torch.int64)
    return torch.where(large, torch.logical_not(_below(a, b)).to(torch.int64), quotient)


def _uint64_remainder(a: Any, b: Any) -> Any:
    a, b = _bit_tensors(a, b)
    return a - uint64_floor_divide(a, b) * b


def _uint64_right_shift(a: Any, b: Any) -> Any:
    """``a >> b`` with zeros shifted in (``int64``'s shift copies the sign bit)."""
    a, b = _bit_tensors(a, b)
    # Amounts of 64 and more (negative as int64 bits) shift everything out.
    amount = torch.where(torch.logical_or(torch.lt(b, 0), torch.gt(b, 64)), 64, b)
    kept = torch.bitwise_left_shift(torch.ones_like(amount), 64 - amount) - 1  # low 64-b bits
    return torch.bitwise_and(torch.bitwise_right_shift(a, amount), kept)


def _uint64_pow(a: Any, b: Any) -> Any:
    """``a ** b`` modulo ``2**64``. An exponent from ``2**63`` on (negative as
    ``int64``) is replaced by one of ``[2**62, 2**63)`` with the same result:
    odd powers repeat with period ``2**62`` modulo ``2**64``, and even bases
    give 0 from exponent 64 on."""
    a, b = _bit_tensors(a, b)
    reduced = torch.bitwise_or(torch.bitwise_and(b, 2**62 - 1), 2**62)
    return torch.pow(a, torch.where(torch.lt(b, 0), reduced, b))


def _uint64_sign(x: Any) -> Any:
    return torch.ne(x, 0).to(torch.int64)


def _lacks_kernels(native: Callable[..., Any], operands: int) -> bool:
    """Whether ``native`` refuses ``operands`` tensors of one of the ``uint``
    dtypes (the installed PyTorch lacks a kernel)."""
    for dtype in SHELL_UNSIGNED:
        try:
            native(*(torch.ones(1, dtype=dtype),) * operands)
        except (RuntimeError, NotImplementedError):
            return True
    return False


def _routes_where_missing(candidates: Mapping[str, tuple[Callable[..., Any], Route]]
                          ) -> dict[str, Route]:
    """The routes of ``candidates`` (functions with ``uint`` kernels from some
    PyTorch release on: the bitwise operations from 2.5) whose native the
    installed PyTorch lacks kernels for."""
    return {name: route for name, (native, route) in candidates.items()
            if _lacks_kernels(native, route.operands)}


# PyTorch's unary elementwise builtins: (input, *, out=None).
_UNARY = inspect.Signature([inspect.Parameter("x", inspect.Parameter.POSITIONAL_ONLY),
                            inspect.Parameter("out", inspect.Parameter.KEYWORD_ONLY, default=None)])

# standard name -> route (elementwise binary functions route their native,
# beneath the promotion of xport's wrapper; the others route the namespace's
# function).
ROUTES: Mapping[str, Route] = {
    "abs": Route(uint64=torch.clone, signature=_UNARY),
    "add": Route(operands=2),
    "argmax": Route(order=True, back=False),
    "argmin": Route(order=True, back=False),
    "bitwise_invert": Route(signature=_UNARY),
    "bitwise_left_shift": Route(operands=2),
    "bitwise_right_shift": Route(operands=2, uint64=_uint64_right_shift),
    "clip": Route(order=True, operands=3, keywords=("min", "max")),
    "count_nonzero": Route(back=False),
    "cross": Route(operands=2),
    "diff": Route(),
    "flip": Route(),
    "floor_divide": Route(operands=2, uint64=uint64_floor_divide),
    "greater": Route(order=True, back=False, operands=2),
    "greater_equal": Route(order=True, back=False, operands=2),
    "isin": Route(back=False, operands=2, mixed=True),
    "less": Route(order=True, back=False, operands=2),
    "less_equal": Route(order=True, back=False, operands=2),
    "max": Route(order=True),
    "maximum": Route(order=True, operands=2),
    "min": Route(order=True),
    "minimum": Route(order=True, operands=2),
    "negative": Route(),
    "nonzero": Route(back=False),
    "pow": Route(operands=2, uint64=_uint64_pow),
    "remainder": Route(operands=2, uint64=_uint64_remainder),
    "repeat": Route(),
    "searchsorted": Route(order=True, back=False, operands=2),
    "sign": Route(uint64=_uint64_sign),
    "square": Route(signature=_UNARY),
    "subtract": Route(operands=2),
    "take_along_axis": Route(),
    "tril": Route(),
    "triu": Route(),
    **_routes_where_missing({
        "bitwise_and": (torch.bitwise_and, Route(operands=2)),
        "bitwise_or": (torch.bitwise_or, Route(operands=2)),
        "bitwise_xor": (torch.bitwise_xor, Route(operands=2)),
    }),
}

# PyTorch before 2.5 has no uint16/uint32/uint64 kernel for torch.where
# either; the namespace's where carries them itself (its condition comes first).
WHERE_TAKES_UNSIGNED: Final = not _lacks_kernels(
    functools.partial(torch.where, torch.ones(1, dtype=torch.bool)), 2)


def routed(name: str, function: Callable[..., Any]) -> Callable[..., Any]:
    """``function`` (the standard's ``name``) routed for the ``uint`` dtypes
    PyTorch lacks kernels for, or ``function`` itself if it needs no route."""
    route = ROUTES.get(name)
    return function if route is None else route.wrap(function, name)
