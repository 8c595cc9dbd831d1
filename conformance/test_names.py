"""Every name of the standard exists in each backend namespace, with the
standard's parameter names and kinds (as array_api_strict spells them)."""

from __future__ import annotations

import inspect

import array_api_strict
import pytest

from xport._spec import names

VERSION = names.LATEST_VERSION
MAIN = sorted(names.MAIN_FUNCTION_NAMES[VERSION])
LINALG = sorted(names.LINALG_NAMES[VERSION])
FFT = sorted(names.FFT_NAMES[VERSION])
_POSITIONAL = (inspect.Parameter.POSITIONAL_ONLY, inspect.Parameter.POSITIONAL_OR_KEYWORD)


def signature_problems(spec: inspect.Signature, native: inspect.Signature) -> list[str]:
    """Ways a call valid under ``spec`` could fail or change meaning under
    ``native``. Positional-only names are free; extra native parameters must be
    optional; boolean flag defaults must agree."""
    problems: list[str] = []
    nparams = list(native.parameters.values())
    has_var_pos = any(p.kind is p.VAR_POSITIONAL for p in nparams)
    has_var_kw = any(p.kind is p.VAR_KEYWORD for p in nparams)
    matched: set[str] = set()
    for i, p in enumerate(spec.parameters.values()):
        if p.kind in _POSITIONAL:
            if i >= len(nparams) or nparams[i].kind not in _POSITIONAL:
                if not has_var_pos:
                    problems.append(f"positional parameter {i} ({p.name}) missing")
                continue
            q = nparams[i]
            matched.add(q.name)
            if p.kind is p.POSITIONAL_OR_KEYWORD and (q.name != p.name or q.kind is not p.kind):
                problems.append(f"parameter {i} is {q.name} ({q.kind.name}), "
                                f"want {p.name} ({p.kind.name})")
        elif p.kind is p.VAR_POSITIONAL:
            if not has_var_pos:
                problems.append(f"*{p.name} missing")
            matched.update(q.name for q in nparams if q.kind is q.VAR_POSITIONAL)
        elif p.kind is p.KEYWORD_ONLY:
            q = native.parameters.get(p.name)
            if q is None or q.kind not in (q.KEYWORD_ONLY, q.POSITIONAL_OR_KEYWORD):
                if not has_var_kw:
                    problems.append(f"keyword {p.name!r} missing")
                continue
            matched.add(q.name)
            if isinstance(p.default, bool) and (q.default is None or isinstance(q.default, bool)) \
                    and q.default != p.default:
                problems.append(f"{p.name} defaults to {q.default!r}, want {p.default!r}")
    for q in nparams:
        if q.name not in matched and q.default is q.empty and q.kind not in (
                q.VAR_POSITIONAL, q.VAR_KEYWORD):
            problems.append(f"extra required parameter {q.name!r}")
    return problems


def _lookup(module, dotted):
    obj = module
    for part in dotted.split("."):
        obj = getattr(obj, part)
    return obj


_ALL = [*MAIN, *(f"linalg.{n}" for n in LINALG), *(f"fft.{n}" for n in FFT)]


def test_every_standard_name_exists(backend):
    xp = backend.xp
    missing = [n for n in sorted(names.main_names(VERSION)) if not hasattr(xp, n)]
    missing += [f"linalg.{n}" for n in LINALG if not hasattr(xp.linalg, n)]
    missing += [f"fft.{n}" for n in FFT if not hasattr(xp.fft, n)]
    assert not missing, f"{backend.name} lacks {missing}"
    assert xp.__array_api_version__ == VERSION


def test_all_lists_the_standard(backend):
    assert set(backend.xp.__all__) == set(names.main_names(VERSION))
    assert set(backend.xp.linalg.__all__) == set(LINALG)
    assert set(backend.xp.fft.__all__) == set(FFT)


@pytest.mark.parametrize("name", [n for n in _ALL if n != "__array_namespace_info__"])
def test_signature(backend, name):
    native = _lookup(backend.xp, name)
    spec = _lookup(array_api_strict, name)
    assert callable(native), f"{name} is not callable"
    try:
        native_sig = inspect.signature(native)
    except (TypeError, ValueError):
        pytest.skip(f"{backend.name}'s native {name} is a builtin with no introspectable "
                    "signature; the differential tests call it with the standard's keywords")
    problems = signature_problems(inspect.signature(spec), native_sig)
    assert not problems, f"{name}{native_sig}: " + "; ".join(problems)


def test_info(backend):
    info = backend.xp.__array_namespace_info__()
    for method in names.INFO_METHOD_NAMES:
        assert callable(getattr(info, method)), method
    devices = info.devices()
    assert isinstance(devices, tuple) and devices, "devices() must be a non-empty tuple"
    assert info.default_device() in devices
    defaults = info.default_dtypes(device=info.default_device())
    assert set(defaults) == {"real floating", "complex floating", "integral", "indexing"}
    caps = info.capabilities()
    assert {"boolean indexing", "data-dependent shapes", "max dimensions"} <= set(caps)
    all_dtypes = info.dtypes()
    assert set(all_dtypes) <= set(names.DTYPE_ATTRIBUTE_NAMES)
    for kind in ("bool", "signed integer", "unsigned integer", "integral", "real floating",
                 "complex floating", "numeric"):
        subset = info.dtypes(kind=kind)
        assert set(subset) <= set(all_dtypes)
        assert all(backend.xp.isdtype(d, kind) for d in subset.values()), kind
    for name, dtype in all_dtypes.items():
        assert dtype == getattr(backend.xp, name)
