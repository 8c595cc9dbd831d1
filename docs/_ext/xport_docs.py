"""Sphinx directives that generate parts of the xport docs from the code, so they
cannot drift from it.

``xport-support-summary``
    One row per backend xport has a namespace for: the library version
    installed at build time, and how many of the standard's functions the
    namespace binds natively, wraps, or lacks (its ``_PROVENANCE`` tables,
    ``linalg`` and ``fft`` included), and the number of known official-suite
    failures (``conformance/xfails/<backend>.txt``).
``xport-support-matrix``
    One row per function of the standard, one column per backend: ``native``,
    ``wrapped`` or ``missing``.
``xport-xfails``
    Per backend, the official-suite tests expected to fail, grouped by the
    reason each line of the xfail file gives.
``xport-if-importable:: module``
    Its content only when ``module`` can be imported (optional parts of the
    package, such as an extension still being written).

Pages may also list optional documents in a toctree as ``?name``: the entry
is kept when ``name.md`` or ``name.rst`` exists and dropped otherwise.

Backends whose library is not installed at build time are listed as such.
"""

from __future__ import annotations

import importlib
import importlib.metadata
import importlib.util
import re
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from types import ModuleType
from typing import Any

from docutils import nodes
from sphinx.application import Sphinx
from sphinx.util import logging
from sphinx.util.docutils import SphinxDirective
from sphinx.util.nodes import nested_parse_with_titles

logger = logging.getLogger(__name__)
ROOT = Path(__file__).resolve().parents[2]
XFAILS = ROOT / "conformance" / "xfails"
# Display order; any other namespace package xport gains is appended.
ORDER = ("numpy", "torch", "jax", "tensorflow", "dask", "cupy", "mxnet")
LABELS = {"numpy": "NumPy", "torch": "PyTorch", "jax": "JAX", "tensorflow": "TensorFlow",
          "dask": "Dask", "cupy": "CuPy", "mxnet": "MXNet"}
DISTRIBUTIONS = {"tensorflow": ("tensorflow", "tensorflow-cpu", "tf-nightly")}
KINDS = ("native", "wrapped", "missing")


@dataclass
class Backend:
    name: str
    version: str | None = None  # None: not installed
    provenance: dict[str, str] = field(default_factory=dict)
    error: str | None = None

    @property
    def label(self) -> str:
        return LABELS.get(self.name, self.name)


def _library_version(name: str) -> str | None:
    if importlib.util.find_spec(name) is None:
        return None
    for dist in DISTRIBUTIONS.get(name, (name,)):
        try:
            return importlib.metadata.version(dist)
        except importlib.metadata.PackageNotFoundError:
            continue
    return "unknown"


def provenance_of(ns: ModuleType) -> dict[str, str]:
    """The namespace's ``_PROVENANCE`` with ``linalg.*`` and ``fft.*`` added."""
    table: dict[str, str] = dict(getattr(ns, "_PROVENANCE", {}))
    for sub in ("linalg", "fft"):
        for name, kind in getattr(getattr(ns, sub, None), "_PROVENANCE", {}).items():
            table[f"{sub}.{name}"] = kind
    return table


_BACKENDS: list[Backend] | None = None


def backends() -> list[Backend]:
    """Every backend xport has a namespace package for, loaded where installed
    (once per build)."""
    global _BACKENDS  # noqa: PLW0603 - a per-process cache
    if _BACKENDS is None:
        from xport._dispatch import NAMESPACE_PACKAGES

        names = [b for b in ORDER if b in NAMESPACE_PACKAGES]
        names += sorted(set(NAMESPACE_PACKAGES) - set(ORDER))
        found = []
        for name in names:
            backend = Backend(name, _library_version(name))
            if backend.version is not None:
                try:
                    ns = importlib.import_module(f"xport.{name}")
                except Exception as exc:  # reported in the docs (and as a warning)
                    backend.error = f"{type(exc).__name__}: {exc}"
                else:
                    backend.provenance = provenance_of(ns)
            found.append(backend)
        _BACKENDS = found
    return _BACKENDS


