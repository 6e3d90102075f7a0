"""The replay library: every finished match, the newest :data:`KEEP` kept, as JSON files.

A replay is a saved match that has ended: the options and the engine record (which replays to
every event of the match) plus what the library list shows without replaying anything: when it
ended, the profile, the placings and final scores. JSON rather than TOML because a long match
holds a thousand actions and JSON reads them faster; files are named by their UTC end time so
sorting names sorts by age, then the match id.

Filing is idempotent: a match carries an id from its first action to its end (the autosave keeps
it), and a match whose id is filed already is not filed again. A game killed after writing the
replay but before removing the autosave resumes that match on Continue, sees it ended, and files
nothing new.

A replay that cannot be read (every field is checked: :func:`entry_from_table`) is set aside as
``<file>.<reason>-<time>`` the first time the list meets it, and the player is told once.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any, Final

from game import paths
from game.match_options import MatchOptions

from .atomic import UnreadableFile, clear_stale_temps, move_aside, read_json, write_json
from .bounded import REPLAY_CAP
from .fields import items, real, time_or_blank, whole
from .names import shown
from .notice import Notice
from .saves import (
    SavedMatch,
    SaveError,
    match_id_from,
    options_from_table,
    options_table,
    record_from_table,
    record_table,
)

if TYPE_CHECKING:
    from game.engine import Match, Record

KEEP: Final = 200
REPLAY_SCHEMA: Final = 1
SCORE_LIMIT: Final = 10**9
MAX_HANDS: Final = 10_000

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class Placings:
    ranks: tuple[int, ...]  # 1..4 per seat
    scores: tuple[int, ...]  # final points on the table per seat
    final_points: tuple[float, ...]  # with uma and oka, in thousands

    @classmethod
    def of(cls, match: Match) -> Placings:
        final = match.final
        if final is None:
            raise ValueError("the match has not ended")
        return cls(tuple(final.ranks), tuple(final.scores), tuple(final.final_points))


@dataclass(frozen=True)
class ReplayEntry:
    path: Path
    finished_at: str
    options: MatchOptions
    placings: Placings
    hands: int
    match_id: str = ""

    @property
    def profile_id(self) -> str:
        return self.options.profile_id

    def human_rank(self) -> int:
        return self.placings.ranks[self.options.human_seat]


class ReplayLibrary:
    """The replays in one folder (``<saves folder>/replays`` by default)."""

    def __init__(self, folder: Path | None = None, *, keep: int = KEEP) -> None:
        self.folder = folder if folder is not None else paths.saves_dir() / "replays"
        clear_stale_temps(self.folder)
        self.keep = keep
        self._notices: list[Notice] = []
        self._refused: set[Path] = set()

    def add(self, options: MatchOptions, match: Match, *, now: datetime | None = None, match_id: str = "") -> Path:
        """File a finished match and drop the oldest beyond :attr:`keep`; a match whose id is
        filed already is not filed again (its file is returned)."""
        return self.add_record(options, match.record, Placings.of(match), match.hand_index, now=now,
                               match_id=match_id)

    def add_record(
        self, options: MatchOptions, record: Record, placings: Placings, hands: int, *, now: datetime | None = None,
        match_id: str = "",
    ) -> Path:
        match_id = match_id_from(match_id)
        if match_id:
            filed = self.filed(match_id)
            if filed is not None:
                return filed
        when = now or datetime.now(UTC)
        stamp = when.strftime("%Y%m%dT%H%M%S%fZ")
        path = self._free_path(f"{stamp}-{match_id}" if match_id else stamp)
        write_json(
            path,
            {
                "schema": REPLAY_SCHEMA,
                "finished_at": when.isoformat(timespec="seconds"),
                "match_id": match_id or None,
                "options": options_table(options),
                "placings": {
                    "ranks": list(placings.ranks),
                    "scores": list(placings.scores),
                    "final_points": list(placings.final_points),
                },
                "hands": hands,
                "record": record_table(record),
            },
        )
        self.prune()
        return path

    def filed(self, match_id: str) -> Path | None:
        """The replay file of the match ``match_id``, if it is in the library."""
        if not match_id_from(match_id) or not self.folder.is_dir():
            return None
        return next(iter(sorted(self.folder.glob(f"*-{match_id}*.json"))), None)

    def _free_path(self, stem: str) -> Path:
        path = self.folder / f"{stem}.json"
        n = 1
        while path.exists():
            n += 1
            path = self.folder / f"{stem}-{n}.json"
        return path

    def paths(self) -> list[Path]:
        """Replay files, newest first."""
        if not self.folder.is_dir():
            return []
        try:
            return sorted(self.folder.glob("*.json"), key=lambda p: p.name, reverse=True)
        except OSError:
            return []

    def prune(self) -> None:
        for old in self.paths()[self.keep :]:
            old.unlink(missing_ok=True)

    def entries(self) -> list[ReplayEntry]:
        """The library list, newest first. A file that cannot be read is set aside (its message
        waits in :meth:`take_notices`); a newer game's replay is left alone and not listed."""
        out = []
        for path in self.paths()[: self.keep]:
            if path in self._refused:
                continue
            try:
                out.append(entry_from_table(path, _read(path)))
            except SaveError as exc:
                if exc.reason not in ("newer", "missing"):
                    self.set_aside(path, exc)
        return out

    def load(self, path: Path) -> SavedMatch:
        """The replay as a saved match: ``.resume()`` replays it to its end."""
        data = _read(path)
        entry = entry_from_table(path, data)  # the record is checked there
        return SavedMatch(path.stem, entry.options, record_from_table(data.get("record")), entry.finished_at,
                          entry.match_id)

    def set_aside(self, path: Path, error: SaveError) -> Notice:
        """Move a replay that cannot be used out of the library (``<file>.<reason>-<time>``) and
        keep the player's message; a folder that refuses leaves it, told once for this run."""
        log.warning("replay %s cannot be used (%s): %s", path, error.reason, error.notice.values.get("detail", ""))
        try:
            moved = move_aside(path, error.reason)
        except OSError as exc:
            log.warning("replay %s could not be set aside: %s", path, exc)
            self._refused.add(path)
            notice = Notice("notice.set_aside_failed", {"file": shown(path.name)})
        else:
            notice = Notice("notice.replay_set_aside", {"file": shown(moved.name)})
        self._notices.append(notice)
        return notice

    def take_notices(self) -> list[Notice]:
        """The messages about replays set aside since the last call (each told once)."""
        notices, self._notices = self._notices, []
        return notices

    def delete(self, path: Path) -> None:
        if path.parent == self.folder:
            path.unlink(missing_ok=True)


