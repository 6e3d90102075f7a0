"""A tutorial level as its TOML file describes it (``levels/README.md`` is the format).

Why a hand-written reader and not a schema library: every mistake must be reported with the file,
the line and the field, because level authors are not programmers and the game must list a broken
level instead of crashing. tomllib gives the line of a syntax error; for a schema error the line of
the offending key is found again in the text (:func:`key_line`).
"""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from game.engine.profile import profile_order
from game.i18n import LANGUAGES
from game.persist.bounded import LEVEL_CAP, FileRefused, read_text

from .prose import problems, prose

PROFILES = tuple(profile_order())  # every shipped rulebook, in the order a newcomer meets them
TASKS = ("act", "predict")
SEAT_OUTCOME = re.compile(r"^(none|abort|[0-3](\+[0-3])*)$")
PENALTIES = ("chombo", "dead_hand")  # the engine's PenaltyKind values a wrong answer may cost


class LevelError(Exception):
    """A level file that cannot be used: names the file, the line and the field."""

    def __init__(self, file: str, line: int, field_name: str, message: str) -> None:
        super().__init__(f"{file}:{line}: {field_name}: {message}")
        self.file = file
        self.line = line
        self.field = field_name
        self.message = message


Text = dict[str, str]  # language -> text


# The rulebooks a lesson may quote: a seed file (``line`` is where the quote is), or, for a
# rulebook without a seed text (Hong Kong Old Style), the public text the profile cites (``line``
# 0). Each maps to its id (the catalog names it: ``tutorial.book.<id>``) and the language it is in.
BOOKS: dict[str, tuple[str, str]] = {
    "ema-riichi-claims.en.txt": ("ema_rcr_2016", "en"),
    "taiwanese-16-tile.fr.txt": ("french_house_rules", "fr"),
    "riichi-mechanics.ru.txt": ("russian_riichi_mechanics", "ru"),
    "4leafx.com, Hong Kong mahjong rules (Draw, declare, discard)": ("hk_4leafx", "en"),
    "Wikipedia, Mahjong, §Old Hong Kong mahjong rules: Scoring": ("hk_wikipedia", "en"),
    "sloperama.com, FAQ 17: Hong Kong Old Style Mah-Jongg": ("hk_sloperama", "en"),
}
# the rulebook (profile) each book writes down: a lesson of another rulebook that quotes it says
# whether its own rules agree (``[source] agrees``): the claim texts are EMA's, and the riichi
# (Tenhou) lessons quote them for want of a seed of Tenhou's own
BOOK_PROFILE: dict[str, str] = {
    "ema-riichi-claims.en.txt": "ema",
    "taiwanese-16-tile.fr.txt": "taiwanese",
    "riichi-mechanics.ru.txt": "riichi",
    "4leafx.com, Hong Kong mahjong rules (Draw, declare, discard)": "hongkong",
    "Wikipedia, Mahjong, §Old Hong Kong mahjong rules: Scoring": "hongkong",
    "sloperama.com, FAQ 17: Hong Kong Old Style Mah-Jongg": "hongkong",
}


@dataclass(frozen=True)
class Source:
    """The rulebook passage a lesson comes from: a seed file and a line (or a public text, line 0: see
    :data:`BOOKS`), quoted in the rulebook's
    own words (``quote``, checked against the seed text), where it is in the book as a player
    would look it up (``section``: ``§3.3.1``, or words such as "the hill"), and the rule in the
    player's languages (``rule``). ``reference`` is for developers (the rules-reference section)
    and is never shown."""

    file: str
    line: int
    quote: str
    reference: str = ""
    section: Text = field(default_factory=dict)
    rule: Text = field(default_factory=dict)
    # for a book of another rulebook than the lesson's: whether the lesson's rules agree with the
    # quote (True) or differ from it, as the lesson shows (False); None for the lesson's own book
    agrees: bool | None = None

    @property
    def book(self) -> str:
        """The rulebook's id (``ema_rcr_2016``): its name is ``tutorial.book.<id>``."""
        return BOOKS[self.file][0]

    @property
    def original_language(self) -> str:
        """The language the rulebook is written in."""
        return BOOKS[self.file][1]

    def rule_in(self, language: str) -> str:
        """The rule in ``language``: its translation, the original words when the book is in that
        language, else the English translation, else the original."""
        if language == self.original_language:
            return self.quote
        return self.rule.get(language) or self.rule.get("en") or self.quote

    def is_original(self, language: str) -> bool:
        """Whether :meth:`rule_in` shows the book's own words."""
        return self.rule_in(language) == self.quote


