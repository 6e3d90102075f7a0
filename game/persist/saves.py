"""Saved matches: the engine record plus the match options, one TOML file per save.

A save is tiny because the engine is deterministic: the record (profile id and hash, seed, every
action, the state hash, and how the match started when not from East 1 on a shuffled wall: a
match played on from an imported log keeps its first hand's stacked wall, scores and round)
replays to the exact state, a claim window included, and the state hash proves it. The options say what the record cannot: the player's seat, the opponents' levels and
the chosen length (which is a profile knob, so the record's profile hash covers it too).

``autosave`` is the save the title screen's Continue resumes; the player may keep others under
names of their own. Files live in ``<saves folder>/saves``; nothing is written anywhere else.

An old save either loads or says why not: a file from a newer game, an unreadable file, or a
record the engine refuses (``RecordError``'s message) each give a :class:`SaveError` whose
:class:`Notice` the UI shows.
"""

from __future__ import annotations

import hashlib
import logging
import re
import threading
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any, Final

import tomli_w

from game import paths
from game.engine.errors import AtlasError
from game.engine.profile import available_profiles
from game.match_options import LEVELS, MatchOptions, match_profile

from .atomic import (
    RENAMES,
    UnreadableFile,
    clear_stale_temps,
    kept_copy,
    move_aside,
    read_file_text,
    read_toml,
    without_none,
    write_bytes,
)
from .background import BackgroundWriter, Done
from .bounded import SAVE_CAP
from .fields import items, time_or_blank, typed, whole
from .fields import text as words
from .names import NAME_LIMIT, file_stem, shown
from .notice import Notice

SAVE_SCHEMA: Final = 1
AUTOSAVE: Final = "autosave"
_SEED_MAX: Final = 2**63 - 1  # TOML integers are signed 64-bit
MAX_ACTIONS: Final = 100_000  # a long match holds a few thousand
ACTION_LIMIT: Final = 64  # characters of one action's notation ("3: chi 4m 5m 6m" is 16)
HASH_LIMIT: Final = 128
MATCH_ID: Final = re.compile(r"[0-9a-f]{32}")
MAX_LISTED: Final = 1000  # save files read for the Load game list (newest first)

log = logging.getLogger(__name__)

if TYPE_CHECKING:  # the engine's names are imported where used: the title reads saves before it is loaded
    from game.engine import Match, Record

    from .autosave import Autosaver


class SaveError(Exception):
    """A save that cannot be loaded or resumed; ``notice`` is the message for the player and
    ``reason`` the word its file is set aside under (:func:`.atomic.move_aside`): ``missing``,
    ``corrupt`` (not TOML or JSON), ``too-big``, ``not-a-file``, ``invalid`` (a field is wrong),
    ``unplayable`` (the engine refuses the record), ``newer`` (a newer game's file)."""

    def __init__(self, notice: Notice, reason: str = "invalid") -> None:
        super().__init__(f"{notice.key}: {notice.values}")
        self.notice = notice
        self.reason = reason


@dataclass(frozen=True)
class SavedMatch:
    name: str
    options: MatchOptions
    record: Record
    saved_at: str  # ISO 8601, UTC; "" when the file's time could not be shown
    match_id: str = ""  # the autosave's: one match played on, filed once (:mod:`.replays`)

    def resume(self) -> Match:
        """The match exactly where it was saved (replayed and checked against the state hash)."""
        try:
            profile = match_profile(self.options)
        except (AtlasError, ValueError) as exc:
            raise SaveError(Notice("save.error.record", {"detail": str(exc)}), "unplayable") from exc
        from game.engine import replay

        try:
            return replay(self.record, profile)
        except (AtlasError, ValueError) as exc:
            raise SaveError(Notice("save.error.record", {"detail": str(exc)}), "unplayable") from exc


    def branch(self, hand: int) -> Match:
        """A live match at the start of hand ``hand`` (0-based, aborts and draws counted) of this
        record: "play from here" against the AI. Its own record starts with the same actions."""
        from game.engine import Match

        r = self.record
        try:
            match = Match(match_profile(self.options), r.seed, setups=dict(r.setups), first_dealer=r.first_dealer,
                          start=r.start, position=r.position, strict_seats=r.strict_seats)
        except (AtlasError, ValueError) as exc:
            raise SaveError(Notice("save.error.record", {"detail": str(exc)}), "unplayable") from exc
        for i, text in enumerate(self.record.actions):
            if match.hand_index >= hand or match.is_over:
                break
            try:
                match.apply(match.parse_action(text))
            except AtlasError as exc:
                raise SaveError(Notice("save.error.record", {"detail": f"action {i} ({text!r}): {exc}"}),
                                "unplayable") from exc
        if match.hand_index != hand or match.is_over:
            raise SaveError(Notice("save.error.record", {"detail": f"the match has no hand {hand + 1} to play"}))
        return match


