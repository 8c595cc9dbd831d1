"""The pytest plugin of ``xport.testing``: a library's tests on every backend
and device.

Fixtures: ``xp`` (each selected backend's namespace), ``device`` (each device
of ``xp`` that ``--xp-device`` selects), ``real_floating_dtype``,
``complex_floating_dtype``, ``signed_integer_dtype``, ``unsigned_integer_dtype``
(each dtype of that kind ``xp`` has). Options: ``--xp``, ``--xp-device``,
``--xp-checked``. Markers: ``skip_xp``, ``xfail_xp``.

Importing this module imports no array library; a backend is imported when
the first test taking ``xp`` runs on it (when tests are collected, with
``--xp-device all`` or a device kind, to list its devices).

PYTEST_DONT_REWRITE (no ``assert`` statements here).
"""

from __future__ import annotations

import contextlib
import importlib
import importlib.util
import os
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import pytest

from .. import namespace
from .._dispatch import set_checked_default
from .._hooks import descriptor
from .._registry import LIBRARIES
from ._devices import device_kind, device_label
from .lazy import lazy_replacements

__all__ = [
    "BACKENDS",
    "complex_floating_dtype",
    "device",
    "pytest_addoption",
    "pytest_collection_modifyitems",
    "pytest_configure",
    "pytest_generate_tests",
    "pytest_report_header",
    "pytest_runtest_call",
    "real_floating_dtype",
    "signed_integer_dtype",
    "unsigned_integer_dtype",
    "xp",
]

#: The backend ids ``xp`` runs on by default, in the registry's order: the
#: libraries xport has a namespace for, then those whose own module is one
#: (``array_api_strict``, the standard's strict reference).
BACKENDS: tuple[str, ...] = (*[lib.name for lib in LIBRARIES if lib.package],
                             *[lib.name for lib in LIBRARIES if lib.external])

_DEVICE_CHOICES = "default (each backend's default device), cpu, cuda, all, or a device kind"
# The parameter behind xp and device: one (backend, device) case per test.
_CASE = "_xport_case"


@dataclass(frozen=True)
class _Case:
    """What one parametrisation of ``xp`` tests: a backend on a device."""

    backend: str
    device: str  # "default", a device kind ("cpu", "cuda", ...) or "all"
    index: int | None = None  # in xp's __array_namespace_info__().devices(), if listed
    label: str | None = None  # e.g. "cuda:0", when listed

    @property
    def id(self) -> str:
        return self.backend if self.label is None else f"{self.backend}-{self.label}"


# -- which copy serves ------------------------------------------------------------

#: Marks this module as a copy of the plugin: an installed xport (its pytest11
#: entry point) and a copy vendored in the library under test may both be loaded.
XPORT_TESTING_PLUGIN = 1


def _serves(pluginmanager: pytest.PytestPluginManager) -> bool:
    """Whether this copy is the first registered, the one whose options and
    parametrisation are used (the fixtures of either work with them)."""
    for _, plugin in pluginmanager.list_name_plugin():
        if getattr(plugin, "XPORT_TESTING_PLUGIN", None) is not None:
            return plugin is sys.modules[__name__]
    return True


# -- options and markers -------------------------------------------------------

def pytest_addoption(parser: pytest.Parser, pluginmanager: pytest.PytestPluginManager) -> None:
    """``--xp``, ``--xp-device`` and ``--xp-checked``."""
    if not _serves(pluginmanager):
        return
    group = parser.getgroup("xport", "xport.testing: tests on every backend")
    group.addoption("--xp", dest="xport_backends", metavar="BACKENDS", default=None,
                    help="comma-separated backends the xp fixture runs on, of "
                         f"{', '.join(BACKENDS)}, or all (default: $XPORT_TEST_BACKENDS, "
                         "else all; those not installed are skipped)")
    group.addoption("--xp-device", dest="xport_device", metavar="DEVICE", default=None,
                    help=f"devices of each backend: {_DEVICE_CHOICES} "
                         "(default: $XPORT_TEST_DEVICE, else default)")
    group.addoption("--xp-checked", dest="xport_checked", action="store_true", default=False,
                    help="xp is the checked namespace (xport.namespace(name, checked=True)), "
                         "which refuses calls outside the standard")


