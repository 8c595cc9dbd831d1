"""Run a library's functions lazily in its tests: compiled by the backend's
tracing compiler (``xport.jit``: ``jax.jit``, ``torch.compile``,
``tf.function``) and on Dask without computing, so that code which works
only eagerly fails in the library's own suite with a message saying why.

Eager-only code is what needs an array's value in Python while the function
runs: ``bool(x)`` (``if x:``, ``if xp.any(...)``), ``float(x)``, ``int(x)``,
``x.item()``, ``numpy.asarray(x)``, and shapes that depend on the data
(boolean-mask indexing, ``nonzero``, ``unique_*``) where the compiler needs
static shapes.

Two ways in:

* :func:`lazy_xp_function` in a test module (as array-api-extra's function of
  that name): every test of the module taking the plugin's ``xp`` fixture
  calls the function, through the module's name for it, lazily;
* :func:`lazy`: the function wrapped, to call lazily where a test chooses.
"""

from __future__ import annotations

import functools
import inspect
from collections.abc import Callable, Hashable, Iterable, Sequence
from contextlib import AbstractContextManager
from dataclasses import dataclass
from typing import Any

from .. import CompileError, backend_of, is_array, jit, namespace
from .._dispatch import NAMESPACE_PACKAGES
from .._hooks import descriptor
from .._registry import LIBRARIES

__all__ = ["LazyModeError", "lazy", "lazy_xp_function"]

# The backends a function runs lazily on unless told otherwise: JAX (jax.jit)
# and Dask, as in array-api-extra. torch.compile takes seconds per function
# and accepts more (float(x), data-dependent shapes); tf.function traces a
# Python branch on a tensor into a graph branch: name them in backends= to add them.
DEFAULT_BACKENDS: tuple[str, ...] = tuple(
    lib.name for lib in LIBRARIES if lib.package and lib.lazy)

# What each compiler's error means the function did (by the error's class name).
_EAGER_ONLY = {
    "TracerBoolConversionError": "converts an array to a Python bool (bool(x), `if x:`, "
                                 "`and`/`or`/`not` of an array)",
    "ConcretizationTypeError": "needs an array's value in Python (float(x), int(x), x.item(), "
                               "a Python branch or loop on a value)",
    "TracerIntegerConversionError": "converts an array to a Python int (int(x), range(x), "
                                    "an index)",
    "TracerArrayConversionError": "converts an array to NumPy (numpy.asarray(x))",
    "NonConcreteBooleanIndexError": "makes an array whose shape depends on the data "
                                    "(boolean-mask indexing, nonzero, unique_*)",
    "OperatorNotAllowedInGraphError": "uses a tensor as a Python bool",
}


class LazyModeError(AssertionError):
    """A function run lazily did something only eager code can: read an
    array's value in Python, compute a Dask array early, or make a shape that
    depends on the data. The compiler's own error, if any, is the cause."""


@dataclass(frozen=True)
class _Options:
    backends: tuple[str, ...]
    allow_dask_compute: int
    static_argnums: tuple[int, ...] | None
    static_argnames: tuple[str, ...] | None


# Where lazy_xp_function keeps its registrations: a dict in the calling test
# module, id(function) -> (function, its lazy wrapper, the backends), read by the
# xp fixture of whichever copy of the plugin serves the run.
REGISTRY_NAME = "__xport_lazy_functions__"


def lazy_xp_function(func: Callable[..., Any], *, backends: Iterable[str] = DEFAULT_BACKENDS,
                     allow_dask_compute: int = 0,
                     static_argnums: int | Sequence[int] | None = None,
                     static_argnames: str | Sequence[str] | None = None) -> None:
    """Make the tests of the calling module run ``func`` lazily.

    Call it at the top level of a test module, for each function of the
    library under test that should work lazily::

        from mylib import standardize
        from xport.testing import lazy_xp_function

        lazy_xp_function(standardize)

    In every test of that module that takes the ``xp`` fixture of the
    ``xport.testing`` plugin, with ``xp`` one of ``backends``, the module's
    global ``standardize`` is then :func:`lazy` (``standardize``) for the
    test's duration. (Only calls through that global name are affected, as in
    array-api-extra: a call from inside the library is not.)

    The options are :func:`lazy`'s.
    """
    wrapper = lazy(func, backends=backends, allow_dask_compute=allow_dask_compute,
                   static_argnums=static_argnums, static_argnames=static_argnames)
    frame = inspect.currentframe()
    if frame is None or frame.f_back is None:  # pragma: no cover - Pythons without frames
        raise RuntimeError("lazy_xp_function needs the caller's frame to find its module")
    registry = frame.f_back.f_globals.setdefault(REGISTRY_NAME, {})
    registry[id(func)] = (func, wrapper, _checked_backends(backends))


