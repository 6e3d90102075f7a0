"""The screen after the last hand: placings, uma and oka, a score graph, and what to do next.

Left, the placings: each seat's place, name, final score, the uma and oka its place earned and its
final points (rulebooks without uma, Taiwanese and Hong Kong, settle in points alone: score and
change only). Right, a graph of
the four scores over the hands, drawn by the game from the match's own events (the start, then
the scores as each hand ended). Below: back to the title, **Replay this match** (the replay
viewer on the filed match), **Review** (the post-hand review of a hand the player chooses,
:class:`game.ui.review.ReviewHandsScreen`) and a new game. Every button answers the mouse and the keyboard.

Seats are named from the player's point of view (You, Right, Across, Left), as on New game.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, Final

import pygame

from game.engine import Match, Record
from game.engine.events import Event, HandEnded, HandStarted, MatchEnded
from game.i18n import number, t
from game.match_options import MatchOptions
from game.scene import Panel, Sprite
from game.ui.menus import widgets
from game.ui.menus.intents import Open, OpenReplay
from game.ui.menus.new_game import profile_name
from game.ui.menus.summary import HandLine, hand_lines
from game.ui.menus.widgets import (
    BAD,
    CREAM,
    FAINT,
    GOLD,
    GOOD,
    MUTED,
    Box,
    Button,
    MenuScreen,
    alike,
    label,
    text_block,
    text_width,
)
from game.ui.seats import seat_name
from game.ui.table.words import RULEBOOK
from game.ui.tutorial.intents import PushScreen

SEAT_COLOURS: Final = ((120, 208, 150), (232, 160, 90), (176, 140, 226), (110, 160, 236))  # you, right, across, left

@dataclass(frozen=True)
class ScorePoint:
    """The four scores at one moment: the start, or the end of a hand (``label``: ``E1``...)."""

    label: str
    scores: tuple[int, ...]


def score_series(events: Iterable[Event]) -> list[ScorePoint]:
    """The scores at the start and after every hand, as the engine reported them."""
    series: list[ScorePoint] = []
    label = ""
    for event in events:
        if isinstance(event, HandStarted):
            if not series:
                series.append(ScorePoint("", tuple(event.scores)))
            wind = t(f"wind.{event.round_wind % 4}")
            label = f"{wind[:1]}{event.hand_number + 1}" + (f"·{event.honba}" if event.honba else "")
        elif isinstance(event, HandEnded):
            series.append(ScorePoint(label, tuple(event.scores)))
        elif isinstance(event, MatchEnded) and series:
            series[-1] = ScorePoint(series[-1].label, tuple(event.scores))  # leftover sticks paid
    return series


@dataclass(frozen=True)
class MatchEnd:
    """What the screen shows of a finished match (read from its events)."""

    profile_id: str
    human_seat: int
    final: MatchEnded
    series: tuple[ScorePoint, ...]
    uma: bool  # the placings earn uma or oka (not Taiwanese, not Hong Kong: they settle in points alone)
    record: Record | None = None
    options: MatchOptions | None = None
    hands: tuple[HandLine, ...] = ()  # one line per hand played, for the Review's choice of hand
    busted: tuple[int, ...] = ()  # seats whose score fell below zero, ending the match early (tobi)

    def by_place(self) -> list[int]:
        return sorted(range(4), key=lambda s: (self.final.ranks[s], s))


def match_end(match: Match, options: MatchOptions) -> MatchEnd:
    if match.final is None:
        raise ValueError("the match has not ended")
    return MatchEnd(match.profile.id, options.human_seat, match.final, tuple(score_series(match.events)),
                    match.profile.settles_with_uma, match.record, options, hand_lines(match.events),
                    busted_seats(match))


def busted_seats(match: Match) -> tuple[int, ...]:
    """The seats whose score fell below zero at the last hand, where that ends the match (tobi):
    the screen says why a match stopped after two hands, not only that it did."""
    if not match.profile.game.tobi:
        return ()
    last = next((e for e in reversed(match.events) if isinstance(e, HandEnded)), None)
    return tuple(s for s in range(4) if last is not None and last.scores[s] < 0)


def graph_picture(series: Sequence[ScorePoint], human: int, size: tuple[int, int], scale: float) -> pygame.Surface:
    """The four scores over the hands, drawn once at the pixel size (``size`` in layout units)."""
    w, h = round(size[0] * scale), round(size[1] * scale)
    pic = pygame.Surface((w, h), pygame.SRCALPHA)
    if len(series) < 2:
        return pic
    values = [v for p in series for v in p.scores]
    low, high = min(values), max(values)
    step = 10000 if high - low > 40000 else 5000 if high - low > 8000 else 1000 if high - low > 800 else 100
    low, high = (low // step) * step, -(-high // step) * step
    if high == low:
        high = low + step
    pad_l, pad_r, pad_t, pad_b = 64 * scale, 16 * scale, 12 * scale, 28 * scale
    plot_w, plot_h = w - pad_l - pad_r, h - pad_t - pad_b

    def at(i: int, value: int) -> tuple[float, float]:
        return (pad_l + plot_w * i / (len(series) - 1), pad_t + plot_h * (high - value) / (high - low))

    font = widgets.ui_font(max(8, round(12 * scale)))
    for value in range(low, high + 1, step):
        y = at(0, value)[1]
        pygame.draw.line(pic, (255, 255, 255, 40 if value else 110), (pad_l, y), (w - pad_r, y), 1)
        text = font.render(number(value), True, (168, 188, 178))
        rect = text.get_rect()
        pic.blit(text, (pad_l - 8 * scale - rect.width, y - rect.height / 2))
    every = max(1, round(len(series) / 12))
    for i, point in enumerate(series):
        if i and (i % every == 0 or i == len(series) - 1):
            x = at(i, low)[0]
            text = font.render(point.label, True, (168, 188, 178))
            rect = text.get_rect()
            pic.blit(text, (x - rect.width / 2, h - pad_b + 8 * scale))
    order = [(human + k) % 4 for k in range(1, 4)] + [human]  # the player's line on top
    for seat in order:
        colour = SEAT_COLOURS[(seat - human) % 4]
        points = [at(i, p.scores[seat]) for i, p in enumerate(series)]
        pygame.draw.lines(pic, colour, False, points, max(2, round((3.5 if seat == human else 2.5) * scale)))
        for x, y in points:
            pygame.draw.circle(pic, colour, (round(x), round(y)), max(2, round(3.5 * scale)))
    return pic


# The standings ignore Enter and Space this long after they appear: seen in a real window, the
# keys a player pressed to get through the last hand (Enter on its result, Space to skip) went on
# to "New game" and its Start, and the match's final placings were never seen.
GUARD_SECONDS: Final = 1.0


class ResultsScreen(MenuScreen):
    """The end of a match just played (a filed match opens in the replay viewer)."""

    def __init__(self, size: tuple[int, int] = (1280, 720), end: MatchEnd | None = None, *,
                 replay_path: Path | None = None, style: str = "classic", terminology: str = RULEBOOK) -> None:
        """``style``, ``terminology``: the player's tiles and Terms, for the replay and the review
        it opens (a Hong Kong match's replay says Pung, as its table did)."""
        if end is None:
            raise ValueError("the results screen needs a finished match")
        self.end = end
        self.style = style
        self.terminology = terminology
        self.replay_path = replay_path
        self.shown_for = 0.0  # seconds on screen (see GUARD_SECONDS)
        super().__init__(size)

    def update(self, dt: float) -> Any | None:
        self.shown_for += dt
        return super().update(dt)

    @property
    def still(self) -> bool:
        """Its update only counts the seconds shown (the picture does not change with them)."""
        return True

    def handle_key(self, event: pygame.event.Event) -> Any | None:
        if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE) and self.shown_for < GUARD_SECONDS:
            return None  # the key that dismissed the last hand's result, pressed again or held
        return super().handle_key(event)

    def build(self) -> None:
        w, h = self.size
        e = self.end
        final = e.final
        self.heading(t("results.title"))
        self.root.add_child(text_block(profile_name(e.profile_id), Box(500, 17, bold=True, floor=13, name="results profile"),
                                       MUTED, w - 72, 64, align="right"))
        left_w = 500
        top = 126
        rows_h = 48 + 4 * 62
        self.root.add_child(Panel(left_w, rows_h, (10, 24, 22, 235), 72 + left_w / 2, top + rows_h / 2, radius=10))
        # the player's column starts after the widest place word ("第 1 名" is twice "1st")
        player_x = max(74, 18 + max(text_width(t(f"place.{r}"), 24, bold=True) for r in range(1, 5)) + 12)
        cols = (18, player_x, 300, 400, left_w - 18) if e.uma else (18, player_x, 360, left_w - 18, 0)
        heads = [t("results.place"), t("results.player"), t("results.score")]
        heads += [t("results.uma"), t("results.points")] if e.uma else [t("results.change")]
        aligns = ("left", "left", "right", "right", "right")
        boxes = alike([(text, Box(96 if align == "right" else cols[i + 1] - x - (96 if aligns[i + 1] == "right" else 8),
                                  14, bold=True, floor=11, name="results column"))
                       for i, (text, x, align) in enumerate(zip(heads, cols, aligns, strict=False))])
        for text, x, align, box in zip(heads, cols, aligns, boxes, strict=False):
            self.root.add_child(text_block(text, box, GOLD, 72 + x, top + 24, align=align))
        start = e.series[0].scores if e.series else (0, 0, 0, 0)
        for i, seat in enumerate(e.by_place()):
            y = top + 48 + 31 + i * 62
            mine = seat == e.human_seat
            if mine:
                self.root.add_child(Panel(left_w - 12, 54, (36, 92, 76, 235), 72 + left_w / 2, y, radius=8))
            rank = final.ranks[seat]
            self.root.add_child(label(t(f"place.{rank}"), 24, GOLD if rank == 1 else CREAM, 72 + cols[0], y, bold=True))
            self.root.add_child(Panel(12, 12, SEAT_COLOURS[(seat - e.human_seat) % 4], 72 + cols[1] + 6, y, radius=6))
            self.root.add_child(text_block(seat_name(seat, e.human_seat),
                                           Box(cols[2] - cols[1] - 100, 20, bold=mine, floor=14, name="results seat"),
                                           CREAM, 72 + cols[1] + 22, y))
            self.root.add_child(label(number(final.scores[seat]), 20, CREAM, 72 + cols[2], y, align="right"))
            if not e.uma:
                change = final.scores[seat] - start[seat]
                self.root.add_child(label(number(change, sign=True), 20, _tone(change), 72 + cols[3], y, bold=True,
                                          align="right"))
                continue
            place = final.place_points[seat]
            self.root.add_child(label(number(place, 1, sign=True) if place else "±0", 17, _tone(place),
                                      72 + cols[3], y, align="right"))
            points = final.final_points[seat]
            self.root.add_child(label(number(points, 1, sign=True), 20, _tone(points), 72 + cols[4], y, bold=True,
                                      align="right"))
        note_y = top + rows_h + 26
        if e.uma and final.return_points:
            self.root.add_child(text_block(t("results.uma_note", points=number(final.return_points)),
                                           Box(left_w, 14, floor=11, name="uma note", shrink_first=True), FAINT, 76, note_y))
        self.root.add_child(label(t("replays.hands", count=max(0, len(e.series) - 1)), 15, MUTED, 76, note_y + 26))
        if e.busted:  # why it ended after so few hands
            who = t("common.separator").join(seat_name(s, e.human_seat) for s in e.busted)
            self.root.add_child(text_block(t("results.ended_bust", who=who), Box(left_w, 15, floor=11, name="ended"),
                                           CREAM, 76, note_y + 52))
        # the graph
        gx = 72 + left_w + 28
        gw, gh = w - 72 - gx, h - 112 - top
        self.root.add_child(Panel(gw, gh, (10, 24, 22, 235), gx + gw / 2, top + gh / 2, radius=10))
        self.root.add_child(label(t("results.graph"), 14, GOLD, gx + 18, top + 22, bold=True))
        scale = widgets._scale
        picture = graph_picture(e.series, e.human_seat, (gw - 24, gh - 48), scale)
        self.root.add_child(Sprite(picture, gx + gw / 2, top + 40 + (gh - 48) / 2, scale=1 / scale, name="graph"))
        # what next
        y = h - 84
        self.add(Button(t("results.to_title"), 72, y, 220, 56, center=True, on_activate=self.back, name="title"))
        x = 72 + 220 + 16
        if e.record is not None:
            self.add(Button(t("results.replay"), x, y, 250, 56, center=True, on_activate=self.replay, name="replay"))
            x += 250 + 16
            if e.options is not None and e.hands:
                self.add(Button(t("results.review"), x, y, 200, 56, center=True, on_activate=self.open_review,
                                name="review"))
        self.add(Button(t("results.new_game"), w - 72 - 260, y, 260, 56, primary=True, center=True,
                        on_activate=lambda: Open("new_game"), name="new_game"))

    def first_focus(self) -> int:
        return len(self.widgets) - 1

    def back(self) -> Any | None:
        return Open("title")

    def replay(self) -> Any | None:
        """The replay viewer on this match: the filed replay, or (when it could not be filed)
        the match as it is in memory."""
        if self.replay_path is not None:
            return OpenReplay(self.replay_path)
        e = self.end
        if e.record is None or e.options is None:
            return None
        from game.persist.saves import SavedMatch
        from game.ui.replay.sources import viewer_for_saved

        saved = SavedMatch("", e.options, e.record, datetime.now(UTC).isoformat())
        return PushScreen(viewer_for_saved(self.window, saved, self.style, self.terminology))

    def open_review(self) -> Any | None:
        """The post-hand review (game.ui.review) for the player's seat: first the choice of hand
        (a match of one hand opens its review at once)."""
        e = self.end
        if e.record is None or e.options is None or not e.hands:
            return None
        from game.match_options import match_profile
        from game.ui.review import ReviewHandsScreen

        hands = ReviewHandsScreen(self.window, e.record, match_profile(e.options), e.human_seat, e.hands,
                                  style=self.style, terminology=self.terminology)
        return hands.open(0) if len(e.hands) == 1 else PushScreen(hands)


def _tone(value: float) -> tuple[int, int, int]:
    return GOOD if value > 0 else BAD if value < 0 else CREAM
