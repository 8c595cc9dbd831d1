"""Charts of measured data, drawn by the docs build (matplotlib, inline SVG).

``xport-chart:: NAME`` draws one chart into an HTML page, with a caption saying
when, on what machine and with which library versions its data was measured:

``dispatch``
    ``xport.namespace_of`` beside array-api-compat's ``array_namespace``, per
    backend, for one array, three arrays, and an array with two Python scalars.
``helpers``
    xport's copies of array-api-compat's helpers beside compat's own.
``overhead``
    Per backend and mode, the geometric mean over the standard functions of
    ``benchmarks/cases.py`` of the time relative to the library's own call,
    through xport and through array-api-compat, on small arrays.
``random``
    ``xport.random.normal`` throughput per route beside each library's generator.
``checked``
    What checked mode adds to a call, per backend (``benchmarks/bench_checked.py``).
``support``
    Per backend, how many of the standard's functions are native, wrapped or
    missing (no measurement: the namespaces' ``_PROVENANCE`` tables).

The data comes from the benchmark scripts run with ``--json`` (``benchmarks/``).
``XPORT_DOCS_MEASUREMENTS`` says where: unset or ``measure`` (the default) runs
them once per build, about two and a half minutes, so the charts show the code being
built on the machine building it; a directory uses the ``overhead.json``,
``random.json`` and ``checked.json`` recorded there (say, on a quiet machine); ``off`` draws no
measured chart, for a quick local build. Measuring happens when a page with a
chart is read, so an incremental build keeps the last measurement (``-E``
measures afresh); the data is copied beside the HTML pages (``_measurements/``).
Other builders ignore the charts (raw HTML).
"""

from __future__ import annotations

import html
import io
import json
import os
import re
import shutil
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import xport_docs
from docutils import nodes
from sphinx.application import Sphinx
from sphinx.util import logging
from sphinx.util.docutils import SphinxDirective

logger = logging.getLogger(__name__)
ROOT = Path(__file__).resolve().parents[2]
# benchmark name -> the command that measures it (``--json PATH`` is appended).
BENCHMARKS = {
    "overhead": ["-m", "benchmarks.bench_overhead", "--small-only"],
    "random": ["-m", "benchmarks.bench_random", "--n", "1e6"],
    "checked": ["-m", "benchmarks.bench_checked"],
}
CHART_DATA = {"dispatch": "overhead", "helpers": "overhead", "overhead": "overhead",
              "random": "random", "checked": "checked", "support": None}
# Okabe-Ito colours: distinguishable with every common colour-vision deficiency.
COLOURS = {"xport": "#0072B2", "compat": "#E69F00", "compiled": "#56B4E9", "native": "#009E73",
           "wrapped": "#E69F00", "missing": "#D55E00"}
BACKEND_COLOURS = {"numpy": "#0072B2", "torch": "#D55E00", "jax": "#009E73",
                   "tensorflow": "#E69F00", "dask": "#CC79A7"}
MEASURED_DIR = "_measurements"

_measured: dict[str, dict[str, Any] | None] = {}


def _source() -> str:
    return os.environ.get("XPORT_DOCS_MEASUREMENTS", "measure").strip() or "measure"


def _measure(name: str, workdir: Path) -> dict[str, Any] | None:
    path = workdir / f"{name}.json"
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(ROOT), str(ROOT / "src")]),
               TF_CPP_MIN_LOG_LEVEL="2")
    logger.info("measuring for the charts: %s (benchmarks/)", name)
    done = subprocess.run([sys.executable, *BENCHMARKS[name], "--json", str(path)], cwd=ROOT,
                          env=env, capture_output=True, text=True, timeout=1800, check=False)
    if done.returncode != 0 or not path.exists():
        logger.warning("the %s benchmark failed (exit status %s), so its charts are missing:\n%s",
                       name, done.returncode, done.stderr[-3000:])
        return None
    data: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return data