@dataclass(frozen=True)
class Wrong:
    """A wrong answer and why it is wrong; ``illegal`` names the engine rule that must refuse it;
    ``penalty`` (at a strict table) what the engine makes the learner pay for it: ``chombo`` or
    ``dead_hand``."""

    answer: str
    why: Text
    illegal: str = ""
    penalty: str = ""


@dataclass(frozen=True)
class Step:
    narration: Text
    task: str  # act | predict
    answer: str  # act: action notation; predict: an outcome ("2", "1+3", "none", "abort") or an option id
    options: tuple[str, ...]  # what the learner may choose (the answer included)
    labels: dict[str, Text]  # option id -> label (predict options that are not seats)
    wrong: tuple[Wrong, ...]
    hint: Text
    explain: Text
    play: tuple[str, ...] = ()  # the other seats' actions: played after the answer (act) or to see the outcome
    expect: tuple[str, ...] = ()  # engine facts that must hold afterwards (see README)
    highlight: tuple[str, ...] = ()
    line: int = 0


@dataclass(frozen=True)
class Situation:
    dealer: int
    hands: dict[int, str]
    draws: tuple[str, ...]
    replacements: tuple[str, ...]  # kan / flower replacement tiles, in order (the dead wall or hill)
    dora: str
    last: str  # the last tile of the live wall ("" when the level does not care)
    scores: tuple[int, int, int, int] | None
    script: tuple[str, ...]
    seed: int
    strict: bool = False  # the learner plays at a strict table: false declarations are penalised


@dataclass(frozen=True)
class Level:
    id: str
    path: Path
    profile: str
    order: int
    title: Text
    learner: int
    situation: Situation
    steps: tuple[Step, ...]
    summary: Text
    source: Source
    engine_note: Text = field(default_factory=dict)


def text(value: Text, language: str) -> str:
    """The text in ``language``, English when a variant is missing; its tile marks (``[5m]``) made
    tiles a screen draws as pictures and names in the player's words elsewhere
    (:func:`game.tutorial.prose.prose`)."""
    return prose(value.get(language) or value.get("en", ""))


# --- reading -----------------------------------------------------------------------------------


def key_line(source: str, where: tuple[str | int, ...]) -> int:
    """The line of the key at ``where`` (``("steps", 2, "answer")``): the table header is found
    first (the n-th ``[[steps]]``), then the key after it; 1 when nothing matches."""
    lines = source.splitlines()
    start, end = 0, len(lines)
    table: list[str] = []
    index = 0
    parts = list(where)
    key = parts.pop() if parts and isinstance(parts[-1], str) else None
    for part in parts:
        if isinstance(part, int):
            index = part
            continue
        table.append(part)
    if table:
        name = ".".join(table)
        header = re.compile(rf"^\s*\[\[?\s*{re.escape(name)}\s*\]\]?\s*(#.*)?$")
        seen = -1
        found = None
        for i, ln in enumerate(lines):
            if header.match(ln):
                seen += 1
                if seen == index:
                    found = i
                    break
        if found is None:
            return 1
        start = found
        end = next((j for j in range(found + 1, len(lines)) if re.match(r"^\s*\[\[?[^\]]*\]\]?\s*$", lines[j])
                    and not lines[j].strip().startswith(f"[{name}.") and not lines[j].strip().startswith(f"[[{name}.")),
                   len(lines))
    else:
        end = next((j for j, ln in enumerate(lines) if re.match(r"^\s*\[", ln)), len(lines))
    if key is None:
        return start + 1
    name_ = re.escape(str(key))
    pattern = re.compile(rf"^\s*(\"?){name_}\1\s*=|[{{,]\s*{name_}\s*=")
    for i in range(start, end):
        if pattern.search(lines[i]):
            return i + 1
    return start + 1


