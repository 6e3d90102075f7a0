"""The replay viewer: a finished (or imported) match on the real table, stepped by action and by hand.

The table above is the game's own presenter and layout (:mod:`game.ui.table`), fed the engine's
events of each step, unredacted: a spectator of a finished match may see every tile, and the
presenter shows the other seats' concealed tiles face up only while "show all hands" is on.
Forward steps animate; anything else (a step back, a jump, the toggle) rebuilds the picture from
the engine state at the new position (``Presenter.sync_to``), which the tape rebuilds from the
hand's snapshot in a few milliseconds. The last position of a hand shows its result, held until the
player (or autoplay) moves on.

The bar below holds the controls and the caption ("East 2, 1 honba — action 37/112"). Keys: Left
and Right step (so does the mouse wheel), PageUp and PageDown go by hand, Space plays or pauses, H
lists the hands, A shows all hands, + and - change the speed, P plays on from here against the AI,
Enter (or a click on a result) goes on, Esc goes back.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator, Sequence
from typing import Any, Final

import pygame

from game.engine import Match
from game.engine.events import Event
from game.engine.logs import Fit, LogRules
from game.i18n import decimal, number, t
from game.match_options import MatchOptions
from game.persist.jobs import Cancelled, ProcessJob
from game.persist.names import shown
from game.persist.saves import SaveError
from game.scene import Panel, Sprite, Timeline
from game.ui.menus.intents import PlayFromHere
from game.ui.menus.notice_screen import notice_text
from game.ui.menus.widgets import (
    BAD,
    FAINT,
    GOLD,
    MUTED,
    PANEL_EDGE,
    Box,
    Button,
    MenuScreen,
    text_block,
    ui_scale,
)
from game.ui.results.tags import FU_TAG
from game.ui.table import pieces
from game.ui.table.hud import Hud
from game.ui.table.layout import TableLayout, face_tiles
from game.ui.table.presenter import Presenter
from game.ui.table.words import DEFAULT_TERMINOLOGY, terms_for
from game.ui.tutorial.intents import PushScreen

from .hand_list import HandListScreen, position_name
from .icons import icon
from .log_rules import LogRulesScreen, misfit_words, short_name
from .tape import ReplayTape, snapshot, tape_from_fit

SPEEDS: Final = (0.5, 1.0, 2.0, 4.0)
BAR: Final = 66  # the control bar's height, in design units
HOLD: Final = 1e9  # a result stays up until the viewer moves on
STEP_PAUSE: Final = 0.45  # autoplay: seconds (at 1x) between a step's animation and the next step
RESULT_PAUSE: Final = 2.5  # autoplay: seconds a result stays up before the next hand


def table_size(window: tuple[int, int]) -> tuple[int, int]:
    """The pixels the viewer's table gets in a window: all but the control bar below it."""
    bar_px = round(BAR * window[0] / round(window[0] / ui_scale(window)))
    return (window[0], max(200, window[1] - bar_px))


def warm_layout(size: tuple[int, int], tape: ReplayTape, style: str) -> TableLayout:
    """The viewer's table geometry for ``tape``'s rulebook, every tile image it shows painted."""
    rules = tape.profile
    layout = TableLayout(size, rules.wall.stacks_per_side, style, rules.tiles.red_fives > 0,
                         flowers=rules.tiles.flowers, dora_panel=rules.wall.max_dora_indicators > 0,
                         hand_size=rules.deal.hand_size)
    layout.warm()
    return layout


def paint_steps(window: tuple[int, int], style: str) -> Iterator[None]:
    """Paint, a few images per step, the tiles a viewer of a riichi log in ``window`` shows (the
    rulebook of nearly every imported log: tenhou.net/6 and mjai): the import screen takes one
    step per frame while the log is read, so the frame that opens the viewer finds them painted
    (a process's first viewer painted 134 of them in that one frame, ~120 ms of CPU). On the
    frame's thread, not the import's: pygame-ce's freetype renders glyphs with the interpreter
    lock released, and FreeType's faces and caches are not safe from two threads at once."""
    layout = TableLayout(table_size(window), 17, style, True)  # geometry only: nothing painted yet
    pieces.felt(layout.size)
    yield
    for art in (layout.river_art, layout.wall_art, layout.badge_art):
        art.lying(None)
    yield
    for n, tile in enumerate(face_tiles()):
        layout.hand_art.standing(tile)
        layout.river_art.lying(tile)
        layout.wall_art.lying(tile)
        layout.badge_art.face(tile)  # the wind badges, the claimed tile
        if n % 2:
            yield  # two faces a step, in four sizes: ~5 ms


