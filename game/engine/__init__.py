"""The pure rules engine: no pygame, no clock, no I/O beyond reading rule profiles.

This package is the engine's public face, in the spirit of ``chess/__init__.py``: import from
here, not from the modules behind it::

    from game.engine import Match, load_profile

    match = Match(load_profile("riichi"), seed=7)
    seat = match.awaiting()[0]
    actions = match.legal_actions(seat)      # what a seat may do now
    events = match.apply(actions[0])         # do it; the events say what happened
    view = match.observe(seat)               # only what that seat may see
    match.why_illegal(action)                # why an action is refused (None: it is legal)
    trial = match.copy()                     # try something without touching the match
    replay(match.record, match.profile)      # the record replays to the same state hash

The modules behind it: ``match`` (the flow of a hand and a match), ``state`` (what a match and a
hand are at one moment), ``rules`` (each rulebook knob turned into behaviour, one module per
concern), ``profile`` (the knobs as data), ``scoring``/``taiwanese`` (hand values), ``wall``,
``tiles``, ``shanten``. Only this module imports ``match`` (``tests/test_import_graph.py``).

Each name is imported from its module the first time it is asked for (PEP 562), not when the
package is: ``import game.engine.errors`` or ``game.engine.profile`` then costs only those
modules, so the game's title (which needs the profiles' names but plays no hand) is drawn before
the flow, the rules and the scoring, some 0.15 s of CPU, are loaded.
"""

from importlib import import_module
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # the names below, for type checkers; at run time each is imported on first use
    from .actions import Action, ActionKind, format_action, parse_action_text
    from .errors import AtlasError, IllegalActionError, NotationError, ProfileError, RecordError
    from .events import (
        AbortiveDraw,
        Claimed,
        DeadWallSet,
        DiceRolled,
        Discarded,
        DoraRevealed,
        DrawReturned,
        Event,
        ExhaustiveDraw,
        FirstDealerRolled,
        FlowerSetAside,
        HandEnded,
        HandStarted,
        KanDeclared,
        MatchEnded,
        Penalty,
        PenaltyKind,
        RiichiAccepted,
        TailToDeadWall,
        TileDrawn,
        TilesDealt,
        ValueRow,
        WallBuilt,
        Win,
        redact,
    )
    from .match import Match, Phase, replay
    from .meld import Meld, MeldKind
    from .observation import Observation, SeatView
    from .profile import RuleProfile, available_profiles, diff_profiles, load_profile, load_profile_file
    from .record import HandPosition, HandSetup, Record
    from .rows import Unit
    from .tenpai import Shortfall, Tenpai, Wait

_HOMES: dict[str, str] = {  # each public name and its module (the same as the imports above)
    "Action": "actions",
    "ActionKind": "actions",
    "format_action": "actions",
    "parse_action_text": "actions",
    "AtlasError": "errors",
    "IllegalActionError": "errors",
    "NotationError": "errors",
    "ProfileError": "errors",
    "RecordError": "errors",
    "AbortiveDraw": "events",
    "Claimed": "events",
    "DeadWallSet": "events",
    "DiceRolled": "events",
    "Discarded": "events",
    "DoraRevealed": "events",
    "DrawReturned": "events",
    "Event": "events",
    "ExhaustiveDraw": "events",
    "FirstDealerRolled": "events",
    "FlowerSetAside": "events",
    "HandEnded": "events",
    "HandStarted": "events",
    "KanDeclared": "events",
    "MatchEnded": "events",
    "Penalty": "events",
    "PenaltyKind": "events",
    "RiichiAccepted": "events",
    "TailToDeadWall": "events",
    "TileDrawn": "events",
    "TilesDealt": "events",
    "ValueRow": "events",
    "WallBuilt": "events",
    "Win": "events",
    "redact": "events",
    "Match": "match",
    "Phase": "match",
    "replay": "match",
    "Meld": "meld",
    "MeldKind": "meld",
    "Observation": "observation",
    "SeatView": "observation",
    "HandPosition": "record",
    "HandSetup": "record",
    "Record": "record",
    "RuleProfile": "profile",
    "available_profiles": "profile",
    "diff_profiles": "profile",
    "load_profile": "profile",
    "load_profile_file": "profile",
    "Unit": "rows",
    "Shortfall": "tenpai",
    "Tenpai": "tenpai",
    "Wait": "tenpai",
}


def __getattr__(name: str) -> object:
    """A public name, imported from its module on first use (then kept here)."""
    home = _HOMES.get(name)
    if home is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(import_module(f"{__name__}.{home}"), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(__all__))


__all__ = [
    "AbortiveDraw",
    "Action",
    "ActionKind",
    "AtlasError",
    "Claimed",
    "DeadWallSet",
    "DiceRolled",
    "Discarded",
    "DoraRevealed",
    "DrawReturned",
    "Event",
    "ExhaustiveDraw",
    "FirstDealerRolled",
    "FlowerSetAside",
    "HandEnded",
    "HandPosition",
    "HandSetup",
    "HandStarted",
    "IllegalActionError",
    "KanDeclared",
    "Match",
    "MatchEnded",
    "Meld",
    "MeldKind",
    "NotationError",
    "Observation",
    "Penalty",
    "PenaltyKind",
    "Phase",
    "ProfileError",
    "Record",
    "RecordError",
    "RiichiAccepted",
    "RuleProfile",
    "SeatView",
    "Shortfall",
    "TailToDeadWall",
    "Tenpai",
    "TileDrawn",
    "TilesDealt",
    "Unit",
    "ValueRow",
    "Wait",
    "WallBuilt",
    "Win",
    "available_profiles",
    "diff_profiles",
    "format_action",
    "load_profile",
    "load_profile_file",
    "parse_action_text",
    "redact",
    "replay",
]
