"""The direction of the house: which package may import which, read from the source itself.

Every ``import`` in ``game/`` counts, at module level, inside functions and under
``TYPE_CHECKING`` alike: a type-only import is still a dependency a reader has to follow.

* The models below the interface (the engine, the AI, the tutorials, persistence and the match
  options) never import ``game.ui``: a save can be read, a tutorial judged and an AI run with no
  interface package at all.
* Inside the engine no module imports another that imports it back, even by way of others (an
  import circle), and only the public face (``game/engine/__init__.py``) imports the flow
  (``game.engine.match``): the state, the rules and the scoring are below it, and everything
  else, the engine's own log and invariant tools included, goes through ``game.engine``.
"""

from __future__ import annotations

import ast
from functools import cache
from pathlib import Path

GAME = Path(__file__).resolve().parent.parent / "game"

BELOW_THE_UI = ("game.engine", "game.ai", "game.tutorial", "game.persist", "game.match_options")


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(GAME.parent).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _resolve(module: str, is_package: bool, node: ast.ImportFrom) -> list[str]:
    """The absolute names an ``from ... import ...`` brings in (a name may be a submodule)."""
    if node.level:
        base = module.split(".") if is_package else module.split(".")[:-1]
        base = base[: len(base) - (node.level - 1)]
        prefix = ".".join(base + ([node.module] if node.module else []))
    else:
        prefix = node.module or ""
    members = [f"{prefix}.{alias.name}" for alias in node.names]
    return members if node.module is None else [prefix, *members]  # ``from . import x``: x only


@cache
def import_graph() -> dict[str, frozenset[str]]:
    """Each module of ``game`` and the ``game.*`` names it imports (modules and their members)."""
    graph: dict[str, frozenset[str]] = {}
    for path in sorted(GAME.rglob("*.py")):
        module = _module_name(path)
        tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
        names: set[str] = set()
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                names.update(alias.name for alias in node.names)
            elif isinstance(node, ast.ImportFrom):
                names.update(_resolve(module, path.name == "__init__.py", node))
        graph[module] = frozenset(n for n in names if n == "game" or n.startswith("game."))
    return graph


def _within(name: str, package: str) -> bool:
    return name == package or name.startswith(package + ".")


def test_the_graph_sees_the_packages() -> None:
    graph = import_graph()
    assert len(graph) > 100
    assert any(_within(n, "game.engine") for n in graph["game.persist.saves"])


def test_models_below_the_interface_never_import_it() -> None:
    bad = sorted(
        f"{module} imports {name}"
        for module, names in import_graph().items()
        if any(_within(module, low) for low in BELOW_THE_UI)
        for name in names
        if _within(name, "game.ui")
    )
    assert not bad, "\n".join(bad)


def _modules_within(package: str) -> dict[str, set[str]]:
    """The import graph restricted to one package, edges to its modules (a member's module)."""
    graph = import_graph()
    inside = {m for m in graph if _within(m, package)}
    edges: dict[str, set[str]] = {}
    for module in inside:
        targets = set()
        for name in graph[module]:
            while name and name not in inside:
                name = name.rpartition(".")[0]
            if name and name != module:
                targets.add(name)
        edges[module] = targets
    return edges


def _cycle(edges: dict[str, set[str]]) -> list[str]:
    """One import circle, as the modules along it (empty: none)."""
    state: dict[str, int] = {}
    path: list[str] = []

    def visit(node: str) -> list[str]:
        state[node] = 1
        path.append(node)
        for nxt in sorted(edges[node] & edges.keys()):
            if state.get(nxt) == 1:
                return path[path.index(nxt):] + [nxt]
            if nxt not in state:
                found = visit(nxt)
                if found:
                    return found
        path.pop()
        state[node] = 2
        return []

    for node in sorted(edges):
        if node not in state:
            found = visit(node)
            if found:
                return found
    return []


def test_the_engine_has_no_import_circle() -> None:
    edges = _modules_within("game.engine")
    assert "game.engine.rules.calls" in edges
    # the public face imports everything; the tools that import it back sit outside its closure
    face = edges.pop("game.engine")
    circle = _cycle(edges)
    assert not circle, " -> ".join(circle)
    below = set(face)
    for module in list(below):
        below |= edges.get(module, set())
    users_of_face = sorted(m for m, targets in edges.items() if "game.engine" in targets and m in below)
    assert not users_of_face, f"imported by the public face yet importing it: {users_of_face}"


def test_only_the_public_face_imports_the_flow() -> None:
    bad = sorted(
        module
        for module, names in import_graph().items()
        if module != "game.engine" and any(_within(n, "game.engine.match") for n in names)
    )
    assert not bad, f"import Match from game.engine instead: {bad}"
