"""The replay library: every finished match, the newest :data:`KEEP` kept, as JSON files.

A replay is a saved match that has ended: the options and the engine record (which replays to
every event of the match) plus what the library list shows without replaying anything: when it
ended, the profile, the placings and final scores. JSON rather than TOML because a long match
holds a thousand actions and JSON reads them faster; files are named by their UTC end time so
sorting names sorts by age.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, Final

from game import paths
from game.engine import Match, Record
from game.match_options import MatchOptions

from .atomic import UnreadableFile, clear_stale_temps, read_json, write_json
from .notice import Notice
from .saves import SavedMatch, SaveError, options_from_table, options_table, record_from_table, record_table

KEEP: Final = 200
REPLAY_SCHEMA: Final = 1


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

    def add(self, options: MatchOptions, match: Match, *, now: datetime | None = None) -> Path:
        """File a finished match and drop the oldest beyond :attr:`keep`."""
        return self.add_record(options, match.record, Placings.of(match), match.hand_index, now=now)

    def add_record(
        self, options: MatchOptions, record: Record, placings: Placings, hands: int, *, now: datetime | None = None
    ) -> Path:
        when = now or datetime.now(UTC)
        path = self._free_path(when.strftime("%Y%m%dT%H%M%S%fZ"))
        write_json(
            path,
            {
                "schema": REPLAY_SCHEMA,
                "finished_at": when.isoformat(timespec="seconds"),
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
        return sorted(self.folder.glob("*.json"), key=lambda p: p.name, reverse=True)

    def prune(self) -> None:
        for old in self.paths()[self.keep :]:
            old.unlink(missing_ok=True)

    def entries(self) -> list[ReplayEntry]:
        """The library list, newest first (files that cannot be read are skipped)."""
        out = []
        for path in self.paths():
            try:
                out.append(self._entry(path, _read(path)))
            except SaveError:
                continue
        return out

    def _entry(self, path: Path, data: dict[str, Any]) -> ReplayEntry:
        try:
            placings = data["placings"]
            return ReplayEntry(
                path,
                str(data["finished_at"]),
                options_from_table(data["options"]),
                Placings(
                    tuple(int(r) for r in placings["ranks"]),
                    tuple(int(s) for s in placings["scores"]),
                    tuple(float(p) for p in placings["final_points"]),
                ),
                int(data.get("hands", 0)),
            )
        except (KeyError, TypeError, ValueError, OverflowError) as exc:  # JSON allows Infinity
            raise SaveError(Notice("save.error.unreadable", {"file": path.name, "detail": str(exc)})) from exc

    def load(self, path: Path) -> SavedMatch:
        """The replay as a saved match: ``.resume()`` replays it to its end."""
        data = _read(path)
        entry = self._entry(path, data)
        try:
            record = record_from_table(data.get("record"))
        except ValueError as exc:
            raise SaveError(Notice("save.error.unreadable", {"file": path.name, "detail": str(exc)})) from exc
        return SavedMatch(path.stem, entry.options, record, entry.finished_at)

    def delete(self, path: Path) -> None:
        if path.parent == self.folder:
            path.unlink(missing_ok=True)


def _read(path: Path) -> dict[str, Any]:
    try:
        data = read_json(path)
    except FileNotFoundError as exc:
        raise SaveError(Notice("save.error.missing", {"file": path.name})) from exc
    except UnreadableFile as exc:
        raise SaveError(Notice("save.error.unreadable", {"file": path.name, "detail": str(exc)})) from exc
    if not isinstance(data, dict):
        raise SaveError(Notice("save.error.unreadable", {"file": path.name, "detail": "not a table"}))
    schema = data.get("schema")
    if type(schema) is int and schema > REPLAY_SCHEMA:
        raise SaveError(Notice("save.error.newer", {"file": path.name}))
    return data