def field_name(where: tuple[str | int, ...]) -> str:
    """``("steps", 2, "answer")`` -> ``steps[2].answer``."""
    name = ".".join(str(p) if isinstance(p, str) else f"[{p}]" for p in where).replace(".[", "[")
    return name or "(file)"


class _Reader:
    """Typed access to one file's table, raising :class:`LevelError` with the key's line."""

    def __init__(self, path: Path, source: str) -> None:
        self.path = path
        self.source = source

    def fail(self, where: tuple[str | int, ...], message: str) -> LevelError:
        return LevelError(self.path.name, key_line(self.source, where), field_name(where), message)

    def get(self, table: dict[str, Any], where: tuple[str | int, ...], kind: type | tuple[type, ...],
            default: Any = ...) -> Any:
        key = where[-1]
        assert isinstance(key, str)
        if key not in table:
            if default is ...:
                parent = where[:-1]
                raise LevelError(self.path.name, key_line(self.source, parent) if parent else 1,
                                 field_name(where), "missing")
            return default
        value = table[key]
        if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
            want = kind.__name__ if isinstance(kind, type) else " or ".join(k.__name__ for k in kind)
            raise self.fail(where, f"must be a {want}, not {type(value).__name__}")
        return value

    def text(self, table: dict[str, Any], where: tuple[str | int, ...], required: bool = True) -> Text:
        value = self.get(table, where, dict, default=... if required else {})
        out: Text = {}
        for lang, words in value.items():
            if lang not in LANGUAGES:
                raise self.fail(where, f"unknown language {lang!r} (use {', '.join(LANGUAGES)})")
            if not isinstance(words, str) or not words.strip():
                raise self.fail(where, f"the {lang} text must be a non-empty string")
            wrong = problems(words)
            if wrong:
                raise self.fail((*where, lang), wrong[0])
            out[lang] = words.strip()
        if required and "en" not in out:
            raise self.fail(where, "needs at least the en text")
        return out

    def strings(self, table: dict[str, Any], where: tuple[str | int, ...]) -> tuple[str, ...]:
        value = self.get(table, where, list, default=[])
        if not all(isinstance(v, str) for v in value):
            raise self.fail(where, "must be a list of strings")
        return tuple(value)


def load_level(path: Path) -> Level:
    """Read and validate one level file (the engine check is :mod:`game.tutorial.judge`).

    The file comes through the bounded door (a regular file of at most :data:`LEVEL_CAP` bytes);
    whatever is wrong with it, however deep it nests, ends in a LevelError."""
    try:
        source = read_text(path, LEVEL_CAP)
    except FileRefused as exc:
        why = {"missing": "no such file", "not_a_file": f"not a regular file ({exc.detail})",
               "too_big": f"over {LEVEL_CAP // 1024} kB, far more than a level"}.get(exc.reason, exc.detail)
        raise LevelError(path.name, 1, "(file)", f"cannot read: {why}") from exc
    except UnicodeDecodeError as exc:
        raise LevelError(path.name, 1, "(file)", f"cannot read: not UTF-8 text ({exc.reason})") from exc
    try:
        data = tomllib.loads(source)
    except tomllib.TOMLDecodeError as exc:
        line = getattr(exc, "lineno", None) or _line_from_message(str(exc))
        raise LevelError(path.name, line, "(syntax)", str(exc).split(" (at line")[0]) from exc
    except RecursionError as exc:
        raise LevelError(path.name, 1, "(syntax)", "the file nests tables or lists too deeply") from exc
    r = _Reader(path, source)
    profile = r.get(data, ("profile",), str)
    if profile not in PROFILES:
        raise r.fail(("profile",), f"unknown profile {profile!r} (use {', '.join(PROFILES)})")
    learner = r.get(data, ("learner",), int, 0)
    if not 0 <= learner <= 3:
        raise r.fail(("learner",), "a seat 0..3")
    situation = _situation(r, r.get(data, ("situation",), dict))
    raw_steps = r.get(data, ("steps",), list)
    if not raw_steps:
        raise r.fail(("steps",), "a level needs at least one step")
    steps = tuple(_step(r, s, i) for i, s in enumerate(raw_steps))
    src = r.get(data, ("source",), dict)
    book = r.get(src, ("source", "file"), str)
    if book not in BOOKS:
        raise r.fail(("source", "file"), f"unknown rulebook {book!r} (use {', '.join(BOOKS)})")
    section = src.get("section", "")
    agrees = r.get(src, ("source", "agrees"), bool, None)
    if (agrees is None) != (BOOK_PROFILE[book] == profile):
        raise r.fail(("source", "agrees"), "say whether this rulebook agrees with the quote (true or false)"
                     if agrees is None else f"the book is {profile}'s own: leave agrees out")
    source_ = Source(
        file=book,
        line=r.get(src, ("source", "line"), int, 0),
        quote=r.get(src, ("source", "quote"), str).strip(),
        reference=r.get(src, ("source", "reference"), str, ""),
        section={lang: section.strip() for lang in LANGUAGES} if isinstance(section, str) and section.strip()
        else r.text(src, ("source", "section")),
        rule=r.text(src, ("source", "rule"), required=False),
        agrees=agrees,
    )
    return Level(
        id=r.get(data, ("id",), str, path.stem),
        path=path,
        profile=profile,
        order=r.get(data, ("order",), int, 0),
        title=r.text(data, ("title",)),
        learner=learner,
        situation=situation,
        steps=steps,
        summary=r.text(data, ("summary",)),
        source=source_,
        engine_note=r.text(data, ("engine_note",), required=False),
    )


