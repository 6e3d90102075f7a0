"""The direction of the house: which package may import which, read from the source itself.

Every ``import`` in ``game/`` counts, at module level, inside functions and under
``TYPE_CHECKING`` alike: a type-only import is still a dependency a reader has to follow.

* The models below the interface (the engine, the AI, the tutorials, persistence and the match
  options) never import ``game.ui``: a save can be read, a tutorial judged and an AI run with no
  interface package at all.
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
    return [prefix] + [f"{prefix}.{alias.name}" for alias in node.names]


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
