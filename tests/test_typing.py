"""The ``Namespace`` protocol: exactly the standard's names, the standard's
signatures (as array-api-strict has them), met by every installed namespace,
and useful to a type checker."""

from __future__ import annotations

import inspect
import os
import subprocess
import sys
import textwrap
import typing
from pathlib import Path

import pytest

import xport
from xport import FFTNamespace, LinalgNamespace, Namespace
from xport._spec import names
from xport._spec.dtypes import DTYPE_NAMES

VERSION = names.LATEST_VERSION
KEPT_DUNDERS = {"__array_namespace_info__", "__array_api_version__"}


def members(protocol: type) -> set[str]:
    """The names a protocol declares (methods and annotated attributes)."""
    declared = set(vars(protocol).get("__annotations__", {}))
    declared |= {n for n, v in vars(protocol).items() if inspect.isfunction(v)}
    return {n for n in declared if not n.startswith("_") or n in KEPT_DUNDERS}


def functions(protocol: type) -> dict[str, typing.Any]:
    return {n: v for n, v in vars(protocol).items()
            if inspect.isfunction(v) and (not n.startswith("_") or n in KEPT_DUNDERS)}


def test_protocols_list_exactly_the_standard():
    assert members(Namespace) == set(names.main_names(VERSION))
    assert set(functions(Namespace)) == set(names.MAIN_FUNCTION_NAMES[VERSION])
    assert members(LinalgNamespace) == set(names.LINALG_NAMES[VERSION])
    assert members(FFTNamespace) == set(names.FFT_NAMES[VERSION])


def _comparable(sig: inspect.Signature, drop_self: bool) -> list[tuple[str, str, object]]:
    params = list(sig.parameters.values())[1 if drop_self else 0:]
    out = []
    for p in params:
        default = p.default
        if default is not inspect.Parameter.empty and type(default).__name__ == "Undef":
            default = None  # array-api-strict's "not given" sentinel; the standard says None
        out.append((p.name, p.kind.name, default))
    return out


def _strict_pairs():
    strict = pytest.importorskip("array_api_strict")
    yield from ((name, fn, getattr(strict, name)) for name, fn in functions(Namespace).items())
    yield from ((f"linalg.{n}", fn, getattr(strict.linalg, n))
                for n, fn in functions(LinalgNamespace).items())
    yield from ((f"fft.{n}", fn, getattr(strict.fft, n))
                for n, fn in functions(FFTNamespace).items())


def test_signatures_match_array_api_strict():
    mismatches = []
    for name, declared, reference in _strict_pairs():
        ours = _comparable(inspect.signature(declared), drop_self=True)
        theirs = _comparable(inspect.signature(reference), drop_self=False)
        if ours != theirs:
            mismatches.append(f"{name}:\n  protocol {ours}\n  strict   {theirs}")
    assert not mismatches, "\n".join(mismatches)


def test_dispatch_functions_return_namespace():
    for fn in (xport.namespace_of, xport.namespace):
        assert typing.get_type_hints(fn)["return"] is Namespace


def _provenance(ns: typing.Any) -> dict[str, str]:
    table: dict[str, str] = dict(getattr(ns, "_PROVENANCE", {}))
    for sub in ("linalg", "fft"):
        for n, kind in getattr(getattr(ns, sub, None), "_PROVENANCE", {}).items():
            table[f"{sub}.{n}"] = kind
    return table


def test_installed_namespaces_have_every_name(backend):
    ns = backend.xp
    missing = _provenance(ns)
    absent = sorted(n for n in members(Namespace) if not hasattr(ns, n))
    absent += sorted(f"linalg.{n}" for n in members(LinalgNamespace) if not hasattr(ns.linalg, n))
    has_fft = "fft" in vars(ns)
    absent += sorted(f"fft.{n}" for n in members(FFTNamespace)
                     if not has_fft or not hasattr(ns.fft, n))
    # What a library has not at all, declared rather than marked missing: dtypes
    # its __array_namespace_info__ does not list, an fft extension it lacks (MXNet).
    lacking = set(DTYPE_NAMES) - set(ns.__array_namespace_info__().dtypes())
    unexplained = [n for n in absent if missing.get(n) != "missing" and n not in lacking
                   and (has_fft or (n != "fft" and not n.startswith("fft.")))]
    assert unexplained == [], f"{ns.__name__} lacks {unexplained} (not marked missing)"
    if not absent:
        assert isinstance(ns, Namespace)
        assert isinstance(ns.linalg, LinalgNamespace)
        assert isinstance(ns.fft, FFTNamespace)


def test_runtime_check_rejects_other_modules():
    assert not isinstance(inspect, Namespace)
    assert not isinstance(typing, LinalgNamespace)


USER_CODE = """
import xport
from xport import Array, Namespace

def softmax(x: Array) -> Array:
    xp = xport.namespace_of(x)
    e = xp.exp(x - xp.max(x, axis=-1, keepdims=True))
    return e / xp.sum(e, axis=-1, keepdims=True)

def solve(a: Array, b: Array, xp: Namespace) -> Array:
    return xp.linalg.solve(a, b)
"""

MISTAKES = {
    "xp.concatenate([x, x])": "concatenate",
    "xp.sum(x, dim=0)": "dim",
    "xp.float16": "float16",
    "xp.linalg.norm(x)": "norm",
    "xp.sort(x, -1)": "sort",
}


def test_type_checker_reads_the_protocol(tmp_path: Path):
    pytest.importorskip("mypy")
    good = tmp_path / "good.py"
    good.write_text(USER_CODE)
    bad = tmp_path / "bad.py"
    bad.write_text(USER_CODE + "\n\ndef mistakes(x: Array) -> None:\n"
                   "    xp = xport.namespace_of(x)\n"
                   + "".join(f"    {line}\n" for line in MISTAKES))
    src = Path(xport.__file__).resolve().parents[1]
    base = [sys.executable, "-m", "mypy", "--strict", "--no-incremental",
            "--cache-dir", str(tmp_path / ".mypy_cache"), "--config-file", "",
            "--follow-imports", "silent"]
    env = {**os.environ, "MYPYPATH": str(src)}
    run = subprocess.run([*base, str(good)], capture_output=True, text=True, check=False,
                         cwd=tmp_path, env=env)
    assert run.returncode == 0, run.stdout + run.stderr
    run = subprocess.run([*base, str(bad)], capture_output=True, text=True, check=False,
                         cwd=tmp_path, env=env)
    errors = [line for line in run.stdout.splitlines() if "bad.py" in line and "error" in line]
    assert len(errors) == len(MISTAKES), run.stdout
    for line, word in zip(sorted(errors, key=_line_number), MISTAKES.values(), strict=True):
        assert word in line, textwrap.shorten(run.stdout, 2000)


def _line_number(line: str) -> int:
    return int(line.split(":")[1])
