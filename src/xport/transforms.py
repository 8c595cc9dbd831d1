"""Compile and vectorise once, on every backend: ``xport.jit`` and ``xport.vmap``.

::

    import xport
    from xport.autodiff import grad

    def loss(w, x, y):
        xp = xport.namespace_of(w, x, y)
        return xp.mean((x @ w - y) ** 2)

    step = xport.jit(grad(loss))                               # compiled per backend
    per_example = xport.vmap(grad(loss), in_axes=(None, 0, 0))  # one gradient per row

Like :mod:`xport.autodiff`, the transforms dispatch on their array arguments
when the transformed function is *called*, so one ``xport.jit(f)`` serves every
backend (one compiled function per backend, kept on the transformed function).
Each backend uses its own machinery:

========== ========================================= =================================
backend    ``jit``                                   ``vmap``
========== ========================================= =================================
JAX        ``jax.jit``                               ``jax.vmap``
PyTorch    ``torch.compile(fullgraph=True)``         ``torch.func.vmap``
TensorFlow ``tf.function`` (XLA with ``xla=True``)   ``tf.vectorized_map``
others     ``f`` itself (NumPy, Dask, CuPy, ...)     a loop over the mapped axis, stacked
========== ========================================= =================================

Arguments and outputs may be pytrees (nested tuples, lists, dicts) of arrays.
The transforms compose with each other (``jit(vmap(grad(f)))``) and with
:mod:`xport.autodiff` and :mod:`xport.random` (pass keys in as arguments).
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Hashable, Sequence
from types import ModuleType
from typing import Any

from ._common.backend import TransformsHook
from ._common.pytree import TreeDef, flatten, leaves_of, unflatten
from ._common.vmap_axes import (
    Axes,
    check_axes_spec,
    function_name,
    leaf_axes,
    mapped_size,
    tree_axes,
)
from ._dispatch import is_array, namespace_of
from ._hooks import Made, descriptor, made_once
from ._registry import torch_compiling

__all__ = ["CompileError", "jit", "vmap"]



class CompileError(TypeError):
    """A backend's compiler cannot compile the function as it was called (for
    example Python control flow on an array's value). The compiler's own error
    is the exception's ``__cause__``."""


def _namespace(args: Sequence[Any], kwargs: dict[str, Any], what: str) -> Any:
    """The namespace of the first array among ``args`` and ``kwargs`` (the
    backend's compiler rejects a mix of libraries itself)."""
    for arg in args:
        if is_array(arg):
            return namespace_of(arg)
    for leaf in leaves_of((args, kwargs)):
        if is_array(leaf):
            return namespace_of(leaf)
    raise TypeError(f"{what}: found no array among the arguments; the backend is picked "
                    "from the arrays a transformed function is called with")


def _hook(xp: ModuleType) -> TransformsHook | None:
    """The backend's part of the transforms (None: no compiler of its own)."""
    return descriptor(xp).transforms


# -- jit -------------------------------------------------------------------------

# A compiled function and the errors by which its compiler says it cannot.
_Entry = tuple[Callable[..., Any], tuple[type[BaseException], ...]]


