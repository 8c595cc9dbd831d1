"""The standard's ``copy=`` keyword: ``True`` always copies, ``None`` copies only
when needed, ``False`` never copies and raises ``ValueError`` when it would have
to."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any


def copy_required(what: str, why: object) -> ValueError:
    """The error for ``copy=False`` when a copy cannot be avoided."""
    return ValueError(f"{what} with copy=False needs a copy ({why}); pass copy=None to "
                      "copy only when needed, or copy=True")


def make_reshape(reshape: Callable[[Any, tuple[int, ...]], Any],
                 view: Callable[[Any, tuple[int, ...]], Any],
                 clone: Callable[[Any], Any],
                 no_view: tuple[type[BaseException], ...]) -> Callable[..., Any]:
    """``reshape`` with ``copy=``, over a native ``reshape`` (copies when
    needed), ``view`` (raises one of ``no_view`` when the memory layout does
    not allow a view) and ``clone`` (a fresh copy of an array)."""

    def reshape_(x: Any, /, shape: tuple[int, ...], *, copy: bool | None = None) -> Any:
        """Reshape ``x`` to ``shape`` (one entry may be ``-1``).

        Deviation fixed: the native ``reshape`` has no ``copy`` keyword.
        ``copy=True`` returns new memory; ``copy=False`` returns a view or
        raises ``ValueError`` when the memory layout makes one impossible.
        """
        if copy is None:
            return reshape(x, shape)
        if copy:
            return reshape(clone(x), shape)
        try:
            return view(x, shape)
        except no_view as exc:
            raise copy_required("reshape()", exc) from exc

    reshape_.__name__ = reshape_.__qualname__ = "reshape"
    return reshape_
