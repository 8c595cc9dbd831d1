"""The standard's type promotion, bound to a backend's dtype objects.

``_spec.promotion`` holds the table by dtype *name*; the factories here turn it
into lookups keyed by a backend's own dtype objects once, at import, so that a
wrapper pays one dict lookup per call. Python scalars follow the 2024.12 rules:
a scalar takes the dtype of the array beside it, except that a ``complex``
beside a real floating array takes the complex dtype of the same precision.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from .._spec.dtypes import COMPLEX_OF_REAL, kind_of
from .._spec.promotion import PROMOTION_TABLE

PYTHON_SCALARS: frozenset[type] = frozenset({bool, int, float, complex})


def promotion_lookup(dtypes: Mapping[str, Any]) -> dict[tuple[Any, Any], Any]:
    """The promotion table over a backend's dtype objects (``dtypes`` maps
    standard names to them), for every pair of *differing* dtypes the standard
    defines. Pairs missing from the result are mixed-kind, undefined ones."""
    return {
        (dtypes[a], dtypes[b]): dtypes[r]
        for (a, b), r in PROMOTION_TABLE.items()
        if a != b and a in dtypes and b in dtypes and r in dtypes
    }


def scalar_dtype_name(array_dtype: str, scalar: object) -> str | None:
    """The standard name of the dtype a Python ``scalar`` takes beside an array
    of dtype ``array_dtype``, or ``None`` where the standard leaves the mix
    undefined (a ``float`` beside integers, any number beside ``bool``, ...)."""
    kind = kind_of(array_dtype)
    if isinstance(scalar, bool):
        return array_dtype if kind == "bool" else None
    if isinstance(scalar, int):
        return None if kind == "bool" else array_dtype
    if isinstance(scalar, float):
        return array_dtype if "floating" in kind else None
    if isinstance(scalar, complex):
        if kind == "complex floating":
            return array_dtype
        return COMPLEX_OF_REAL.get(array_dtype)
    return None


# Python scalar types by rank: a scalar of a higher rank than an array's kind
# takes the library's default dtype of its own kind.
_SCALAR_RANK: dict[type, int] = {bool: 0, int: 1, float: 2, complex: 3}
_KIND_RANK: dict[str, int] = {"bool": 0, "signed integer": 1, "unsigned integer": 1,
                              "real floating": 2, "complex floating": 3}
_DEFAULT_KEY: tuple[str, ...] = ("bool", "integral", "real floating", "complex floating")


def make_result_type(
    dtypes: Mapping[str, Any],
    name_of: Callable[[Any], str | None],
    *,
    defaults: Callable[[Any], Mapping[str, Any]],
    native: Callable[[Any, Any], Any] | None = None,
    native_scalar: Callable[[Any, object], Any] | None = None,
    dtype_of_type: Callable[[type], Any] | None = None,
) -> Callable[..., Any]:
    """``result_type`` over a backend's dtypes by the standard's table.

    ``dtypes`` maps standard names to the backend's dtype objects; ``name_of``
    maps a dtype object back to its name (``None`` for non-standard dtypes);
    ``defaults(device)`` gives the library's default dtypes ('integral',
    'real floating', 'complex floating'). ``native(a, b)`` promotes the pairs
    the standard leaves undefined (mixed kinds), ``native_scalar(dtype,
    scalar)`` a Python scalar beside a non-standard dtype (``float16``);
    without them those raise ``TypeError``. ``dtype_of_type`` turns a class
    given as a dtype (NumPy's ``numpy.float32``) into the backend's dtype.
    """
    table = promotion_lookup(dtypes)

    def promote(a: Any, b: Any) -> Any:
        if a == b:
            return a
        found = table.get((a, b))
        if found is not None:
            return found
        if native is None:
            raise TypeError(f"the Array API standard defines no promotion of {a} with {b}; "
                            "cast one operand explicitly with astype()")
        return native(a, b)

    def default_of(scalar: object) -> Any:
        rank = _SCALAR_RANK[type(scalar)]
        return dtypes["bool"] if rank == 0 else defaults(None)[_DEFAULT_KEY[rank]]

    def with_scalar(dtype: Any, scalar: object) -> Any:
        name = name_of(dtype)
        if name is None:
            if native_scalar is None:
                raise TypeError(f"result_type(): no promotion of a Python "
                                f"{type(scalar).__name__} with {dtype} is defined")
            return native_scalar(dtype, scalar)
        target = scalar_dtype_name(name, scalar)
        if target is not None:
            return dtypes[target]
        # Undefined by the standard: the library's rule, as array-api-compat
        # follows it (a float beside integers is the default float, ...).
        if _SCALAR_RANK[type(scalar)] > _KIND_RANK[kind_of(name)]:
            return default_of(scalar)
        return dtype

    def result_type(*arrays_and_dtypes: Any) -> Any:
        """The dtype that results from promoting the arrays, dtypes and Python
        scalars given, by the standard's promotion table.

        Deviations fixed: the native function takes two operands (or none that
        are dtypes) and promotes by the library's own rules; here any number of
        arrays and dtypes combine by the standard's table, and Python scalars
        (2024.12) follow the array-scalar rules. Where the standard leaves a
        case undefined, the library's rule applies, as in array-api-compat:
        mixed-kind pairs promote as the library does, a scalar of a higher kind
        than the array (``1.5`` beside ``int8``) gives the library's default
        dtype of the scalar's kind, and Python scalars alone give the default
        dtype of the highest kind among them.
        """
        result: Any = None
        scalars = []
        for item in arrays_and_dtypes:
            if type(item) in PYTHON_SCALARS:
                scalars.append(item)
                continue
            if isinstance(item, type) and dtype_of_type is not None:
                dtype = dtype_of_type(item)
            elif isinstance(item, str) and item in dtypes:
                dtype = dtypes[item]  # a standard dtype's name, as NumPy and JAX take it
            else:
                dtype = getattr(item, "dtype", item)
            result = dtype if result is None else promote(result, dtype)
        if result is None:
            if not scalars:
                raise TypeError("result_type() needs at least one array, dtype or Python "
                                "scalar")
            result = default_of(max(scalars, key=lambda s: _SCALAR_RANK[type(s)]))
        for scalar in scalars:
            result = with_scalar(result, scalar)
        return result

    return result_type
