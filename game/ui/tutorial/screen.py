"""A tutorial level on the real table: the narrator's panel over the table screen.

The table is the match's own :class:`~game.ui.table.screen.TableScreen` and presenter
(:class:`~game.ui.tutorial.table.TutorialTable`: no AI plays, every hand face up), so the level's
scripted moves and every answer's consequence animate as in a match: the discard slides to the
river, a claim moves the real tiles under its callout, a win opens the result overlay. The frames
around what a step points at are drawn once the table is still. The panel is a menu screen drawn
over it: the narration, the choices (act: an action; predict: a seat or an outcome;
seats and hand tiles can also be clicked on the table), then the feedback — the rule in plain
words, the rulebook line, the engine's own refusal when there is one — a hint, retry, and the
stars at the end. The engine decides every answer (:mod:`game.tutorial.judge`).
"""

from __future__ import annotations

import functools
import math
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

import pygame

from game import i18n
from game.engine.events import HandEnded, Penalty
from game.engine.tiles import kind_of, parse_kinds, tile_name
from game.i18n import Joined, t
from game.i18n.tiles import tile_words
from game.scene import Node, Panel, Sprite
from game.tutorial.judge import answer_step
from game.tutorial.level import SEAT_OUTCOME, Level, Step, text
from game.tutorial.progress import Progress, stars_for
from game.tutorial.setup import deal_match, play_script
from game.ui.fitting import group_size
from game.ui.menus.intents import Back
from game.ui.menus.widgets import (
    BAD,
    CREAM,
    GOLD,
    GOOD,
    MUTED,
    PANEL,
    PANEL_EDGE,
    Box,
    Button,
    MenuScreen,
    text_block,
    text_width,
    ui_scale,
)
from game.ui.table.screen import Intent, TableScreen
from game.ui.table.words import Terms

from .penalty_words import penalty_text
from .refusals import refusal_text
from .table import TutorialTable, seat_name
from .tile_prose import TileProse, names_tiles, tile_button

PANEL_WIDTH = 410
MARGIN = 12
HIGHLIGHT = (232, 184, 84)
OUTCOME = (120, 208, 150)
HINT = (150, 200, 236)
SCRIPT_TAIL = 6  # a scripted tsumogiri run animates only its last discards (live tiles left)


@dataclass(frozen=True)
class Answer:
    """The learner chose ``value`` (an option id, or an action notation)."""

    value: str


@dataclass(frozen=True)
class Control:
    """A panel button or key: ``hint``, ``retry``, ``next``, ``replay``, ``list``, ``skip`` (the
    animations to their end), ``dismiss`` (a result overlay)."""

    name: str

MIN_WINDOW = (640, 360)