@dataclass(frozen=True)
class SaveSummary:
    """Where the match stood when saved, for the saves list (the record says it too, but only
    by replaying every action)."""

    round_wind: int
    hand_number: int
    honba: int
    scores: tuple[int, ...]


def summary_of(match: Match) -> SaveSummary:
    return SaveSummary(match.round_wind, match.hand_number, match.honba, tuple(match.scores))


def summary_table(summary: SaveSummary) -> dict[str, Any]:
    return {"round_wind": summary.round_wind, "hand_number": summary.hand_number, "honba": summary.honba,
            "scores": list(summary.scores)}


def summary_from_table(data: Any) -> SaveSummary | None:
    """The ``[summary]`` table, or None when absent or odd (it is only a convenience: the record
    stays the truth, and a save without a summary still loads)."""
    if not isinstance(data, dict):
        return None
    values: list[int] = [v for v in (data.get(k) for k in ("round_wind", "hand_number", "honba"))
                         if type(v) is int and 0 <= v < 100]
    scores = data.get("scores")
    if len(values) != 3:
        return None
    if not isinstance(scores, list) or len(scores) != 4 or not all(type(v) is int and abs(v) < 10**9 for v in scores):
        return None
    return SaveSummary(values[0], values[1], values[2], tuple(scores))


@dataclass(frozen=True)
class SaveEntry:
    """One line of the saves list: what the file says, or why it cannot be read."""

    name: str
    path: Path
    saved_at: str = ""
    profile_id: str = ""
    actions: int = 0
    error: Notice | None = None
    options: MatchOptions | None = None
    summary: SaveSummary | None = None

    @property
    def is_autosave(self) -> bool:
        return self.path.name == f"{AUTOSAVE}.toml"


def options_table(options: MatchOptions) -> dict[str, Any]:
    table: dict[str, Any] = {
        "profile": options.profile_id,
        "levels": list(options.levels),
        "length": options.length,
        "human_seat": options.human_seat,
        "seed": options.seed,
    }
    if not options.red_fives:
        table["red_fives"] = False
    return table


def options_from_table(data: Any) -> MatchOptions:
    """The ``[options]`` table, every field checked: a profile this game ships with a length it
    offers, three known AI levels, a seat, a seed that fits the file; ValueError naming the field."""
    if not isinstance(data, dict):
        raise ValueError("[options] is missing")
    levels = items(data.get("levels", ["normal"] * 3), 3, "options.levels")
    seed = data.get("seed")
    options = MatchOptions(
        profile_id=words(data.get("profile"), 40, "options.profile"),
        levels=tuple(words(v, 20, "options.levels") for v in levels),  # type: ignore[arg-type]
        length=words(data.get("length", ""), 40, "options.length"),
        human_seat=whole(data.get("human_seat", 0), 0, 3, "options.human_seat"),
        seed=None if seed is None else whole(seed, 0, _SEED_MAX, "options.seed"),
        red_fives=typed(data.get("red_fives", True), bool, "options.red_fives"),
    )
    if len(options.levels) != 3:
        raise ValueError("options.levels needs three levels")
    unknown = [level for level in options.levels if level not in LEVELS]
    if unknown:
        raise ValueError(f"options.levels: unknown level {unknown[0]!r}; known: {', '.join(LEVELS)}")
    if options.profile_id not in available_profiles():  # a typo, or a profile of a newer game
        raise ValueError(f"options.profile: no rules called {options.profile_id!r} in this version")
    try:
        match_profile(options)
    except (AtlasError, ValueError) as exc:
        raise ValueError(f"options.length: {exc}") from exc
    return options


