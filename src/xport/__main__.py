"""``python -m xport``: what is installed, how much of the standard each backend
covers natively, and a self-check that runs one computation everywhere."""

from __future__ import annotations

import argparse
import importlib.metadata
import importlib.util
import sys
import traceback
from collections import Counter
from typing import Any

from . import __version__, namespace, namespace_of
from ._hooks import descriptor
from ._registry import BY_NAME, LIBRARIES
from ._selfcheck import compare, computation
from ._spec.dtypes import DTYPE_NAMES
from ._spec.names import LATEST_VERSION, SUPPORTED_VERSIONS

# Every library with an xport namespace, so that each row the report shows is
# one namespace() gives.
BACKENDS: tuple[tuple[str, str], ...] = tuple(
    (lib.package, lib.name) for lib in LIBRARIES if lib.package)


def _version(backend: str, distribution: str) -> str | None:
    if importlib.util.find_spec(backend) is None:
        return None
    for name in (distribution, *BY_NAME[backend].distributions):
        try:
            return importlib.metadata.version(name)
        except importlib.metadata.PackageNotFoundError:
            continue
    return "unknown"


def _provenance(ns: Any) -> dict[str, str]:
    table: dict[str, str] = dict(getattr(ns, "_PROVENANCE", {}))
    for sub in ("linalg", "fft"):
        for name, kind in getattr(getattr(ns, sub, None), "_PROVENANCE", {}).items():
            table[f"{sub}.{name}"] = kind
    return table


def _lacking(ns: Any) -> str:
    """What a namespace lacks beyond functions: the standard's dtypes its
    library has not, and the ``fft`` extension (MXNet has neither complex
    dtypes nor ``fft``); empty when it lacks none."""
    try:
        have = set(ns.__array_namespace_info__().dtypes())
    except Exception:  # a diagnostic: the self-check reports the failure
        return ""
    parts = []
    missing = [name for name in DTYPE_NAMES if name not in have]
    if missing:
        parts.append(f"dtypes {', '.join(missing)}")
    if "fft" not in vars(ns):
        parts.append("the fft extension")
    return "; ".join(parts)


def _load(backend: str) -> tuple[Any, str | None]:
    try:
        return namespace(backend), None
    except Exception as exc:  # report, don't crash: this is a diagnostic tool
        return None, f"{type(exc).__name__}: {exc}"


def main(argv: list[str] | None = None) -> int:
    """Print the report; return 0 when every installed backend passes the self-check."""
    # The module docstring is reST; the terminal gets it without markup.
    parser = argparse.ArgumentParser(prog="python -m xport",
                                     description=(__doc__ or "").replace("``", ""))
    parser.add_argument("--names", action="store_true",
                        help="also list the wrapped and missing names per backend")
    args = parser.parse_args(argv)

    print(f"xport {__version__}: Array API standard {LATEST_VERSION} "
          f"(api_version accepts {', '.join(SUPPORTED_VERSIONS)})")
    print(f"python {sys.version.split()[0]}\n")
    header = (f"{'backend':<12}{'version':<14}{'namespace':<18}"
              f"{'native':>7}{'wrapped':>8}{'missing':>8}")
    print(header)
    print("-" * len(header))

    loaded: dict[str, Any] = {}
    failures: list[str] = []
    details: dict[str, dict[str, str]] = {}
    for backend, distribution in BACKENDS:
        version = _version(backend, distribution)
        if version is None:
            print(f"{backend:<12}{'-':<14}not installed")
            continue
        ns, error = _load(backend)
        if ns is None:
            print(f"{backend:<12}{version:<14}unavailable: {error}")
            failures.append(backend)
            continue
        table = _provenance(ns)
        counts = Counter(table.values())
        print(f"{backend:<12}{version:<14}{ns.__name__:<18}{counts['native']:>7}"
              f"{counts['wrapped']:>8}{counts['missing']:>8}")
        details[backend] = table
        lacking = _lacking(ns)
        if lacking:
            print(f"{'':<12}{'':<14}(lacks {lacking})")
        # Libraries whose arrays need a device: without one the report lists
        # the namespace and skips its self-check.
        has_device = descriptor(ns).has_device
        if has_device is not None and not has_device():
            print(f"{'':<12}{'':<14}(no GPU: its self-check is skipped)")
            continue
        loaded[backend] = ns

    if args.names:
        for backend, table in details.items():
            for kind in ("wrapped", "missing"):
                listed = sorted(n for n, k in table.items() if k == kind)
                if listed:
                    print(f"\n{backend} {kind} ({len(listed)}): {', '.join(listed)}")

    print("\nself-check (one computation written against the standard, every backend):")
    results: dict[str, dict[str, float]] = {}
    for backend, ns in loaded.items():
        try:
            probe = ns.asarray([1.0, 2.0])
            if namespace_of(probe) is not ns:
                raise AssertionError(f"namespace_of(asarray(...)) is not {ns.__name__}")
            results[backend] = computation(ns)
        except Exception:
            print(f"  {backend:<12}FAILED")
            traceback.print_exc(limit=3)
            failures.append(backend)
    for backend, bad in compare(results).items():
        if bad:
            print(f"  {backend:<12}MISMATCH in {', '.join(bad)}")
            failures.append(backend)
        else:
            shown = ", ".join(f"{k}={v:.6g}" for k, v in list(results[backend].items())[:3])
            print(f"  {backend:<12}ok ({shown}, ...)")

    if not loaded:
        print("\nno array library installed: pip install 'xport-arrays[numpy]' (or torch, "
              "jax, tensorflow, dask)")
        return 1
    if failures:
        print(f"\nFAILED: {', '.join(dict.fromkeys(failures))}")
        return 1
    print(f"\nall checks passed ({len(loaded)} backend{'s' if len(loaded) > 1 else ''})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
