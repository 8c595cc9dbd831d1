"""``xport.fluent``: method chaining on native arrays.

``fluent(x)`` is a view of the native array ``x`` with the standard's functions
as methods and its operators, each computed by ``x``'s namespace:
``fluent(x).square().sum(axis=-1).sqrt().raw`` is
``xp.sqrt(xp.sum(xp.square(x), axis=-1))``, bit for bit. The view holds one
attribute, ``raw``; every method makes a new view of the function's result, so a
chain never changes an array.

Each backend gets its own subclass of :class:`Fluent`, made the first time an
array of it is seen: its methods are
compiled from ``table.runtime_source`` with that backend's functions bound in
as globals, so a method is one Python frame, the function's call and one
attribute store (no lookups on the way).
"""

from __future__ import annotations

import operator
from collections.abc import Callable
from typing import Any, Generic, TypeVar

from .._compat_helpers import device as _device
from .._compat_helpers import size as _size
from .._hooks import descriptor
from .._spec.operators import BINARY_OPERATORS, REFLECTED_OPERATORS, UNARY_OPERATORS
from ..scatter import at as _at
from .api import FluentFFT, FluentLinalg, FluentMethods
from .table import methods, runtime_name, runtime_source

A = TypeVar("A")

__all__ = ["Fluent"]


class Fluent(FluentMethods[A], Generic[A]):
    """A native array (``.raw``) with the standard's functions as methods.

    Made by :func:`fluent`. Arguments may be fluent or native arrays or Python
    scalars; results are fluent arrays (tuples and named tuples of them where
    the function returns several). Operators follow the standard (``//``,
    ``%``, ``@``, comparisons, the standard's promotion), indexing takes the
    standard's indices, ``.at[idx].add(v)`` is :func:`xport.at`.
    """

    # No __slots__: torch.compile before 2.5 loses a slot's value when it
    # rebuilds an object it made at a graph break.
    # NumPy and Dask arrays defer their operators to an operand that sets this
    # to None, so ``ndarray + fluent`` reaches ``Fluent.__radd__``.
    __array_ufunc__ = None

    raw: A
    namespace: Any = None  # the namespace module whose functions the methods call

    def _wrap(self, raw: Any, /) -> Fluent[A]:
        """A fluent array of this backend holding ``raw`` (compiled per backend)."""
        raise TypeError("a fluent array is made by xport.fluent(x)")

    def unwrap(self) -> A:
        """The native array (same as ``.raw``)."""
        return self.raw

    def __repr__(self) -> str:
        return f"fluent({self.raw!r})"

    @property
    def dtype(self) -> Any:
        """The array's data type."""
        return self.raw.dtype  # type: ignore[attr-defined]

    @property
    def shape(self) -> Any:
        """The array's shape, as the library gives it."""
        return self.raw.shape  # type: ignore[attr-defined]

    @property
    def ndim(self) -> int:
        """The number of dimensions."""
        return int(self.raw.ndim)  # type: ignore[attr-defined]

    @property
    def size(self) -> int | None:
        """The number of elements (None where a dimension is unknown)."""
        return _size(self.raw)

    @property
    def device(self) -> Any:
        """The device the array is on."""
        return _device(self.raw)

    @property
    def mT(self) -> Fluent[A]:  # noqa: N802 - the standard's name
        """The array with its last two axes swapped."""
        return self.matrix_transpose()

    @property
    def T(self) -> Fluent[A]:  # noqa: N802 - the standard's name
        """The transpose of a 2-d array."""
        if self.ndim != 2:
            raise ValueError(f".T needs a 2-d array, got {self.ndim}-d; use .mT or "
                             ".permute_dims(axes)")
        return self.permute_dims((1, 0))

    @property
    def linalg(self) -> FluentLinalg[A]:
        """The ``linalg`` extension's functions, as methods."""
        raise AttributeError("no linalg for this array")  # replaced per backend

    @property
    def fft(self) -> FluentFFT[A]:
        """The ``fft`` extension's functions, as methods."""
        raise AttributeError("no fft for this array")  # replaced per backend

    @property
    def at(self) -> _FluentAt[A]:
        """Functional updates, as :func:`xport.at`: ``.at[idx].add(v)``."""
        return _FluentAt(self)

    def __getitem__(self, key: Any, /) -> Fluent[A]:
        raise TypeError("no indexing for this array")  # replaced per backend

    def __len__(self) -> int:
        # TensorFlow's comparison operators do not defer to an operand they
        # cannot convert: they try it as a sequence, which lands here.
        raise TypeError("a fluent array has no len() (use .shape[0]); a TensorFlow tensor "
                        "compared with a fluent array must be the right operand: write "
                        "fluent(t) < f, or f > t")

    def __bool__(self) -> bool:
        return bool(self.raw)

    def __int__(self) -> int:
        raw: Any = self.raw
        return int(raw)

    def __float__(self) -> float:
        raw: Any = self.raw
        return float(raw)

    def __complex__(self) -> complex:
        raw: Any = self.raw
        return complex(raw)

    def __index__(self) -> int:
        raw: Any = self.raw
        return operator.index(raw)


