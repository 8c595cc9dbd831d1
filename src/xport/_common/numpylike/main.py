"""Main-namespace wrappers for the deviations NumPy 2.x and CuPy share, and
the old names both libraries (NumPy before 2) give some functions."""

from __future__ import annotations

from collections.abc import Callable
from types import ModuleType
from typing import Any, Literal

from . import by_name

Array = Any

# NumPy 1.26 (and CuPy) spell these differently; the alias is the library's own function.
OLD_NAMES: dict[str, str] = {
    "acos": "arccos", "acosh": "arccosh", "asin": "arcsin", "asinh": "arcsinh",
    "atan": "arctan", "atan2": "arctan2", "atanh": "arctanh",
    "bitwise_invert": "invert", "bitwise_left_shift": "left_shift",
    "bitwise_right_shift": "right_shift", "concat": "concatenate", "pow": "power",
}


def aliases(xp: ModuleType) -> dict[str, str]:
    """The standard's names ``xp`` lacks, each mapped to ``xp``'s old name for it."""
    return {new: old for new, old in OLD_NAMES.items() if not hasattr(xp, new)}


def wrappers(xp: ModuleType) -> dict[str, Callable[..., Any]]:
    """``diff``, ``take_along_axis``, ``meshgrid``, ``broadcast_arrays`` and
    ``reshape`` over ``xp``'s own; each backend installs those its library needs."""

    def diff(x: Array, /, *, axis: int = -1, n: int = 1, prepend: Array | None = None,
             append: Array | None = None) -> Array:
        """The ``n``-th forward difference along ``axis``.

        Deviation fixed: NumPy treats an explicit ``prepend=None``/``append=None`` as
        a value to concatenate rather than "nothing".
        """
        edges = {}
        if prepend is not None:
            edges["prepend"] = prepend
        if append is not None:
            edges["append"] = append
        return xp.diff(x, n=n, axis=axis, **edges)

    def take_along_axis(x: Array, indices: Array, /, *, axis: int = -1) -> Array:
        """Pick values of ``x`` at ``indices`` along ``axis``.

        Deviation fixed (NumPy < 2.3): ``axis`` has no default.
        """
        return xp.take_along_axis(x, indices, axis=axis)

    def meshgrid(*arrays: Array, indexing: Literal["xy", "ij"] = "xy") -> tuple[Array, ...]:
        """Coordinate matrices from coordinate vectors.

        Deviation fixed: older NumPy returns a list; 2025.12 requires a tuple.
        """
        return tuple(xp.meshgrid(*arrays, indexing=indexing))

    def broadcast_arrays(*arrays: Array) -> tuple[Array, ...]:
        """Broadcast ``arrays`` against each other.

        Deviation fixed: older NumPy returns a list; 2025.12 requires a tuple.
        """
        return tuple(xp.broadcast_arrays(*arrays))

    def reshape(x: Array, /, shape: tuple[int, ...], *, copy: bool | None = None) -> Array:
        """Reshape ``x`` to ``shape``.

        Deviation fixed (NumPy < 2.1): no ``copy`` keyword. ``copy=False`` raises
        ``ValueError`` when a view is impossible.
        """
        if copy is True:
            return xp.reshape(xp.array(x, copy=True), shape)
        if copy is False:
            view = xp.asarray(x).view()
            try:
                view.shape = shape
            except AttributeError as exc:
                raise ValueError(f"reshape(copy=False) cannot reshape without copying: "
                                 f"{exc}") from exc
            return view
        return xp.reshape(x, shape)

    return by_name(diff, take_along_axis, meshgrid, broadcast_arrays, reshape)