def lazy_replacements(module: object, backend: str) -> dict[str, Callable[..., Any]]:
    """The globals of test ``module`` to replace, in a test on ``backend``, by
    the lazy wrappers :func:`lazy_xp_function` made for them."""
    namespace = vars(module)
    registry = namespace.get(REGISTRY_NAME, {})
    found = {}
    for name, value in namespace.items():
        entry = registry.get(id(value))
        if entry is not None and entry[0] is value and backend in entry[2]:
            found[name] = entry[1]
    return found


def lazy(func: Callable[..., Any], *, backends: Iterable[str] = DEFAULT_BACKENDS,
         allow_dask_compute: int = 0, static_argnums: int | Sequence[int] | None = None,
         static_argnames: str | Sequence[str] | None = None) -> Callable[..., Any]:
    """``func``, run lazily when called with arrays of one of ``backends``.

    * JAX, PyTorch, TensorFlow: compiled with :func:`xport.jit` (``jax.jit``,
      ``torch.compile(fullgraph=True)``, ``tf.function``). Arguments that are
      not arrays (Python numbers, tuples of them, None, strings) are static, as
      when the function is called eagerly; ``static_argnums`` /
      ``static_argnames`` name them instead. A compiler's refusal raises
      :class:`LazyModeError` naming what the function did.
    * Dask: run with a scheduler that counts computations; the
      ``allow_dask_compute + 1``-th raises :class:`LazyModeError`. The result
      stays lazy.
    * Other backends (NumPy, array_api_strict, ...) and backends not in
      ``backends``: ``func`` is called as it is.

    ``backends`` defaults to ``("jax", "dask")``; ``"torch"`` and
    ``"tensorflow"`` may be added (torch.compile takes seconds per function).
    """
    chosen = _checked_backends(backends)
    options = _Options(chosen, int(allow_dask_compute),
                       None if static_argnums is None else _as_tuple(static_argnums),
                       None if static_argnames is None else _as_tuple(static_argnames))
    compiled: dict[tuple[tuple[int, ...], tuple[str, ...]], Callable[..., Any]] = {}

    @functools.wraps(func)
    def run_lazily(*args: Any, **kwargs: Any) -> Any:
        __tracebackhide__ = True
        backend = _backend_of_arguments((args, kwargs))
        if backend not in options.backends:
            return func(*args, **kwargs)
        hooks = descriptor(namespace(backend))
        if hooks.counting_computations is not None:
            return _run_uncomputed(func, args, kwargs, allowed=options.allow_dask_compute,
                                   backend=backend, counting=hooks.counting_computations)
        if hooks.transforms is None:
            raise LazyModeError(f"{_name(func)}(): {backend} has neither a compiler nor lazy "
                                "arrays: drop it from backends=")
        static = _static_arguments(args, kwargs, options)
        jitted = compiled.get(static)
        if jitted is None:
            jitted = compiled[static] = jit(func, static_argnums=static[0],
                                            static_argnames=static[1])
        try:
            return jitted(*args, **kwargs)
        except CompileError as error:
            raise LazyModeError(_compile_message(func, backend, hooks.transforms.COMPILER,
                                                 error)) from (
                error.__cause__ or error)

    return run_lazily


def _checked_backends(backends: Iterable[str]) -> tuple[str, ...]:
    chosen = (backends,) if isinstance(backends, str) else tuple(backends)
    unknown = [b for b in chosen if not _has_lazy_mode(b)]
    if unknown:
        lazy_ones = [b for b in sorted(NAMESPACE_PACKAGES) if _has_lazy_mode(b)]
        raise ValueError(f"lazy: no lazy mode for {', '.join(map(repr, unknown))}; the lazy "
                         f"backends are {', '.join(lazy_ones)}")
    return chosen


