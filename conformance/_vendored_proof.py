"""pytest plugin: prove which compat a consumer's test process really used.

``_vendored_run.py`` loads it (``-p _vendored_proof``) in both modes. At session
end every process (xdist workers included) appends one JSON line to
``VENDORED_PROOF_FILE``: where the vendored compat package (``VENDORED_COMPAT``,
e.g. ``scipy._lib.array_api_compat``) was imported from, whether it is the one
expected (``VENDORED_EXPECT``: ``xport``, recognised by its ``namespace_of``, or
stock ``array_api_compat``), and whether any module named ``xport`` was imported
(a vendored copy must not need one).
"""

from __future__ import annotations

import json
import os
import sys

import pytest


def pytest_sessionfinish(session: pytest.Session) -> None:
    path = os.environ.get("VENDORED_PROOF_FILE")
    if not path:
        return
    compat = sys.modules.get(os.environ["VENDORED_COMPAT"])
    expected = None
    if compat is not None:
        is_xport = hasattr(compat, "namespace_of")
        expected = is_xport == (os.environ.get("VENDORED_EXPECT") == "xport")
    record = {"pid": os.getpid(), "compat_file": getattr(compat, "__file__", None),
              "compat_is_expected": expected,
              "xport_imported": any(name == "xport" or name.startswith("xport.")
                                    for name in sys.modules)}
    with open(path, "a", encoding="utf-8") as stream:
        stream.write(json.dumps(record) + "\n")