class TutorialScreen(MenuScreen):
    """Plays one level; ``finished`` once its summary is shown (stars saved to ``progress``)."""

    def __init__(self, size: tuple[int, int], level: Level, progress: Progress | None = None, *,
                 style: str = "classic", speed: float = 1.0) -> None:
        self.level = level
        self.progress = progress
        self.style = style
        self.speed = speed  # the animation speed (the settings' factor; 0: instant)
        self.mistakes = 0
        self.hints = 0
        self.finished = False
        self.stars = 0
        self._start_level(size)
        super().__init__(size)

    # --- the level's life ----------------------------------------------------------------------

    def _start_level(self, size: tuple[int, int]) -> None:
        """The hand dealt and shown at once, then the level's script played: its moves animate
        (a long tsumogiri run is shown at once but for its last discards)."""
        self.match = deal_match(self.level)
        self.table = TutorialTable(table_size(size), self.match, self.level.learner, speed=self.speed,
                                   style=self.style)
        self.table.catch_up()
        play_script(self.match, self.level, keep_last=SCRIPT_TAIL, caught_up=self.table.catch_up)
        self.table.update(0.0)  # the script's moves start animating
        self.index = 0
        self.state = "ask"  # ask -> wrong (retry) -> ask ... -> right -> next step ... -> summary
        self.feedback: list[tuple[str, Any]] = []
        self.show_hint = False
        self.show_original = False  # the rule in the rulebook's own words, on request
        self.frozen = False  # the hand ended: the table keeps the lesson's moment
        self.outcome_seats: list[int] = []
        self.penalised: list[int] = []  # seats a false declaration cost a penalty (framed in red)
        self._still = self.table.idle

    @property
    def step(self) -> Step:
        return self.level.steps[self.index]

    def choose(self, value: str) -> bool:
        """The learner's answer; True when it is right. A wrong answer leaves the table as it was."""
        if self.state not in ("ask", "wrong"):
            return False
        step = self.step
        verdict = answer_step(self.match, step, value)
        lang = i18n.language()
        if not verdict.right:
            self.mistakes += 1
            self.state = "wrong"
            wrong = next((w for w in step.wrong if _same_answer(w.answer, value)), None)
            self.feedback = [(t("tutorial.wrong"), BAD)]
            if wrong is not None:
                self.feedback.append((text(wrong.why, lang), CREAM))
            if verdict.rule:
                self.feedback.append((t("tutorial.engine_refuses", message=refusal_text(verdict.rule, verdict.message,
                                                                                      self.match.profile.unit.value)),
                                      MUTED))
            if verdict.penalty is not None:
                self.feedback.append((t("tutorial.penalty.would_cost", what=self._penalty_words(verdict.penalty)), BAD))
            self.layout()
            return False
        if any(isinstance(e, HandEnded) for e in verdict.events):
            self.frozen = True  # the engine has dealt the next hand: keep showing this one
        self.outcome_seats = [int(s) for s in verdict.outcome.split("+")] if verdict.outcome[:1].isdigit() else []
        self.table.update(0.0)  # the answer's events start animating now
        self._still = self.table.idle
        self.state = "right"
        self.feedback = [(t("tutorial.right"), GOOD), (text(step.explain, lang), CREAM)]
        penalties = [e for e in verdict.events if isinstance(e, Penalty)]
        self.penalised = [e.seat for e in penalties]
        self.feedback += [(self._penalty_words(e) + ".", BAD) for e in penalties]
        self.layout()
        return True

    def _penalty_words(self, penalty: Penalty) -> str:
        return penalty_text(penalty, self.seat_name(penalty.seat), self.match.profile)

    def rule_text(self) -> str:
        """The rule the lesson comes from, in the player's language and quotation marks."""
        return t("tutorial.quote", text=self.level.source.rule_in(i18n.language()))

    def source_text(self) -> str:
        """Where the rule is written, as a reader finds it: "EMA Riichi Competition Rules 2016,
        §3.3.1", "French house rules: the hill" (no file names, lines or knob ids); a book of
        another rulebook says whether the lesson's rules agree with it."""
        src = self.level.source
        section = text(src.section, i18n.language())
        book = t(f"tutorial.book.{src.book}")
        where = t("tutorial.source_numbered" if section.startswith("§") else "tutorial.source", book=book,
                  section=section)
        if src.agrees is None:
            return where
        rules = t(f"profile.{self.level.profile}.name")
        return t("tutorial.source_agrees" if src.agrees else "tutorial.source_differs", source=where, rules=rules)

    def original_text(self) -> str | None:
        """The rulebook's own words in its own quotation marks, when the player reads a
        translation (None when the rule is shown in the original already)."""
        src = self.level.source
        if src.is_original(i18n.language()):
            return None
        return i18n.translate(src.original_language, "tutorial.quote", text=src.quote)

    def control(self, name: str) -> Any | None:
        if name == "hint":
            if not self.show_hint:
                self.hints += 1
            self.show_hint = True
        elif name == "original":
            self.show_original = not self.show_original
        elif name == "retry":
            self.state = "ask"
            self.feedback = []
        elif name == "next":
            if self.index + 1 < len(self.level.steps):
                self.index += 1
                self.state = "ask"
                self.feedback = []
                self.show_hint = False
                self.outcome_seats = []
                self.penalised = []
            else:
                self._finish()
        elif name == "replay":
            self.mistakes = self.hints = 0
            self.finished = False
            self._start_level(self.window)
        elif name == "list":
            return Back()
        self.layout()
        return None

    def _finish(self) -> None:
        self.state = "summary"
        self.finished = True
        self.stars = stars_for(self.mistakes, self.hints)
        if self.progress is not None:
            self.progress.record(self.level.id, self.stars)

    # --- what the learner may choose -------------------------------------------------------------

    def option_label(self, option: str) -> str:
        step = self.step
        lang = i18n.language()
        if option in step.labels:
            return text(step.labels[option], lang)
        if step.task == "predict" and SEAT_OUTCOME.match(option):
            if option == "none":
                return t("tutorial.nobody")
            if option == "abort":
                return t("tutorial.aborted")
            return " + ".join(self.seat_name(int(s)) for s in option.split("+"))
        return _action_label(option, self.table.terms)

    def seat_name(self, seat: int) -> str:
        return seat_name(self.match, seat, self.level.learner)

    def seat_at(self, point: tuple[int, int]) -> int | None:
        """The seat whose hand or river band holds ``point`` (a predict click on the table)."""
        lay = self.table.layout
        for seat in range(4):
            if _seat_band(self.table, seat).collidepoint(point):
                return seat
        for seat in range(4):
            if lay.river_area(self.table.presenter.side(seat)).collidepoint(point):
                return seat
        return None

    # --- the panel ----------------------------------------------------------------------------

    # The narrator's panel is one column: when a step's words (narration, choices, feedback, the
    # rule and its original, the hint) do not fit above the buttons, every size in it steps down
    # together until they do (a professional layout shrinks a column, it does not cut it).
    SCALES = (1.0, 0.94, 0.88, 0.82, 0.77, 0.72, 0.67)

    def build(self) -> None:
        for k in self.SCALES:
            self.root.clear()
            self.widgets.clear()
            self._k = k
            if self._build_panel() <= self._bottom() - 6:
                break
        self._highlight()

    def _bottom(self) -> float:
        return self.size[1] - 16 - 20 - 44

    def _s(self, size: int) -> int:
        """A text size in the panel at the scale it is laid out at."""
        return max(11, round(size * self._k))

    def _para(self, words: str, size: int, colour: Any, y: float, *, bold: bool = False, lines: int = 40,
              gap: float = 0) -> float:
        """A paragraph of the panel from ``y`` down; the ``y`` under it."""
        x0 = self.size[0] - PANEL_WIDTH - MARGIN
        if names_tiles(words):  # the level's tiles as pictures ([5m] in its prose)
            prose = self.root.add_child(TileProse(words, PANEL_WIDTH - 40, self._s(size), colour, x0 + 20, y,
                                                  bold=bold, style=self.style, name="narrator"))
            return y + prose.height + gap * self._k
        box = Box(PANEL_WIDTH - 40, self._s(size), lines=lines, bold=bold, floor=self._s(size), name="narrator",
                  leading=1.28)
        block = self.root.add_child(text_block(words, box, colour, x0 + 20, y, valign="top"))
        return y + block.height + gap * self._k

    def _build_panel(self) -> float:
        """The panel at the current scale; the ``y`` its words end at."""
        w, h = self.size
        lang = i18n.language()
        x0 = w - PANEL_WIDTH - MARGIN
        inner = PANEL_WIDTH - 40
        k = self._k
        self.root.add_child(Panel(PANEL_WIDTH, h - 2 * MARGIN, PANEL, x0 + PANEL_WIDTH / 2, h / 2, radius=14,
                                  border_color=PANEL_EDGE, border_width=1, name="narration"))
        title = Box(inner, 24, lines=2, bold=True, floor=16, name="tutorial title", shrink_first=True)
        y = 28 + self.root.add_child(text_block(text(self.level.title, lang), title, GOLD, x0 + 20, 28,
                                                valign="top")).height + 4
        if self.state == "summary":
            return self._build_summary(x0, y, inner)
        y = self._para(t("tutorial.step", n=self.index + 1, total=len(self.level.steps)), 15, MUTED, y, gap=6)
        step = self.step
        y = self._para(text(step.narration, lang), 18, CREAM, y, gap=8)
        if self.state in ("ask", "wrong"):
            y = self._para(self._prompt(), 15, MUTED, y, gap=6)
            tall = max(34, round(40 * k))
            words: list[str] = [Joined("", [f"{i + 1}  ", self.option_label(option)])
                                for i, option in enumerate(step.options)]
            same = group_size(words, Button.box_for(inner, tall, self._s(18)), self.window[0] / w)  # alike
            for option, word in zip(step.options, words, strict=True):
                self.add(tile_button(Button(word, x0 + 20, y, inner, tall, size=self._s(18), text_size=same,
                                            on_activate=functools.partial(Answer, option), name=f"option:{option}"),
                                     word, self.style))
                y += tall + 6 * k
        y = self._build_feedback(x0, y + 4 * k, inner)
        if self.state in ("wrong", "right"):
            y = self._build_rule(x0, y, inner)
        if self.show_hint and self.state in ("ask", "wrong"):
            y = self._para(text(step.hint, lang), 16, HINT, y)
        bottom = self._bottom()
        if self.state in ("ask", "wrong"):
            self.add(Button(t("tutorial.hint"), x0 + 20, bottom, (inner - 10) // 2, 44, size=18,
                            on_activate=lambda: Control("hint"), name="hint"))
            self.add(Button(t("tutorial.back_to_list"), x0 + 30 + (inner - 10) // 2, bottom, (inner - 10) // 2, 44,
                            size=18, on_activate=lambda: Control("list"), name="list"))
        elif self.state == "right":
            last = self.index + 1 >= len(self.level.steps)
            self.add(Button(t("tutorial.finish" if last else "tutorial.next"), x0 + 20, bottom, inner, 44, size=18,
                            primary=True, on_activate=lambda: Control("next"), name="next"))
        return y

    def _prompt(self) -> str:
        step = self.step
        count = len(step.options)
        if step.task == "predict":
            seats = all(SEAT_OUTCOME.match(o) for o in step.options)
            return t("tutorial.pick_seat" if seats else "tutorial.pick_option", count=count)
        if any(" discard " in f" {o} " or ":discard" in o for o in step.options):
            return t("tutorial.pick_tile", count=count)
        return t("tutorial.pick_action", count=count)

    def _build_feedback(self, x0: float, y: float, inner: int) -> float:
        for i, (line_text, colour) in enumerate(self.feedback):
            size = 20 if i == 0 else 15 if colour in (GOLD, MUTED) else 16
            y = self._para(line_text, size, colour, y, bold=i == 0, gap=4)
        return y

    def _build_rule(self, x0: float, y: float, inner: int) -> float:
        """The rule in the player's language, where it is written, and the "original" toggle
        with the rulebook's own words under it when asked for."""
        y = self._para(self.rule_text(), 15, GOLD, y)
        y = self._para(self.source_text(), 13, MUTED, y, gap=4)
        original = self.original_text()
        if original is not None:
            language = t(f"language.{self.level.source.original_language}")
            word = t("tutorial.hide_original") if self.show_original else t("tutorial.show_original", language=language)
            size = self._s(14)
            tall = max(24, round(28 * self._k))
            self.add(Button(word, x0 + 20, y + 2, min(inner, text_width(word, size, True) + 40), tall, size=size,
                            on_activate=lambda: Control("original"), name="original"))
            y += tall + 8 * self._k
            if self.show_original:
                y = self._para(original, 14, CREAM, y)
        return y + 6 * self._k

    def _build_summary(self, x0: float, y: float, inner: int) -> float:
        lang = i18n.language()
        lv = self.level
        y += 6
        for i in range(3):
            self.root.add_child(Sprite(star_image(30, i < self.stars), x0 + 36 + 36 * i, y + 4, name="star"))
        self.root.add_child(text_block(t("tutorial.stars", stars=self.stars),
                                       Box(inner - 130, 15, floor=11, name="stars", shrink_first=True), MUTED,
                                       x0 + 140, y + 4))
        y += 28
        y = self._para(t("tutorial.summary"), 18, GOLD, y, bold=True, gap=2)
        y = self._para(text(lv.summary, lang), 17, CREAM, y, gap=10)
        y = self._para(t("tutorial.rule"), 15, GOLD, y, bold=True, gap=2)
        y = self._build_rule(x0, y, inner)
        if lv.engine_note:
            y = self._para(t("tutorial.note"), 15, GOLD, y + 6 * self._k, bold=True, gap=2)
            y = self._para(text(lv.engine_note, lang), 14, MUTED, y)
        bottom = self._bottom()
        half = (inner - 10) // 2
        self.add(Button(t("tutorial.back_to_list"), x0 + 20, bottom, half, 44, size=18, primary=True,
                        on_activate=lambda: Control("list"), name="list"))
        self.add(Button(t("tutorial.replay"), x0 + 30 + half, bottom, half, 44, size=18,
                        on_activate=lambda: Control("replay"), name="replay"))
        return y

    def _highlight(self) -> None:
        """Gold frames around what the step points at; green ones around who got the tile. Drawn
        around the tiles where they rest: not while the table moves (:meth:`update` lays the
        panel out again when it stops)."""
        if not self.table.idle:
            return
        screen = pygame.Rect(0, 0, *self.table.size)
        frames: list[tuple[pygame.Rect, tuple[int, int, int]]] = []
        for item in self.step.highlight if self.state != "right" else ():
            what, _, seat_text = item.partition(":")
            if not seat_text.isdigit():
                continue
            if what == "hand":
                frames.append((_seat_band(self.table, int(seat_text)).clip(screen), HIGHLIGHT))
            elif what == "river":
                frames.append((_sprite_bounds(self.table, self.table.presenter.seats[int(seat_text)].river)
                               .clip(screen), HIGHLIGHT))
            elif what == "discard":
                self.table.presenter.point_at_last_discard(int(seat_text))
        for seat in self.outcome_seats if self.state == "right" else ():
            frames.append((_seat_band(self.table, seat).clip(screen), OUTCOME))
        for seat in self.penalised if self.state == "right" else ():
            frames.append((_seat_band(self.table, seat).clip(screen), BAD))
        layer = self.root.add_child(Node(name="highlights"), z=-1)
        scale = self.window[0] / self.size[0]
        for rect, colour in frames:
            r = rect.inflate(-4, -4)
            layer.add_child(Panel(round(r.w / scale), round(r.h / scale), (0, 0, 0, 0), r.centerx / scale,
                                  r.centery / scale, radius=10, border_color=colour, border_width=3))

    # --- input ----------------------------------------------------------------------------------

    def handle_event(self, event: pygame.event.Event) -> Any | None:
        intent = self._table_intent(event)
        if intent is None:
            if event.type == pygame.KEYDOWN:
                intent = self._key(event)
            if intent is None:
                intent = super().handle_event(event)
        return self.act(intent)

    def act(self, intent: Any) -> Any | None:
        if intent == Control("skip"):
            self.finish_animations()
            return None
        if intent == Control("dismiss"):
            self.table.presenter.release_hold()
            return None
        if isinstance(intent, Answer):
            self.choose(intent.value)
            return None
        if isinstance(intent, Control):
            return self.control(intent.name)
        return intent

    def _key(self, event: pygame.event.Event) -> Any | None:
        char = getattr(event, "unicode", "")
        if event.key == pygame.K_SPACE and not self.table.idle:
            return Control("skip")
        if self.state in ("ask", "wrong"):
            if char.isdigit() and 1 <= int(char) <= len(self.step.options):
                return Answer(self.step.options[int(char) - 1])
            if char.lower() == "h":
                return Control("hint")
        if char.lower() == "o" and self.state != "ask" and self.original_text() is not None:
            return Control("original")
        if event.key == pygame.K_f and self.table.hud.overlay.visible:
            self.table.presenter.toggle_fu()  # as at the table: F opens the fu breakdown
            return None
        if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER) and self.table.hud.overlay.visible:
            return Control("dismiss")  # as at the table: Enter dismisses the result
        if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER) and self.state == "right":
            return Control("next")
        return None

    def _table_intent(self, event: pygame.event.Event) -> Any | None:
        """A click on the table: a seat (predict) or a hand tile (a discard step); a click on a
        result overlay dismisses it, as at the table."""
        if event.type != pygame.MOUSEBUTTONDOWN or event.button != 1:
            return None
        if widget_hit(self.root, event.pos):
            return None
        if self.table.hud.overlay.visible and event.pos[0] < self.table.size[0]:
            if self.table.intent_at(event.pos) == Intent("result_fu"):  # its fu button, as at the table
                self.table.presenter.toggle_fu()
            else:
                self.table.presenter.release_hold()
            return None
        if self.state not in ("ask", "wrong"):
            return None
        step = self.step
        if step.task == "predict":
            seat = self.seat_at(event.pos)
            if seat is not None and str(seat) in step.options:
                return Answer(str(seat))
            return None
        hit = self.table.intent_at(event.pos) if event.pos[0] < self.table.size[0] else None
        if hit is not None and hit.kind == "tile":
            notation = f"{self.level.learner}:discard {tile_name(hit.value)}"
            match = next((o for o in step.options if _same_answer(o, notation)), None)
            return Answer(match or notation)
        return None

    def update(self, dt: float) -> Any | None:
        self.table.update(dt)
        still = self.table.idle
        if still != self._still:
            self._still = still
            self.layout()  # the frames go when the table moves and come back around the tiles at rest
        return None

    @property
    def still(self) -> bool:
        """The lesson waits for the learner: its table rests and its frames are drawn around it
        (a learner reads a lesson for a long while: it is not drawn again meanwhile)."""
        return self.table.still and self._still == self.table.idle

    def finish_animations(self) -> None:
        """Space: every animation played to its end at once (the result overlay too)."""
        self.table.finish_animations()
        self._still = self.table.idle
        self.layout()

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill((10, 24, 22))
        w, h = self.table.size
        self.table.draw(surface.subsurface(pygame.Rect(0, 0, min(w, surface.get_width()), min(h, surface.get_height()))))
        self.root.draw(surface)

    def language_changed(self) -> None:
        """The table's words and the narration, written again in the new language."""
        self.table.language_changed()
        self.layout()

    def resize(self, size: tuple[int, int]) -> None:
        """A new window: the table laid out again from the engine, unless the lesson's hand has
        ended (the engine has dealt the next one: the old picture is kept as it was). A window
        dragged to nothing is laid out as the smallest one the table supports."""
        size = (max(MIN_WINDOW[0], size[0]), max(MIN_WINDOW[1], size[1]))
        if size != self.window and not self.frozen:
            self.table.resize(table_size(size))
            self._still = self.table.idle
        super().resize(size)


