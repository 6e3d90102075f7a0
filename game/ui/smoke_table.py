"""The smoke run's table: one AI hand between four efficiency bots, and a plain view of it.

Kept apart from :mod:`game.ui.smoke` so the runner can show its title before importing the engine,
the bots and the tile art (about half a second of imports and painting on a slow machine). The view
is a tidy list of the four seats (hand, melds, discards, dora, the result) until the table scene
lands; it uses the real tile art and the shipped fonts, so a bundle that lost either shows it.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Final

import pygame

from game import __version__
from game.ai.baseline import EfficiencyBot
from game.engine import Match
from game.engine.events import (
    AbortiveDraw,
    Claimed,
    Discarded,
    Event,
    ExhaustiveDraw,
    HandEnded,
    KanDeclared,
    Win,
)
from game.engine.meld import Meld
from game.engine.profile import load_profile
from game.engine.tiles import tile_name
from game.ui import fonts
from game.ui.tile_art import tile_art

if TYPE_CHECKING:
    from game.ui.tile_art import TileArt

FELT: Final = (22, 78, 58)
INK: Final = (240, 232, 210)
DIM: Final = (178, 198, 186)
WIND_GLYPHS: Final = "東南西北"
NUMERALS: Final = "一二三四"
# Events after which the picture changes; the bots' passes and draws happen in between.
_VISIBLE: Final = (Discarded, Claimed, KanDeclared, Win, ExhaustiveDraw, AbortiveDraw)
_MAX_ACTIONS_PER_STEP: Final = 64


@dataclass(frozen=True)
class SeatPicture:
    hand: tuple[int, ...]
    melds: tuple[Meld, ...]
    discards: tuple[tuple[int, bool], ...]  # (tile, laid sideways for riichi)
    score: int
    wind: int


@dataclass(frozen=True)
class TablePicture:
    """What the view draws: a snapshot, since the engine deals the next hand as soon as one ends."""

    seats: tuple[SeatPicture, ...]
    indicators: tuple[int, ...]
    live_left: int
    round_wind: int
    hand_number: int

    @staticmethod
    def of(match: Match) -> TablePicture:
        seats = tuple(
            SeatPicture(
                hand=tuple(sorted(p.hand)),
                melds=tuple(p.melds),
                discards=tuple((d.tile, d.riichi) for d in p.discards if not d.called),
                score=match.scores[s],
                wind=match.seat_wind(s),
            )
            for s, p in enumerate(match.players)
        )
        return TablePicture(seats, tuple(match.indicators), match.wall.live_remaining, match.round_wind,
                            match.hand_number)

    def with_scores(self, scores: tuple[int, ...]) -> TablePicture:
        return replace(self, seats=tuple(replace(sp, score=sc) for sp, sc in zip(self.seats, scores, strict=True)))


class SmokeHand:
    """One riichi hand between four efficiency bots, advanced one visible event at a time."""

    def __init__(self, seed: int = 1, profile: str = "riichi") -> None:
        self.match = Match(load_profile(profile), seed)
        self.bots = [EfficiencyBot(seed, seat) for seat in range(4)]
        self.picture = TablePicture.of(self.match)
        self.last: Event | None = None
        self.result = ""
        self.steps = 0

    @property
    def over(self) -> bool:
        return bool(self.result) or self.match.is_over

    def step(self) -> None:
        """Let the bots act until something visible happens; freeze the picture when the hand ends."""
        if self.over:
            return
        for _ in range(_MAX_ACTIONS_PER_STEP):
            seat = self.match.awaiting()[0]
            before = TablePicture.of(self.match)
            events = self.match.apply(self.bots[seat].decide(self.match.observe(seat)))
            ended = next((e for e in events if isinstance(e, HandEnded)), None)
            visible = [e for e in events if isinstance(e, _VISIBLE)]
            if ended is not None:
                self.picture = before.with_scores(ended.scores)
                self.result = describe_end(events)
            else:
                self.picture = TablePicture.of(self.match)
            if visible:
                self.last = visible[0]
            if ended is not None or visible or self.match.is_over:
                break
        self.steps += 1


def _seat(seat: int) -> str:
    return f"seat {seat}"


def describe_end(events: list[Event]) -> str:
    """One line for how the hand ended, from the events of its last action."""
    for e in events:
        if isinstance(e, Win):
            how = "tsumo" if e.discarder is None else f"ron off {_seat(e.discarder)}"
            yaku = ", ".join(y.id for y in e.rows)
            return f"{_seat(e.winner)} wins by {how} on {tile_name(e.tile)}: {yaku} ({e.points} points)"
        if isinstance(e, ExhaustiveDraw):
            tenpai = [_seat(s) for s in range(4) if e.tenpai[s]]
            return "Exhaustive draw; tenpai: " + (", ".join(tenpai) or "nobody")
        if isinstance(e, AbortiveDraw):
            return f"Abortive draw ({e.kind})"
    return "Hand over"


def describe(event: Event | None) -> str:
    """The status line for the newest visible event."""
    if isinstance(event, Discarded):
        verb = "declares riichi with" if event.riichi else "discards"
        return f"{_seat(event.seat)} {verb} {tile_name(event.tile)}"
    if isinstance(event, Claimed | KanDeclared):
        return f"{_seat(event.seat)} calls {event.meld.kind.name.lower()}"
    return ""


class SmokeView:
    """Draws a :class:`SmokeHand`: a header, then per seat its hand, melds and discards."""

    def __init__(self, screen: pygame.Surface) -> None:
        self.screen = screen
        self.art: TileArt = tile_art(30)
        self.sans = fonts.sans_font()
        self.bold = fonts.sans_font(bold=True)
        self.glyphs = fonts.glyph_font()

    def draw(self, hand: SmokeHand, progress: float) -> None:
        """``progress`` in [0, 1] slides the newest discard from the end of its hand to its pond."""
        screen, art, pic = self.screen, self.art, hand.picture
        width, height = screen.get_size()
        screen.fill(FELT)
        self.bold.render_to(screen, (24, 20), "Mahjong Atlas", INK, size=30)
        self.sans.render_to(screen, (270, 30), f"{__version__} · riichi · smoke run", DIM, size=18)
        title = f"{WIND_GLYPHS[pic.round_wind]}{NUMERALS[pic.hand_number % 4]}局"
        self.glyphs.render_to(screen, (720, 22), title, INK, size=28)
        self.sans.render_to(screen, (840, 30), f"wall {pic.live_left}   dora", DIM, size=18)
        for i, t in enumerate(pic.indicators):
            screen.blit(art.face(t), (960 + i * (art.width + 2), 16))

        row_h = (height - 120) // 4
        tile_w = art.width + 2
        sliding = hand.last.seat if isinstance(hand.last, Discarded) and not hand.result and progress < 1 else None
        for seat, sp in enumerate(pic.seats):
            top = 70 + seat * row_h
            self.glyphs.render_to(screen, (24, top + 6), WIND_GLYPHS[sp.wind], INK, size=34)
            self.sans.render_to(screen, (66, top + 10), _seat(seat), INK, size=18)
            self.sans.render_to(screen, (66, top + 32), f"{sp.score:,}", DIM, size=16)
            x = 150
            for t in sp.hand:
                screen.blit(art.lying(t), (x, top))
                x += tile_w
            hand_end = (x, top)
            x += tile_w // 2
            for meld in sp.melds:
                for t in meld.tiles:
                    image = art.sideways(t) if t == meld.called else art.lying(t)
                    screen.blit(image, (x, top + art.height - image.get_height()))
                    x += image.get_width() + 2
                x += tile_w // 3
            x, y = 150, top + art.height + art.depth + 8
            for n, (t, riichi) in enumerate(sp.discards):
                image = art.sideways(t) if riichi else art.face(t)
                pos = (x, y + art.height - image.get_height())
                if sliding == seat and n == len(sp.discards) - 1:
                    ease = 1 - (1 - progress) ** 3
                    pos = (round(hand_end[0] + (pos[0] - hand_end[0]) * ease),
                           round(hand_end[1] + (pos[1] - hand_end[1]) * ease))
                screen.blit(image, pos)
                x += image.get_width() + 2

        status = hand.result or describe(hand.last)
        self.bold.render_to(screen, (24, height - 40), status, INK if hand.result else DIM, size=20)
