"""Wrappers shared by the libraries whose API is NumPy's (NumPy and CuPy).

CuPy follows NumPy, and most of its deviations from the standard are NumPy's
own (or NumPy 1.26's). The code that fixes such a deviation is written once
here, as factories: each takes the library's module ``xp`` (the ``numpy`` or
``cupy`` module itself, as CuPy's own ``cupy.get_array_module`` idiom names it)
and returns wrappers that are closures over it, built once when a namespace is
imported; a call reads ``xp`` from its closure, as a module function reads its
global. Each backend picks the wrappers its installed library needs.

* :mod:`.dtypes`: the standard's dtypes as ``xp.dtype`` objects, and their names;
* :mod:`.main`: main-namespace wrappers for deviations both libraries have, and
  the old names of functions (``arccos`` for ``acos``);
* :mod:`.legacy`: NumPy 1.26's deviations that CuPy shares;
* :mod:`.linalg` / :mod:`.fft`: the same for the extensions;
* :mod:`.scatter`: ``xport.at``'s update and the segment reductions by ``ufunc.at``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

F = TypeVar("F", bound=Callable[..., Any])


def by_name(*functions: F) -> dict[str, F]:
    """``functions`` by their names, each also reported under its plain name
    (a closure's ``__qualname__`` would name the factory it was made in)."""
    for function in functions:
        function.__qualname__ = function.__name__
    return {function.__name__: function for function in functions}