def pytest_configure(config: pytest.Config) -> None:
    """Register the markers; check ``--xp``."""
    if not _serves(config.pluginmanager):
        return
    config.addinivalue_line(
        "markers", "skip_xp(*backends, reason): skip the test on these xport.testing "
                   "backends (reason= is required)")
    config.addinivalue_line(
        "markers", "xfail_xp(*backends, reason, strict=None, raises=None): expect the test "
                   "to fail on these xport.testing backends (reason= is required)")
    _selected_backends(config)  # a UsageError now rather than at the first test
    if config.getoption("xport_checked"):
        # The library's own namespace_of() calls are checked too, as with XPORT_CHECKED=1.
        set_checked_default(True)


def pytest_unconfigure(config: pytest.Config) -> None:
    """Give plain namespaces again after a ``--xp-checked`` session."""
    if _serves(config.pluginmanager) and config.getoption("xport_checked") \
            and os.environ.get("XPORT_CHECKED", "") in ("", "0"):
        set_checked_default(False)


def pytest_report_header(config: pytest.Config) -> list[str]:
    """One line on what ``xp`` runs on, when an option or variable chose it."""
    if not _serves(config.pluginmanager):
        return []
    chosen = any(os.environ.get(v) for v in ("XPORT_TEST_BACKENDS", "XPORT_TEST_DEVICE")) \
        or config.getoption("xport_backends") or config.getoption("xport_device") \
        or config.getoption("xport_checked")
    if not chosen:
        return []
    line = (f"xport.testing: xp on {', '.join(_selected_backends(config))}; devices "
            f"{_device_choice(config)}")
    if config.getoption("xport_checked"):
        line += "; checked namespaces (xp and the library's own namespace_of() calls)"
    return [line]


def _selected_backends(config: pytest.Config) -> tuple[str, ...]:
    text = config.getoption("xport_backends") or os.environ.get("XPORT_TEST_BACKENDS") or "all"
    names = [n.strip() for n in text.replace(" ", ",").split(",") if n.strip()]
    if names == ["all"]:
        return BACKENDS
    unknown = [n for n in names if n not in BACKENDS]
    if unknown:
        raise pytest.UsageError(f"--xp: no backend called {', '.join(map(repr, unknown))}; "
                                f"known: {', '.join(BACKENDS)}, all")
    return tuple(dict.fromkeys(names))


def _device_choice(config: pytest.Config) -> str:
    text = config.getoption("xport_device") or os.environ.get("XPORT_TEST_DEVICE") or "default"
    choice = text.strip().lower()
    return "cuda" if choice == "gpu" else choice


# -- parametrisation -------------------------------------------------------------

@pytest.hookimpl(tryfirst=True)  # backend first in the ids: test[numpy-float32]
def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    """Parametrise the tests that take ``xp`` (through the plugin's fixture)
    over the selected backends, and their devices where ``--xp-device`` lists
    several."""
    if _CASE not in metafunc.fixturenames or not _serves(metafunc.config.pluginmanager):
        return
    choice = _device_choice(metafunc.config)
    takes_device = "device" in metafunc.fixturenames
    cases = [case for backend in _selected_backends(metafunc.config)
             for case in _cases(backend, choice, takes_device)]
    # Module scope, as the fixtures: Hypothesis's @given accepts them (it refuses
    # function-scoped fixtures), and a module's tests run backend by backend.
    metafunc.parametrize(_CASE, cases, ids=[case.id for case in cases], scope="module")


_listed: dict[tuple[str, str], list[_Case]] = {}


