"""Put a level's situation on the table: a stacked wall, then the scripted moves before the lesson.

The wall is stacked the way a logged hand's is (:func:`game.engine.logs.stacking.stack_hand`): the
level is written as a :class:`~game.engine.logs.model.LoggedHand` (each seat's deal, the draws in
order, the replacement tiles), so tutorials and log replays share one stacker. Two things a log
never needs are added here: seats the level leaves out get scattered filler tiles, and flowers
(which the log stacker does not know) are spliced into the draw order afterwards.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable

from game.engine import HandSetup, Match, Phase
from game.engine.actions import Action, ActionKind, parse_action_text
from game.engine.errors import AtlasError, NotationError
from game.engine.events import Event
from game.engine.logs.model import Face, LoggedHand, Step
from game.engine.logs.stacking import stack_hand
from game.engine.profile import RuleProfile, load_profile
from game.engine.tiles import FLOWER_ID_BASE, FLOWER_KIND_BASE, kind_of, parse_kinds

from .level import Level, Situation

PASS_ALL = "pass"  # a script word: every seat asked about the discard passes
TSUMOGIRI_TO_END = "tsumogiri to the last tile"  # every seat discards what it draws until the wall is empty


class SetupError(AtlasError):
    """The level's situation cannot be dealt or played (a level bug, reported by the check)."""


def faces(text: str) -> list[Face]:
    """``(kind, red)`` for each tile of notation such as ``123m0p``; flowers have kinds 34..41."""
    kinds = parse_kinds(text)
    reds = [d == "0" for digits, _ in re.findall(r"([0-9]+)([mpszf])", text.replace(" ", "")) for d in digits]
    return list(zip(kinds, reds, strict=True))


