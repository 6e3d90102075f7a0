"""Game logs: tenhou.net/6 JSON and mjai JSON lines, written from our matches and replayed.

Export::

    to_tenhou6(match)          # dict, ready for json.dumps
    to_mjai(match)             # list of mjai events (mjai.dumps for JSON lines)

Import and check::

    logged = read_log(text)                    # either format, detected
    reports = replay_match(logged, profile)    # one HandReport per hand, first divergence or None

Both formats go through one model (:mod:`.model`): a :class:`LoggedMatch` of
:class:`LoggedHand` steps. Writers read it, readers build it, the replay stacks a wall from it.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from typing import Any

from .. import Match
from ..errors import RecordError
from ..events import Event, HandStarted
from .capture import logged_match
from .fit import Fit, LogRules, fit_rules, named_rules
from .mjai import dumps as mjai_dumps
from .mjai import from_mjai, parse_lines, write_mjai
from .model import LoggedHand, LoggedMatch
from .replay import HandReport, one_hand_profile, replay_hand, replay_match
from .tenhou6 import from_tenhou6, write_tenhou6

__all__ = [
    "Fit",
    "HandReport",
    "LogRules",
    "LoggedHand",
    "LoggedMatch",
    "fit_rules",
    "from_mjai",
    "from_tenhou6",
    "logged",
    "mjai_dumps",
    "named_rules",
    "one_hand_profile",
    "read_log",
    "replay_hand",
    "replay_match",
    "to_mjai",
    "to_tenhou6",
]

Source = Match | LoggedMatch | Sequence[Event]


def logged(source: Source, *, first_dealer: int | None = None, names: Sequence[str] = ()) -> LoggedMatch:
    """A match, or the events it returned, as logged hands. For bare events ``first_dealer`` is
    needed (it fixes the log's seat 0); a match knows it. ``names`` are the players' names per
    engine seat, as the table shows them."""
    if isinstance(source, LoggedMatch):
        return source
    if isinstance(source, Match):
        profile = source.profile
        return logged_match(
            source.events,
            source.first_dealer,
            names=names,
            aka=profile.tiles.red_fives > 0,
            title=profile.profile.name,
            length=profile.game.length,
            kuitan=profile.score.open_tanyao,
        )
    events = list(source)
    if first_dealer is None:
        starts = [e for e in events if isinstance(e, HandStarted)]
        first_dealer = (starts[0].dealer - starts[0].hand_number) % 4 if starts else 0
    return logged_match(events, first_dealer, names=names)


def to_tenhou6(source: Source, *, first_dealer: int | None = None, names: Sequence[str] = ()) -> dict[str, Any]:
    """The tenhou.net/6 JSON object of every finished hand."""
    return write_tenhou6(logged(source, first_dealer=first_dealer, names=names))


def to_mjai(source: Source, *, first_dealer: int | None = None, names: Sequence[str] = ()) -> list[dict[str, Any]]:
    """The mjai events of every finished hand, framed by start_game and end_game."""
    return write_mjai(logged(source, first_dealer=first_dealer, names=names))


def read_log(text: str, *, loads: Callable[[str], object] = json.loads) -> LoggedMatch:
    """Read a log of either format: a JSON object with "log" is tenhou.net/6, JSON lines (or a
    JSON list of events) are mjai. Raises RecordError when it is neither or malformed.

    ``loads`` decodes the whole text (the game's import passes one that lets other threads run:
    :func:`game.persist.log_import.gentle_loads`)."""
    stripped = text.strip()
    if not stripped:
        raise RecordError("the log is empty")
    try:
        whole: object = loads(stripped)
    except ValueError:
        whole = None
        if "\n" not in stripped:
            raise RecordError("the log is not JSON (a tenhou.net/6 object or mjai JSON lines)") from None
    except RecursionError:
        raise RecordError("the log nests too deeply to be a game log") from None
    if isinstance(whole, dict) and "log" in whole:
        return from_tenhou6(whole)
    if isinstance(whole, list):
        return from_mjai(whole)
    if isinstance(whole, dict):  # a single line of mjai
        return from_mjai([whole])
    if whole is not None:
        raise RecordError("the log is neither a tenhou.net/6 object nor mjai events")
    return from_mjai(parse_lines(stripped))
