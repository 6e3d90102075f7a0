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
"""

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
from .match import HandPosition, HandSetup, Match, Phase, Record, replay
from .meld import Meld, MeldKind
from .observation import Observation, SeatView
from .profile import RuleProfile, available_profiles, diff_profiles, load_profile, load_profile_file
from .rows import Unit
from .tenpai import Shortfall, Tenpai, Wait

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