@lru_cache(maxsize=8)
def star_image(size: int, filled: bool) -> pygame.Surface:
    """A five-pointed star (the UI font has no star glyph): gold when earned, an outline when not."""
    image = pygame.Surface((size, size), pygame.SRCALPHA)
    c = size / 2
    points = [(c + (c - 1 if k % 2 == 0 else c * 0.42) * math.sin(math.pi * k / 5),
               c - (c - 1 if k % 2 == 0 else c * 0.42) * math.cos(math.pi * k / 5)) for k in range(10)]
    if filled:
        pygame.draw.polygon(image, GOLD, points)
    else:
        pygame.draw.polygon(image, (118, 136, 128), points, width=2)
    return image


def table_size(window: tuple[int, int]) -> tuple[int, int]:
    """The table takes the window but the narrator's column on the right (laid out in the menus'
    design units, so as wide as the menus' scale makes it)."""
    return (max(640, round(window[0] - (PANEL_WIDTH + 2 * MARGIN) * ui_scale(window))), window[1])


def widget_hit(root: Node, point: tuple[int, int]) -> bool:
    node = root.node_at(point)
    return node is not None


def _seat_band(table: TableScreen, seat: int) -> pygame.Rect:
    """The rectangle around a seat's hand, melds and flowers as drawn now (from its sprites)."""
    pic = table.presenter.seats[seat]
    return _sprite_bounds(table, [*pic.concealed(), *(sp for group in pic.meld_sprites for sp in group.values()),
                                  *pic.flowers])


