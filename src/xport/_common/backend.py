"""What a backend tells the rest of xport: one :class:`Backend` descriptor.

Each backend folder defines ``BACKEND = Backend(...)`` in its ``_backend.py``
and its namespace module exposes it as ``__xport_backend__`` (checked namespaces carry
the same object). Extensions never name a backend: they ask the descriptor for
their hook (``descriptor(xp).scatter``, ...), a plain attribute lookup that
tracing compilers follow. A hook left ``None`` means the backend has no such
support, and the extension raises ``TypeError`` saying which backends do.

The hooks are typed by the Protocols below; a backend's hook is usually a
module of its folder (``<lib>/_scatter.py``) that satisfies one.
"""

from __future__ import annotations

from collections.abc import Callable
from contextlib import AbstractContextManager
from dataclasses import dataclass, field
from typing import Any, Protocol


class ScatterHook(Protocol):
    """``xport.at`` / ``xport.scatter`` on one backend."""

    @property
    def MUTABLE(self) -> bool:  # noqa: N802 - a module constant in the hooks
        """Whether ``copy=False`` may update ``x`` in place."""
        ...

    def update(self, x: Any, idx: Any, op: str, values: Any, in_place: bool) -> Any:
        """``x`` with ``op`` (``"set"``, ``"add"``, ...) applied at ``idx``."""
        ...

    def segment(self, op: str, data: Any, segment_ids: Any, num_segments: int) -> Any:
        """The rows of ``data`` reduced by ``op`` into ``num_segments`` buckets."""
        ...


class AutodiffHook(Protocol):
    """``xport.autodiff`` on one backend: JAX's transforms, natively."""

    def grad(self, f: Callable[..., Any], argnums: Any, has_aux: bool) -> Callable[..., Any]:
        """The gradient transform of ``f``."""
        ...

    def value_and_grad(self, f: Callable[..., Any], argnums: Any, has_aux: bool
                       ) -> Callable[..., Any]:
        """``f``'s value and gradient."""
        ...

    def jacobian(self, f: Callable[..., Any], argnums: Any, mode: str) -> Callable[..., Any]:
        """The Jacobian transform of ``f``."""
        ...

    def hessian(self, f: Callable[..., Any], argnums: Any) -> Callable[..., Any]:
        """The Hessian transform of ``f``."""
        ...

    def vjp(self, f: Callable[..., Any], primals: tuple[Any, ...], has_aux: bool) -> Any:
        """``(out, vjp_fn)`` (``(out, vjp_fn, aux)`` with ``has_aux``)."""
        ...

    def jvp(self, f: Callable[..., Any], primals: tuple[Any, ...], tangents: tuple[Any, ...],
            has_aux: bool) -> Any:
        """``(out, tangent_out)`` (and ``aux`` with ``has_aux``)."""
        ...

    def stop_gradient(self, x: Any) -> Any:
        """``x`` (a pytree) with no gradient flowing through it."""
        ...

    def custom_vjp(self, fun: Callable[..., Any], fwd: Callable[..., Any],
                   bwd: Callable[..., Any]) -> Callable[..., Any]:
        """``fun`` with the hand-written backward pass ``fwd`` / ``bwd``."""
        ...


class TransformsHook(Protocol):
    """``xport.jit`` / ``xport.vmap`` on one backend."""

    @property
    def COMPILE_ERRORS(self) -> tuple[type[BaseException], ...]:  # noqa: N802 - as above
        """The exceptions that mean "this function cannot be compiled"."""
        ...

    @property
    def COMPILER(self) -> str:  # noqa: N802 - as above
        """How messages name the compiler (``"jax.jit"``)."""
        ...

    def jit(self, f: Callable[..., Any], static_argnums: tuple[int, ...],
            static_argnames: tuple[str, ...], xla: bool) -> Callable[..., Any]:
        """``f`` compiled by the library's compiler; called while that compiler
        traces a caller, ``f`` as it is (part of the caller's program)."""
        ...

    def vmap(self, f: Callable[..., Any], in_axes: Any, out_axes: Any) -> Callable[..., Any]:
        """``f`` vectorised by the library's own vmap."""
        ...


def _never(*arrays: Any) -> bool:
    return False


def _as_built(table: Any) -> Any:
    return table