def measurement(app: Sphinx, name: str) -> dict[str, Any] | None:
    """The recorded data of benchmark ``name``, measured once per build."""
    if name not in _measured:
        source = _source()
        if source == "off":
            _measured[name] = None
        elif source == "measure":
            workdir = Path(app.doctreedir) / "xport-measurements"
            workdir.mkdir(parents=True, exist_ok=True)
            _measured[name] = _measure(name, workdir)
        else:
            path = Path(source) / f"{name}.json"
            if not path.exists():
                logger.warning("XPORT_DOCS_MEASUREMENTS=%s has no %s.json", source, name)
                _measured[name] = None
            else:
                _measured[name] = json.loads(path.read_text(encoding="utf-8"))
    return _measured[name]


def provenance(data: dict[str, Any], script: str) -> str:
    """The caption line saying when, where and with what ``data`` was measured."""
    env = data["environment"]
    versions = ", ".join(f"{k} {v}" for k, v in env["versions"].items())
    return (f"Measured {env['date']} by benchmarks/{script} on {env['machine']}, "
            f"{env['cpus']} CPUs ({env['cpu']}), Python {env['python']}; {versions}. "
            "Best of repeated runs, the compared calls timed interleaved.")


# -- drawing ----------------------------------------------------------------------------------

def _figure(width: float, height: float) -> tuple[Any, Any]:
    import matplotlib as mpl

    mpl.use("Agg")
    import matplotlib.pyplot as plt

    plt.rcParams.update({"svg.fonttype": "none", "font.size": 9, "axes.spines.top": False,
                         "axes.spines.right": False})
    return plt, plt.figure(figsize=(width, height))


def _svg(plt: Any, fig: Any) -> str:
    buffer = io.StringIO()
    fig.savefig(buffer, format="svg", bbox_inches="tight", facecolor="white")
    plt.close(fig)
    svg = buffer.getvalue()
    svg = svg[svg.index("<svg"):]
    # Scale with the column instead of a fixed size in points.
    return re.sub(r'<svg([^>]*?) width="[^"]*" height="[^"]*"',
                  r'<svg\1 class="xport-chart-svg" preserveAspectRatio="xMinYMin meet"', svg,
                  count=1)


def _label(backend: str) -> str:
    return xport_docs.LABELS.get(backend, backend)


def _grouped_bars(ax: Any, labels: list[str], series: dict[str, list[float | None]],
                  unit: str) -> None:
    """Horizontal bars, one group per label, one bar per series (None: no bar)."""
    count = len(series)
    height = 0.8 / count
    for i, (name, values) in enumerate(series.items()):
        ys = [row + (i - (count - 1) / 2) * height for row in range(len(labels))]
        shown = [(y, v) for y, v in zip(ys, values, strict=True) if v is not None]
        if not shown:
            continue
        bars = ax.barh([y for y, _ in shown], [v for _, v in shown], height=height * 0.95,
                       label=name, color=COLOURS.get(name.split(" ")[0], None))
        ax.bar_label(bars, fmt="%.2f", padding=2, fontsize=8)
    ax.set_yticks(range(len(labels)), labels)
    ax.invert_yaxis()
    ax.set_xlabel(unit)
    ax.axvline(0, color="black", linewidth=0.6)
    ax.margins(x=0.18)


def _legend_above(ax: Any) -> None:
    """The legend in one row above the axes, where it cannot cover a bar or its label."""
    ax.legend(loc="lower left", bbox_to_anchor=(0.0, 1.0), ncol=4, frameon=False,
              borderaxespad=0.3)


def draw_dispatch(data: dict[str, Any]) -> str:
    rows = data["sections"]["dispatch"]
    labels = [f"{_label(r['backend'])}, namespace_of({r['arrays']})" for r in rows]
    plt, fig = _figure(6.5, 0.45 * len(rows) + 1)
    ax = fig.add_subplot()
    _grouped_bars(ax, labels, {"xport.namespace_of": [r["xport"] for r in rows],
                               "compat array_namespace": [r["compat"] for r in rows]},
                  "microseconds per call (less is better)")
    _legend_above(ax)
    return _svg(plt, fig)


