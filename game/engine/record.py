"""What a match's record is: the rules, the seed, every decision, and how the match started.

The record is what saves, replays and logs keep; :func:`game.engine.replay` turns it back into the
match it came from (its state hash proves it). It lives apart from the state and the flow so that
reading a save (the title's Continue names the autosave's rules and time) needs only these few
plain data classes, not the engine.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class HandSetup:
    """A stacked hand (tutorials, log replays): the live tiles in draw order, the dead wall from
    the break, and the dice. Tiles not named fill the rest of the wall."""

    draw_order: tuple[int, ...]
    dead: tuple[int, ...] = ()
    dice: tuple[int, int] = (3, 4)


@dataclass(frozen=True)
class HandPosition:
    """Where a match starts when it does not start at East 1 (seat 0 of the first dealer's
    rotation deals ``hand_number`` hands later)."""

    round_wind: int = 0
    hand_number: int = 0
    honba: int = 0
    riichi_sticks: int = 0


@dataclass(frozen=True)
class Record:
    """Everything needed to replay a match: rules, seed, decisions, and the state they reach."""

    profile_id: str
    profile_hash: str
    seed: int
    actions: tuple[str, ...]
    state_hash: str = ""
    # how the match was started when not from a plain seed (tutorials, log replays, branches)
    first_dealer: int | None = None
    start: tuple[int, int, int, int] | None = None
    position: HandPosition | None = None
    setups: tuple[tuple[int, HandSetup], ...] = ()
    strict_seats: tuple[int, ...] = ()  # seats that played at a strict table (false declarations)
