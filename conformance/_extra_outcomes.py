"""pytest plugin: one outcome per test id, as the terminal summary counts them.

``conformance/run_extra.py`` loads it (``-p _extra_outcomes``) in both modes and
points ``EXTRA_OUTCOMES_FILE`` at a JSON file. JUnit XML cannot tell an XPASS
from a pass; this keeps pytest's own categories (``passed``, ``failed``,
``skipped``, ``xfailed``, ``xpassed``, ``error``) with a one-line message, and
records collection errors under the collected node's id. Under xdist only the
controller writes (it sees every worker's reports).
"""

from __future__ import annotations

import json
import os
from typing import Any

import pytest

_outcomes: dict[str, dict[str, Any]] = {}


def _message(report: pytest.CollectReport | pytest.TestReport) -> str:
    longrepr = report.longrepr
    if longrepr is None:
        return ""
    crash = None
    if isinstance(longrepr, tuple):  # a skip: (path, line, reason)
        text = str(longrepr[2])
    else:
        crash = getattr(longrepr, "reprcrash", None)
        text = crash.message if crash is not None else str(longrepr)
    if getattr(report, "wasxfail", ""):
        text = f"{text} [xfail reason: {report.wasxfail}]" if text else report.wasxfail
    lines = []
    for raw in text.strip().splitlines():
        if set(raw.strip()) == {"-"}:  # JAX's "----" before its traceback-filtering note
            break
        if raw.strip():
            lines.append(raw.strip())
    # A collection error's text is a traceback: its last "E   " line is the error.
    errors = [line[1:].strip() for line in lines if line.startswith("E ")]
    # Otherwise the first lines ("Regex pattern did not match. | Expected regex: ...").
    line = errors[-1] if crash is None and errors else " | ".join(lines[:3])
    return line if len(line) <= 400 else line[:397] + "..."


def _record(nodeid: str, category: str, report: pytest.CollectReport | pytest.TestReport,
            when: str) -> None:
    previous = _outcomes.get(nodeid)
    # A failed teardown after a pass (or any error) wins over the call's outcome.
    if previous is not None and previous["outcome"] in ("failed", "error") \
            and category not in ("failed", "error"):
        return
    _outcomes[nodeid] = {"outcome": category, "when": when, "message": _message(report),
                         "duration": round(getattr(report, "duration", 0.0), 4)}


@pytest.hookimpl(trylast=True)
def pytest_runtest_logreport(report: pytest.TestReport) -> None:
    config = _config
    if config is None:
        return
    category = config.hook.pytest_report_teststatus(report=report, config=config)[0]
    if not category:  # a passed setup or teardown
        return
    if category == "error" or (report.failed and report.when != "call"):
        category = "error"
    elif report.failed and str(report.longrepr).startswith("[XPASS(strict)]"):
        # An expected failure that passed: under xfail_strict pytest calls it a
        # failure, but it is the test passing (a limit of compat that xport lifts).
        category = "xpassed"
    _record(report.nodeid, category, report, report.when)


def pytest_collectreport(report: pytest.CollectReport) -> None:
    if report.failed:
        _record(report.nodeid, "error", report, "collect")


_config: pytest.Config | None = None


def pytest_configure(config: pytest.Config) -> None:
    global _config  # noqa: PLW0603
    _config = config


def pytest_sessionfinish(session: pytest.Session) -> None:
    path = os.environ.get("EXTRA_OUTCOMES_FILE")
    if not path or hasattr(session.config, "workerinput"):
        return
    with open(path, "w", encoding="utf-8") as stream:
        json.dump(dict(sorted(_outcomes.items())), stream, indent=0)
        stream.write("\n")
