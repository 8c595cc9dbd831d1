"""Every code example of README.md and the docs runs as written.

README.md: its ``python`` blocks run in order in one namespace, and its ``pycon``
blocks are doctests in that namespace (their printed output is checked). A block
that needs a library that is not installed is skipped with the rest of the file.

docs/: Sphinx runs the pages' ``{doctest}`` and ``{testcode}`` blocks (``sphinx-build
-b doctest``, in CI). A plain ``python`` block is code of a user's package (it
imports relative to it), which Sphinx cannot run: each is run here as a module
of a throwaway package with xport vendored at ``_vendor/xport``, as the vendoring
recipe of docs/library-authors.md does it. Any other plain ``python`` block is an
error: it would never run.
"""

from __future__ import annotations

import doctest
import importlib
import re
import shutil
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest

import xport

ROOT = Path(__file__).resolve().parents[1]
DOCS = sorted((ROOT / "docs").glob("*.md"))
# Libraries whose absence skips an example rather than failing it.
OPTIONAL = {"numpy", "torch", "jax", "tensorflow", "dask", "distributed", "array_api_compat",
            "array_api_strict"}
RELATIVE_IMPORT = re.compile(r"^\s*from \.", re.MULTILINE)


@dataclass(frozen=True)
class Block:
    language: str
    code: str
    line: int  # of the opening fence, 1-based


def fenced_blocks(path: Path) -> list[Block]:
    """The ``python`` and ``pycon`` blocks of a Markdown file, fences at any
    indentation, in order."""
    blocks = []
    lines = path.read_text(encoding="utf-8").splitlines()
    i = 0
    while i < len(lines):
        opening = re.match(r"^(\s*)(`{3,}|~{3,})(\w*)\s*$", lines[i])
        if opening is None:
            i += 1
            continue
        indent, fence, language = opening.groups()
        end = i + 1
        while end < len(lines) and lines[end].strip() != fence:
            end += 1
        if language in {"python", "pycon"}:
            body = [line.removeprefix(indent) for line in lines[i + 1:end]]
            blocks.append(Block(language, "\n".join(body) + "\n", i + 1))
        i = end + 1
    return blocks


def _skip_if_optional(exc: ModuleNotFoundError, where: str) -> None:
    missing = (exc.name or "").split(".")[0]
    if missing in OPTIONAL:
        pytest.skip(f"{where} needs {missing}, which is not installed")


def test_readme_examples_run() -> None:
    namespace: dict[str, object] = {"__name__": "readme"}
    runner = doctest.DocTestRunner(
        optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    parser = doctest.DocTestParser()
    blocks = fenced_blocks(ROOT / "README.md")
    assert any(b.language == "pycon" for b in blocks)
    for block in blocks:
        where = f"README.md:{block.line}"
        if block.language == "python":
            try:
                exec(compile(block.code, where, "exec"), namespace)
            except ModuleNotFoundError as exc:
                _skip_if_optional(exc, where)
                raise
            continue
        test = parser.get_doctest(block.code, namespace, where, "README.md", block.line)
        output: list[str] = []
        result = runner.run(test, out=output.append, clear_globs=False)
        if result.failed:
            report = "".join(output)
            missing = re.search(r"ModuleNotFoundError: No module named '(\w+)", report)
            if missing and missing.group(1) in OPTIONAL:
                pytest.skip(f"{where} needs {missing.group(1)}, which is not installed")
            pytest.fail(f"{where}: {result.failed} example(s) failed\n{report}")


def _docs_python_blocks() -> list[tuple[Path, Block]]:
    return [(page, b) for page in DOCS for b in fenced_blocks(page) if b.language == "python"]


def test_docs_plain_python_blocks_are_package_code() -> None:
    stray = [f"{page.name}:{b.line}" for page, b in _docs_python_blocks()
             if not RELATIVE_IMPORT.search(b.code)]
    assert not stray, (f"these docs examples are plain python blocks, which no build runs: "
                       f"{stray}; make them {{testcode}} or {{doctest}} blocks")


@pytest.mark.parametrize(("page", "block"), [
    pytest.param(page, b, id=f"{page.name}:{b.line}") for page, b in _docs_python_blocks()
    if RELATIVE_IMPORT.search(b.code)])
def test_docs_package_code_runs_vendored(page: Path, block: Block, tmp_path: Path,
                                         monkeypatch: pytest.MonkeyPatch) -> None:
    package = tmp_path / "mypkg"
    shutil.copytree(Path(xport.__file__).parent, package / "_vendor" / "xport",
                    ignore=shutil.ignore_patterns("__pycache__"))
    (package / "__init__.py").write_text("")
    (package / "_vendor" / "__init__.py").write_text("")
    (package / "example.py").write_text(block.code, encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    try:
        module = importlib.import_module("mypkg.example")
        vendored = sys.modules["mypkg._vendor.xport"]
        assert module.xport is vendored
        assert vendored is not xport
    finally:
        for name in [n for n in sys.modules if n == "mypkg" or n.startswith("mypkg.")]:
            del sys.modules[name]
