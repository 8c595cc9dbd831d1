"""pytest plugin for the official suite's runs: Hypothesis without shrinking
and without its example database.

The suite loads its own settings profile in ``pytest_configure``; this plugin
runs after it and loads a child profile that keeps those settings (examples,
seed, deadline) but only generates: no shrinking of a failure (it is reported
as drawn), and no replay of failures saved by an earlier run, so that a run
depends on its seed alone.
"""

from __future__ import annotations

import pytest
from hypothesis import Phase, settings


@pytest.hookimpl(trylast=True)
def pytest_configure(config: pytest.Config) -> None:
    settings.register_profile(
        "xport-no-shrink", parent=settings.get_profile("array-api-tests"),
        phases=[Phase.explicit, Phase.generate], database=None)
    settings.load_profile("xport-no-shrink")
