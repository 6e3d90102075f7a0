"""What a menu screen asks the app to do. Screens return these; only the app acts on them."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from game.match_options import MatchOptions
from game.persist.settings import Settings

if TYPE_CHECKING:
    from game.engine import Match


@dataclass(frozen=True)
class Back:
    """Leave this screen for the one below."""


@dataclass(frozen=True)
class Quit:
    """Close the game."""


@dataclass(frozen=True)
class Open:
    """Show another menu screen: ``new_game``, ``settings``, ``replays``, ``title``."""

    screen: str


@dataclass(frozen=True)
class ShowRules:
    """The rules screen: every knob of ``profile_id`` that differs from ``other_id``."""

    profile_id: str
    other_id: str


@dataclass(frozen=True)
class StartMatch:
    options: MatchOptions
    replacing: bool = False  # the player said yes to ending the match in progress


@dataclass(frozen=True)
class ContinueMatch:
    """Resume a saved match (the autosave unless named)."""

    name: str = "autosave"


@dataclass(frozen=True)
class ApplySettings:
    """The player changed a setting: save it and apply it now (a language change redraws)."""

    settings: Settings


@dataclass(frozen=True)
class DeleteReplay:
    path: Path


@dataclass(frozen=True)
class Dismiss:
    """The player has read the notice."""


@dataclass(frozen=True)
class OpenReplay:
    """Show a finished match from the library in the replay viewer."""

    path: Path


@dataclass(frozen=True, eq=False)
class ResumeMatch:
    """A saved match replayed to where it stopped: the app puts it on the table."""

    options: MatchOptions
    match: Match


@dataclass(frozen=True)
class ExportReplay:
    """Write a finished match as a tenhou.net/6 log."""

    path: Path


@dataclass(frozen=True, eq=False)
class PlayFromHere:
    """Play on against the AI from a point of a replay: ``match`` is a copy in that state, whose
    record starts with the filed match's actions up to there."""

    options: MatchOptions
    match: Match


@dataclass(frozen=True)
class SaveGame:
    """Keep the match being played under a name of the player's (overwriting one of that name)."""

    name: str


@dataclass(frozen=True)
class LoadGame:
    """Resume a named save (a path from the saves list)."""

    path: Path


@dataclass(frozen=True)
class DeleteSave:
    path: Path


@dataclass(frozen=True)
class RaiseOther:
    """Another window holds the user folder: ask it to come to the front, and close this one."""


@dataclass(frozen=True)
class PlayWithoutAutosave:
    """Another window holds the user folder: play in this one anyway, keeping no autosave."""