def _has_lazy_mode(backend: str) -> bool:
    """Whether ``backend`` has a compiler or lazy arrays (by its descriptor,
    where its library is installed; an absent one cannot be told, and its
    arrays never reach the function)."""
    if backend not in NAMESPACE_PACKAGES:
        return False
    try:
        hooks = descriptor(namespace(backend))
    except ImportError:
        return True
    return hooks.transforms is not None or hooks.counting_computations is not None


def _as_tuple(value: Any) -> tuple[Any, ...]:
    return (value,) if isinstance(value, (int, str)) else tuple(value)


def _backend_of_arguments(tree: Any) -> str | None:
    """The library of the first array in ``tree`` (tuples, lists, dicts of
    arguments), or None."""
    if is_array(tree):
        try:
            return backend_of(tree)
        except TypeError:
            return None
    if isinstance(tree, (tuple, list)):
        children: Iterable[Any] = tree
    elif isinstance(tree, dict):
        children = tree.values()
    else:
        return None
    for child in children:
        found = _backend_of_arguments(child)
        if found is not None:
            return found
    return None


def _static_arguments(args: tuple[Any, ...], kwargs: dict[str, Any],
                      options: _Options) -> tuple[tuple[int, ...], tuple[str, ...]]:
    """The positions and names of the static arguments of this call."""
    nums = options.static_argnums
    if nums is None:
        nums = tuple(i for i, arg in enumerate(args) if _is_static(arg))
    names = options.static_argnames
    if names is None:
        names = tuple(name for name, arg in kwargs.items() if _is_static(arg))
    return nums, names


def _is_static(value: Any) -> bool:
    """A hashable Python value with no array in it."""
    return isinstance(value, Hashable) and _backend_of_arguments(value) is None \
        and not is_array(value)


def _compile_message(func: Callable[..., Any], backend: str, compiler: str,
                     error: CompileError) -> str:
    cause = error.__cause__ or error
    what = _EAGER_ONLY.get(type(cause).__name__,
                           "does something only eager code can (a Python branch on an "
                           "array's value, x.item(), a shape that depends on the data)")
    return (f"{_name(func)}() cannot run lazily on {backend} ({compiler}): it "
            f"{what}. Keep values as arrays (xp.where instead of `if` on an array), or pass "
            f"Python values as arguments.\n{type(cause).__name__}: {_summary(cause)}")


def _summary(error: BaseException) -> str:
    """The line of a compiler's error that says what went wrong."""
    lines = [line.strip() for line in str(error).splitlines() if line.strip()]
    if not lines:
        return ""
    line = lines[-1] if lines[0].endswith(":") else lines[0]
    return line.removeprefix(f"{type(error).__name__}: ")  # TensorFlow repeats it


def _name(func: Callable[..., Any]) -> str:
    return getattr(func, "__qualname__", None) or type(func).__name__


def _run_uncomputed(func: Callable[..., Any], args: tuple[Any, ...], kwargs: dict[str, Any],
                    *, allowed: int, backend: str,
                    counting: Callable[[Callable[[], None]], AbstractContextManager[Any]]
                    ) -> Any:
    """``func(*args, **kwargs)`` on a library of lazy arrays (Dask), refusing
    its ``allowed + 1``-th computation."""
    __tracebackhide__ = True
    computations = 0

    def on_compute() -> None:
        __tracebackhide__ = True
        nonlocal computations
        computations += 1
        if computations > allowed:
            raise LazyModeError(
                f"{_name(func)}() computed a {backend.capitalize()} array while running lazily "
                f"on {backend} (computation {computations}, {allowed} allowed): bool(), "
                f"float(), int(), .item() or numpy.asarray() of a {backend.capitalize()} "
                "array, and .compute() or .persist(), "
                "compute the graph early. Keep values as arrays (xp.where instead of `if` on "
                "an array), or allow it: lazy_xp_function(..., allow_dask_compute="
                f"{computations}).")

    with counting(on_compute):
        return func(*args, **kwargs)