def record_table(record: Record) -> dict[str, Any]:
    if not 0 <= record.seed <= _SEED_MAX:
        raise ValueError(f"seed {record.seed} does not fit a save file")
    table: dict[str, Any] = {
        "profile_id": record.profile_id,
        "profile_hash": record.profile_hash,
        "seed": record.seed,
        "state_hash": record.state_hash,
        "actions": list(record.actions),
        "strict_seats": list(record.strict_seats),
    }
    table.update(_start_table(record))
    return table


def _start_table(record: Record) -> dict[str, Any]:
    """How a match started when not from a plain seed (a match played on from an imported log:
    its first hand's stacked wall, the log's scores, round and first dealer)."""
    out: dict[str, Any] = {}
    if record.first_dealer is not None:
        out["first_dealer"] = record.first_dealer
    if record.start is not None:
        out["start"] = list(record.start)
    if record.position is not None:
        p = record.position
        out["position"] = {"round_wind": p.round_wind, "hand_number": p.hand_number, "honba": p.honba,
                           "riichi_sticks": p.riichi_sticks}
    if record.setups:
        out["setups"] = [{"hand": hand, "draw_order": list(s.draw_order), "dead": list(s.dead), "dice": list(s.dice)}
                         for hand, s in record.setups]
    return out


def _ints(value: Any, where: str, lo: int, hi: int, size: int | None = None) -> tuple[int, ...]:
    values = typed(value, list, where)
    if (size is not None and len(values) != size) or any(type(v) is not int or not lo <= v <= hi for v in values):
        raise ValueError(f"{where} holds {size or 'some'} whole numbers {lo}..{hi}")
    return tuple(values)


def _start_from_table(data: dict[str, Any]) -> dict[str, Any]:
    """The keyword arguments of :class:`Record` that :func:`_start_table` wrote (none: a plain seed)."""
    from game.engine import HandPosition, HandSetup

    out: dict[str, Any] = {}
    if "first_dealer" in data:
        out["first_dealer"] = _ints([data["first_dealer"]], "record.first_dealer", 0, 3, 1)[0]
    if "start" in data:
        out["start"] = _ints(data["start"], "record.start", -10**7, 10**7, 4)
    if "position" in data:
        pos = typed(data["position"], dict, "record.position")
        keys = ("round_wind", "hand_number", "honba", "riichi_sticks")
        out["position"] = HandPosition(*_ints([pos.get(k, 0) for k in keys], "record.position", 0, 1000, 4))
    if "setups" in data:
        setups = []
        for item in typed(data["setups"], list, "record.setups"):
            item = typed(item, dict, "record.setups")
            hand = _ints([item.get("hand")], "record.setups.hand", 0, 10**6, 1)[0]
            dice = _ints(item.get("dice", [3, 4]), "record.setups.dice", 1, 6, 2)
            setup = HandSetup(_ints(item.get("draw_order"), "record.setups.draw_order", 0, 255),
                              _ints(item.get("dead", []), "record.setups.dead", 0, 255), (dice[0], dice[1]))
            setups.append((hand, setup))
        out["setups"] = tuple(sorted(setups, key=lambda hs: hs[0]))
    return out


def record_from_table(data: Any) -> Record:
    """The ``[record]`` table, each field typed and bounded (ValueError naming the field); whether
    the engine can replay it is :meth:`SavedMatch.resume`'s question."""
    if not isinstance(data, dict):
        raise ValueError("[record] is missing")
    from game.engine import Record

    actions = items(data.get("actions", []), MAX_ACTIONS, "record.actions")
    strict = items(data.get("strict_seats", []), 4, "record.strict_seats")  # absent before strict tables
    return Record(
        profile_id=words(data.get("profile_id"), 40, "record.profile_id"),
        profile_hash=words(data.get("profile_hash"), HASH_LIMIT, "record.profile_hash"),
        seed=whole(data.get("seed"), 0, _SEED_MAX, "record.seed"),
        actions=tuple(words(a, ACTION_LIMIT, "record.actions") for a in actions),
        state_hash=words(data.get("state_hash", ""), HASH_LIMIT, "record.state_hash"),
        strict_seats=tuple(sorted({whole(seat, 0, 3, "record.strict_seats") for seat in strict})),
        **_start_from_table(data),
    )


def match_id_from(value: Any) -> str:
    """A stored match id, or "" when absent or not one (a fresh one is given then)."""
    return value if type(value) is str and MATCH_ID.fullmatch(value) else ""


