"""The backends the offline conformance checks run on, and the reference.

A backend is tested when its library imports and xport has a namespace for
it. ``XPORT_BACKENDS=numpy,torch`` restricts the set; ``XPORT_CHECKED=1`` tests
the checked namespaces instead (``xport.checked``). ``XPORT_DEVICE=cuda`` (any
device PyTorch names) puts the PyTorch inputs on that device; JAX puts its
arrays on its default device (a GPU when jaxlib has one), CuPy on its current
GPU (CuPy is tested where it finds one). MXNet runs in its own environment
(mxnet 1.9.1 pins NumPy < 1.24), where array_api_strict is the same reference
over NumPy 1.23.
"""

from __future__ import annotations

import importlib
import importlib.util
import os
from collections.abc import Callable
from dataclasses import dataclass, field
from types import ModuleType
from typing import Any, cast

import numpy as np

import xport
from xport._registry import LIBRARIES

# Every backend in the registry (a new backend folder is tested once its row is there).
ALL_BACKENDS = tuple(lib.package for lib in LIBRARIES if lib.package)


@dataclass(frozen=True)
class Backend:
    """One namespace under test and how to move data in and out of it."""

    name: str
    xp: ModuleType
    # Results must equal array_api_strict's bit for bit (it runs NumPy too).
    exact: bool
    dtype_names: frozenset[str]
    from_numpy: Callable[[np.ndarray], Any] = field(repr=False)

    def __str__(self) -> str:
        return self.name

    __repr__ = __str__


def to_numpy(x: Any) -> Any:
    """Host NumPy copy of an array of any tested library."""
    if isinstance(x, (np.ndarray, np.generic)):
        return np.asarray(x)
    root = type(x).__module__.partition(".")[0]
    if root == "array_api_strict":
        return np.asarray(x._array)
    if root == "torch":
        return x.detach().cpu().resolve_conj().resolve_neg().numpy()
    if root == "cupy":
        return x.get()
    if root == "mxnet":
        return x.asnumpy()
    if root == "tensorflow":
        return np.asarray(x.numpy())
    if root == "dask":
        # The one place data is computed: in this process, no thread pool, and
        # without graph optimisation (which costs more than it saves on tiny arrays).
        import dask

        return np.asarray(dask.compute(x, scheduler="synchronous", optimize_graph=False)[0])
    return np.asarray(x)


def _dtype_names(xp: ModuleType) -> frozenset[str]:
    return frozenset(xp.__array_namespace_info__().dtypes())


def _make(name: str) -> Backend:
    # xport.namespace: with XPORT_CHECKED=1 the suite runs the checked namespaces,
    # which must accept every call it makes (none is outside the standard).
    xp = cast(ModuleType, xport.namespace(name))

    def from_numpy(a: np.ndarray) -> Any:
        return xp.asarray(np.array(a, copy=True))

    device = os.environ.get("XPORT_DEVICE")
    if name == "torch" and device:
        def from_numpy(a: np.ndarray) -> Any:
            return xp.asarray(np.array(a, copy=True), device=device)

    if name == "dask":
        import dask.array as da

        def from_numpy(a: np.ndarray) -> Any:
            # Chunks of two along every axis, so that every function meets
            # arrays split across chunks, as on a cluster.
            return da.from_array(np.array(a, copy=True), chunks=2)

    return Backend(name=name, xp=xp, exact=(name == "numpy"),
                   dtype_names=_dtype_names(xp), from_numpy=from_numpy)


def reference() -> Backend:
    """array_api_strict: the executable form of the standard."""
    import array_api_strict as xp

    return Backend(name="array_api_strict", xp=xp, exact=True,
                   dtype_names=_dtype_names(xp),
                   from_numpy=lambda a: xp.asarray(np.array(a, copy=True)))


def _has_device(name: str) -> bool:
    """False for CuPy without a GPU (its arrays cannot exist there)."""
    if name != "cupy":
        return True
    import cupy

    return bool(cupy.cuda.is_available())


def available() -> list[Backend]:
    """The installed backends xport has namespaces for (or those selected by
    ``XPORT_BACKENDS``)."""
    wanted = os.environ.get("XPORT_BACKENDS")
    names = [n.strip() for n in wanted.split(",")] if wanted else list(ALL_BACKENDS)
    found = []
    for name in names:
        if importlib.util.find_spec(name) is None or not _has_device(name):
            continue
        try:
            importlib.import_module(f"xport.{name}")
        except ModuleNotFoundError as exc:
            if exc.name == f"xport.{name}":
                continue  # xport has no namespace for it yet
            raise
        found.append(_make(name))
    return found