def draw_helpers(data: dict[str, Any]) -> str:
    rows = data["sections"]["helpers"]
    backends = list(dict.fromkeys(r["backend"] for r in rows if r["compat"] is not None))
    helpers = list(dict.fromkeys(r["helper"] for r in rows))
    times = {(r["backend"], r["helper"]): r for r in rows}
    plt, fig = _figure(7.5, 0.17 * len(helpers) * len(backends) * 2 + 1)
    ax = fig.add_subplot()
    labels, series = [], {"xport": [], "compat": []}  # type: ignore[var-annotated]
    for helper in helpers:
        for backend in backends:
            row = times.get((backend, helper))
            labels.append(f"{helper}, {_label(backend)}")
            series["xport"].append(row["xport"] if row else None)
            series["compat"].append(row["compat"] if row else None)
    _grouped_bars(ax, labels, series, "microseconds per call (less is better)")
    _legend_above(ax)
    return _svg(plt, fig)


def draw_overhead(data: dict[str, Any]) -> str:
    rows = [r for r in data["sections"]["summary"] if r["shape"] == "8"]
    labels = [f"{_label(r['backend'])}, {r['mode']}" for r in rows]
    plt, fig = _figure(7.0, 0.42 * len(rows) + 1.2)
    ax = fig.add_subplot()
    _grouped_bars(ax, labels, {"xport": [r["xport/native"] for r in rows],
                               "compat": [r["compat/native"] for r in rows]},
                  "time relative to the native call, geometric mean over "
                  f"{rows[0]['ops'] if rows else 0} standard functions (1 = native)")
    ax.axvline(1.0, color="black", linewidth=0.8, linestyle=":")
    ax.set_xlim(left=0.0)
    _legend_above(ax)
    ax.set_title("shape (8,): what the Python layer costs where kernels are smallest",
                 fontsize=9, loc="left", pad=24)
    return _svg(plt, fig)


def draw_random(data: dict[str, Any]) -> str:
    rows = data["sections"]["normal"]
    labels = [f"{_label(r['backend'])}: {r['route']}" for r in rows]
    plt, fig = _figure(6.5, 0.32 * len(rows) + 1)
    ax = fig.add_subplot()
    values = [r["M/s"] for r in rows]
    colours = [COLOURS["native"] if r["route"] == "native" else COLOURS["xport"] for r in rows]
    bars = ax.barh(range(len(rows)), values, color=colours, height=0.7)
    ax.bar_label(bars, labels=[f"{v:.0f} ({r['vs native']:.2f}x)" for v, r in
                               zip(values, rows, strict=True)], padding=2, fontsize=8)
    ax.set_yticks(range(len(rows)), labels)
    ax.invert_yaxis()
    ax.margins(x=0.22)
    n = data["settings"]["n"]
    ax.set_xlabel(f"million float32 normals per second, {n:,} per call (more is better; "
                  "in brackets: x the library's own generator)")
    return _svg(plt, fig)


def draw_checked(data: dict[str, Any]) -> str:
    rows = data["sections"]["calls"]
    calls = list(dict.fromkeys(r["call"] for r in rows))
    backends = list(dict.fromkeys(r["backend"] for r in rows))
    added = {(r["backend"], r["call"]): r["added_us"] for r in rows}
    plt, fig = _figure(7.5, 0.16 * len(calls) * len(backends) + 1)
    ax = fig.add_subplot()
    height = 0.8 / len(backends)
    for i, backend in enumerate(backends):
        ys = [row + (i - (len(backends) - 1) / 2) * height for row in range(len(calls))]
        bars = ax.barh(ys, [added.get((backend, c), 0.0) for c in calls], height=height * 0.95,
                       label=_label(backend), color=BACKEND_COLOURS.get(backend))
        ax.bar_label(bars, fmt="%.1f", padding=2, fontsize=7)
    ax.set_yticks(range(len(calls)), calls)
    ax.invert_yaxis()
    ax.margins(x=0.12)
    ax.set_xlabel("microseconds the checks add per call, arrays of shape (8, 8)")
    ax.legend(loc="upper left", bbox_to_anchor=(1.0, 1.0), frameon=False)
    return _svg(plt, fig)