def jit(f: Callable[..., Any], *, static_argnums: int | Sequence[int] = (),
        static_argnames: str | Sequence[str] = (), xla: bool = False) -> Callable[..., Any]:
    """``f`` compiled by the backend of the arrays it is called with: JAX's
    ``jax.jit``, PyTorch's ``torch.compile(fullgraph=True)``, TensorFlow's
    ``tf.function``; on libraries without a tracing compiler (NumPy, Dask,
    CuPy, array_api_strict) ``f`` runs as it is.

    ``static_argnums`` / ``static_argnames`` name the arguments that are not
    traced: Python values (hashable, as in JAX) on which ``f`` may branch; a
    new value compiles again. What differs between the compilers, as each of
    them does it:

    * other Python scalars are traced by JAX, guarded on by PyTorch (a value
      that changes may become symbolic, like a shape) and static on
      TensorFlow (a new value traces again);
    * a new shape traces again on JAX and TensorFlow; PyTorch compiles a
      shape-generic graph the second time.

    ``xla=True`` compiles with XLA on TensorFlow (``jit_compile=True``:
    faster for chains of small operations, but not every TensorFlow operation
    has an XLA kernel); the other backends ignore it.

    Raises :class:`CompileError` (a ``TypeError``) naming the backend and the
    cause when the compiler cannot compile what it was given, with the
    compiler's error chained.
    """
    if not callable(f):
        raise TypeError(f"jit() takes a function, got {type(f).__name__}")
    nums = (static_argnums,) if isinstance(static_argnums, int) else tuple(static_argnums)
    names = (static_argnames,) if isinstance(static_argnames, str) else tuple(static_argnames)
    static = bool(nums or names)
    compiled_by_namespace: dict[str, _Entry] = {}
    by_first_array_type: dict[type, _Entry] = {}

    def entry_for(args: tuple[Any, ...], kwargs: dict[str, Any]) -> _Entry:
        """The compiled function for the backend of ``args`` (made at its first
        call), kept for the type of the first array argument."""
        xp = _namespace(args, kwargs, f"jit({function_name(f)})")
        entry = compiled_by_namespace.get(xp.__name__)
        if entry is None:
            hook = _hook(xp)
            entry = (f, ()) if hook is None else (hook.jit(f, nums, names, xla),
                                                  hook.COMPILE_ERRORS)
            compiled_by_namespace[xp.__name__] = entry
        for arg in args:
            if is_array(arg):
                by_first_array_type[type(arg)] = entry
                break
        return entry

    # A closure, not an object with __call__: its call reads cells, where an
    # instance's looks __call__ up on the class and each field in a dict.
    @functools.wraps(f)
    def jitted(*args: Any, **kwargs: Any) -> Any:
        # The hot path: the type of the first array argument, seen before,
        # picks the compiled function (a dict lookup per argument up to it),
        # which itself runs f as it is inside the caller's compiler.
        entry: _Entry | None = None
        for arg in args:
            # (.get each time: torch.compile before 2.5 cannot call a stored one)
            entry = by_first_array_type.get(type(arg))
            if entry is not None:
                break
        if entry is None or static:
            if torch_compiling():
                # Inside the caller's torch.compile: part of its graph, as it is.
                return f(*args, **kwargs)
            if static:
                _check_static(f, nums, names, args, kwargs)
            if entry is None:
                entry = entry_for(args, kwargs)
        compiled, errors = entry
        try:
            if kwargs:
                return compiled(*args, **kwargs)
            return compiled(*args)  # a call with ** copies the dict first, even an empty one
        except errors as error:
            backend = str(_namespace(args, kwargs, "jit").__name__).rpartition(".")[2]
            raise CompileError(
                f"jit({function_name(f)}): {backend}'s compiler cannot compile it: "
                f"{_first_line(error)}. If f branches in Python on an array's value, use "
                "xp.where, or pass that argument in static_argnums / static_argnames"
            ) from error

    return jitted


def _check_static(f: Callable[..., Any], nums: tuple[int, ...], names: tuple[str, ...],
                  args: tuple[Any, ...], kwargs: dict[str, Any]) -> None:
    """``TypeError`` unless the static arguments of this call are hashable
    Python values."""
    static = [args[i] for i in nums if -len(args) <= i < len(args)]
    static += [kwargs[n] for n in names if n in kwargs]
    for value in static:
        if not isinstance(value, Hashable) or is_array(value):
            raise TypeError(f"jit({function_name(f)}): static arguments must be hashable "
                            f"Python values, got {type(value).__name__}; pass arrays as "
                            "traced arguments")


def _first_line(error: BaseException) -> str:
    text = str(error).strip().splitlines()
    return text[0] if text else type(error).__name__


# -- vmap ------------------------------------------------------------------------

def vmap(f: Callable[..., Any], in_axes: Axes = 0, out_axes: Axes = 0) -> Callable[..., Any]:
    """``f`` mapped over an axis of its arguments, with ``jax.vmap``'s
    semantics on every backend: ``in_axes`` is an int, ``None`` (not mapped)
    or a tuple with one entry per positional argument, each an int, ``None``
    or a pytree prefix of that argument; ``out_axes`` likewise for the
    output. Every mapped axis must have the same length; the outputs gain the
    mapped axis at ``out_axes``. Deviation from ``jax.vmap``: keyword
    arguments are passed through unmapped on every backend (as
    ``torch.func.vmap`` does), where JAX maps them over axis 0.

    JAX runs ``jax.vmap``, PyTorch ``torch.func.vmap``, TensorFlow
    ``tf.vectorized_map`` (which falls back to a loop for operations it cannot
    vectorise); the other libraries call ``f`` once per index and stack the
    results (exact; as fast as the loop). ``out_axes=None`` (an unmapped
    output) is checked to be the same for every index where the values are
    at hand; JAX checks it while tracing.
    """
    if not callable(f):
        raise TypeError(f"vmap() takes a function, got {type(f).__name__}")
    check_axes_spec(in_axes, "in_axes")
    check_axes_spec(out_axes, "out_axes")
    if isinstance(in_axes, list):
        in_axes = tuple(in_axes)
    made: Made = {}

    @functools.wraps(f)
    def mapped(*args: Any, **kwargs: Any) -> Any:
        if isinstance(in_axes, tuple) and len(in_axes) != len(args):
            raise ValueError(f"vmap({function_name(f)}): in_axes has {len(in_axes)} entries for "
                             f"{len(args)} positional argument(s); give one per argument")
        xp = _namespace(args, {}, "vmap")
        hook = _hook(xp)
        if hook is None:
            leaves, treedef, axes = leaf_axes(in_axes, args, "in_axes")
            size = mapped_size(leaves, axes, f, is_array)
            return loop_vmap(xp, f, (leaves, treedef, axes), size, out_axes=out_axes,
                             kwargs=kwargs)
        if kwargs:
            native = hook.vmap(functools.partial(f, **kwargs), in_axes, out_axes)
        else:
            native = made_once(made, hook, "vmap", f, in_axes, out_axes)
        if torch_compiling():  # checked while tracing, free in the graph
            _check_mapping(in_axes, args, f)
            return native(*args)
        # The native transform checks the axes itself: xport's checks, which
        # give the same error on every backend, run only when it fails (run
        # first, their Python cost ~25 us a call beside PyTorch's transform).
        try:
            return native(*args)
        except Exception as error:
            try:
                _check_mapping(in_axes, args, f)
            except ValueError as explained:
                raise explained from error
            raise

    return mapped