def standard_functions() -> list[tuple[str, str]]:
    """(name, the standard version that added it) for every function of the
    latest standard, ``linalg.*`` and ``fft.*`` included."""
    from xport._spec import names

    rows: list[tuple[str, str]] = []
    for prefix, table in (("", names.MAIN_FUNCTION_NAMES), ("linalg.", names.LINALG_NAMES),
                          ("fft.", names.FFT_NAMES)):
        seen: frozenset[str] = frozenset()
        added: dict[str, str] = {}
        for version in names.SUPPORTED_VERSIONS:
            for name in table[version] - seen:
                added[name] = version
            seen = table[version]
        rows += [(prefix + name, added[name]) for name in sorted(added)]
    return rows


@dataclass
class XfailEntry:
    test_id: str
    reason: str


def read_xfails(path: Path) -> list[XfailEntry]:
    """The entries of an xfail file: ``<test id>  # <reason>`` per line; blank
    lines and lines starting with ``#`` are comments."""
    entries = []
    for raw in path.read_text(encoding="utf-8").splitlines():
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        test_id, sep, reason = line.rpartition("  # ")
        if not sep:
            test_id, reason = line, "(no reason given)"
        entries.append(XfailEntry(test_id.strip(), reason.strip()))
    return entries


def xfail_files() -> dict[str, Path]:
    return {p.stem: p for p in sorted(XFAILS.glob("*.txt"))} if XFAILS.is_dir() else {}


# -- docutils helpers -------------------------------------------------------------------------

def _cell(content: str | nodes.Node) -> nodes.entry:
    if isinstance(content, nodes.entry):
        return content
    entry = nodes.entry()
    if isinstance(content, nodes.Node):
        entry += content
    else:
        entry += nodes.paragraph(text=content)
    return entry


def table(headers: Sequence[str], rows: Iterable[Sequence[str | nodes.Node]],
          widths: Sequence[int] | None = None, classes: Sequence[str] = ()) -> nodes.table:
    """A docutils table (no reST parsing, so any text is safe in a cell)."""
    tab = nodes.table(classes=["xport-table", *classes])
    group = nodes.tgroup(cols=len(headers))
    tab += group
    for width in widths or [1] * len(headers):
        group += nodes.colspec(colwidth=width)
    head = nodes.thead()
    row = nodes.row()
    for header in headers:
        row += _cell(header)
    head += row
    group += head
    body = nodes.tbody()
    for values in rows:
        row = nodes.row()
        for value in values:
            row += _cell(value)
        body += row
    group += body
    return tab


def _literal(text: str) -> nodes.paragraph:
    para = nodes.paragraph()
    para += nodes.literal(text=text)
    return para


class _Directive(SphinxDirective):
    def note_sources(self) -> None:
        for path in xfail_files().values():
            self.env.note_dependency(str(path))

    def warn_broken(self) -> None:
        for backend in backends():
            if backend.error:
                logger.warning(
                    "xport.%s is installed but does not import: %s", backend.name,
                    backend.error, location=self.get_location())


class SupportSummary(_Directive):
    """Per backend: version, native / wrapped / missing counts, xfail entries."""

    def run(self) -> list[nodes.Node]:
        self.note_sources()
        self.warn_broken()
        xfails = xfail_files()
        total = len(standard_functions())
        rows: list[list[str | nodes.Node]] = []
        for backend in backends():
            known = str(len(read_xfails(xfails[backend.name]))) if backend.name in xfails else "-"
            if backend.version is None:
                rows.append([backend.label, "not installed at build time", "", "", "", known])
                continue
            if backend.error:
                rows.append([backend.label, backend.version, "import failed", "", "", known])
                continue
            counts = Counter(backend.provenance.get(name, "missing")
                             for name, _ in standard_functions())
            rows.append([backend.label, backend.version, *(str(counts[k]) for k in KINDS),
                         known])
        headers = ["backend", "library version", "native", "wrapped", "missing",
                   "official-suite xfails"]
        caption = nodes.paragraph(
            text=f"Counts are out of the standard's {total} functions "
                 "(linalg and fft included).")
        return [table(headers, rows, widths=[3, 4, 2, 2, 2, 3]), caption]


def _kind_cell(kind: str) -> nodes.entry:
    """A matrix cell coloured by its kind (``xport-native`` etc. in xport.css)."""
    entry = nodes.entry(classes=[f"xport-{kind}"])
    entry += nodes.paragraph(text=kind)
    return entry