def entry_from_table(path: Path, data: dict[str, Any]) -> ReplayEntry:
    """The list entry of a replay file, every field checked (SaveError saying which is wrong):
    the record as a save's, four placings 1..4, four bounded scores, four finite final points.
    The end time and the hand count only decorate the list: a bad one is shown as nothing."""
    try:
        placings = data.get("placings")
        if not isinstance(placings, dict):
            raise ValueError("[placings] is missing")
        record_from_table(data.get("record"))
        hands = data.get("hands", 0)
        return ReplayEntry(
            path,
            time_or_blank(data.get("finished_at")),
            options_from_table(data.get("options")),
            Placings(
                _four(placings.get("ranks"), "placings.ranks", lambda v, w: whole(v, 1, 4, w)),
                _four(placings.get("scores"), "placings.scores", lambda v, w: whole(v, -SCORE_LIMIT, SCORE_LIMIT, w)),
                _four(placings.get("final_points"), "placings.final_points", lambda v, w: real(v, SCORE_LIMIT, w)),
            ),
            hands if type(hands) is int and 0 <= hands <= MAX_HANDS else 0,
            match_id_from(data.get("match_id")),
        )
    except ValueError as exc:
        raise SaveError(Notice("save.error.unreadable", {"file": shown(path.name), "detail": shown(str(exc), 200)})) from exc


def _four(value: Any, where: str, check: Any) -> tuple[Any, ...]:
    """Four values, one per seat, each passed through ``check(value, where)``."""
    seats = items(value, 4, where)
    if len(seats) != 4:
        raise ValueError(f"{where} needs one value per seat, not {len(seats)}")
    return tuple(check(v, where) for v in seats)


def _read(path: Path) -> dict[str, Any]:
    file = shown(path.name)
    try:
        data = read_json(path, REPLAY_CAP)
    except FileNotFoundError as exc:
        raise SaveError(Notice("save.error.missing", {"file": file}), "missing") from exc
    except UnreadableFile as exc:
        raise SaveError(Notice("save.error.unreadable", {"file": file, "detail": shown(str(exc), 200)}),
                        exc.reason) from exc
    if not isinstance(data, dict):
        raise SaveError(Notice("save.error.unreadable", {"file": file, "detail": "not a table"}), "corrupt")
    schema = data.get("schema")
    if type(schema) is int and schema > REPLAY_SCHEMA:
        raise SaveError(Notice("save.error.newer", {"file": file}), "newer")
    if type(schema) is not int or schema != REPLAY_SCHEMA:
        raise SaveError(Notice("save.error.unreadable", {"file": file, "detail": "schema"}))
    return data
