"""The catalogs hold exactly the keys the code uses: none missing, none unused.

The keys are extracted from the code, as a gettext extractor would, with one addition: a key the
code builds at run time (``t(f"settings.value.{v}")``, ``PREFIX + rule``) is enumerated from where
its parts come from. Its pattern is found in the code; the values come either from the same module's
string literals (``title.{key}`` with ``key`` from the screen's own list) or from the game's data
named in :data:`FAMILIES` (the settings' choices, the engine's abort kinds, the yaku the scorer
reports...). A new way of building keys that neither covers makes this test fail and say where.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Callable, Iterable
from functools import cache
from pathlib import Path

from game import i18n

GAME = Path(i18n.__file__).resolve().parents[1]
KEY = re.compile(r"^[a-z][a-z0-9_]*(\.[a-z0-9_\-]+)+$")
ASKING = {"t", "tn", "has", "Notice", "translate"}  # functions whose first key argument is a catalog key


def catalog_keys() -> set[str]:
    return set(i18n.template())


@cache
def modules() -> dict[Path, ast.Module]:
    return {path: ast.parse(path.read_text(encoding="utf-8")) for path in sorted(GAME.rglob("*.py"))}


def _strings(tree: ast.AST) -> set[str]:
    return {n.value for n in ast.walk(tree) if isinstance(n, ast.Constant) and isinstance(n.value, str)}


def _literals(tree: ast.AST) -> set[str]:
    """The string and whole-number literals of a module, as strings (``base_{fu}`` with 25, 30)."""
    return _strings(tree) | {str(n.value) for n in ast.walk(tree)
                             if isinstance(n, ast.Constant) and type(n.value) is int}


def _pattern(node: ast.JoinedStr) -> str | None:
    """``f"settings.value.{v}"`` -> ``settings\\.value\\.(.+)``; None when it does not start like a key."""
    parts: list[str] = []
    for value in node.values:
        if isinstance(value, ast.Constant) and isinstance(value.value, str):
            parts.append(re.escape(value.value))
        else:
            parts.append("(.+)")
    if not node.values or not isinstance(node.values[0], ast.Constant):
        return None
    head = str(node.values[0].value)
    if not re.match(r"^[a-z][a-z0-9_]*\.", head):
        return None
    return "".join(parts)


def built_patterns() -> dict[str, set[Path]]:
    """Every key pattern the code builds, with the modules building it: f-strings that start like a
    catalog key, and ``PREFIX + part`` from a constant ending in a dot."""
    keys = catalog_keys()
    found: dict[str, set[Path]] = {}
    for path, tree in modules().items():
        for node in ast.walk(tree):
            pattern = None
            if isinstance(node, ast.JoinedStr):
                pattern = _pattern(node)
            elif (isinstance(node, ast.Constant) and isinstance(node.value, str) and node.value.endswith(".")
                  and KEY.match(node.value[:-1]) and any(k.startswith(node.value) for k in keys)):
                pattern = re.escape(node.value) + "(.+)"
            if pattern is not None and any(re.fullmatch(pattern, k) for k in keys):
                found.setdefault(pattern, set()).add(path)
    return found


def asked_literals() -> dict[str, Path]:
    """``t("title.quit")``-style keys written out in the code: each must be in the catalogs."""
    asked: dict[str, Path] = {}
    for path, tree in modules().items():
        for node in ast.walk(tree):
            if not isinstance(node, ast.Call):
                continue
            name = node.func.id if isinstance(node.func, ast.Name) else getattr(node.func, "attr", "")
            if name not in ASKING:
                continue
            args = node.args[1:] if name == "translate" else node.args
            if args and isinstance(args[0], ast.Constant) and isinstance(args[0].value, str) and KEY.match(args[0].value):
                asked[args[0].value] = path
    return asked


# --- the families of keys built from the game's data ---------------------------------------------


def _settings_values() -> Iterable[str]:
    from game.persist.settings import CHOICES

    return (f"settings.value.{v}" for name in ("tile_style", "animation_speed", "terminology") for v in CHOICES[name])


def _settings_names() -> Iterable[str]:
    from game.persist.settings import FIELDS
    from game.ui.menus.settings_screen import COLUMNS

    sections = [section for column in COLUMNS for section, _ in column]
    return (f"settings.{n}" for n in (*FIELDS, *sections))


def _profiles() -> Iterable[str]:
    from game.engine.profile import available_profiles

    return (f"profile.{p}.{part}" for p in available_profiles() for part in ("name", "short", "description"))


def _tile_names() -> Iterable[str]:
    from game.engine.tiles import FLOWER_KIND_BASE, HONOR_BASE, kind_name

    return (f"tile.{kind_name(k).lower()}" for k in range(HONOR_BASE, FLOWER_KIND_BASE + 8))


def _yaku() -> Iterable[str]:
    """Every row a win's value can hold: the engine's one table of row ids (game/engine/rows.py)."""
    from game.engine.rows import ROW_IDS

    return (f"yaku.{row}" for rows in ROW_IDS.values() for row in rows)


def _limits() -> Iterable[str]:
    """The limit names the scorer gives, asked of it over every han, fu and yakuman count under
    every rulebook (several yakuman are ``limit.multiple_yakuman``, a literal)."""
    import re as regex

    from game.engine.profile import available_profiles, load_profile
    from game.engine.scoring import basic_points
    from game.ui.table.words import slug

    names = {basic_points(han, fu, yakuman, load_profile(p).score)[1]
             for p in available_profiles() for han in range(1, 20) for fu in (20, 25, 30, 40, 70, 110)
             for yakuman in range(3)}
    names.add("limit")  # a fan rulebook's limit hand (game/engine/hongkong.py: WinValue.limit)
    return (f"limit.{slug(name)}" for name in names if name and not regex.fullmatch(r"\d+x yakuman", name))


def _engine_strings(first_arg_of: str) -> set[str]:
    """The literal first arguments of every ``first_arg_of(...)`` call in the engine."""
    out: set[str] = set()
    for path, tree in modules().items():
        if "engine" not in path.parts:
            continue
        for node in ast.walk(tree):
            if (isinstance(node, ast.Call) and getattr(node.func, "id", getattr(node.func, "attr", "")) == first_arg_of
                    and node.args and isinstance(node.args[0], ast.Constant)):
                out.add(str(node.args[0].value))
    return out


def _refusals() -> Iterable[str]:
    from test_tutorial_refusals import engine_rules

    from game.engine.rows import Unit

    keys = catalog_keys()  # a refusal worded for a rulebook's unit is asked for only where it is
    worded = (f"tutorial.refusal.{rule}.{unit.value}" for rule in engine_rules() for unit in Unit)
    return (*(f"tutorial.refusal.{rule}" for rule in engine_rules()), *(k for k in worded if k in keys))


def _penalty_offences() -> Iterable[str]:
    from game.engine.rules.penalties import FALSE_CALL, FALSE_WIN

    return (f"tutorial.penalty.{o}" for o in (FALSE_WIN, FALSE_CALL))


def _ai_reasons() -> Iterable[str]:
    """``reason("fold_safe", ...)`` in the AI, and ``reason(action.kind.value)`` for the calls."""
    from game.engine.actions import ActionKind

    calls = (k.value for k in ActionKind if k.is_claim and k is not ActionKind.RON and k is not ActionKind.PASS)
    held = {c for c in _constants_in("ai") if c.startswith("why_")}  # a reason id kept in an attribute
    said = {k for name in _aliases_in("ai", "reason") for k in _calls_in("ai", name)}
    return (f"ai.reason.{k}" for k in (*_calls_in("ai", "reason"), *said, *calls, *held))


def _aliases_in(folder: str, function: str) -> set[str]:
    """Names bound to ``function`` under ``game/<folder>`` (``say = reason if explain else _no_words``:
    hard's claim words are made only when asked, under another name)."""
    out: set[str] = set()
    for path, tree in modules().items():
        if folder not in path.relative_to(GAME).parts[:1]:
            continue
        for node in ast.walk(tree):
            if not isinstance(node, ast.Assign):
                continue
            value = node.value
            sides = (value.body, value.orelse) if isinstance(value, ast.IfExp) else (value,)
            if any(getattr(side, "id", None) == function for side in sides):
                out |= {t.id for t in node.targets if isinstance(t, ast.Name)}
    return out


def _ai_hints() -> Iterable[str]:
    """The coach's hints: the imperative form of an AI reason, where the catalogs word one
    (game/ui/reasons.advice)."""
    keys = catalog_keys()
    return (k for k in (r.replace("ai.reason.", "ai.hint.", 1) for r in _ai_reasons()) if k in keys)


def _constants_in(folder: str) -> set[str]:
    """Every string literal under ``game/<folder>``."""
    return {str(node.value) for path, tree in modules().items() if folder in path.relative_to(GAME).parts[:1]
            for node in ast.walk(tree) if isinstance(node, ast.Constant) and isinstance(node.value, str)}


def _misfits() -> Iterable[str]:
    from typing import get_args

    from game.engine.logs.replay import DivergenceKind

    return (f"viewer.misfit.{kind}" for kind in get_args(DivergenceKind))


def _tutorial_verbs() -> Iterable[str]:
    """The verbs of every action a level offers (``2:pon 55m`` -> ``pon``; any kan is ``kan``), but
    the calls: those are the lesson's terms (``terms.*``, as its table names them)."""
    from game.tutorial.level import levels_dir, load_level

    verbs = set()
    for path in levels_dir().glob("*.toml"):
        for step in load_level(path).steps:
            for option in (*step.options, step.answer, *(w.answer for w in step.wrong)):
                head = option.partition(" ")[0]
                if ":" in head:
                    verb = head.partition(":")[2]
                    verbs.add("kan" if verb in ("daiminkan", "kakan", "ankan") else verb)
    return (f"tutorial.verb.{v}" for v in verbs - {"chi", "pon", "kan"})


def _rule_knobs() -> Iterable[str]:
    """The rules screen's knobs: every knob of every shipped rulebook (the tai and fan rows are
    named by their row)."""
    from game.engine.profile import available_profiles, load_profile
    from game.engine.rows import HONG_KONG_FAN
    from game.ui.menus.rules_screen import TAI_ROW_KNOBS

    for p in available_profiles():
        for key in load_profile(p).knobs():
            section, knob = key.split(".", 1)
            if not (section == "tai" and knob in TAI_ROW_KNOBS) and not (section == "fan" and knob in HONG_KONG_FAN):
                yield f"rules.knob.{key}"


def _rule_values() -> Iterable[str]:
    """The word values of the shipped rulebooks' knobs, under the first prefix that words them,
    as the rules screen looks them up (game/ui/menus/rules_screen.value_word)."""
    from game.engine.profile import available_profiles, load_profile
    from game.ui.menus.rules_screen import VALUE_ALIASES, VALUE_WORDS

    keys = catalog_keys()
    for p in available_profiles():
        for value in load_profile(p).knobs().values():
            for word in value if isinstance(value, list | tuple) else [value]:
                if isinstance(word, str):
                    slug = re.sub(r"[^a-z0-9]+", "_", VALUE_ALIASES.get(word, word).lower()).strip("_")
                    yield next((prefix + slug for prefix in VALUE_WORDS if prefix + slug in keys),
                               "rules.value." + slug)
    yield "rules.value.none"  # a number below zero (no minimum) and an empty list


def _fu_reasons() -> Iterable[str]:
    """A fu line's reason: the scoring library's ids (the engine passes them on, game/engine/scoring.py)."""
    from mahjong.hand_calculating.fu import FuCalculator

    return (f"result.fu.{v}" for k, v in vars(FuCalculator).items() if k.isupper() and isinstance(v, str))


def _table_verbs() -> Iterable[str]:
    """A claim-bar verb (a key of ``VERB_KEYS``, and Pass) unless the terms word it."""
    from game.ui.table.screen import VERB_KEYS
    from game.ui.table.words import TERM_WORDS

    return (f"table.verb.{v}" for v in set(VERB_KEYS) - set(TERM_WORDS))


def _families() -> dict[str, Callable[[], Iterable[str]]]:
    from game.ai.levels import SEAT_KINDS
    from game.engine.profile import available_profiles
    from game.engine.rows import Unit
    from game.match_options import HAND_LENGTHS, ROUND_LENGTHS
    from game.tutorial.level import BOOKS
    from game.ui.seats import AI_NAMES
    from game.ui.table.words import TERM_COUNTS, TERM_WORDS, TERMINOLOGIES

    return {
        r"settings\.value\.(.+)": _settings_values,
        r"settings\.(.+)": _settings_names,
        r"language\.(.+)": lambda: (f"language.{code}" for code in i18n.LANGUAGES),
        r"profile\.(.+)\.name": _profiles,
        r"profile\.(.+)\.short": _profiles,
        r"profile\.(.+)\.description": _profiles,
        r"level\.(.+)": lambda: (f"level.{v}" for v in SEAT_KINDS),  # New game's levels and the baselines
        r"length\.(.+)": lambda: (f"length.{v}" for v in HAND_LENGTHS + ROUND_LENGTHS),
        r"wind\.(.+)": lambda: (f"wind.{n}" for n in range(4)),
        r"place\.(.+)": lambda: (f"place.{n}" for n in range(1, 5)),
        r"month\.(.+)": lambda: (f"month.{n}" for n in range(1, 13)),
        r"table\.name\.(.+)": lambda: (f"table.name.{n}" for n in AI_NAMES),
        r"terms\.(.+)\.(.+)": lambda: (f"terms.{a}.{w}" for a in TERMINOLOGIES for w in TERM_WORDS),
        r"terms\.(.+)\.shanten": lambda: (f"terms.{a}.{w}" for a in TERMINOLOGIES for w in TERM_COUNTS),
        r"tile\.(.+)": _tile_names,
        r"tile\.suit\.(.+)": lambda: (f"tile.suit.{s}" for s in "mps"),
        r"yaku\.(.+)": _yaku,
        r"limit\.(.+)": _limits,
        r"table\.abort\.(.+)": lambda: (f"table.abort.{k}" for k in _engine_strings("AbortiveDraw")),
        r"tutorial\.refusal\.(.+)": _refusals,
        r"tutorial\.penalty\.(.+)": _penalty_offences,
        r"tutorial\.book\.(.+)": lambda: (f"tutorial.book.{b}" for b, _ in BOOKS.values()),
        r"tutorial\.verb\.(.+)": _tutorial_verbs,
        r"viewer\.misfit\.(.+)": _misfits,
        r"rules\.section\.(.+)": lambda: (f"rules.section.{s}" for s in _profile_sections(available_profiles())),
        r"ai\.reason\.(.+)": _ai_reasons,
        r"ai\.hint\.(.+)": _ai_hints,
        r"table\.verb\.(.+)": _table_verbs,
        r"table\.(.+)": lambda: (f"table.{unit.value}" for unit in Unit),
        r"result\.fu\.(.+)": _fu_reasons,
        r"ai\.external\.(.+)": lambda: (f"ai.external.{k}" for k in _calls_in("ai", "BadReply")),
        r"rules\.knob\.(.+)": _rule_knobs,
        r"rules\.value\.(.+)": _rule_values,
        r"table\.penalty\.(.+)": _rule_values,
    }


def _profile_sections(ids: Iterable[str]) -> set[str]:
    """The sections of the knobs the rules screen lists (``claims.priority`` -> ``claims``)."""
    from game.engine.profile import load_profile

    return {key.split(".", 1)[0] for p in ids for key in load_profile(p).knobs()}


def _calls_in(folder: str, function: str) -> set[str]:
    """The literal first arguments of ``function(...)`` calls under ``game/<folder>``."""
    out: set[str] = set()
    for path, tree in modules().items():
        if folder not in path.relative_to(GAME).parts[:1]:
            continue
        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and getattr(node.func, "id", None) == function and node.args:
                out |= _constants(node.args[0])
    return out


def _constants(node: ast.expr) -> set[str]:
    """The literal values an argument can take: a constant, or either side of ``a if c else b``."""
    if isinstance(node, ast.Constant):
        return {str(node.value)}
    if isinstance(node, ast.IfExp):
        return _constants(node.body) | _constants(node.orelse)
    return set()


def used_keys() -> tuple[set[str], list[str]]:
    """The keys the code uses, and the patterns it builds that nothing enumerates."""
    keys = catalog_keys()
    used = {s for tree in modules().values() for s in _strings(tree) if s in keys}
    families = _families()
    unknown: list[str] = []
    for pattern, paths in built_patterns().items():
        # from the game's data, and from the building module's own literals (title.{key} with key
        # in the screen's own list)
        enumerated = set(families[pattern]()) if pattern in families else set()
        literals = set().union(*(_literals(modules()[p]) for p in paths))
        completed = {k for k in keys if (m := re.fullmatch(pattern, k)) and all(g in literals for g in m.groups())}
        if not enumerated | completed:
            unknown.append(f"{pattern} (built in {', '.join(sorted(p.name for p in paths))})")
        used |= enumerated | completed
    return used, unknown


def test_every_key_the_code_builds_is_enumerated() -> None:
    _, unknown = used_keys()
    assert not unknown, "keys built at run time that this test cannot enumerate: add them to FAMILIES"


def test_no_catalog_has_a_missing_key() -> None:
    keys = catalog_keys()
    asked = asked_literals()
    missing = sorted(f"{key} ({path.relative_to(GAME)})" for key, path in asked.items() if key not in keys)
    used, _ = used_keys()
    missing += sorted(f"{key} (built at run time)" for key in used - keys)
    assert not missing


def test_no_catalog_has_an_unused_key() -> None:
    used, _ = used_keys()
    assert sorted(catalog_keys() - used) == []