class _FluentAt(Generic[A]):
    """``fluent(x).at``: index it to update."""

    __slots__ = ("_array",)

    def __init__(self, array: Fluent[A]) -> None:
        self._array = array

    def __getitem__(self, idx: Any) -> _FluentAtIndex[A]:
        return _FluentAtIndex(self._array, idx)


class _FluentAtIndex(Generic[A]):
    """``fluent(x).at[idx]``: the updates of :func:`xport.at`, fluent."""

    __slots__ = ("_array", "_idx")

    def __init__(self, array: Fluent[A], idx: Any) -> None:
        self._array, self._idx = array, idx

    def _apply(self, op: str, values: Any, copy: bool | None) -> Fluent[A]:
        indexed = _at(self._array.raw)[_raw_index(self._idx)]
        return self._array._wrap(getattr(indexed, op)(_raw(values), copy=copy))

    def set(self, values: Fluent[A] | A | complex, /, *, copy: bool | None = None) -> Fluent[A]:
        """``x[idx] = values``, as a new array (see :func:`xport.at`)."""
        return self._apply("set", values, copy)

    def add(self, values: Fluent[A] | A | complex, /, *, copy: bool | None = None) -> Fluent[A]:
        """``x[idx] += values`` (repeated indices add up)."""
        return self._apply("add", values, copy)

    def subtract(self, values: Fluent[A] | A | complex, /, *,
                 copy: bool | None = None) -> Fluent[A]:
        """``x[idx] -= values``."""
        return self._apply("subtract", values, copy)

    def multiply(self, values: Fluent[A] | A | complex, /, *,
                 copy: bool | None = None) -> Fluent[A]:
        """``x[idx] *= values``."""
        return self._apply("multiply", values, copy)

    def divide(self, values: Fluent[A] | A | complex, /, *,
               copy: bool | None = None) -> Fluent[A]:
        """``x[idx] /= values``."""
        return self._apply("divide", values, copy)

    def power(self, values: Fluent[A] | A | complex, /, *,
              copy: bool | None = None) -> Fluent[A]:
        """``x[idx] **= values``."""
        return self._apply("power", values, copy)

    def min(self, values: Fluent[A] | A | complex, /, *,
            copy: bool | None = None) -> Fluent[A]:
        """``x[idx] = minimum(x[idx], values)``."""
        return self._apply("min", values, copy)

    def max(self, values: Fluent[A] | A | complex, /, *,
            copy: bool | None = None) -> Fluent[A]:
        """``x[idx] = maximum(x[idx], values)``."""
        return self._apply("max", values, copy)

    def get(self) -> Fluent[A]:
        """``x[idx]`` with the standard's indexing."""
        return self._array._wrap(_at(self._array.raw)[_raw_index(self._idx)].get())


def _raw(value: Any) -> Any:
    """``value``'s native array where it is a fluent one."""
    return value.raw if isinstance(value, Fluent) else value


def _raw_index(key: Any) -> Any:
    if type(key) is tuple:
        return tuple([_raw(k) for k in key])
    return _raw(key)


