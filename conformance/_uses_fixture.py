"""pytest plugin: keep only the tests that use one fixture (``SELECT_FIXTURE``).

SciPy parametrizes its array-API tests by the ``xp`` fixture (one id per backend);
``run_scipy.py`` sets ``SELECT_FIXTURE=xp`` so that a run over the whole installed
package selects exactly those tests, whatever modules this SciPy has. Without the
variable the plugin selects everything.
"""

from __future__ import annotations

import os

import pytest


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    fixture = os.environ.get("SELECT_FIXTURE")
    if not fixture:
        return
    keep, drop = [], []
    for item in items:
        (keep if fixture in getattr(item, "fixturenames", ()) else drop).append(item)
    if drop:
        config.hook.pytest_deselected(items=drop)
    items[:] = keep
