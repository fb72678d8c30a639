"""The layout's rules, read from the source: no import circle in the engine or the UI
(imports made only for type checking, or inside a function, count too), and only the
shell touches the browser (``js``, ``pyodide``, ``pyscript``).

Each rule is checked on the real tree, and on a small made-up tree that breaks it, so
a checker that could never fail would fail here."""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PACKAGES = (ROOT / "engine" / "phase10", ROOT / "web" / "ui")
# The UI modules that carry a message's effects out on the page; every other module of
# web/ui is pure Python that CPython tests run as they are (docs/architecture.md).
SHELL = frozenset({"ui.app", "ui.platform", "ui.pwa", "ui.sound"})
BROWSER = ("js", "pyodide", "pyscript")

Graph = dict[str, set[str]]


def _modules(package: Path) -> dict[str, Path]:
    """The package's modules by dotted name."""
    found = {}
    for path in sorted(package.rglob("*.py")):
        parts = path.relative_to(package.parent).with_suffix("").parts
        found[".".join(parts).removesuffix(".__init__")] = path
    return found


def _imported(name: str, path: Path) -> Iterator[str]:
    """Every module name an import statement anywhere in the file may load."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Import):
            yield from (alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.rsplit(".", node.level - 1)[0] if node.level > 1 else package
                target = f"{base}.{node.module}" if node.module else base
            else:
                target = node.module or ""
            yield target
            yield from (f"{target}.{alias.name}" for alias in node.names)


def import_graph(package: Path) -> Graph:
    """Which of the package's modules each of its modules imports. ``from . import x``
    is an import of ``x``; the parent package a module sits in is not counted (every
    module loads it first: a circle through it would be every package's)."""
    modules = _modules(package)
    graph: Graph = {name: set() for name in modules}
    for name, path in modules.items():
        for target in _imported(name, path):
            if target in modules and target != name and not name.startswith(f"{target}."):
                graph[name].add(target)
    return graph


def circles(graph: Graph) -> list[list[str]]:
    """The strongly connected groups of more than one module (Tarjan's algorithm)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        for target in sorted(graph[node]):
            if target not in index:
                visit(target)
                low[node] = min(low[node], low[target])
            elif target in stack:
                low[node] = min(low[node], index[target])
        if low[node] == index[node]:
            group = []
            while True:
                member = stack.pop()
                group.append(member)
                if member == node:
                    break
            if len(group) > 1:
                found.append(sorted(group))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return found


def browser_users(package: Path) -> set[str]:
    """The package's modules that import the browser's modules."""
    return {
        name
        for name, path in _modules(package).items()
        if any(target.split(".")[0] in BROWSER for target in _imported(name, path))
    }


@pytest.mark.parametrize("package", PACKAGES, ids=lambda package: package.name)
def test_no_import_circle(package: Path) -> None:
    assert circles(import_graph(package)) == []


def test_only_the_shell_touches_the_browser() -> None:
    assert browser_users(ROOT / "engine" / "phase10") == set()
    assert browser_users(ROOT / "web" / "ui") <= SHELL


def _tree(tmp_path: Path, files: dict[str, str]) -> Path:
    package = tmp_path / "ui"
    for name, text in {"__init__.py": "", **files}.items():
        (package / name).parent.mkdir(parents=True, exist_ok=True)
        (package / name).write_text(text)
    return package


def test_a_circle_closed_only_for_type_checking_is_found(tmp_path: Path) -> None:
    package = _tree(
        tmp_path,
        {
            "state.py": (
                "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from .keeping import Restore\n"
            ),
            "keeping.py": "from .state import Ui\n",
            "html.py": "from . import state\n",
        },
    )
    assert circles(import_graph(package)) == [["ui.keeping", "ui.state"]]


def test_a_module_outside_the_shell_that_imports_the_browser_is_found(tmp_path: Path) -> None:
    package = _tree(
        tmp_path, {"app.py": "import js\n", "table.py": "def f():\n    from pyodide.ffi import to_js\n"}
    )
    assert browser_users(package) == {"ui.app", "ui.table"}
