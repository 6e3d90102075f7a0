"""Saved matches: the engine record plus the match options, one TOML file per save.

A save is tiny because the engine is deterministic: the record (profile id and hash, seed, every
action, the state hash) replays to the exact state, a claim window included, and the state hash
proves it. The options say what the record cannot: the player's seat, the opponents' levels and
the chosen length (which is a profile knob, so the record's profile hash covers it too).

``autosave`` is the save the title screen's Continue resumes; the player may keep others under
names of their own. Files live in ``<saves folder>/saves``; nothing is written anywhere else.

An old save either loads or says why not: a file from a newer game, an unreadable file, or a
record the engine refuses (``RecordError``'s message) each give a :class:`SaveError` whose
:class:`Notice` the UI shows.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, Final

import tomli_w

from game import paths
from game.engine.errors import AtlasError, RecordError
from game.engine.match import Match, Record, replay
from game.ui.menus.options import LEVELS, MatchOptions, match_profile

from .atomic import UnreadableFile, clear_stale_temps, read_toml, without_none, write_bytes
from .background import BackgroundWriter
from .notice import Notice

SAVE_SCHEMA: Final = 1
AUTOSAVE: Final = "autosave"
_SEED_MAX: Final = 2**63 - 1  # TOML integers are signed 64-bit


class SaveError(Exception):
    """A save that cannot be loaded or resumed; ``notice`` is the message for the player."""

    def __init__(self, notice: Notice) -> None:
        super().__init__(f"{notice.key}: {notice.values}")
        self.notice = notice


@dataclass(frozen=True)
class SavedMatch:
    name: str
    options: MatchOptions
    record: Record
    saved_at: str  # ISO 8601, UTC

    def resume(self) -> Match:
        """The match exactly where it was saved (replayed and checked against the state hash)."""
        try:
            profile = match_profile(self.options)
        except (AtlasError, ValueError) as exc:
            raise SaveError(Notice("save.error.record", {"detail": str(exc)})) from exc
        try:
            return replay(self.record, profile)
        except RecordError as exc:
            raise SaveError(Notice("save.error.record", {"detail": str(exc)})) from exc


    def branch(self, hand: int) -> Match:
        """A live match at the start of hand ``hand`` (0-based, aborts and draws counted) of this
        record: "play from here" against the AI. Its own record starts with the same actions."""
        try:
            match = Match(match_profile(self.options), self.record.seed, strict_seats=self.record.strict_seats)
        except (AtlasError, ValueError) as exc:
            raise SaveError(Notice("save.error.record", {"detail": str(exc)})) from exc
        for i, text in enumerate(self.record.actions):
            if match.hand_index >= hand or match.is_over:
                break
            try:
                match.apply(match.parse_action(text))
            except AtlasError as exc:
                raise SaveError(Notice("save.error.record", {"detail": f"action {i} ({text!r}): {exc}"})) from exc
        if match.hand_index != hand or match.is_over:
            raise SaveError(Notice("save.error.record", {"detail": f"the match has no hand {hand + 1} to play"}))
        return match


@dataclass(frozen=True)
class SaveEntry:
    """One line of the saves list: what the file says, or why it cannot be read."""

    name: str
    path: Path
    saved_at: str = ""
    profile_id: str = ""
    actions: int = 0
    error: Notice | None = None


def options_table(options: MatchOptions) -> dict[str, Any]:
    return {
        "profile": options.profile_id,
        "levels": list(options.levels),
        "length": options.length,
        "human_seat": options.human_seat,
        "seed": options.seed,
    }


def options_from_table(data: Any) -> MatchOptions:
    if not isinstance(data, dict):
        raise ValueError("[options] is missing")
    levels = data.get("levels", ["normal"] * 3)
    seed = data.get("seed")
    options = MatchOptions(
        profile_id=_typed(data.get("profile"), str, "options.profile"),
        levels=tuple(_typed(v, str, "options.levels") for v in _typed(levels, list, "options.levels")),
        length=_typed(data.get("length", ""), str, "options.length"),
        human_seat=_typed(data.get("human_seat", 0), int, "options.human_seat"),
        seed=None if seed is None else _typed(seed, int, "options.seed"),
    )
    if len(options.levels) != 3 or not 0 <= options.human_seat <= 3:
        raise ValueError("options.levels needs three levels and options.human_seat a seat 0..3")
    unknown = [level for level in options.levels if level not in LEVELS]
    if unknown:
        raise ValueError(f"options.levels: unknown level {unknown[0]!r}; known: {', '.join(LEVELS)}")
    return options


def record_table(record: Record) -> dict[str, Any]:
    if not 0 <= record.seed <= _SEED_MAX:
        raise ValueError(f"seed {record.seed} does not fit a save file")
    return {
        "profile_id": record.profile_id,
        "profile_hash": record.profile_hash,
        "seed": record.seed,
        "state_hash": record.state_hash,
        "actions": list(record.actions),
        "strict_seats": list(record.strict_seats),
    }


def record_from_table(data: Any) -> Record:
    if not isinstance(data, dict):
        raise ValueError("[record] is missing")
    actions = _typed(data.get("actions", []), list, "record.actions")
    strict = _typed(data.get("strict_seats", []), list, "record.strict_seats")  # absent before strict tables
    if any(not isinstance(s, int) or isinstance(s, bool) or not 0 <= s <= 3 for s in strict):
        raise ValueError("record.strict_seats holds seats 0..3")
    return Record(
        profile_id=_typed(data.get("profile_id"), str, "record.profile_id"),
        profile_hash=_typed(data.get("profile_hash"), str, "record.profile_hash"),
        seed=_typed(data.get("seed"), int, "record.seed"),
        actions=tuple(_typed(a, str, "record.actions") for a in actions),
        state_hash=_typed(data.get("state_hash", ""), str, "record.state_hash"),
        strict_seats=tuple(sorted(set(strict))),
    )


def _typed(value: Any, kind: type, where: str) -> Any:
    if type(value) is not kind:
        raise ValueError(f"{where} should be {kind.__name__}, not {type(value).__name__}")
    return value


def file_stem(name: str) -> str:
    """A file name for a save name: letters, digits, ``-`` and ``_`` kept, the rest ``_``; the
    real name is stored inside the file."""
    stem = re.sub(r"[^\w-]", "_", name.strip(), flags=re.ASCII)[:64].strip("_")
    return stem or "save"


class SaveStore:
    """The saves in one folder (``<saves folder>/saves`` by default)."""

    def __init__(self, folder: Path | None = None, *, background: bool = False) -> None:
        """``background``: autosaves are written on a thread (:mod:`.background`), for the table."""
        self.folder = folder if folder is not None else paths.saves_dir() / "saves"
        clear_stale_temps(self.folder)
        self.writer = BackgroundWriter() if background else None

    def flush(self) -> None:
        """Finish any autosave still being written (before reading, listing or deleting)."""
        if self.writer is not None:
            self.writer.flush()

    def path_for(self, name: str) -> Path:
        return self.folder / f"{file_stem(name)}.toml"

    def write(self, name: str, options: MatchOptions, record: Record, *, now: datetime | None = None) -> Path:
        """Save (or overwrite) the save called ``name``; the file is replaced atomically."""
        path = self.path_for(name)
        self.flush()
        write_bytes(path, self._content(name, options, record, now))
        return path

    def _content(self, name: str, options: MatchOptions, record: Record, now: datetime | None) -> bytes:
        table = {
            "schema": SAVE_SCHEMA,
            "name": name,
            "saved_at": (now or datetime.now(UTC)).isoformat(timespec="seconds"),
            "options": options_table(options),
            "record": record_table(record),
        }
        return tomli_w.dumps(without_none(table)).encode("utf-8")

    def autosave(self, options: MatchOptions, match: Match) -> Path:
        """Keep the running match for Continue (after every action: on the writer thread when
        the store has one, so the frame does not wait for the disk)."""
        if self.writer is None:
            return self.write(AUTOSAVE, options, match.record)
        path = self.path_for(AUTOSAVE)
        self.writer.put(path, self._content(AUTOSAVE, options, match.record, None))
        return path

    def has_autosave(self) -> bool:
        self.flush()
        return self.path_for(AUTOSAVE).is_file()

    def clear_autosave(self) -> None:
        """Forget the autosave (the match ended: it went to the replay library instead)."""
        self.flush()
        self.path_for(AUTOSAVE).unlink(missing_ok=True)

    def load(self, name: str) -> SavedMatch:
        return self.load_path(self.path_for(name))

    def load_path(self, path: Path) -> SavedMatch:
        """The save in ``path``, or SaveError saying why it cannot be used."""
        self.flush()
        try:
            data = read_toml(path)
        except FileNotFoundError as exc:
            raise SaveError(Notice("save.error.missing", {"file": path.name})) from exc
        except UnreadableFile as exc:
            raise SaveError(Notice("save.error.unreadable", {"file": path.name, "detail": str(exc)})) from exc
        schema = data.get("schema")
        if type(schema) is int and schema > SAVE_SCHEMA:
            raise SaveError(Notice("save.error.newer", {"file": path.name}))
        try:
            if schema != SAVE_SCHEMA:
                raise ValueError(f"schema should be {SAVE_SCHEMA}, not {schema!r}")
            return SavedMatch(
                name=_typed(data.get("name", path.stem), str, "name"),
                options=options_from_table(data.get("options")),
                record=record_from_table(data.get("record")),
                saved_at=_typed(data.get("saved_at", ""), str, "saved_at"),
            )
        except ValueError as exc:
            raise SaveError(Notice("save.error.unreadable", {"file": path.name, "detail": str(exc)})) from exc

    def resume(self, name: str = AUTOSAVE) -> Match:
        return self.load(name).resume()

    def entries(self) -> list[SaveEntry]:
        """Every save in the folder, newest first; unreadable ones listed with their error."""
        out: list[SaveEntry] = []
        if not self.folder.is_dir():
            return out
        for path in self.folder.glob("*.toml"):
            try:
                saved = self.load_path(path)
            except SaveError as exc:
                out.append(SaveEntry(path.stem, path, error=exc.notice))
                continue
            out.append(
                SaveEntry(saved.name, path, saved.saved_at, saved.record.profile_id, len(saved.record.actions))
            )
        out.sort(key=lambda e: (e.saved_at, e.name), reverse=True)
        return out

    def delete(self, name: str) -> None:
        self.flush()
        self.path_for(name).unlink(missing_ok=True)
