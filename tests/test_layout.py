"""The shape of the package: a backend is one folder plus its registry row.

Outside the backend folders, no code names an array library: not in an
import, not as a name it reads, not in a string it compares or looks up
(docstrings and comments may). The registry holds the one list of libraries;
``xport.convert`` bridges through NumPy by name. Extensions reach a backend
only through its descriptor, so these checks are what keep them from
growing tables keyed by library or module names again.
"""

from __future__ import annotations

import ast
import importlib.util
from pathlib import Path

import pytest

from xport._registry import LIBRARIES

SOURCE = Path(__file__).resolve().parents[1] / "src" / "xport"
BACKEND_FOLDERS = {lib.package for lib in LIBRARIES if lib.package}
# Modules allowed to name libraries: the registry, and convert's NumPy bridge.
ALLOWED = {"_registry.py", "_convert.py"}
# array-api-compat's public helpers are one per library it knows, by name.
PER_LIBRARY_FACTORIES = {"_array_check", "_namespace_check"}

LIBRARY_ROOTS = sorted(
    {lib.name for lib in LIBRARIES if lib.package or lib.external}
    | {root for lib in LIBRARIES if lib.package for root, _ in lib.array_classes}
    | {module.partition(".")[0] for lib in LIBRARIES if lib.package for module in lib.namespaces})


def _outside_backends() -> list[Path]:
    files = []
    for path in sorted(SOURCE.rglob("*.py")):
        relative = path.relative_to(SOURCE)
        if relative.parts[0] in BACKEND_FOLDERS or str(relative) in ALLOWED:
            continue
        files.append(path)
    return files


def _docstrings(tree: ast.AST) -> set[int]:
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            body = node.body
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
                found.add(id(body[0].value))
    return found


def _names_a_library(text: str) -> str | None:
    for root in LIBRARY_ROOTS:
        if text == root or text.startswith(f"{root}.") or f"xport.{root}" in text:
            return root
    return None


def _violations(path: Path, root: Path = SOURCE) -> list[str]:
    tree = ast.parse(path.read_text())
    docstrings = _docstrings(tree)
    exempt: set[int] = set()
    for node in ast.walk(tree):
        if (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
                and node.func.id in PER_LIBRARY_FACTORIES):
            exempt.update(id(arg) for arg in node.args)
    found = []
    for node in ast.walk(tree):
        where = f"{path.relative_to(root)}:{getattr(node, 'lineno', '?')}"
        if isinstance(node, ast.Import):
            found += [f"{where}: import {a.name}" for a in node.names
                      if _names_a_library(a.name)]
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            if _names_a_library(node.module):
                found.append(f"{where}: from {node.module} import ...")
        elif isinstance(node, ast.ImportFrom) and node.level > 0 and node.module:
            if node.module.partition(".")[0] in BACKEND_FOLDERS:
                found.append(f"{where}: from {'.' * node.level}{node.module} import ...")
        elif isinstance(node, ast.Name) and node.id in LIBRARY_ROOTS:
            found.append(f"{where}: reads {node.id}")
        elif (isinstance(node, ast.Constant) and isinstance(node.value, str)
              and id(node) not in docstrings and id(node) not in exempt
              and _names_a_library(node.value)):
            found.append(f"{where}: the string {node.value!r}")
    return found


def test_library_names_stay_in_the_backend_folders_and_the_registry() -> None:
    violations = [v for path in _outside_backends() for v in _violations(path)]
    assert not violations, "library named outside its backend folder:\n" + "\n".join(violations)


def test_the_check_sees_what_it_looks_for(tmp_path: Path) -> None:
    probe = tmp_path / "probe.py"
    probe.write_text('"""torch in a docstring is fine."""\nimport torch\n'
                     'ROUTES = {"xport.jax": 1}\nx = jax.numpy\n')
    found = _violations(probe, tmp_path)
    assert [v.split(": ", 1)[1] for v in found] == [
        "import torch", "the string 'xport.jax'", "reads jax"]


def test_each_backend_folder_describes_itself() -> None:
    for package in sorted(BACKEND_FOLDERS):
        source = (SOURCE / package / "_backend.py").read_text()
        assert "BACKEND = Backend(" in source, package
        assert "__xport_backend__ = " in (SOURCE / package / "__init__.py").read_text(), package


def test_no_import_cycles() -> None:
    if importlib.util.find_spec("grimp") is None:
        pytest.skip("grimp (import-linter's graph) is installed with the dev extra")
    import grimp

    graph = grimp.build_graph("xport", exclude_type_checking_imports=True)
    cycles = []
    for module in sorted(graph.modules):
        for imported in graph.find_modules_directly_imported_by(module):
            if graph.chain_exists(importer=imported, imported=module):
                cycles.append(f"{module} <-> {imported}")
    assert not cycles, "import cycles:\n" + "\n".join(cycles)
