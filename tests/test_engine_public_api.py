"""The engine's public face: ``game.engine`` names its API in ``__all__``, and nothing outside the
engine reaches behind it for a private name (a ``_helper`` of a module, a ``_method`` of a class).

A private name may change with any refactor; a caller that needs one is asking for an API (that is
how ``Match.why_illegal`` and ``Match.copy`` came to be public).
"""

from __future__ import annotations

import ast
from functools import cache
from pathlib import Path

import game.engine

ROOT = Path(__file__).resolve().parent.parent
ENGINE = ROOT / "game" / "engine"
OUTSIDE = [p for p in sorted((ROOT / "game").rglob("*.py")) if ENGINE not in p.parents] + sorted(
    (ROOT / "tests").glob("*.py")
)
# the shanten tables' own white-box test reads their private layout and builder; this file checks
# the face's lazy table against __all__
WHITE_BOX_TESTS = {ROOT / "tests" / "test_shanten.py", Path(__file__).resolve()}


def _private(name: str) -> bool:
    return name.startswith("_") and not name.startswith("__")


@cache
def engine_private_members() -> frozenset[str]:
    """Private methods and attributes defined by the engine's classes, and its modules' private
    top-level names."""
    names: set[str] = set()
    for path in ENGINE.rglob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, (ast.FunctionDef, ast.ClassDef)) and _private(node.name):
                names.add(node.name)
            elif isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id == "self":
                if _private(node.attr) and isinstance(node.ctx, ast.Store):
                    names.add(node.attr)
            elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name) and _private(node.target.id):
                names.add(node.target.id)
            elif isinstance(node, ast.Assign):
                names.update(t.id for t in node.targets if isinstance(t, ast.Name) and _private(t.id))
    return frozenset(names)


def test_the_public_face_lists_its_api() -> None:
    assert sorted(game.engine.__all__) == game.engine.__all__, "keep __all__ sorted"
    for name in game.engine.__all__:
        assert hasattr(game.engine, name), name
    for name in ("Match", "Action", "ActionKind", "Observation", "Record", "replay", "load_profile", "Win",
                 "IllegalActionError", "RecordError"):
        assert name in game.engine.__all__, name
    assert callable(game.engine.Match.why_illegal) and callable(game.engine.Match.copy)


def test_nothing_outside_the_engine_uses_a_private_engine_name() -> None:
    private = engine_private_members()
    assert "_refusal" in private and "_preferred_order" in private  # the scan sees the engine
    bad: list[str] = []
    for path in OUTSIDE:
        if path in WHITE_BOX_TESTS:
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        where = path.relative_to(ROOT)
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("game.engine"):
                if any(_private(part) for part in (node.module or "").split(".")):
                    bad.append(f"{where}:{node.lineno} imports the private module {node.module}")
                bad += [f"{where}:{node.lineno} imports {node.module}.{a.name}" for a in node.names if _private(a.name)]
            elif isinstance(node, ast.Attribute) and node.attr in private:
                owner = node.value
                if isinstance(owner, ast.Name) and owner.id in ("self", "cls"):
                    continue  # the class's own member (a name the engine happens to use too)
                bad.append(f"{where}:{node.lineno} reads .{node.attr}")
    assert not bad, "\n".join(bad)


def test_nothing_outside_the_engine_branches_on_a_scoring_model() -> None:
    """The unit of a hand's value (``RuleProfile.unit``) and the profile's plain knobs (whether
    the scores start from 0, whether placings earn uma) say what the UI, the AI and the exports
    need; a ``score.model`` read outside the engine is a list a new rulebook would have to join."""
    from game.engine.profile import SCORE_UNITS

    found = []
    for path in OUTSIDE:
        if path.parent.name == "tests":
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            model = isinstance(node, ast.Attribute) and node.attr == "model" and (
                isinstance(node.value, ast.Attribute) and node.value.attr == "score")
            named = isinstance(node, ast.Constant) and node.value in SCORE_UNITS
            if model or named:
                found.append(f"{path.relative_to(ROOT)}:{node.lineno}")
    assert not found, f"outside the engine, a branch on the scoring model: {found}"


def test_the_face_loads_each_name_on_first_use() -> None:
    """The title reads profiles and errors without paying for the flow and the rules: importing
    them leaves ``game.engine.match`` unloaded until a name from it is asked for."""
    import subprocess
    import sys

    code = """
import sys
import game.engine.errors, game.engine.profile, game.engine.tiles
import game.ui.menus.run  # what the title needs
assert "game.engine.match" not in sys.modules and "game.engine.shanten" not in sys.modules
from game.engine import Match, load_profile
assert "game.engine.match" in sys.modules and Match.__module__ == "game.engine.match"
print("ok")
"""
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=False)
    assert done.stdout.strip().endswith("ok"), done.stderr  # after pygame's greeting


def test_every_public_name_comes_from_the_module_the_face_names() -> None:
    """``__all__``, the lazy table and the modules agree: each public name resolves, from its home."""
    homes = game.engine._HOMES
    assert set(homes) == set(game.engine.__all__)
    for name, home in homes.items():
        value = getattr(game.engine, name)
        module = __import__(f"game.engine.{home}", fromlist=[name])
        assert getattr(module, name) is value, name
