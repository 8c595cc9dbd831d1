"""Binary functions with the standard's operand rules, over a native function.

Two deviation classes meet in every binary function, so one mechanism handles
both:

* **Python scalars** (2024.12): either operand may be a ``bool``/``int``/
  ``float``/``complex``. Natives that take a scalar in that position get it as
  is; for the others it becomes a 0-d array of the standard's dtype (the
  array's, or the complex dtype of the array's precision) on the array's
  device.
* **Promotion**: two arrays of different dtypes promote by the standard's
  table, 0-d arrays included. Natives promote most pairs right already; the
  operands are cast only where the library's own promotion would differ.

:class:`Operands` describes a backend once; :func:`make_binary` and
:func:`make_promote_pair` bind it into closures at import. The hot path of a
wrapper is two type checks and a dtype comparison before the native call.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping
from dataclasses import dataclass
from typing import Any

from .promotion import PYTHON_SCALARS, promotion_lookup, scalar_dtype_name


@dataclass(frozen=True)
class Operands:
    """How a backend coerces binary operands.

    ``dtypes`` maps standard names to the backend's dtype objects and
    ``name_of`` maps them back. ``cast(x, dtype)`` converts an array;
    ``scalar_array(value, dtype, like)`` makes a 0-d array of ``dtype`` (``None``:
    the library's own choice) placed like the array ``like``. ``native_right``
    lists the differing dtype pairs whose native promotion already gives the
    standard's dtype when both operands are 0-d or both are not; ``is_0d(x)``
    tells the two apart. ``undefined(a, b)``, when given, names the dtype for
    pairs the standard leaves undefined (mixed kinds), for natives that would
    otherwise reject them. ``array_type``, when given, is the library's
    commonest array class: two operands of exactly that class and one dtype
    take the shortest path.
    """

    dtypes: Mapping[str, Any]
    name_of: Callable[[Any], str | None]
    cast: Callable[[Any, Any], Any]
    scalar_array: Callable[[Any, Any, Any], Any]
    native_right: Collection[tuple[Any, Any]]
    is_0d: Callable[[Any], bool]
    undefined: Callable[[Any, Any], Any] | None = None
    array_type: type | None = None


def make_scalar_operand(ops: Operands) -> Callable[[Any, Any], Any]:
    """``scalar_operand(value, like)``: the Python scalar ``value`` as a 0-d
    array of the standard's dtype beside the array ``like``."""
    dtypes, name_of, scalar_array = ops.dtypes, ops.name_of, ops.scalar_array

    def scalar_operand(value: Any, like: Any) -> Any:
        name = name_of(like.dtype)
        target = None if name is None else scalar_dtype_name(name, value)
        return scalar_array(value, None if target is None else dtypes[target], like)

    return scalar_operand


def make_promote_pair(ops: Operands) -> Callable[[Any, Any], tuple[Any, Any]]:
    """``promote_pair(x1, x2)``: two arrays of *differing* dtypes cast to their
    promoted dtype where the library would not promote them so itself. Pairs
    the standard leaves undefined go to ``ops.undefined``, or are returned
    unchanged for the library to handle (or reject)."""
    table = promotion_lookup(ops.dtypes)
    native_right = frozenset(ops.native_right)
    cast, is_0d, undefined = ops.cast, ops.is_0d, ops.undefined

    def promote_pair(x1: Any, x2: Any) -> tuple[Any, Any]:
        pair = (x1.dtype, x2.dtype)
        target = table.get(pair)
        if target is None and undefined is not None:
            target = undefined(*pair)
        if target is None or (pair in native_right and is_0d(x1) == is_0d(x2)):
            return x1, x2
        return (x1 if x1.dtype == target else cast(x1, target),
                x2 if x2.dtype == target else cast(x2, target))

    return promote_pair


def make_binary(native: Callable[[Any, Any], Any], ops: Operands, *, name: str,
                scalar_first: bool = False, scalar_second: bool = False,
                native_name: str | None = None,
                doc: str | None = None,
                promote_scalars: bool = False,
                elsewhere: Callable[[Any, Any], Any] | None = None,
                elsewhere_dtypes: Collection[Any] = (),
                elsewhere_scalars: Collection[type] = ()) -> Callable[[Any, Any], Any]:
    """A binary function of the standard over ``native``.

    ``scalar_first`` / ``scalar_second`` say whether ``native`` itself takes a
    Python scalar as its first / second operand (and gives the standard's
    dtype); other scalars are made 0-d arrays first. ``promote_scalars``: the
    native needs operands of one dtype, so a scalar made an array of another
    dtype (a ``complex`` beside real floats) is promoted with the array as two
    arrays are. ``doc`` replaces the generated docstring, which names the
    native as ``native_name`` (default: its ``__name__``). ``elsewhere`` is
    called instead of ``native`` when the operands (after promotion) have one of
    ``elsewhere_dtypes``, dtypes the native has no kernel for (or computes
    wrongly), or where a Python scalar operand is of one of the types
    ``elsewhere_scalars``; the common case pays one set lookup for it.
    """
    promote_pair = make_promote_pair(ops)
    scalar_operand = make_scalar_operand(ops)
    # A dict, not a set: torch.compile guards a membership test in a dict by its
    # one key, in a set by comparing the whole set on every call.
    special: dict[Any, bool] = dict.fromkeys(elsewhere_dtypes, True) if elsewhere else {}
    special_scalars = frozenset(elsewhere_scalars) if elsewhere is not None else frozenset()
    other: Callable[[Any, Any], Any] = elsewhere or native
    array_type: Any = ops.array_type

    def binary(x1: Any, x2: Any, /) -> Any:
        # The commonest call first: two arrays of the library's own class and
        # one dtype (type identity: no set lookups for Python scalars).
        if type(x1) is array_type and type(x2) is array_type:
            dtype = x1.dtype
            if dtype is x2.dtype and dtype not in special:
                return native(x1, x2)
        if type(x1) in PYTHON_SCALARS:
            if type(x2) not in PYTHON_SCALARS:
                if type(x1) in special_scalars:
                    return other(x1, x2)
                if not scalar_first:
                    x1 = scalar_operand(x1, x2)
                    if promote_scalars and x1.dtype != x2.dtype:
                        x1, x2 = promote_pair(x1, x2)
                if special and x2.dtype in special:
                    return other(x1, x2)
        elif type(x2) in PYTHON_SCALARS:
            if type(x2) in special_scalars:
                return other(x1, x2)
            if not scalar_second:
                x2 = scalar_operand(x2, x1)
                if promote_scalars and x1.dtype != x2.dtype:
                    x1, x2 = promote_pair(x1, x2)
            if special and x1.dtype in special:
                return other(x1, x2)
        else:
            dtype = x1.dtype
            # `is` first: the common equal dtypes are one object in every library
            if dtype is not x2.dtype and dtype != x2.dtype:
                x1, x2 = promote_pair(x1, x2)
                if x2.dtype in special:  # left unpromoted: the library promotes it
                    return other(x1, x2)
                dtype = x1.dtype
            if dtype in special:
                return other(x1, x2)
        return native(x1, x2)

    binary.__name__ = binary.__qualname__ = name
    binary.__doc__ = doc or (
        f"The standard's ``{name}``: ``{native_name or getattr(native, '__name__', native)}`` "
        "with the standard's operand rules.\n\n"
        "Deviations fixed: a Python scalar may be either operand (2024.12), and "
        "arrays of different dtypes (0-d ones included) promote by the standard's "
        "table rather than the library's."
    )
    return binary
