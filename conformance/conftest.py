"""Fixtures of the offline conformance suite: one parametrisation per backend."""

from __future__ import annotations

import os

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


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    if "backend" in metafunc.fixturenames:
        metafunc.parametrize("backend", _BACKENDS, ids=[b.name for b in _BACKENDS])


@pytest.fixture(scope="session")
def ref():
    return reference()