def _line_from_message(message: str) -> int:
    m = re.search(r"line (\d+)", message)
    return int(m.group(1)) if m else 1


def _situation(r: _Reader, s: dict[str, Any]) -> Situation:
    w = ("situation",)
    hands_raw = r.get(s, (*w, "hands"), dict)
    hands: dict[int, str] = {}
    for seat_text, notation in hands_raw.items():
        if seat_text not in ("0", "1", "2", "3") or not isinstance(notation, str):
            raise r.fail((*w, "hands"), f"seats are \"0\"..\"3\" with a tile notation, not {seat_text!r}")
        hands[int(seat_text)] = notation
    scores = r.get(s, (*w, "scores"), list, None)
    if scores is not None and (len(scores) != 4 or not all(isinstance(x, int) for x in scores)):
        raise r.fail((*w, "scores"), "four integers")
    dealer = r.get(s, (*w, "dealer"), int, 0)
    if not 0 <= dealer <= 3:
        raise r.fail((*w, "dealer"), "a seat 0..3")
    return Situation(
        dealer=dealer,
        hands=hands,
        draws=r.strings(s, (*w, "draws")),
        replacements=r.strings(s, (*w, "replacements")),
        dora=r.get(s, (*w, "dora"), str, ""),
        last=r.get(s, (*w, "last"), str, ""),
        scores=tuple(scores) if scores is not None else None,
        script=r.strings(s, (*w, "script")),
        seed=r.get(s, (*w, "seed"), int, 1),
        strict=r.get(s, (*w, "strict"), bool, False),
    )


