"""The layout's rules, read from the source: no import circle in the engine or the UI
(imports made only for type checking, or inside a function, count too); only the
shell touches the browser (``js``, ``pyodide``, ``pyscript``); and the UI's folders
import downwards only, in the layers ``web/ui/__init__.py`` names, with no circle
between its rooms.

Each rule is checked on the real tree, and on a small made-up tree that breaks it, so
a checker that could never fail would fail here."""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PACKAGES = (ROOT / "engine" / "phase10", ROOT / "web" / "ui")
# The UI's folder that carries a message's effects out on the page; every other module
# of web/ui is pure Python that CPython tests run as they are (docs/architecture.md).
SHELL = "ui.shell"
BROWSER = ("js", "pyodide", "pyodide_js", "pyscript")  # pyodide_js: Pyodide's JavaScript API

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


def in_folder(name: str, folder: str) -> bool:
    return name == folder or name.startswith(f"{folder}.")


# The UI's layers, lowest first: a module imports only from its own layer or a lower
# one. The kit knows nothing of the app; the model (the types every room names) knows
# only the kit; the rooms know the model and each other (with no circle between them);
# the loop routes to every room; the shell carries it all out on the page.
KIT = ("ui.kit",)
MODEL = ("ui.state", "ui.taps", "ui.effects", "ui.records")
ROOMS = ("ui.table", "ui.setup", "ui.pad", "ui.results", "ui.saves", "ui.net")
LOOP = ("ui.update", "ui.controller", "ui.navigation", "ui.screens", "ui.menus")
LAYERS = (KIT, MODEL, ROOMS, LOOP, (SHELL,))


def place(name: str) -> tuple[int, str]:
    """A UI module's layer, and the folder (or top-level module) it belongs to."""
    for depth, layer in enumerate(LAYERS):
        for folder in layer:
            if in_folder(name, folder):
                return depth, folder
    raise LookupError(f"{name} is in no layer of tests/test_architecture.py: give it one")


def upward_imports(graph: Graph) -> list[str]:
    """Every import of a module in a higher layer than the importer's."""
    return [
        f"{name} imports {target}"
        for name in sorted(graph)
        if name != "ui"
        for target in sorted(graph[name])
        if place(target)[0] > place(name)[0]
    ]


def room_graph(graph: Graph) -> Graph:
    """Which rooms each room imports from."""
    rooms: Graph = {room: set() for room in ROOMS}
    for name, targets in graph.items():
        if name == "ui" or place(name)[0] != LAYERS.index(ROOMS):
            continue
        for target in targets:
            if place(target)[0] == LAYERS.index(ROOMS) and place(target)[1] != place(name)[1]:
                rooms[place(name)[1]].add(place(target)[1])
    return rooms


@pytest.mark.parametrize("package", PACKAGES, ids=lambda package: package.name)
def test_no_import_circle(package: Path) -> None:
    assert circles(import_graph(package)) == []


def test_only_the_shell_touches_the_browser() -> None:
    assert browser_users(ROOT / "engine" / "phase10") == set()
    assert {name for name in browser_users(ROOT / "web" / "ui") if not in_folder(name, SHELL)} == set()


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


def test_the_ui_imports_downwards_only_and_its_rooms_make_no_circle() -> None:
    graph = import_graph(ROOT / "web" / "ui")
    assert upward_imports(graph) == []
    assert circles(room_graph(graph)) == []


def test_an_upward_import_and_a_circle_of_rooms_are_found(tmp_path: Path) -> None:
    package = _tree(
        tmp_path,
        {
            "state.py": "from .kit.html import escape\n",
            "kit/__init__.py": "",
            "kit/html.py": "from ..state import Ui\n",
            "table/__init__.py": "",
            "table/play.py": "from ..saves.storage import Saves\n",
            "saves/__init__.py": "",
            "saves/storage.py": "def f():\n    from ..table.play import resume\n",
        },
    )
    graph = import_graph(package)
    assert upward_imports(graph) == ["ui.kit.html imports ui.state"]
    assert circles(room_graph(graph)) == [["ui.saves", "ui.table"]]
    with pytest.raises(LookupError, match=r"ui\.stray"):
        place("ui.stray")


# Where docs/architecture.md's paths are looked for, in this order; a bare file name
# may be anywhere in the source tree. app.css is the build's, joined from the parts.
DOC_ROOTS = ("", "web", "web/ui", "engine/phase10", "engine", "tests", "docs")
BUILT = frozenset(
    {"app.css", "pyodide.asm.js", "pyodide.asm.mjs"}
)  # files build.py makes or copies into dist/


def _named_files(doc: str) -> set[str]:
    """The files a document names in code spans: ``a/b.py``, ``x.css``, or a folder's
    module with what it holds (``table/play._discard``, read as ``table/play.py``)."""
    names = set()
    for span in re.findall(r"`([^`\s]+)`", doc):
        if re.fullmatch(r"[\w./*-]+\.(py|css|js|mjs|json|md|toml)", span):
            names.add(span)
        elif re.fullmatch(r"[a-z_]+(/[a-z_]+)+\.\w+", span):
            names.add(span.split(".")[0] + ".py")
    return names


def _exists(name: str, root: Path) -> bool:
    if "/" not in name:
        return name in BUILT or any(
            "node_modules" not in path.parts and ".venv" not in path.parts for path in root.rglob(name)
        )
    return any(list((root / base).glob(name)) for base in DOC_ROOTS)


def missing_files(doc: str, root: Path) -> list[str]:
    return sorted(name for name in _named_files(doc) if not _exists(name, root))


def test_every_file_the_architecture_names_exists() -> None:
    doc = (ROOT / "docs" / "architecture.md").read_text(encoding="utf-8")
    assert len(_named_files(doc)) > 40
    assert missing_files(doc, ROOT) == []


def test_a_file_the_architecture_names_that_is_gone_is_found() -> None:
    doc = "`table/play._discard`, `ui/table/gone.py`, `kit/messages/*.json`, `table_model.py`"
    assert missing_files(doc, ROOT) == ["table_model.py", "ui/table/gone.py"]
