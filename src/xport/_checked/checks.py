"""Checks of single arguments against the standard, one per parameter role, and
what they need to know of the backend (:class:`Target`)."""

from __future__ import annotations

import math
import operator
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, SupportsIndex

from .._common.typenames import type_name
from .._spec.dtypes import BITS, DTYPE_NAMES, KIND_MEMBERS
from .._spec.rules import DOMAIN_WORDS, DOMAINS
from .errors import AxisError, fail, shape_text

# The standard's Python scalars, by the dtype kinds an array operand may have.
_SCALAR_KINDS: tuple[tuple[type, frozenset[str], str], ...] = (
    (bool, KIND_MEMBERS["bool"], "a boolean"),
    (int, KIND_MEMBERS["integral"] | KIND_MEMBERS["real floating"]
     | KIND_MEMBERS["complex floating"], "an integer or floating-point"),
    (float, KIND_MEMBERS["real floating"] | KIND_MEMBERS["complex floating"],
     "a floating-point"),
    # 2025.12: a complex scalar with a real floating array promotes to complex.
    (complex, KIND_MEMBERS["real floating"] | KIND_MEMBERS["complex floating"],
     "a floating-point"),
)
INT_RANGES: dict[str, tuple[int, int]] = {
    name: ((-(1 << (BITS[name] - 1)), (1 << (BITS[name] - 1)) - 1) if name.startswith("int")
           else (0, (1 << BITS[name]) - 1))
    for name in KIND_MEMBERS["integral"]}
MAX_BYTES = 1 << 62  # no library allocates more; JAX aborts the process above it


@dataclass
class Target:
    """What a checked namespace knows of its backend: the unchecked namespace,
    its dtype objects by standard name, and how to tell its arrays."""

    ns: Any
    backend: str
    is_array: Callable[[object], bool]
    dtype_names: dict[Any, str] = field(default_factory=dict)
    dtype_types: frozenset[type] = frozenset()

    @classmethod
    def of(cls, ns: Any, backend: str, is_array: Callable[[object], bool]) -> Target:
        dtypes = {getattr(ns, name): name for name in DTYPE_NAMES if hasattr(ns, name)}
        # The arrays' own dtype objects too, where they differ from the namespace's
        # attributes (NumPy: ``x.dtype`` is a ``numpy.dtype``, ``xp.float32`` a
        # scalar type; equal, but hashed apart).
        info = getattr(ns, "__array_namespace_info__", None)
        if info is not None:
            dtypes.update({dtype: name for name, dtype in info().dtypes().items()})
        return cls(ns, backend, is_array, dtypes, frozenset(type(d) for d in dtypes))

    def dtype_name(self, dtype: object) -> str | None:
        """The standard's name of ``dtype`` if it is one of this namespace's dtype
        objects (not a string or another library's dtype)."""
        if type(dtype) not in self.dtype_types:
            return None
        try:
            return self.dtype_names.get(dtype)
        except TypeError:  # unhashable
            return None

    def array_dtype(self, x: Any) -> str:
        """The standard's name of ``x``'s dtype (the library's own for others)."""
        name = self.dtype_names.get(x.dtype)
        return str(x.dtype) if name is None else name


@dataclass
class Call:
    """One call being checked: the function's name, its bound arguments, and the
    target."""

    function: str
    arguments: dict[str, Any]
    target: Target

    def error(self, kind: type[Exception], problem: str, fix: str) -> Exception:
        return fail(kind, self.function, problem, fix)


def describe(value: object, target: Target) -> str:
    if target.is_array(value):
        x: Any = value
        return f"an array of shape {shape_text(x.shape)} and dtype {target.array_dtype(x)}"
    return f"{type_name(value)} {value!r}" if isinstance(value, (int, float, complex, str)) \
        else type_name(value)


def check_array(call: Call, name: str, value: Any, domain: str | None) -> None:
    if not call.target.is_array(value):
        raise call.error(TypeError, f"{name} must be an array of this namespace, got "
                         f"{describe(value, call.target)}",
                         "make one with xp.asarray(...) (another library's array: "
                         "xport.convert(x, ...))")
    if domain is not None:
        dtype = call.target.array_dtype(value)
        if dtype not in DOMAINS[domain]:
            raise call.error(TypeError, f"{name} has dtype {dtype}, and the standard asks for "
                             f"a {DOMAIN_WORDS[domain]} dtype here",
                             f"cast it with xp.astype(...) to a {DOMAIN_WORDS[domain]} dtype")


def check_scalar(call: Call, name: str, value: object, array_dtype: str | None,
                 domain: str | None) -> None:
    """A Python scalar operand: of the standard's types, compatible with the
    array operand's dtype, and (integers) within its range; a complex scalar
    makes the operation complex, so the function's ``domain`` must allow that."""
    if not isinstance(value, (bool, int, float, complex)):
        raise call.error(TypeError, f"{name} must be an array or a Python scalar, got "
                         f"{describe(value, call.target)}",
                         "pass an array of this namespace, or a bool, int, float or complex")
    if array_dtype is None:
        return
    for kind, allowed, words in _SCALAR_KINDS:
        if type(value) is kind and array_dtype not in allowed:
            raise call.error(TypeError, f"{name} is a Python {kind.__name__}, which the "
                             f"standard combines only with {words} array, not {array_dtype}",
                             f"make it an array with xp.asarray({value!r}) and cast explicitly")
    if (type(value) is complex and domain is not None
            and not DOMAINS[domain] & KIND_MEMBERS["complex floating"]):
        raise call.error(TypeError, f"{name} is a Python complex, which makes the operation "
                         f"complex, and the standard asks for a {DOMAIN_WORDS[domain]} dtype "
                         "here", "use a real scalar")
    if type(value) is int and array_dtype in INT_RANGES:
        low, high = INT_RANGES[array_dtype]
        if not low <= value <= high:
            raise call.error(ValueError, f"{name}={value} is out of the range of {array_dtype} "
                             f"[{low}, {high}]", "use a value in range or a wider dtype")