def _check_mapping(in_axes: Axes, args: tuple[Any, ...], f: Callable[..., Any]) -> None:
    """``ValueError`` if ``in_axes`` does not map ``args``."""
    leaves, _, axes = leaf_axes(in_axes, args, "in_axes")
    mapped_size(leaves, axes, f, is_array)


def loop_vmap(xp: ModuleType, f: Callable[..., Any],
              inputs: tuple[list[Any], TreeDef, list[int | None]], n: int, *,
              out_axes: Axes, kwargs: dict[str, Any]) -> Any:
    """``vmap`` by calling ``f`` once per index and stacking the outputs with
    the standard's functions (libraries without a vectorising transform);
    ``inputs`` are the arguments' leaves, structure and axes, ``n`` the
    mapped length."""
    what = f"vmap({function_name(f)})"
    leaves, treedef, axes = inputs
    if n == 0:
        raise ValueError(f"{what}: the mapped axis is empty; {xp.__name__} runs f once per "
                         "index and has no call to learn the outputs' shapes from")
    # Per index only the mapped leaves change: each one's index prefix is
    # computed once, the other leaves stay in place.
    current = list(leaves)
    mapped = [(k, leaf, (slice(None),) * (axis % leaf.ndim))
              for k, (leaf, axis) in enumerate(zip(leaves, axes, strict=True))
              if axis is not None]
    flat = all(child.kind == "leaf" for child in treedef.children)
    if flat and not kwargs and len(mapped) == 1 and not mapped[0][2]:
        # The common case, one argument mapped along its first axis, as the
        # loop a user writes: ~0.3 us per index less than the general one.
        k, leaf, _ = mapped[0]
        before, after = current[:k], current[k + 1:]
        results = [f(*before, leaf[i], *after) for i in range(n)]
    else:
        results = []
        for i in range(n):
            for k, leaf, prefix in mapped:
                current[k] = leaf[(*prefix, i)]
            results.append(f(*(current if flat else unflatten(treedef, current)), **kwargs))
    if (out_axes is None or isinstance(out_axes, int)) and is_array(results[0]) \
            and len(set(map(type, results))) == 1:
        # Arrays out: no pytree to take apart.
        return _stack(xp, results, out_axes, what, arrays=True)
    outputs = [flatten(r) for r in results]
    out_def = outputs[0][1]
    if any(d != out_def for _, d in outputs):
        raise ValueError(f"{what}: f returned differently structured outputs")
    columns = list(zip(*(o[0] for o in outputs), strict=True))
    return unflatten(out_def, [_stack(xp, list(column), axis, what) for column, axis in
                               zip(columns, tree_axes(out_axes, out_def, "out_axes"),
                                   strict=True)])


def _stack(xp: ModuleType, values: list[Any], axis: int | None, what: str, *,
           arrays: bool = False) -> Any:
    """The outputs ``values`` of every index stacked at ``axis``; for ``None``
    the one value they must all be. ``arrays``: known to be arrays of one type."""
    if not arrays and (len(set(map(type, values))) != 1 or not is_array(values[0])):
        values = [v if is_array(v) else xp.asarray(v) for v in values]
    if axis is not None:
        return xp.stack(values, axis=axis)
    first = values[0]
    if not all(bool(xp.all(v == first)) for v in values[1:]):
        raise ValueError(f"{what}: out_axes=None for an output that differs across the "
                         "mapped axis")
    return first
