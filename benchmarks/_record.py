"""Measurements as data: where, when and with what a benchmark ran, and its rows
written as JSON (``--json PATH`` of the benchmark scripts), which the docs build
draws its charts from."""

from __future__ import annotations

import datetime
import importlib.metadata
import json
import os
import platform
from pathlib import Path
from typing import Any

# Distributions whose versions a measurement records, where installed.
DISTRIBUTIONS = ("numpy", "torch", "jax", "jaxlib", "tensorflow", "dask", "array-api-compat",
                 "xport-arrays")


def _cpu_model() -> str:
    try:
        for line in Path("/proc/cpuinfo").read_text(encoding="utf-8").splitlines():
            if line.startswith("model name"):
                return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or "unknown CPU"


def environment() -> dict[str, Any]:
    """The date, machine and library versions of this run."""
    versions = {}
    for dist in DISTRIBUTIONS:
        try:
            versions[dist] = importlib.metadata.version(dist)
        except importlib.metadata.PackageNotFoundError:
            continue
    return {
        "date": datetime.datetime.now(datetime.UTC).strftime("%Y-%m-%d %H:%M UTC"),
        "machine": f"{platform.system()} {platform.machine()}",
        "cpu": _cpu_model(),
        "cpus": os.cpu_count(),
        "python": platform.python_version(),
        "versions": versions,
    }


def write_json(path: str, benchmark: str, settings: dict[str, Any],
               sections: dict[str, list[dict[str, object]]]) -> None:
    """Write ``sections`` (name -> rows) with the environment to ``path``."""
    record = {"benchmark": benchmark, "environment": environment(), "settings": settings,
              "sections": sections}
    Path(path).write_text(json.dumps(record, indent=1) + "\n", encoding="utf-8")