def check_dtype(call: Call, name: str, value: object) -> None:
    if call.target.dtype_name(value) is None:
        fix = (f"use xp.{value}" if isinstance(value, str) and value in DTYPE_NAMES
               else "use one of this namespace's dtypes, e.g. xp.float32")
        raise call.error(TypeError, f"{name}={value!r} is not a dtype of this namespace", fix)


def check_flag(call: Call, name: str, value: object, optional: bool) -> None:
    if not (type(value) is bool or (optional and value is None)):
        raise call.error(TypeError, f"{name} must be True or False"
                         + (" or None" if optional else "") + f", got {type_name(value)}",
                         f"pass {name}=bool(...)")


def check_integer(call: Call, name: str, value: object, minimum: int | None) -> None:
    if type(value) is bool or not isinstance(value, SupportsIndex):
        raise call.error(TypeError, f"{name} must be an int, got {describe(value, call.target)}",
                         f"pass {name}=int(...)")
    number = operator.index(value)
    if minimum is not None and number < minimum:
        raise call.error(ValueError, f"{name}={number} is negative" if minimum == 0
                         else f"{name}={number} is less than {minimum}",
                         f"pass {name} >= {minimum}")


def check_real(call: Call, name: str, value: object, complex_ok: bool) -> None:
    """A Python int or float (``complex_ok``: any Python number, bool included, as
    the standard's ``fill_value``)."""
    allowed: tuple[type, ...] = (int, float, complex) if complex_ok else (int, float)
    if (type(value) is bool and not complex_ok) or not isinstance(value, allowed):
        raise call.error(TypeError, f"{name} must be a Python "
                         + ("number" if complex_ok else "int or float")
                         + f", got {describe(value, call.target)}",
                         f"pass {name}={'complex' if complex_ok else 'float'}(...)")


def check_choice(call: Call, name: str, value: object, choices: tuple[object, ...],
                 numbers: bool) -> None:
    if numbers and type(value) is not bool and isinstance(value, (int, float)):
        return
    if type(value) is bool or value not in choices:
        raise call.error(ValueError, f"{name}={value!r} is not one of "
                         + ", ".join(repr(c) for c in choices), "pass one of those")


def as_axes(call: Call, name: str, value: object, several: bool) -> tuple[int, ...]:
    """An axis argument as a tuple of ints (TypeError for anything else, and for
    a tuple where the standard takes one axis)."""
    items = value if several and isinstance(value, (tuple, list)) else (value,)
    axes = []
    for item in items:
        if type(item) is bool or not isinstance(item, int):
            wanted = "an int or a tuple of ints" if several else "an int"
            raise call.error(TypeError, f"{name} must be {wanted}, got "
                             f"{describe(value, call.target)}", "pass integer axes")
        axes.append(item)
    return tuple(axes)


def check_axes(call: Call, name: str, axes: tuple[int, ...], ndim: int) -> tuple[int, ...]:
    """Each of ``axes`` in [-ndim, ndim), none given twice; the axes made
    non-negative."""
    normal = []
    for axis in axes:
        if not -ndim <= axis < ndim:
            valid = f"[{-ndim}, {ndim - 1}]" if ndim else "none (the array is 0-d)"
            raise fail(AxisError, call.function, f"{name} {axis} is out of range for an "
                       f"array of {ndim} dimension{'s' if ndim != 1 else ''}",
                       f"use an axis in {valid}")
        normal.append(axis % ndim)
    if len(set(normal)) != len(normal):
        raise fail(AxisError, call.function, f"{name} {axes} repeats an axis",
                   "give each axis once")
    return tuple(normal)


def check_shape(call: Call, name: str, value: object, dtype: str) -> None:
    """A shape to create: an int or a tuple of ints, each >= 0, and an array of
    it small enough to allocate."""
    items = value if isinstance(value, (tuple, list)) else (value,)
    dims: list[int] = []
    for d in items:
        if type(d) is bool or not isinstance(d, int):
            raise call.error(TypeError, f"{name} must be an int or a tuple of ints, got "
                             f"{describe(value, call.target)}", "pass integer sizes")
        dims.append(d)
        if d < 0:
            raise call.error(ValueError, f"{name} {tuple(dims)} has a negative size",
                             "sizes must be >= 0")
    size = math.prod(dims)
    if size * BITS.get(dtype, 64) // 8 > MAX_BYTES:
        raise call.error(ValueError, f"{name} {tuple(dims)} of {dtype} would need "
                         f"{size * BITS.get(dtype, 64) // 8} bytes",
                         "make it smaller (no library can allocate that)")
