"""Shared fixtures: ``backend`` parametrises a test over every installed backend
(the same selection as the conformance suite, ``XPORT_BACKENDS`` included)."""

from __future__ import annotations

import os

import pytest
from conformance._backends import available

_BACKENDS = available()


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    if "backend" in metafunc.fixturenames:
        metafunc.parametrize("backend", _BACKENDS, ids=[b.name for b in _BACKENDS])


# xport.random compiles eager PyTorch draws once they have taken two seconds
# (seconds of compiling per sampler): the tests of that route set it themselves,
# the others draw eagerly, the same numbers at a steady pace.
os.environ.setdefault("XPORT_RANDOM_COMPILE", "never")