def _sprite_bounds(table: TableScreen, sprites: list[Any]) -> pygame.Rect:
    """The rectangle around tile sprites as drawn now (tiles lie any way round: a square each)."""
    reach = table.layout.river_art.height + 8
    if not sprites:
        return pygame.Rect(0, 0, 0, 0)
    xs = [sp.x for sp in sprites]
    ys = [sp.y for sp in sprites]
    return pygame.Rect(round(min(xs) - reach / 2 - 4), round(min(ys) - reach / 2 - 4),
                       round(max(xs) - min(xs) + reach + 8), round(max(ys) - min(ys) + reach + 8))


def _same_answer(a: str, b: str) -> bool:
    """Two action notations that name the same move (tiles compared by kind, red or not)."""
    if a == b:
        return True
    ha, _, ta = a.partition(" ")
    hb, _, tb = b.partition(" ")
    if ha != hb:
        return False
    try:
        return sorted(parse_kinds(ta)) == sorted(parse_kinds(tb))
    except Exception:
        return False


def _action_label(notation: str, terms: Terms) -> str:
    """``2:pon 55m`` -> ``Pon 5m 5m``: the call in the lesson's words (``terms``, as its table
    names it: "Pung" in an EMA lesson), other verbs in the interface language, and the tiles as
    the language names them."""
    head, _, tiles = notation.partition(" ")
    verb = head.partition(":")[2]
    verb = {"daiminkan": "kan", "kakan": "kan", "ankan": "kan"}.get(verb, verb)
    if verb in ("chi", "pon", "kan"):
        shown = str(getattr(terms, verb))
    elif verb == "ron":
        shown = t("tutorial.verb.ron", ron=terms.ron)
    else:
        shown = t(f"tutorial.verb.{verb}") if i18n.has(f"tutorial.verb.{verb}") else verb.capitalize()
    if not tiles:
        return shown
    return t("tutorial.action", verb=shown, tiles=tile_words(parse_kinds(tiles)))


__all__ = ["TutorialScreen", "Answer", "Control", "kind_of"]