def name_from(value: Any, path: Path) -> str:
    """The save's name as stored, or the file's when it is not a text of at most
    :data:`NAME_LIMIT` characters (a five-megabyte name must not reach the list's layout)."""
    if type(value) is str and value.strip() and len(value) <= NAME_LIMIT:
        return value
    return shown(path.stem)


def save_stem(name: str) -> str:
    """The file name of a save: :func:`file_stem` in lower case, plus a short hash of the exact
    name whenever that differs from it, so two names never share a file, not even on the
    case-blind disks of Windows and macOS ("Game" and "game", or two names in Cyrillic that
    have no ASCII letters at all). Never a Windows device name (``nul``, ``COM1``: see
    :func:`.names.file_stem`)."""
    stem = file_stem(name).lower()
    if stem == name:
        return stem
    return f"{stem[:55]}-{hashlib.sha256(name.encode('utf-8', 'surrogatepass')).hexdigest()[:8]}"


class SaveStore:
    """The saves in one folder (``<saves folder>/saves`` by default)."""

    def __init__(self, folder: Path | None = None, *, background: bool = False) -> None:
        """``background``: autosaves are written on a thread (:mod:`.background`), for the table."""
        self.folder = folder if folder is not None else paths.saves_dir() / "saves"
        clear_stale_temps(self.folder)
        self.writer = BackgroundWriter() if background else None
        self.autosaving = True  # False: another window plays on this folder (:mod:`.instance`)
        self.autosaver: Autosaver | None = None  # the pace of the table's autosaves (:mod:`.autosave`)
        self._notices: list[Notice] = []
        self._refused: set[Path] = set()  # files that could not be set aside: told once, then left alone
        self._retiring = 0  # finished matches queued for filing (:meth:`retire_autosave`)
        self._retire_lock = threading.Lock()

    def flush(self) -> None:
        """Finish any autosave still being written (before reading, listing or deleting), the
        match's latest state first when an :class:`.autosave.Autosaver` paces them."""
        if self.autosaver is not None:
            self.autosaver.queue_latest()
        if self.writer is not None:
            self.writer.flush()

    def path_for(self, name: str) -> Path:
        return self.folder / f"{save_stem(name)}.toml"

    def exists(self, name: str) -> bool:
        self.flush()
        return self.path_for(name).is_file()

    def write(self, name: str, options: MatchOptions, record: Record, *, now: datetime | None = None,
              summary: SaveSummary | None = None, match_id: str = "") -> Path:
        """Save (or overwrite) the save called ``name``; the file is replaced atomically.
        ValueError for a name no file may carry (blank, or over :data:`NAME_LIMIT` characters)."""
        if not name.strip() or len(name) > NAME_LIMIT:
            raise ValueError(f"a save's name is 1..{NAME_LIMIT} characters, not {len(name)}")
        path = self.path_for(name)
        self.flush()
        write_bytes(path, self._content(name, options, record, now, summary, match_id))
        return path

    def _content(self, name: str, options: MatchOptions, record: Record, now: datetime | None,
                 summary: SaveSummary | None = None, match_id: str = "") -> bytes:
        table = {
            "schema": SAVE_SCHEMA,
            "name": name,
            "saved_at": (now or datetime.now(UTC)).isoformat(timespec="seconds"),
            "match_id": match_id or None,
            "options": options_table(options),
            "record": record_table(record),
            "summary": None if summary is None else summary_table(summary),
        }
        return tomli_w.dumps(without_none(table)).encode("utf-8")

    def autosave(self, options: MatchOptions, match: Match, match_id: str = "") -> Path:
        """Keep the running match for Continue (after every action: on the writer thread when
        the store has one, so the frame does not wait for the disk). Nothing is written while
        another window owns the folder's autosave (``autosaving`` False)."""
        path = self.path_for(AUTOSAVE)
        if not self.autosaving:
            return path
        if self.writer is None:
            return self.write(AUTOSAVE, options, match.record, summary=summary_of(match), match_id=match_id)
        self.writer.put(path, self._content(AUTOSAVE, options, match.record, None, summary_of(match), match_id))
        return path

    def autosave_later(self, options: MatchOptions, record: Record, summary: SaveSummary | None, match_id: str,
                       done: Done | None = None) -> None:
        """Queue the autosave of ``record`` on the writer thread, which also turns it into TOML
        (20 ms for a long match: not the frame's to pay); ``done(ok)`` hears when it is on disk.
        Written at once, on this thread, by a store without a writer."""
        if not self.autosaving:
            return
        path = self.path_for(AUTOSAVE)
        if self.writer is None:
            ok = False
            try:
                self.write(AUTOSAVE, options, record, summary=summary, match_id=match_id)
                ok = True
            finally:
                if done is not None:
                    done(ok)
            return
        self.writer.put(path, lambda: self._content(AUTOSAVE, options, record, None, summary, match_id), done)

    def has_autosave(self) -> bool:
        if self._retiring and (self.autosaver is None or not self.autosaver.following):
            return False  # its match is being filed (:meth:`retire_autosave`), and none came since
        self.flush()
        return self.autosaving and self.path_for(AUTOSAVE).is_file()

    def clear_autosave(self) -> None:
        """Forget the autosave (the match ended: it went to the replay library instead)."""
        if self.autosaver is not None:
            self.autosaver.forget()
        self.flush()
        self._remove_autosave()

    def retire_autosave(self, file: Callable[[], object]) -> None:
        """The autosave's match ended: ``file`` it (into the replay library), then remove the
        autosave. On the writer thread when the store has one, in turn: after the autosave that
        holds the match's end (queued before this call), before any autosave of the next match;
        the frame does not wait for the replay's fsync (on a busy disk the frame that ended a
        match waited up to 0.35 s for it and the writer). Meanwhile the store says it has no
        autosave (the title offers no Continue of a match that is over). An ``OSError`` of the
        filing leaves the autosave in place and is kept as the writer's ``error``."""
        if self.autosaver is not None:
            self.autosaver.forget()
        if self.writer is None:
            file()
            self._remove_autosave()
            return

        def task() -> None:
            try:
                file()
                self._remove_autosave()
            finally:
                with self._retire_lock:
                    self._retiring -= 1

        with self._retire_lock:
            self._retiring += 1
        self.writer.then(task)

    def _remove_autosave(self) -> None:
        if self.autosaving:
            with RENAMES:  # not between a version's check and its keeping (atomic.keep_durable)
                self.path_for(AUTOSAVE).unlink(missing_ok=True)
                kept_copy(self.path_for(AUTOSAVE)).unlink(missing_ok=True)

    def usable_autosave(self) -> SavedMatch | None:
        """The autosave Continue would resume, or None: none, or one that cannot be used, which
        is set aside (and its notice kept for :meth:`take_notices`)."""
        if not self.has_autosave():
            return None
        path = self.path_for(AUTOSAVE)
        if path in self._refused:
            return None
        try:
            return self.load_path(path)
        except SaveError as exc:
            if exc.reason == "missing":
                return None
            kept = self._kept_autosave(path, exc)
            if kept is None:
                self.set_aside(path, exc)
            return kept

    def _kept_autosave(self, path: Path, error: SaveError) -> SavedMatch | None:
        """The version kept beside a torn autosave (a power loss while it was written: see
        :func:`.atomic.write_visible_first`), put back in its place, or None when there is none
        that loads. The torn file is set aside; the player is not told: what comes back is the
        last version that was on the disk, all a crash could have kept anyway."""
        if error.reason == "newer":
            return None
        kept = kept_copy(path)
        try:
            saved = self.load_path(kept)
            data = read_file_text(kept, SAVE_CAP).encode("utf-8")
            move_aside(path, error.reason)
            write_bytes(path, data)
        except (SaveError, UnreadableFile, FileNotFoundError, OSError):
            return None
        log.warning("autosave %s was torn (%s); the version kept on the disk took its place", path, error.reason)
        return saved

    def set_aside(self, path: Path, error: SaveError) -> Notice:
        """Move a save that cannot be used out of the way (``<file>.<reason>-<time>``), keep the
        player's message for :meth:`take_notices` and return it. A folder that refuses the rename
        leaves the file where it is: it is told once and then ignored for this run."""
        self.flush()
        log.warning("save %s cannot be used (%s): %s", path, error.reason, error.notice.values.get("detail", ""))
        autosave = path.name == f"{AUTOSAVE}.toml"
        try:
            moved = move_aside(path, error.reason)
        except OSError as exc:
            log.warning("save %s could not be set aside: %s", path, exc)
            self._refused.add(path)
            notice = Notice("notice.set_aside_failed", {"file": shown(path.name)})
        else:
            if autosave:
                key = "notice.autosave_newer" if error.reason == "newer" else "notice.autosave_set_aside"
                notice = Notice(key, {"file": shown(moved.name)})
            else:
                notice = Notice("notice.save_set_aside", {"file": shown(moved.name)})
        self._notices.append(notice)
        return notice

    def take_notices(self) -> list[Notice]:
        """The messages about saves set aside since the last call (each told once)."""
        notices, self._notices = self._notices, []
        return notices

    def load(self, name: str) -> SavedMatch:
        return self.load_path(self.path_for(name))

    def load_path(self, path: Path) -> SavedMatch:
        """The save in ``path``, or SaveError saying why it cannot be used."""
        return self._read(path)[0]

    def _read(self, path: Path) -> tuple[SavedMatch, SaveSummary | None]:
        self.flush()
        file = shown(path.name)
        try:
            data = read_toml(path, SAVE_CAP)
        except FileNotFoundError as exc:
            raise SaveError(Notice("save.error.missing", {"file": file}), "missing") from exc
        except UnreadableFile as exc:
            raise SaveError(Notice("save.error.unreadable", {"file": file, "detail": shown(str(exc), 200)}),
                            exc.reason) from exc
        schema = data.get("schema")
        if type(schema) is int and schema > SAVE_SCHEMA:
            raise SaveError(Notice("save.error.newer", {"file": file}), "newer")
        try:
            if type(schema) is not int or schema != SAVE_SCHEMA:
                raise ValueError(f"schema should be {SAVE_SCHEMA}, not {shown(repr(schema), 40)}")
            options = options_from_table(data.get("options"))
            record = record_from_table(data.get("record"))
            if record.profile_id != options.profile_id:
                raise ValueError(f"record.profile_id {record.profile_id!r} is not options.profile")
            saved = SavedMatch(
                name=name_from(data.get("name"), path),
                options=options,
                record=record,
                saved_at=time_or_blank(data.get("saved_at")),
                match_id=match_id_from(data.get("match_id")),
            )
            return saved, summary_from_table(data.get("summary"))
        except ValueError as exc:
            raise SaveError(Notice("save.error.unreadable", {"file": file, "detail": shown(str(exc), 200)})) from exc

    def resume(self, name: str = AUTOSAVE) -> Match:
        return self.load(name).resume()

    def entries(self) -> list[SaveEntry]:
        """Every save in the folder (the newest :data:`MAX_LISTED` files), newest first. One that
        cannot be used is set aside (its message waits in :meth:`take_notices`); one from a newer
        game is listed with that reason and left for the newer game."""
        out: list[SaveEntry] = []
        for path in self._files():
            if path in self._refused:
                continue
            try:
                saved, summary = self._read(path)
            except SaveError as exc:
                if exc.reason == "newer":
                    out.append(SaveEntry(shown(path.stem), path, error=exc.notice))
                elif exc.reason != "missing":
                    self.set_aside(path, exc)
                continue
            out.append(SaveEntry(saved.name, path, saved.saved_at, saved.record.profile_id, len(saved.record.actions),
                                 options=saved.options, summary=summary))
        out.sort(key=lambda e: (e.saved_at, e.name), reverse=True)
        return out

    def _files(self) -> list[Path]:
        try:
            found = [(p.stat().st_mtime, p) for p in self.folder.glob("*.toml")]
        except OSError:  # no folder, or it went away while listed
            return []
        return [p for _, p in sorted(found, reverse=True)[:MAX_LISTED]]

    def named_entries(self) -> list[SaveEntry]:
        """The saves the player named (the autosave is Continue's), newest first."""
        return [e for e in self.entries() if not e.is_autosave]

    def has_named_saves(self) -> bool:
        # no flush: the writer writes only the autosave, which is not a named save (and the
        # title asks this right as a finished match is being filed: it need not wait for that)
        return self.folder.is_dir() and any(p.name != f"{AUTOSAVE}.toml" for p in self.folder.glob("*.toml"))

    def delete(self, name: str) -> None:
        self.delete_path(self.path_for(name))

    def delete_path(self, path: Path) -> None:
        """Remove one save file of this folder (a path from :meth:`entries`)."""
        self.flush()
        if path.parent != self.folder or path.suffix != ".toml":
            raise ValueError(f"{path} is not a save of {self.folder}")
        path.unlink(missing_ok=True)