def _cases(backend: str, choice: str, takes_device: bool) -> list[_Case]:
    """The cases of ``backend`` for ``--xp-device choice``: one, unless the
    choice lists devices (``all``, a kind), which imports the backend. A test
    that does not take ``device`` runs on one of them where the library has no
    default device to set."""
    if choice in ("default", "cpu") or not _installed(backend):
        return [_Case(backend, choice)]
    key = (backend, choice)
    if key not in _listed:
        try:
            devices = list(namespace(backend).__array_namespace_info__().devices())
        except Exception:  # reported when the test runs, by the xp fixture
            devices = []
        found = [_Case(backend, choice, i, device_label(d)) for i, d in enumerate(devices)
                 if choice == "all" or device_kind(d) == choice]
        _listed[key] = found or [_Case(backend, choice)]
    listed = _listed[key]
    # Where the library has no default device to set, one device serves.
    try:
        settable = descriptor(namespace(backend)).default_device is not None
    except Exception:  # reported when the test runs, by the xp fixture
        settable = False
    return listed if takes_device or settable else listed[:1]


def _installed(backend: str) -> bool:
    return importlib.util.find_spec(backend) is not None


# -- fixtures ----------------------------------------------------------------------

@pytest.fixture(scope="module")
def xp(request: pytest.FixtureRequest, _xport_case: _Case) -> Any:
    """The namespace of each selected backend (``--xp``), in turn: ``xport.numpy``,
    ``xport.torch``, ..., and ``array_api_strict``; checked with ``--xp-checked``.

    A backend that is not installed is skipped with that reason. While each
    test taking ``xp`` runs, arrays are created on the test's device
    (``--xp-device``) where the library has a default device to set, and the
    test module's functions registered with
    :func:`xport.testing.lazy_xp_function` run lazily.
    """
    backend = _xport_case.backend
    if not _installed(backend):
        pytest.skip(f"{backend} is not installed")
    try:
        # None, not False, without --xp-checked: XPORT_CHECKED=1 still checks.
        found = namespace(backend, checked=request.config.getoption("xport_checked") or None)
    except ImportError as exc:
        pytest.skip(f"{backend} does not import: {exc}")
    _device_of(found, _xport_case)  # skips here if the backend has no such device
    return found


@pytest.fixture(scope="module")
def device(xp: Any, _xport_case: _Case) -> Any:
    """The device of the test's case: each device of ``xp`` that
    ``--xp-device`` selects (``default``: the backend's default device, the
    default choice; ``cpu``; ``cuda``; ``all``). Pass it on as ``device=``."""
    return _device_of(xp, _xport_case)


@pytest.hookimpl(wrapper=True)
def pytest_runtest_call(item: pytest.Item) -> Iterator[None]:
    """Run a test taking ``xp`` on its device, with its module's lazy functions
    (:func:`xport.testing.lazy_xp_function`) in place."""
    funcargs: dict[str, Any] = getattr(item, "funcargs", {})
    case, found = funcargs.get(_CASE), funcargs.get("xp")
    if not isinstance(case, _Case) or found is None:
        return (yield)
    module = getattr(item, "module", None)
    with _default_device(case, _device_of(found, case)), pytest.MonkeyPatch.context() as patch:
        if module is not None:
            for name, replacement in lazy_replacements(module, case.backend).items():
                patch.setattr(module, name, replacement)
        return (yield)


def _device_of(xp: Any, case: _Case) -> Any:
    """The device ``case`` stands for, in namespace ``xp``; skips the test when
    the backend has none of that kind."""
    info = xp.__array_namespace_info__()
    try:  # CuPy imports without a GPU, then finds no device
        devices = [info.default_device()] if case.device == "default" else list(info.devices())
    except Exception as exc:
        pytest.skip(f"{case.backend} finds no device: {exc}")
    if case.device == "default":
        return devices[0]
    if case.index is not None:
        return devices[case.index]
    for found in devices:
        if device_kind(found) == case.device:
            return found
    pytest.skip(f"{case.backend} has no {case.device} device "
                f"(it has {', '.join(device_label(d) for d in devices) or 'none'})")


