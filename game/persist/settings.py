"""The player's settings: a frozen dataclass with defaults, kept in ``settings.toml``.

The file lives in :func:`game.paths.settings_dir` and carries a ``schema`` number. Reading never
fails the game:

* no file: the defaults;
* a file that cannot be read or parsed: moved aside as ``settings.toml.corrupt-<timestamp>``,
  the defaults are used, and a :class:`Notice` tells the player (once: the bad file is gone);
* a file from a newer game (``schema`` above ours): left untouched and never overwritten in this
  run, the defaults are used, and the player is told;
* an older schema: migrated step by step (:data:`MIGRATIONS`) and written back;
* a single bad value: that setting falls back to its default, the file is written back with
  the default (so the player is told once, not at every start: the value was one this version
  cannot use, and the first change in Settings would write the whole file anyway), and the
  player is told which settings, by their names on the Settings screen.
"""

from __future__ import annotations

import dataclasses
import itertools
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Final

from game import paths
from game.engine.profile import load_profile, profile_order
from game.i18n import LANGUAGES
from game.i18n.system import system_language
from game.match_options import HAND_LENGTHS, LEVELS, ROUND_LENGTHS, MatchOptions, lengths_for

from .atomic import UnreadableFile, clear_stale_temps, move_aside, read_toml, write_toml
from .bounded import SETTINGS_CAP
from .names import shown, shown_path
from .notice import Notice

SCHEMA: Final = 2
FILE_NAME: Final = "settings.toml"
# the "Terms" setting's choice of each rulebook's own words (the other choices name one vocabulary)
RULEBOOK_TERMS: Final = "rulebook"

WINDOW_SIZES: Final = ((1024, 576), (1152, 648), (1280, 720), (1600, 900), (1920, 1080), (2560, 1440))  # 16:9, small laptops first
VOLUMES: Final = tuple(range(0, 101, 10))


@dataclass(frozen=True)
class Settings:
    language: str = dataclasses.field(default_factory=system_language)
    tile_style: str = "classic"
    animation_speed: str = "normal"
    claim_countdown: int = 0  # seconds to answer a call prompt; 0 = no limit (alone against AIs nobody waits: a new player reading the hint never loses a call to the clock)
    auto_pass: bool = True  # pass at once when no call is possible (no pause on others' discards)
    sound_volume: int = 80
    music_volume: int = 60
    window_size: tuple[int, int] = (1280, 720)
    fullscreen: bool = False
    strict_table: bool = False  # no take-backs, no peeking help: the table as a tournament plays it
    hint_waits: bool = True
    hint_ai_reasons: bool = False
    # the words for calls and wins: each rulebook's own (Riichi: pon, ron; EMA: pung, ron; the
    # Chinese rulebooks: pung, Mah-Jong; as the lessons say them), or one terminology everywhere
    terminology: str = RULEBOOK_TERMS
    # Advanced: a program speaking the mjai protocol plays an AI seat (right, across, left of the
    # player; "" = the AI level plays it), riichi rules only; seconds it may take per decision
    external_bots: tuple[str, str, str] = ("", "", "")
    external_time_limit: int = 5
    # what the player chose on the New game screen last time, offered again at the next start (a
    # player who plays Hong Kong against hard opponents should not pick them again every day)
    new_game_rules: str = "riichi"
    new_game_levels: tuple[str, str, str] = ("normal", "normal", "normal")
    new_game_length: str = ""  # "" plays the rules' own length

    @property
    def animation_factor(self) -> float:
        """How much faster than normal the table animates (0: no animation)."""
        return ANIMATION_FACTORS[self.animation_speed]


ANIMATION_FACTORS: Final = {"slow": 0.6, "normal": 1.0, "fast": 1.8, "instant": 0.0}

# The values the settings screen cycles through, in order. Booleans are (False, True).
CHOICES: Final[dict[str, tuple[Any, ...]]] = {
    "language": LANGUAGES,
    "tile_style": ("classic", "clear"),
    "animation_speed": tuple(ANIMATION_FACTORS),
    "claim_countdown": (5, 10, 20, 0),  # no limit after the longest: Right gives more time
    "auto_pass": (False, True),
    "sound_volume": VOLUMES,
    "music_volume": VOLUMES,
    "window_size": WINDOW_SIZES,
    "fullscreen": (False, True),
    "strict_table": (False, True),
    "hint_waits": (False, True),
    "hint_ai_reasons": (False, True),
    "terminology": (RULEBOOK_TERMS, "english", "japanese", "chinese"),
    "external_time_limit": (2, 5, 10, 30),
    "new_game_rules": tuple(profile_order()),
    "new_game_levels": tuple(itertools.product(LEVELS, repeat=3)),
    "new_game_length": ("", *HAND_LENGTHS, *ROUND_LENGTHS),
}
EXTERNAL_COMMAND_MAX: Final = 400  # characters of one external bot command
FIELDS: Final = tuple(f.name for f in dataclasses.fields(Settings))