def draw_support(_: dict[str, Any] | None) -> str:
    shown = [b for b in xport_docs.backends() if b.version is not None and not b.error]
    functions = [name for name, _ in xport_docs.standard_functions()]
    counts = {kind: [sum(b.provenance.get(f, "missing") == kind for f in functions)
                     for b in shown] for kind in xport_docs.KINDS}
    plt, fig = _figure(6.5, 0.4 * len(shown) + 1)
    ax = fig.add_subplot()
    left = [0] * len(shown)
    for kind in xport_docs.KINDS:
        bars = ax.barh([f"{b.label} {b.version}" for b in shown], counts[kind], left=left,
                       color=COLOURS[kind], label=kind, height=0.6)
        ax.bar_label(bars, labels=[str(c) if c else "" for c in counts[kind]],
                     label_type="center", fontsize=7, color="white")
        left = [a + c for a, c in zip(left, counts[kind], strict=True)]
    ax.invert_yaxis()
    ax.set_xlabel(f"functions of the standard (of {len(functions)}, linalg and fft included)")
    ax.legend(loc="lower center", bbox_to_anchor=(0.5, 1.0), ncol=3, frameon=False)
    return _svg(plt, fig)


DRAW: dict[str, Callable[[dict[str, Any]], str]] = {
    "dispatch": draw_dispatch, "helpers": draw_helpers, "overhead": draw_overhead,
    "random": draw_random, "checked": draw_checked}
SCRIPTS = {"overhead": "bench_overhead.py", "random": "bench_random.py",
           "checked": "bench_checked.py"}


class Chart(SphinxDirective):
    """``xport-chart:: NAME``: an inline SVG chart with its provenance."""

    required_arguments = 1

    def run(self) -> list[nodes.Node]:
        name = self.arguments[0]
        if name not in CHART_DATA:
            raise self.error(f"unknown chart {name!r}; known: {', '.join(CHART_DATA)}")
        benchmark = CHART_DATA[name]
        if benchmark is None:
            svg = draw_support(None)
            caption = ("From the namespaces' _PROVENANCE tables of the libraries installed "
                       "when these docs were built.")
        else:
            data = measurement(self.env.app, benchmark)
            if data is None:
                return [nodes.paragraph(text=f"(The {name} chart is drawn from measurements, "
                                             "which this build did not take.)")]
            svg = DRAW[name](data)
            caption = (html.escape(provenance(data, SCRIPTS[benchmark]))
                       + f' <a href="{MEASURED_DIR}/{benchmark}.json">The data</a>.')
        figure = (f'<figure class="xport-chart">{svg}'
                  f"<figcaption>{caption}</figcaption></figure>")
        return [nodes.raw("", figure, format="html")]


def _copy_measurements(app: Sphinx, exception: Exception | None) -> None:
    """Put the data the charts were drawn from beside the pages. The charts may
    come from doctrees pickled by an earlier builder of this build (doctest, then
    html), so the data is read from where it was measured or recorded."""
    if exception is not None or app.builder.format != "html":
        return
    source = _source()
    if source == "off":
        return
    folder = Path(app.doctreedir) / "xport-measurements" if source == "measure" else Path(source)
    target = Path(app.outdir) / MEASURED_DIR
    for name in BENCHMARKS:
        if (folder / f"{name}.json").exists():
            target.mkdir(exist_ok=True)
            shutil.copyfile(folder / f"{name}.json", target / f"{name}.json")


def setup(app: Sphinx) -> dict[str, Any]:
    app.add_directive("xport-chart", Chart)
    app.connect("build-finished", _copy_measurements)
    return {"version": "1", "parallel_read_safe": False, "parallel_write_safe": True}