@dataclass(frozen=True)
class RandomHooks:
    """How ``xport.random`` draws on one backend. The defaults are the
    portable route's: the standard's operations, whole-array, no value read.

    ``route``: a module with the samplers (``key(target, seed, device)``,
    ``split(target, key, num)``, ...; ``target`` carries the namespace and
    these hooks, see ``_common/random/target.py``) that replaces the
    portable route (JAX's own ``jax.random``, Dask's chunked draws, the host
    route of a library without uint32 arithmetic); ``None`` keeps the
    portable one.
    ``words``: the class carrying 32-bit words for the cipher (default
    ``Unsigned32``); ``block`` / ``blockwise(device)``: eager draws on
    ``device`` run ``block`` elements at a time; ``reads_values(*arrays)``:
    whether a sampler may read array values on the host (eager CPU arrays);
    ``compiled_stream``: a stream runner that may compile eager streams;
    ``in_place_native``: the native module whose ``out=`` ufuncs the float32
    steps may use on eager arrays; ``compiling()``: whether a tracing
    compiler that needs traced bit casts is running; ``tabulates(device)``:
    whether eager float32 samplers on ``device`` may be drawn from a table of
    their 2**23 values once that pays (``_common/random/tables.py``);
    ``keeps_table(table)``: the table as the backend keeps it for lookups
    (default: as built).
    """

    route: Any = None
    words: Any = None
    block: int = 0
    blockwise: Callable[[Any], bool] | None = None
    reads_values: Callable[..., bool] = _never
    compiled_stream: Callable[..., Any] | None = None
    in_place_native: Any = None
    compiling: Callable[[], bool] = _never
    tabulates: Callable[[Any], bool] = _never
    keeps_table: Callable[[Any], Any] = _as_built


@dataclass(frozen=True)
class FluentHooks:
    """What ``xport.fluent`` needs of one backend beyond its namespace.

    ``getitem(x, key)``: indexing where the array's own ``x[key]`` does not
    take the standard's keys (``None``: ``x[key]``); ``register(cls)``: makes
    the fluent class known to the library (JAX's pytrees)."""

    getitem: Callable[[Any, Any], Any] | None = None
    register: Callable[[type], None] | None = None


def _device_attribute(x: Any) -> Any:
    return x.device


@dataclass(frozen=True)
class Backend:
    """One backend, as its folder describes it (``<lib>/_backend.py``).

    ``name`` is the registry's library name. ``device(x)`` is the standard's
    ``x.device`` (default: the attribute); ``to_device(x, device, stream)``
    array-api-compat's ``to_device`` (``None``: ``x.to_device``);
    ``is_lazy(x)`` and ``is_writeable(x)`` answer ``is_lazy_array`` and
    ``is_writeable_array`` where the library's row in the registry leaves it
    to the array. ``has_device()``: whether arrays can be made here at all
    (``None``: always; a GPU-only library says). ``default_device(device)``:
    a context in which the library creates arrays on ``device`` (``None``:
    creation takes ``device=`` only). ``counting_computations(on_compute)``:
    a context in which every computation of a lazy array first calls
    ``on_compute()`` (Dask's schedulers; ``xport.testing``'s lazy mode).
    ``missing_dtype_hint``: what to say when one of the standard's dtypes is
    missing (JAX without 64-bit types). The rest are the extensions' hooks.
    """

    name: str
    device: Callable[[Any], Any] = _device_attribute
    to_device: Callable[[Any, Any, Any], Any] | None = None
    is_lazy: Callable[[Any], bool] | None = None
    is_writeable: Callable[[Any], bool] | None = None
    has_device: Callable[[], bool] | None = None
    default_device: Callable[[Any], AbstractContextManager[Any]] | None = None
    counting_computations: Callable[[Callable[[], None]], AbstractContextManager[Any]] | None = None
    missing_dtype_hint: str = ""
    scatter: ScatterHook | None = None
    autodiff: AutodiffHook | None = None
    transforms: TransformsHook | None = None
    random: RandomHooks = field(default_factory=RandomHooks)
    fluent: FluentHooks = field(default_factory=FluentHooks)


def host_only(library: str) -> Callable[[Any, Any, Any], Any]:
    """``to_device`` for a library whose arrays live on ``"cpu"`` only."""
    def move(x: Any, target: Any, stream: Any) -> Any:
        if stream is not None:
            raise ValueError(f"to_device(): {library} arrays take no stream; got "
                             f"stream={stream!r}")
        if target in ("cpu", None):
            return x
        raise ValueError(f"to_device(): {library} arrays live on 'cpu' only; got "
                         f"device={target!r}")
    return move


def device_as_context(device: Any) -> Any:
    """``default_device`` for a library whose device objects are themselves
    contexts that make them the default (``torch.device``,
    ``cupy.cuda.Device``, ``mxnet.Context``)."""
    return device


def on_cpu(x: Any) -> str:
    """``device`` for a library whose arrays live on ``"cpu"`` only."""
    return "cpu"