def _filler(profile: RuleProfile, named: Counter[Face]) -> list[Face]:
    """Faces nobody named, spread out (kinds three apart, suits interleaved) so that filler hands
    hold few pairs and runs, and numbers come before winds (no accidental four-winds abort)."""
    red = profile.tiles.red_fives > 0
    left: Counter[Face] = Counter()
    for kind in range(34):
        plain = 4
        if red and kind in (4, 13, 22):
            left[(kind, True)] = 1
            plain = 3
        left[(kind, False)] = plain
    left -= named
    order = sorted(left.elements(), key=lambda f: (f[0] >= 27, (f[0] % 9) % 3, f[0] % 9, f[0] // 9))
    rounds: list[list[Face]] = [[], [], [], []]
    for face in order:  # the first copies before the second ones: hands of distinct kinds first
        copy = sum(1 for r in rounds for x in r if x == face)
        rounds[min(copy, 3)].append(face)
    return [f for r in rounds for f in r]


def stack_level(level: Level, profile: RuleProfile) -> HandSetup:
    s = level.situation
    size = profile.deal.hand_size
    named: Counter[Face] = Counter()
    hands: dict[int, list[Face]] = {}
    try:
        for seat, notation in s.hands.items():
            hands[seat] = faces(notation)
        draws = [faces(d) if d else [] for d in s.draws]
        replacements = [f for r in s.replacements for f in faces(r)]
        dora = faces(s.dora) if s.dora else []
        last = faces(s.last) if s.last else []
    except NotationError as exc:
        raise SetupError(f"situation: {exc}") from exc
    for seat, tiles in hands.items():
        want = size + (1 if seat == s.dealer else 0)  # the dealer takes one more
        if len(tiles) != want:
            raise SetupError(f"situation.hands.{seat}: {want} tiles needed, {len(tiles)} given")
        if any(k >= FLOWER_KIND_BASE for k, _ in tiles):
            raise SetupError(f"situation.hands.{seat}: flowers can only be drawn (situation.draws)")
    if any(len(d) > 1 for d in draws):
        raise SetupError("situation.draws: one tile per draw")
    for group in (*hands.values(), *draws, replacements, dora, last):
        named.update(f for f in group if f[0] < FLOWER_KIND_BASE)
    spare = _filler(profile, named)
    for seat in range(4):
        if seat not in hands:
            want = size + (1 if seat == s.dealer else 0)  # the dealer takes one more
            hands[seat], spare = spare[:want], spare[want:]
    if not dora:  # the log stacker wants an indicator; profiles without dora never look at it
        dora, spare = spare[-1:], spare[:-1]
    dealt = [hands[seat][:size] for seat in range(4)]
    steps = [Step("draw", s.dealer, hands[s.dealer][size])]
    flowers: list[tuple[int, int]] = []  # (index among the draws, flower id)
    drawn: list[Face] = []
    for i, d in enumerate(draws):
        if not d:
            d, spare = spare[-1:], spare[:-1]  # an unnamed draw: a tile from the far end of the filler
        if d[0][0] >= FLOWER_KIND_BASE:
            flowers.append((i, FLOWER_ID_BASE + d[0][0] - FLOWER_KIND_BASE))
            continue
        drawn.append(d[0])
    live = profile.wall.stacks_per_side * 8 - profile.wall.dead_wall_size - (size * 4 + 1) - len(flowers)
    if last:
        room = live - len(drawn) - 1
        if room < 0:
            raise SetupError("situation.last: the named draws already fill the wall")
        drawn += [*spare[:room], last[0]]
    steps += [Step("draw", 0, f) for f in drawn]
    steps += [Step("draw", 0, f, rinshan=True) for f in replacements]
    logged = LoggedHand(0, 0, 0, 0, s.dealer, 0, s.scores or (0, 0, 0, 0), dealt, dora=dora, steps=steps)
    try:
        setup, _ = stack_hand(logged, profile)
    except AtlasError as exc:
        raise SetupError(f"situation: {exc}") from exc
    order = list(setup.draw_order)
    deal = size * 4 + 1
    for i, flower in flowers:  # a flower drawn i-th after the deal
        order.insert(deal + i, flower)
    return HandSetup(tuple(order), setup.dead, setup.dice)


def build_match(level: Level) -> Match:
    """A match stacked as the level says, with its script played: the lesson's first moment."""
    match = deal_match(level)
    play_script(match, level)
    return match


def deal_match(level: Level) -> Match:
    """The level's hand just dealt, before its script (the tutorial table shows the script played)."""
    profile = load_profile(level.profile)
    s = level.situation
    setup = stack_level(level, profile)
    strict = (level.learner,) if s.strict else ()
    return Match(profile, s.seed, setups={0: setup}, first_dealer=s.dealer, start=s.scores, strict_seats=strict)


def play_script(match: Match, level: Level, *, keep_last: int | None = None,
                caught_up: Callable[[], object] | None = None) -> list[Event]:
    """The level's scripted moves. With ``keep_last``, a tsumogiri run stops that many live tiles
    before the end, ``caught_up`` is called, and the run goes on: a tutorial rebuilds its table
    there at once and animates only the last discards (a whole wall of them would take minutes)."""
    events: list[Event] = []
    for i, move in enumerate(level.situation.script):
        try:
            if move == TSUMOGIRI_TO_END and keep_last is not None:
                events += tsumogiri_until(match, keep_last)
                if caught_up is not None:
                    caught_up()
            events += play_move(match, move)
        except AtlasError as exc:
            raise SetupError(f"situation.script[{i}] {move!r}: {exc}") from exc
    return events


def play_move(match: Match, move: str) -> list[Event]:
    """One scripted move: action notation, ``pass`` (every asked seat passes) or the tsumogiri run."""
    if move == PASS_ALL:
        return pass_claims(match)
    if move == TSUMOGIRI_TO_END:
        return tsumogiri_until(match, 0)
    return match.apply(parse_move(match, move))


def tsumogiri_until(match: Match, live: int) -> list[Event]:
    """Every seat discards what it draws (and every claim is passed) until ``live`` tiles are left
    in the live wall."""
    out: list[Event] = []
    while not match.is_over and match.wall.live_remaining > live:
        if match.phase is Phase.TURN:
            tile = match.drawn if match.drawn is not None else match.players[match.turn].hand[-1]
            out += match.apply(Action(match.turn, ActionKind.DISCARD, (tile,)))
        else:
            out += pass_claims(match)
    return out


def parse_move(match: Match, text: str) -> Action:
    """Action notation resolved against the seat's hand. In a profile without red fives a plain
    ``5p`` must also name the copies the engine calls ``0p`` (ids 16/52/88), which
    ``Match.parse_action`` does not do: those copies are plain fives there."""
    try:
        return match.parse_action(text)
    except NotationError as exc:
        if match.profile.tiles.red_fives:
            raise
        error = exc
    seat, kind, tiles = parse_action_text(text)
    want = sorted(kind_of(t) for t in tiles)
    for action in match.legal_actions(seat):
        if action.kind is kind and sorted(kind_of(t) for t in action.tiles) == want:
            return action
    hand = list(match.players[seat].hand)
    picked: list[int] = []
    for k in want:
        tile = next((t for t in hand if kind_of(t) == k and t not in picked), None)
        if tile is None:
            raise error
        picked.append(tile)
    return Action(seat, kind, tuple(picked))


def pass_claims(match: Match, *, keep: frozenset[int] = frozenset()) -> list[Event]:
    """Every seat still asked about a discard passes (but ``keep``)."""
    out: list[Event] = []
    if match.phase not in (Phase.CLAIM, Phase.CHANKAN):
        return out
    for seat in list(match.awaiting()):
        if seat not in keep:
            out += match.apply(Action(seat, ActionKind.PASS))
    return out


__all__ = ["Situation", "SetupError", "build_match", "deal_match", "play_script", "tsumogiri_until", "play_move", "pass_claims", "stack_level", "faces", "parse_move"]
