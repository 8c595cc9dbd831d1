"""Sphinx configuration of the xport documentation.

Build (warnings are errors, and every code example runs)::

    nox -s docs
    # or, in an environment with xport and the docs extra installed:
    sphinx-build -W --keep-going -b doctest docs docs/_build/doctest
    sphinx-build -W --keep-going -b html docs docs/_build/html

The support matrix is generated while building, from the ``_PROVENANCE`` tables
of the namespaces importable here and from ``conformance/xfails/*.txt``
(``_ext/xport_docs.py``); backends that are not installed are listed as such,
and the code examples that need them are skipped. The charts are drawn from
measurements the build takes (``_ext/xport_charts.py``; ``XPORT_DOCS_MEASUREMENTS``
chooses: ``measure``, ``off`` or a directory of recorded JSON).
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

DOCS = Path(__file__).resolve().parent
ROOT = DOCS.parent
# Document the checkout this file belongs to, installed or not.
sys.path.insert(0, str(ROOT / "src"))
sys.path.insert(0, str(DOCS / "_ext"))
# TensorFlow and JAX log to stderr on import; the build log stays readable.
os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "2")

import xport  # noqa: E402

project = "xport"
author = "The xport developers"
copyright = "The xport developers"  # noqa: A001 - Sphinx's name
release = xport.__version__
version = ".".join(release.split(".")[:2])

extensions = [
    "myst_parser",
    "sphinx.ext.autodoc",
    "sphinx.ext.doctest",
    "sphinx.ext.napoleon",
    "xport_docs",
    "xport_charts",
]

source_suffix = {".rst": "restructuredtext", ".md": "markdown"}
root_doc = "index"
exclude_patterns = ["_build", "Thumbs.db", ".DS_Store"]
myst_enable_extensions = ["colon_fence"]
myst_heading_anchors = 3

# API reference
autodoc_member_order = "bysource"
autodoc_typehints = "signature"
autodoc_type_aliases = {
    "Array": "xport.Array",
    "DType": "xport.DType",
    "Device": "xport.Device",
    "Namespace": "xport.Namespace",
}
autodoc_default_options = {"members": True, "undoc-members": False}
napoleon_google_docstring = False
napoleon_numpy_docstring = True

# Code examples: every ``>>>`` block of the pages and of the docstrings they
# pull in runs under ``sphinx-build -b doctest``. Examples that need a backend
# say ``:skipif: not HAVE["torch"]`` (and so on), so a build without it passes.
doctest_global_setup = """
import importlib.util as _importlib_util
HAVE = {name: _importlib_util.find_spec(name) is not None
        for name in ("numpy", "torch", "jax", "tensorflow", "dask", "distributed",
                     "array_api_compat")}
HAVE["xport.random"] = _importlib_util.find_spec("xport.random") is not None
"""
doctest_test_doctest_blocks = "default"
trim_doctest_flags = True

html_theme = "pydata_sphinx_theme"
html_title = f"xport {release}"
html_theme_options = {
    "navigation_with_keys": False,
    "show_toc_level": 2,
    "secondary_sidebar_items": ["page-toc"],
    "footer_start": ["copyright"],
    "footer_end": ["sphinx-version"],
}
# No left sidebar: the top bar lists every page, and the article gets the width.
html_sidebars: dict[str, list[str]] = {"**": []}
html_show_sourcelink = False
html_static_path = ["_static"]
html_css_files = ["xport.css"]