_OPERATORS = {**BINARY_OPERATORS, **REFLECTED_OPERATORS, **UNARY_OPERATORS}

# The fluent class of each backend, by namespace.
_BY_NAMESPACE: dict[Any, type[Fluent[Any]]] = {}


def class_for(xp: Any) -> type[Fluent[Any]]:
    """The fluent class of namespace ``xp``, made once."""
    if xp in _BY_NAMESPACE:
        return _BY_NAMESPACE[xp]
    backend = xp.__name__.rpartition(".")[2]
    cls: type[Fluent[Any]] = type(f"Fluent_{backend}", (Fluent,), {"namespace": xp})
    linalg: type[Any] = type(f"FluentLinalg_{backend}", (FluentLinalg,), {})
    fft: type[Any] = type(f"FluentFFT_{backend}", (FluentFFT,), {})
    scope = _scope(xp, cls)
    scope.update(_FluentLinalg=linalg, _FluentFFT=fft)
    functions = {m: _function(xp, m.qualified) for m in methods()}
    table = [m for m, function in functions.items() if function is not None]
    for m in table:
        scope[f"_f_{m.qualified.replace('.', '_')}"] = functions[m]
    for function_name in _OPERATORS.values():
        scope[f"_f_{function_name}"] = getattr(xp, function_name)
    exec(compile(runtime_source(table), f"<xport.fluent {backend}>", "exec"), scope)
    views = {"FluentMethods": cls, "FluentLinalg": linalg, "FluentFFT": fft}
    for m in table:
        function = scope[runtime_name(m)]
        function.__name__ = m.name
        function.__qualname__ = f"{views[m.view].__name__}.{m.name}"
        setattr(views[m.view], m.name, function)
    for dunder in _OPERATORS:
        setattr(cls, dunder, scope[dunder])
    cls._wrap = scope["_wrap"]  # type: ignore[method-assign]
    cls.linalg = property(scope["_linalg_view"])  # type: ignore[assignment]
    cls.fft = property(scope["_fft_view"])  # type: ignore[assignment]
    hooks = descriptor(xp).fluent
    cls.__getitem__ = _indexing(hooks.getitem)  # type: ignore[method-assign]
    if hooks.register is not None:
        hooks.register(cls)
    _BY_NAMESPACE[xp] = cls
    return cls


def _scope(xp: Any, cls: type[Fluent[Any]]) -> dict[str, Any]:
    def wrap_each(values: Any) -> tuple[Fluent[Any], ...]:
        out = []
        for value in values:
            item = cls()
            item.raw = value
            out.append(item)
        return tuple(out)

    def wrap_fields(result: Any) -> Any:
        kind = type(result)
        # a named tuple (xport's results), or a struct sequence (torch.return_types)
        return kind._make(wrap_each(result)) if hasattr(kind, "_make") else kind(wrap_each(result))

    def raw(value: Any) -> Any:
        return value.raw if type(value) is cls else _raw(value)

    return {"_Fluent": cls, "_raw": raw, "_type": type, "_wrap_each": wrap_each,
            "_wrap_fields": wrap_fields}


def _function(xp: Any, qualified: str) -> Callable[..., Any] | None:
    owner: Any = xp
    prefix, _, name = qualified.rpartition(".")
    if prefix:
        owner = getattr(xp, prefix, None)
    found = getattr(owner, name, None)
    return found if callable(found) else None


def _indexing(native: Callable[[Any, Any], Any] | None
              ) -> Callable[[Fluent[Any], Any], Fluent[Any]]:
    """``__getitem__`` by the backend's own indexing function, else ``x[key]``."""
    if native is not None:
        def getitem(self: Fluent[Any], key: Any, /) -> Fluent[Any]:
            return self._wrap(native(self.raw, _raw_index(key)))
    else:
        def getitem(self: Fluent[Any], key: Any, /) -> Fluent[Any]:
            return self._wrap(self.raw[_raw_index(key)])
    getitem.__name__ = getitem.__qualname__ = "__getitem__"
    return getitem