class ReplayViewer(MenuScreen):
    """A tape on the table, at position (``hand``, ``step``)."""

    def __init__(self, size: tuple[int, int], tape: ReplayTape, *, options: MatchOptions | None = None,
                 style: str = "classic", terminology: str = DEFAULT_TERMINOLOGY, ask_rules: bool = False) -> None:
        """``options``: the filed match's, for "play from here" (None: it cannot be played on);
        ``terminology``: the words for calls and wins, as the table uses them; ``ask_rules``: a log
        just imported opens with its rules laid over it (as read, to confirm or change)."""
        self.ask_rules = ask_rules and tape.fit is not None
        self.terminology = terminology
        self.terms = terms_for(terminology, tape.profile.id)
        if not tape.hands:
            raise ValueError("a replay needs at least one hand")
        self.tape = tape
        self.options = options
        self.style = style
        self.hand = 0
        self.step = 0
        self.playing = False
        self.speed_index = 1
        self.open_hands = False
        # a one-off message in the bar (why "play from here" did nothing; an imported log's rules)
        self.status = _rules_status(tape)
        self._waited = 0.0
        self._tabbed = False
        self._reading: ProcessJob[ReplayTape] | None = None  # the log read again under other rules
        self._reading_percent = -1
        self.match: Match = tape.state_at(0, 0)
        super().__init__(size)

    # --- building -------------------------------------------------------------------------------

    def build(self) -> None:
        w, h = self.size
        scale = self.window[0] / w
        self._build_table(table_size(self.window))
        self.root.add_child(Panel(w, BAR, (10, 22, 22, 250), w / 2, h - BAR / 2, border_color=PANEL_EDGE,
                                  border_width=1))
        y = h - BAR + 9
        size = BAR - 18
        x = 12
        self.transport: dict[str, Button] = {}
        for name, act in (("hand_back", self.hand_back), ("step_back", self.step_back), ("play", self.toggle_play),
                          ("step_forward", self.step_forward), ("hand_forward", self.hand_forward)):
            button = Button("", x, y, size, size, on_activate=_quietly(act), name=name)
            self.add(button)
            button.add_child(Sprite(icon(name, round(size * 0.7 * scale)), size / 2, size / 2, scale=1 / scale,
                                    name="icon"))
            self.transport[name] = button
            x += size + 4
        right = w - 12
        specs = [("back", t("common.back"), self.back, 100),
                 ("play_here", t("viewer.play_here"), self.play_from_here, 170),
                 ("hands", t("viewer.hands"), self.show_hands, 120),
                 ("all_hands", t("viewer.all_hands"), _quietly(self.toggle_open_hands), 180),
                 ("speed", self._speed_text(), _quietly(self.faster), 70)]
        for name, text, act, width in specs:
            right -= width
            enabled = name != "play_here" or self._can_play_on()
            self.add(Button(text, right, y, width, size, size=16, center=True,
                            on_activate=act, enabled=enabled, name=name))
            right -= 8
        middle = (x + 8 + right) / 2
        self._caption_width = int(right - x - 16)
        self.caption = self.root.add_child(text_block("", Box(self._caption_width, 19, bold=True, floor=14,
                                                              name="viewer caption"), GOLD, middle, y + 12,
                                                      align="center", name="caption"))
        self.detail = self.root.add_child(text_block("", Box(self._caption_width, 13, floor=11, name="viewer detail"),
                                                     MUTED, middle, y + 36, align="center", name="detail"))
        self._refresh_bar()

    def _build_table(self, size: tuple[int, int]) -> None:
        rules = self.tape.profile
        self.terms = terms_for(self.terminology, rules.id)  # in the language of the moment (after a switch too)
        self.layout_table = warm_layout(size, self.tape, self.style)
        names = self.seat_names()
        # the plates add the seat wind; the player's plate already says "You" (its line names
        # only the seat, as at the table: it read "You / You · South seat")
        roles = [t("viewer.role_log") if not self.tape.whole_match else "" if s == self.tape.human
                 else t("viewer.role_ai") for s in range(4)]
        hud = Hud(self.layout_table, self.tape.human, names, roles, self.terms)
        self.timeline = Timeline(SPEEDS[self.speed_index])
        self.presenter = Presenter(self.layout_table, self.tape.human, hud, self.timeline, sets=rules.win.sets,
                                   names=names, hold_seconds=HOLD,
                                   terms=self.terms)
        self.presenter.face_up = self.open_hands
        hud.show_dora_panel(False)
        self.show()

    def first_focus(self) -> int:
        return -1  # Enter steps on until the player points at or tabs to a button

    def seat_names(self) -> list[str]:
        names = list(self.tape.names)[:4] + [""] * (4 - len(self.tape.names[:4]))
        return [n.strip() or t("viewer.player", number=s + 1) for s, n in enumerate(names)]

    # --- what is shown --------------------------------------------------------------------------

    @property
    def steps(self) -> int:
        """Steps in the shown hand."""
        return self.tape.steps_in(self.hand)

    def show(self) -> None:
        """Rebuild the table at once from the engine state at the position (a result: its hand's
        last step played onto the state before it, and run up to the result)."""
        self.timeline.clear()
        n = self.steps
        if self.step == n and n > 0:
            before = self.tape.state_at(self.hand, n - 1)
            self.presenter.sync_to(before)
            events = self.tape.play_step(before, self.hand, n - 1)
            self.match = before
            self.presenter.feed(self.tape.shown_events(self.hand, n - 1, events))
            self._run_to_rest()
        else:
            self.match = self.tape.state_at(self.hand, self.step)
            self.presenter.sync_to(self.match)
        self._waited = 0.0
        self._refresh_bar()

    def _run_to_rest(self) -> None:
        """Play the queued animation to its end, or to a result held on screen."""
        for _ in range(2000):
            if self.timeline.idle or self.holding():
                return
            self.timeline.update(1.0)

    def holding(self) -> bool:
        """A result is on screen, waiting for the viewer to move on."""
        hold = self.presenter.hold
        return hold is not None and not hold.done and self.presenter.hud.overlay.visible

    def settled(self) -> bool:
        return self.timeline.pending_units == 0 or self.holding()

    def _animate(self, events: Sequence[Event]) -> None:
        self.presenter.feed(events)
        self._waited = 0.0
        self._refresh_bar()

    # --- moving ---------------------------------------------------------------------------------

    def goto(self, hand: int, step: int) -> None:
        """Show (``hand``, ``step``) at once (steps clamped to the hand)."""
        self.hand = max(0, min(len(self.tape) - 1, hand))
        self.step = max(0, min(self.steps, step))
        self.status = ""
        self.show()

    def step_forward(self) -> bool:
        """One step on (animated); from a hand's result to the next hand's start. False at the end."""
        self.status = ""
        if self.holding() and self.timeline.pending_units > 1:  # a second ron's result, or the standings
            self.presenter.release_hold()
            return True
        if not self.settled():
            self.show()  # finish what is playing at once, then go on
        if self.step < self.steps:
            events = self.tape.play_step(self.match, self.hand, self.step)
            self.step += 1
            self._animate(self.tape.shown_events(self.hand, self.step - 1, events))
            return True
        if self.hand + 1 < len(self.tape):
            self.goto(self.hand + 1, 0)
            return True
        return False

    def step_back(self) -> bool:
        if self.step > 0:
            self.goto(self.hand, self.step - 1)
        elif self.hand > 0:
            self.goto(self.hand - 1, self.tape.steps_in(self.hand - 1))
        else:
            return False
        return True

    def hand_forward(self) -> bool:
        """The next hand's start (the last hand: its result)."""
        if self.hand + 1 < len(self.tape):
            self.goto(self.hand + 1, 0)
        elif self.step < self.steps:
            self.goto(self.hand, self.steps)
        else:
            return False
        return True

    def hand_back(self) -> bool:
        """This hand's start, or the previous hand's when already there."""
        if self.step > 0:
            self.goto(self.hand, 0)
        elif self.hand > 0:
            self.goto(self.hand - 1, 0)
        else:
            return False
        return True

    def toggle_play(self) -> None:
        self.playing = not self.playing
        if self.playing and self.hand == len(self.tape) - 1 and self.step == self.steps:
            self.goto(0, 0)  # play again from the start
        self._waited = 0.0
        self._refresh_bar()

    def faster(self, delta: int = 1) -> None:
        """The next speed (wrapping round from the fastest to the slowest), or ``delta`` steps."""
        self.speed_index = (self.speed_index + delta) % len(SPEEDS)
        self.timeline.speed = SPEEDS[self.speed_index]
        speed = self.root.find("speed")
        if isinstance(speed, Button):
            speed.set_label(self._speed_text())

    def _speed_text(self) -> str:
        return t("viewer.speed", speed=decimal(SPEEDS[self.speed_index]))

    def toggle_open_hands(self) -> None:
        self.open_hands = not self.open_hands
        self.presenter.face_up = self.open_hands
        self.show()

    def show_hands(self) -> Any:
        self.playing = False
        self._refresh_bar()
        return PushScreen(HandListScreen(self.window, self))

    def review(self) -> Any:
        """The player's decisions of the shown hand beside hard's (game.ui.review), over the viewer."""
        from game.ui.review import ReviewScreen

        self.playing = False
        end = self.tape.state_at(self.hand, self.tape.steps_in(self.hand))
        return PushScreen(ReviewScreen(self.window, end.record, end.profile, self.tape.human, style=self.style,
                                       terminology=self.terminology))

    def show_rules(self, *, confirm: bool = False) -> Any:
        """An imported log's rules: as read, and to read it under others (L; ``confirm``: as it opens)."""
        if self.tape.fit is None:
            return None
        self.playing = False
        self._refresh_bar()
        return PushScreen(LogRulesScreen(self.window, self, confirm=confirm))

    def read_under(self, fit: Fit) -> None:
        """Show the imported log as ``fit`` replayed it (other rules): from its first hand, the
        bar saying under which rules and how many hands play out."""
        assert self.tape.log is not None
        self.tape = tape_from_fit(self.tape.log, fit, self.tape.names, self.tape.title)
        self.hand = self.step = 0
        self.playing = False
        self.status = _rules_status(self.tape)
        self.layout()

    def read_later(self, rules: LogRules) -> None:
        """Read the imported log's file again under ``rules`` in a child process; the bar says
        how far it got, and the tape changes once it is read (the old one plays meanwhile)."""
        from .log_job import start_log_import

        if self.tape.source is None:
            return
        if self._reading is not None:
            self._reading.cancel()
        self._reading = start_log_import(self.tape.source, rules, chosen=True)
        self._reading_percent = -1
        self._follow_reading()

    def _follow_reading(self) -> None:
        """The reading under other rules: its progress in the bar, its tape once done."""
        job = self._reading
        if job is None:
            return
        name = shown(self.tape.source.name) if self.tape.source is not None else ""
        if not job.done:
            percent = int(100 * job.progress)
            if percent != self._reading_percent:
                self._reading_percent = percent
                self.status = t("viewer.import_reading", file=name, percent=number(percent))
                self._refresh_bar()
            return
        self._reading = None
        try:
            tape = job.result()
        except Cancelled:
            return
        except SaveError as exc:
            self.status = notice_text(exc.notice)
            self._refresh_bar()
            return
        except Exception as exc:  # noqa: BLE001 - a log no reader foresaw: said, never a crash
            self.status = t("viewer.import_error", file=name, detail=shown(f"{type(exc).__name__}: {exc}", 200))
            self._refresh_bar()
            return
        self.tape = tape
        self.hand = self.step = 0
        self.playing = False
        self.status = _rules_status(self.tape)
        self.layout()

    def _can_play_on(self) -> bool:
        """A filed match plays on under its options; an imported log under the rules it was read
        under (at their full length, the player in the seat shown at the bottom)."""
        return self.tape.options is not None if not self.tape.whole_match else self.options is not None

    def play_from_here(self) -> Any | None:
        """A new match from the shown point against the AI (from a result: the next hand)."""
        if not self._can_play_on():
            return None
        if self.tape.whole_match:
            match = snapshot(self.match)
            options = self.options
        else:
            match = self.tape.branch(self.hand, self.step)
            assert self.tape.options is not None
            options = dataclasses.replace(self.tape.options, human_seat=self.tape.human, seed=match.seed)
        if match.is_over:
            self.status = t("viewer.match_over")
            self._refresh_bar()
            return None
        self.playing = False
        assert options is not None
        return PlayFromHere(options, match)

    # --- the loop -------------------------------------------------------------------------------

    def update(self, dt: float) -> Any | None:
        self.timeline.update(dt)
        self._follow_reading()
        if self.ask_rules:
            self.ask_rules = False
            return self.show_rules(confirm=True)
        if not self.playing or not self.settled():
            return None
        self._waited += dt * SPEEDS[self.speed_index]
        if self._waited >= (RESULT_PAUSE if self.holding() else STEP_PAUSE) and not self.step_forward():
            self.playing = False  # the end of the match
            self._refresh_bar()
        return None

    def draw(self, surface: pygame.Surface) -> None:
        self.presenter.root.draw(surface)
        self.root.draw(surface)

    @property
    def still(self) -> bool:
        """Paused (or at the match's end), nothing moving, no log being read."""
        return not self.playing and self.timeline.idle and self._reading is None

    def handle_key(self, event: pygame.event.Event) -> Any | None:
        key, text = event.key, getattr(event, "unicode", "")
        moves = {pygame.K_RIGHT: self.step_forward, pygame.K_LEFT: self.step_back,
                 pygame.K_PAGEDOWN: self.hand_forward, pygame.K_PAGEUP: self.hand_back}
        if key in moves:
            self.playing = False
            moves[key]()
            self._refresh_bar()
            return None
        if key == pygame.K_SPACE:
            self.toggle_play()
            return None
        if key == pygame.K_TAB:
            self._tabbed = True  # from now on Enter presses the button Tab reached
        elif key in (pygame.K_RETURN, pygame.K_KP_ENTER) and not (self._tabbed and self.focused is not None):
            self.step_forward()  # a button the pointer merely passed over is not pressed by Enter
            return None
        if key == pygame.K_f and self.presenter.toggle_fu():  # a result's fu breakdown
            return None
        if key == pygame.K_h:
            return self.show_hands()
        if key == pygame.K_a:
            self.toggle_open_hands()
            return None
        if key == pygame.K_p:
            return self.play_from_here()
        if key == pygame.K_r:
            return self.review()
        if key == pygame.K_l:
            return self.show_rules()
        if text in ("+", "=") or text in ("-", "_"):
            self.faster(1 if text in ("+", "=") else -1)
            return None
        if key in (pygame.K_UP, pygame.K_DOWN):
            return None  # the bar is one row: Tab moves along it
        return super().handle_key(event)

    def handle_event(self, event: pygame.event.Event) -> Any | None:
        on_table = hasattr(event, "pos") and event.pos[1] < self.layout_table.size[1]
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and on_table and self.holding():
            self.playing = False
            hit = self.presenter.root.node_at(event.pos)
            if hit is not None and hit.tag == FU_TAG:
                self.presenter.toggle_fu()
            else:
                self.step_forward()  # the result's "click to continue"
            return None
        if event.type == pygame.MOUSEMOTION:
            self._tabbed = False
        if event.type == pygame.MOUSEWHEEL:  # the wheel steps: down (towards the player) goes on
            self.playing = False
            (self.step_back if event.y > 0 else self.step_forward)()
            self._refresh_bar()
            return None
        return super().handle_event(event)

    # --- the bar --------------------------------------------------------------------------------

    def _refresh_bar(self) -> None:
        if not hasattr(self, "caption"):
            return
        hand = self.tape.hands[self.hand]
        where = position_name(hand.round_wind, hand.hand_number, hand.honba)
        caption = t("viewer.caption", hand=where, step=self.step, steps=self.steps)
        self.caption.set_text(caption)
        detail, colour = t("viewer.keys"), FAINT
        if self.status:
            detail, colour = self.status, MUTED
        elif hand.divergence is not None and self.step == self.steps:
            detail, colour = t("viewer.misfit_bar"), BAD  # the hand list (H) says why in full
        self.detail.set_text(detail, colour)
        play = self.transport["play"].find("icon")
        if isinstance(play, Sprite):
            size = play.image.get_width() if play.image is not None else 32
            play.image = icon("pause" if self.playing else "play", size)
        all_hands = self.root.find("all_hands")
        if isinstance(all_hands, Button):
            all_hands.selected = self.open_hands
            all_hands.restyle()


def _rules_status(tape: ReplayTape) -> str:
    """For an imported log, the rules it is read under and where to change them (L); when some
    hands do not play out under them, how many do. A filed match says nothing (its rules are the
    game's own)."""
    if tape.fit is None:
        return ""
    if not tape.fit.fits:
        return misfit_words(tape.fit)
    return t("viewer.rules_status", rules=short_name(tape.fit.rules.profile_id))


def _quietly(act: Any) -> Any:
    """A button action whose result is not an intent (the viewer changes itself)."""

    def run() -> None:
        act()

    return run