class SupportMatrix(_Directive):
    """Per standard function and backend: native / wrapped / missing."""

    def run(self) -> list[nodes.Node]:
        self.warn_broken()
        shown = [b for b in backends() if b.version is not None and not b.error]
        absent = [b.label for b in backends() if b.version is None]
        rows: list[list[str | nodes.Node]] = []
        for name, since in standard_functions():
            rows.append([_literal(name), since,
                         *(_kind_cell(b.provenance.get(name, "missing")) for b in shown)])
        result: list[nodes.Node] = []
        if absent:
            result.append(nodes.paragraph(
                text="Not installed when these docs were built, so not shown: "
                     + ", ".join(absent) + "."))
        result.append(table(["name", "since", *(b.label for b in shown)], rows,
                            widths=[4, 2, *([2] * len(shown))],
                            classes=["xport-support-matrix"]))
        return result


class Xfails(_Directive):
    """The xfail files, grouped by reason."""

    def run(self) -> list[nodes.Node]:
        self.note_sources()
        files = xfail_files()
        if not files:
            return [nodes.paragraph(text="No xfail files were found at build time.")]
        result: list[nodes.Node] = []
        for backend, path in sorted(files.items(), key=lambda kv: (*ORDER, kv[0]).index(kv[0])):
            entries = read_xfails(path)
            by_reason: dict[str, list[str]] = {}
            for entry in entries:
                by_reason.setdefault(entry.reason, []).append(entry.test_id)
            label = LABELS.get(backend, backend)
            result.append(nodes.rubric(
                text=f"xport.{backend} ({label}): {len(entries)} expected failures, "
                     f"{len(by_reason)} reasons"))
            rows: list[list[str | nodes.Node]] = []
            for reason, ids in by_reason.items():
                tests = nodes.bullet_list()
                for test_id in ids:
                    item = nodes.list_item()
                    item += _literal(test_id.removeprefix("array_api_tests/"))
                    tests += item
                rows.append([reason, str(len(ids)), tests])
            result.append(table(["reason", "tests", "test ids (array_api_tests/...)"], rows,
                                widths=[5, 1, 8], classes=["xport-xfails"]))
        return result


class IfImportable(SphinxDirective):
    """The directive's content, parsed only when its module can be imported."""

    required_arguments = 1
    has_content = True

    def run(self) -> list[nodes.Node]:
        try:
            found = importlib.util.find_spec(self.arguments[0]) is not None
        except ImportError:
            found = False
        if not found:
            return []
        container = nodes.container()
        nested_parse_with_titles(self.state, self.content, container, self.content_offset)
        return list(container.children)


def _optional_toctree_entries(app: Sphinx, docname: str, source: list[str]) -> None:
    """``?name`` lines of the root document: keep ``name`` when its document
    exists, drop the line if not."""
    if docname != app.config.root_doc:
        return
    lines = source[0].split("\n")
    changed = False
    for i, line in enumerate(lines):
        stripped = line.strip()
        if stripped.startswith("?") and " " not in stripped:
            target = stripped[1:]
            exists = any((Path(app.srcdir) / f"{target}{suffix}").exists()
                         for suffix in (".md", ".rst"))
            lines[i] = line.replace(stripped, target) if exists else ""
            changed = True
    if changed:
        source[0] = "\n".join(lines)


_ALIAS_REPR = re.compile(r"TypeAliasForwardRef\('([^']+)'\)")


def _tidy_alias_names(app: Sphinx, what: str, name: str, obj: object, options: object,  # noqa: PLR0917 - the event's signature
                      signature: str | None, return_annotation: str | None
                      ) -> tuple[str | None, str | None]:
    """Show ``xport.Array | complex`` where Sphinx prints a type alias inside a union
    as ``TypeAliasForwardRef('xport.Array') | complex``."""
    def tidy(text: str | None) -> str | None:
        return None if text is None else _ALIAS_REPR.sub(r"\1", text)

    return tidy(signature), tidy(return_annotation)


def setup(app: Sphinx) -> dict[str, Any]:
    app.add_directive("xport-support-summary", SupportSummary)
    app.add_directive("xport-support-matrix", SupportMatrix)
    app.add_directive("xport-xfails", Xfails)
    app.add_directive("xport-if-importable", IfImportable)
    app.connect("source-read", _optional_toctree_entries)
    app.connect("autodoc-process-signature", _tidy_alias_names)
    return {"version": "1", "parallel_read_safe": True, "parallel_write_safe": True}