def _default_device(case: _Case, chosen: Any) -> contextlib.AbstractContextManager[Any]:
    """A context in which ``case``'s library creates arrays on ``chosen``
    (nothing to do with ``--xp-device default``)."""
    if case.device == "default":
        return contextlib.nullcontext()
    make_default = descriptor(namespace(case.backend)).default_device
    if make_default is not None:
        return make_default(chosen)
    return contextlib.nullcontext()  # creation takes device= (Dask, array_api_strict)


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Turn each test's ``skip_xp`` / ``xfail_xp`` marks into pytest's skip and
    xfail marks on the backends they name, with the reason."""
    if not _serves(config.pluginmanager):
        return
    for item in items:
        params = getattr(getattr(item, "callspec", None), "params", {})
        case = params.get(_CASE)
        if not isinstance(case, _Case):
            continue
        for mark in [*item.iter_markers("skip_xp"), *item.iter_markers("xfail_xp")]:
            backends, reason = _marker_arguments(mark, item.nodeid)
            if case.backend not in backends:
                continue
            if mark.name == "skip_xp":
                item.add_marker(pytest.mark.skip(reason=f"skip_xp({case.backend}): {reason}"))
            else:
                options = {k: mark.kwargs[k] for k in ("strict", "raises") if k in mark.kwargs}
                item.add_marker(pytest.mark.xfail(
                    reason=f"xfail_xp({case.backend}): {reason}", **options))


def _marker_arguments(mark: pytest.Mark, nodeid: str) -> tuple[tuple[str, ...], str]:
    """The backends and reason of a ``skip_xp`` / ``xfail_xp`` mark; a usage
    error saying what is wrong with the mark otherwise."""
    allowed = {"reason"} if mark.name == "skip_xp" else {"reason", "strict", "raises"}
    reason = mark.kwargs.get("reason")
    problems = []
    if not isinstance(reason, str) or not reason.strip():
        problems.append('reason="..." is required: say why the test does not run there')
    unknown = [b for b in mark.args if b not in BACKENDS]
    if unknown or not mark.args:
        problems.append(f"no backend called {', '.join(map(repr, unknown))}" if unknown
                        else "name the backends")
        problems[-1] += f" (known: {', '.join(BACKENDS)})"
    extra = sorted(set(mark.kwargs) - allowed)
    if extra:
        problems.append(f"unexpected keyword {', '.join(extra)}")
    if problems:
        raise pytest.UsageError(f"{nodeid}: @pytest.mark.{mark.name}("
                                f"{', '.join(map(repr, mark.args))}): " + "; ".join(problems))
    return tuple(mark.args), str(reason)


# -- dtypes ----------------------------------------------------------------------------

def _dtype_fixture(kind: str, names: tuple[str, ...]) -> Any:
    """A fixture over each dtype of ``kind`` that ``xp`` has (on the case's
    device, with ``--xp-device all`` or a kind); skipped where it lacks one."""

    def each_dtype(request: pytest.FixtureRequest, xp: Any, _xport_case: _Case) -> Any:
        name = request.param
        where = _device_of(xp, _xport_case) if _xport_case.index is not None else None
        available = xp.__array_namespace_info__().dtypes(kind=kind, device=where)
        if name not in available:
            said = descriptor(xp).missing_dtype_hint
            hint = f" ({said})" if said else ""
            on = f" on {device_label(where)}" if where is not None else ""
            pytest.skip(f"{_xport_case.backend} has no {name}{on}{hint}")
        return available[name]

    each_dtype.__doc__ = f"Each {kind} dtype of ``xp`` in turn ({', '.join(names)})."
    return pytest.fixture(params=names, name=f"{kind.replace(' ', '_')}_dtype",
                          scope="module")(each_dtype)


real_floating_dtype = _dtype_fixture("real floating", ("float32", "float64"))
complex_floating_dtype = _dtype_fixture("complex floating", ("complex64", "complex128"))
signed_integer_dtype = _dtype_fixture("signed integer", ("int8", "int16", "int32", "int64"))
unsigned_integer_dtype = _dtype_fixture("unsigned integer",
                                        ("uint8", "uint16", "uint32", "uint64"))
