"""Fixtures of the offline conformance suite: one parametrisation per backend."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings

from conformance._backends import available, reference

settings.register_profile(
    "ci",
    max_examples=int(os.environ.get("XPORT_MAX_EXAMPLES", "25")),
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much,
                           HealthCheck.data_too_large],
)
settings.register_profile(
    "thorough",
    max_examples=int(os.environ.get("XPORT_MAX_EXAMPLES", "300")),
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much,
                           HealthCheck.data_too_large],
)
settings.load_profile(os.environ.get("XPORT_HYPOTHESIS_PROFILE", "ci"))

_BACKENDS = available()


_XFAILS = Path(__file__).resolve().parent / "xfails"


def _offline_xfails(backend: str) -> dict[str, str]:
    """The offline-suite entries (``conformance/...``) of ``xfails/<backend>.txt``:
    test id -> reason. The official-suite entries there are run_official.py's."""
    path = _XFAILS / f"{backend}.txt"
    found: dict[str, str] = {}
    if path.exists():
        for line in path.read_text().splitlines():
            test_id, sep, reason = line.strip().rpartition("  # ")
            if sep and test_id.startswith("conformance/"):
                found[test_id.strip()] = reason.strip()
    return found


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    xfails: dict[str, str] = {}
    for b in _BACKENDS:
        xfails.update(_offline_xfails(b.name))
    for item in items:
        reason = xfails.get(item.nodeid)
        if reason is not None:
            item.add_marker(pytest.mark.xfail(reason=reason, strict=False))


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    if "backend" in metafunc.fixturenames:
        metafunc.parametrize("backend", _BACKENDS, ids=[b.name for b in _BACKENDS])


@pytest.fixture(scope="session")
def ref():
    return reference()
