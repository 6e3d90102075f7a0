"""``python -m game rules``: list the rule profiles, or show every knob two of them set differently.

``diff`` is how a rule difference is checked before a game or a record is trusted: it prints the
same rows the rules screen shows (:func:`game.engine.profile.diff_profiles`).
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

from game.engine.profile import (
    RuleProfile,
    available_profiles,
    diff_profiles,
    load_profile,
    load_profile_file,
)


def add_arguments(parser: argparse.ArgumentParser) -> None:
    actions = parser.add_subparsers(dest="rules_action", metavar="ACTION", required=True)
    actions.add_parser("list", help="each profile id with its one-line description")
    diff = actions.add_parser("diff", help="every knob that differs between profiles A and B")
    diff.add_argument("a", metavar="A", help="a profile id (riichi, ema, taiwanese, hongkong) or a .toml file")
    diff.add_argument("b", metavar="B", help="a profile id or a .toml file")


def run(args: argparse.Namespace) -> int:
    if args.rules_action == "list":
        print(_format_list())
        return 0
    a, b = _load(args.a), _load(args.b)
    print(format_diff(a, b))
    return 0


def _load(name: str) -> RuleProfile:
    """A shipped profile by id, or a profile file when the name is a path to a ``.toml`` file."""
    if name.endswith(".toml"):
        return load_profile_file(Path(name))
    return load_profile(name)


def _format_list() -> str:
    profiles = [load_profile(pid) for pid in available_profiles()]
    width = max(len(p.id) for p in profiles)
    return "\n".join(f"{p.id:<{width}}  {p.profile.description}" for p in profiles)


_WRAP = 32  # a value column never grows past this; longer lists continue on the next lines


def format_value(value: object) -> str:
    """A knob value as it is written in a profile file (``true``, ``"all"``, ``[15, 5]``)."""
    return json.dumps(value, ensure_ascii=False)


def _value_lines(value: object) -> list[str]:
    """A value cut at list items so that it fits the column (a single item may still be longer)."""
    text = format_value(value)
    if not isinstance(value, list) or len(text) <= _WRAP:
        return [text]
    items = [format_value(v) for v in value]
    lines: list[str] = []
    line = "["
    for i, item in enumerate(items):
        piece = item + ("]" if i == len(items) - 1 else ",")
        if len(line) > 1 and len(line) + 1 + len(piece) > _WRAP:
            lines.append(line)
            line = " " + piece
        else:
            line += ("" if line in ("[", " ") else " ") + piece
    return [*lines, line]


def format_diff(a: RuleProfile, b: RuleProfile) -> str:
    """Aligned columns: knob, value in A, value in B; one line when nothing differs."""
    rows = [(key, _value_lines(va), _value_lines(vb)) for key, va, vb in diff_profiles(a, b)]
    if not rows:
        return f"{a.id} and {b.id} set every knob alike"
    table = [("knob", [a.id], [b.id]), *rows]
    key_width = max(len(key) for key, _, _ in table)
    a_width = max(len(line) for _, la, _ in table for line in la)
    out: list[str] = []
    for key, la, lb in table:
        for i in range(max(len(la), len(lb))):
            cells = (key if i == 0 else "", la[i] if i < len(la) else "", lb[i] if i < len(lb) else "")
            out.append(f"{cells[0]:<{key_width}}  {cells[1]:<{a_width}}  {cells[2]}".rstrip())
    return "\n".join(out)