def _step(r: _Reader, s: Any, i: int) -> Step:
    w: tuple[str | int, ...] = ("steps", i)
    if not isinstance(s, dict):
        raise r.fail(w, "each step is a table")
    task = r.get(s, (*w, "task"), str)
    if task not in TASKS:
        raise r.fail((*w, "task"), f"must be one of {', '.join(TASKS)}")
    answer = r.get(s, (*w, "answer"), (str, int))
    answer = str(answer)
    wrong_raw = r.get(s, (*w, "wrong"), list, [])
    wrong: list[Wrong] = []
    for j, item in enumerate(wrong_raw):
        ww = (*w, "wrong")
        if not isinstance(item, dict):
            raise r.fail(ww, f"wrong answer {j} must be an inline table")
        ans = item.get("answer")
        if not isinstance(ans, (str, int)) or isinstance(ans, bool):
            raise r.fail(ww, f"wrong answer {j} needs an answer")
        why = r.text(item, ("why",)) if "why" in item else None
        if why is None:
            raise r.fail(ww, f"wrong answer {j} ({ans}) needs a why")
        illegal = item.get("illegal", "")
        if not isinstance(illegal, str):
            raise r.fail(ww, f"wrong answer {j}: illegal names an engine rule")
        penalty = item.get("penalty", "")
        if penalty not in ("", *PENALTIES):
            raise r.fail(ww, f"wrong answer {j}: penalty is one of {', '.join(PENALTIES)}")
        if penalty and illegal:
            raise r.fail(ww, f"wrong answer {j}: a move the engine refuses costs no penalty")
        wrong.append(Wrong(str(ans), why, illegal, penalty))
    if any(x.answer == answer for x in wrong):
        raise r.fail((*w, "wrong"), "the right answer is also listed as wrong")
    labels_raw = r.get(s, (*w, "labels"), dict, {})
    labels = {k: r.text(labels_raw, (*w, "labels", k)) for k in labels_raw}
    options = tuple(r.strings(s, (*w, "options"))) or (answer, *(x.answer for x in wrong))
    if answer not in options:
        raise r.fail((*w, "options"), f"the answer {answer!r} is not among the options")
    if task == "predict":
        for opt in options:
            if not SEAT_OUTCOME.match(opt) and opt not in labels:
                raise r.fail((*w, "labels"), f"option {opt!r} is not a seat outcome and has no label")
        if not SEAT_OUTCOME.match(answer) and not r.strings(s, (*w, "expect")):
            raise r.fail((*w, "expect"), "a predict answer that is not a seat outcome needs engine facts to check")
    return Step(
        narration=r.text(s, (*w, "narration")),
        task=task,
        answer=answer,
        options=options,
        labels=labels,
        wrong=tuple(wrong),
        hint=r.text(s, (*w, "hint")),
        explain=r.text(s, (*w, "explain")),
        play=r.strings(s, (*w, "play")),
        expect=r.strings(s, (*w, "expect")),
        highlight=r.strings(s, (*w, "highlight")),
        line=key_line(r.source, w),
    )


def levels_dir() -> Path:
    """``levels/`` beside the source tree (or inside a frozen bundle)."""
    import sys

    frozen = getattr(sys, "_MEIPASS", None)
    if frozen:
        return Path(frozen) / "levels"
    return Path(__file__).resolve().parents[2] / "levels"


@dataclass
class Catalogue:
    levels: list[Level]
    broken: list[LevelError]


def load_all(folder: Path | None = None) -> Catalogue:
    """Every level in ``folder``, sorted by profile order and ``order``; broken ones listed apart.

    Read once per state of the folder: the list screen opens often and parsing the levels takes
    a good part of a frame, so the result is kept while no file's name, size or time changes."""
    folder = folder or levels_dir()
    try:
        files = sorted(folder.glob("*.toml"))
        key = (folder, tuple((p.name, st.st_size, st.st_mtime_ns) for p in files for st in (p.stat(),)))
    except OSError:
        files, key = [], (folder, ())
    cached = _CATALOGUES.get(folder)
    if cached is not None and cached[0] == key:
        return Catalogue(list(cached[1].levels), list(cached[1].broken))
    good: list[Level] = []
    broken: list[LevelError] = []
    for path in files:
        try:
            good.append(load_level(path))
        except LevelError as exc:
            broken.append(exc)
        except (ValueError, TypeError, KeyError, IndexError, AttributeError, RecursionError) as exc:
            # a mistake the reader did not foresee: this level is broken, the others still load
            broken.append(LevelError(path.name, 1, "(file)", f"cannot be used: {type(exc).__name__}: {exc}"))
    good.sort(key=lambda lv: (PROFILES.index(lv.profile), lv.order, lv.id))
    catalogue = Catalogue(good, broken)
    _CATALOGUES[folder] = (key, Catalogue(list(good), list(broken)))
    return catalogue


_CATALOGUES: dict[Path, tuple[object, Catalogue]] = {}