def _valid(name: str, value: Any) -> Any:
    """``value`` as the setting holds it, or None when it is not a value that setting takes.

    Volumes take any whole number 0..100 and the window any sane size (the player may drag the
    window), the rest only their listed choices."""
    if name in ("sound_volume", "music_volume"):
        ok = type(value) is int and 0 <= value <= 100
        return value if ok else None
    if name == "window_size":
        if (
            isinstance(value, list | tuple)
            and len(value) == 2
            and all(type(v) is int for v in value)
            and 640 <= value[0] <= 7680
            and 360 <= value[1] <= 4320
        ):
            return (value[0], value[1])
        return None
    if name == "new_game_levels":
        ok = isinstance(value, list | tuple) and len(value) == 3 and all(v in LEVELS for v in value)
        return (value[0], value[1], value[2]) if ok else None
    if name == "external_bots":
        ok = (
            isinstance(value, list | tuple)
            and len(value) == 3
            and all(isinstance(v, str) and len(v) <= EXTERNAL_COMMAND_MAX and v.isprintable() for v in value)
        )
        return (value[0], value[1], value[2]) if ok else None
    choices = CHOICES[name]
    if any(type(value) is type(c) and value == c for c in choices):
        return value
    return None


# --- migrations: each takes the table of schema n and returns the table of schema n + 1 ---------


def _v1_to_v2(data: dict[str, Any]) -> dict[str, Any]:
    """Schema 1 (the first builds) had ``tiles`` for the tile style, one ``volume`` for sound and
    music, and the window as ``window_width`` / ``window_height``."""
    out = dict(data)
    if "tiles" in out:
        out["tile_style"] = out.pop("tiles")
    if "volume" in out:
        volume = out.pop("volume")
        out.setdefault("sound_volume", volume)
        out.setdefault("music_volume", volume)
    if "window_width" in out or "window_height" in out:
        default = Settings.__dataclass_fields__["window_size"].default
        assert isinstance(default, tuple)
        out["window_size"] = [out.pop("window_width", default[0]), out.pop("window_height", default[1])]
    out["schema"] = 2
    return out


MIGRATIONS: Final[dict[int, Callable[[dict[str, Any]], dict[str, Any]]]] = {1: _v1_to_v2}


def migrate(data: dict[str, Any]) -> dict[str, Any]:
    """Bring a table of any older schema up to :data:`SCHEMA`."""
    schema = data.get("schema", 1)
    while schema < SCHEMA:
        data = MIGRATIONS[schema](data)
        schema = data["schema"]
    return data


def to_table(settings: Settings) -> dict[str, Any]:
    table: dict[str, Any] = {"schema": SCHEMA}
    for name in FIELDS:
        value = getattr(settings, name)
        table[name] = list(value) if isinstance(value, tuple) else value
    return table


def from_table(data: dict[str, Any]) -> tuple[Settings, list[str]]:
    """Settings from a current-schema table, and the keys whose values were refused (unknown
    keys are ignored: an older game reading a newer file drops what it does not know)."""
    values: dict[str, Any] = {}
    refused: list[str] = []
    for name in FIELDS:
        if name not in data:
            continue
        value = _valid(name, data[name])
        if value is None:
            refused.append(name)
        else:
            values[name] = value
    return Settings(**values), refused


def new_game_options(settings: Settings) -> MatchOptions:
    """The New game screen's starting choices: the last ones the player started a match with (a
    length the rules no longer offer plays their own)."""
    length = settings.new_game_length
    if length and length not in lengths_for(load_profile(settings.new_game_rules)):
        length = ""
    return MatchOptions(profile_id=settings.new_game_rules, levels=settings.new_game_levels, length=length)


def remember_new_game(settings: Settings, options: MatchOptions) -> Settings:
    """``settings`` holding ``options`` as the next New game screen's starting choices."""
    return dataclasses.replace(settings, new_game_rules=options.profile_id, new_game_levels=options.levels,
                               new_game_length=options.length)


class SettingsStore:
    """Reads and writes ``settings.toml`` in one folder (the user's settings folder by default)."""

    def __init__(self, folder: Path | None = None) -> None:
        self.path = (folder if folder is not None else paths.settings_dir()) / FILE_NAME
        clear_stale_temps(self.path.parent)
        self.writable = True
        self._notice: Notice | None = None

    def load(self) -> Settings:
        """The settings in the file, or the defaults (see the module docstring for the cases)."""
        try:
            data = read_toml(self.path, SETTINGS_CAP)
        except FileNotFoundError:
            return Settings()
        except UnreadableFile as exc:
            return self._corrupt(exc.reason)
        schema = data.get("schema", 1)
        if type(schema) is not int or schema < 1:
            return self._corrupt("invalid")
        if schema > SCHEMA:
            self.writable = False
            self._notice = Notice("notice.settings_newer", {"file": shown_path(self.path)})
            return Settings()
        migrated = migrate(data)
        settings, refused = from_table(migrated)
        if refused:
            self._notice = Notice("notice.settings_reset", settings=tuple(refused))
        if schema < SCHEMA or refused:
            try:
                self.save(settings)
            except OSError as exc:  # a read-only or full folder: migrated in memory, again next time
                self._notice = self._notice or Notice("notice.disk_trouble", {"detail": exc.strerror or str(exc)})
        return settings

    def _corrupt(self, reason: str = "corrupt") -> Settings:
        try:
            moved = move_aside(self.path, reason)
        except OSError:
            self.writable = False
            self._notice = Notice("notice.settings_unreadable", {"file": shown_path(self.path)})
            return Settings()
        self._notice = Notice("notice.settings_corrupt", {"file": shown(moved.name)})
        return Settings()

    def save(self, settings: Settings) -> bool:
        """Write the settings; False (and nothing written) when the file belongs to a newer game."""
        if not self.writable:
            return False
        write_toml(self.path, to_table(settings))
        return True

    def take_notice(self) -> Notice | None:
        """The message for the player about the last load, handed out only once."""
        notice, self._notice = self._notice, None
        return notice
