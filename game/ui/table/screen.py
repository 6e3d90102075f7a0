"""The table screen: the human at the bottom against three AI seats, one real match.

Why this shape (architecture §4, §6): input is hit-tested into an *intent* ("tile 57", "choice 2",
"continue"), and an intent becomes an engine action only when the engine awaits the human and the
action is legal. The engine never waits for the picture: each ``update`` first advances the
animations, then, when the presenter is idle (or animations are skipped), lets one awaited AI seat
decide from its own observation and applies it; the returned events, redacted for the human's eyes,
become animation units. Tests drive ``update(dt)`` and ``draw(surface)`` with a fixed clock.

Keys (the README's key map): Left and Right move the cursor along the hand (each turn starts on
the drawn tile; it stops at the ends), Home and End jump to the ends, Enter discards the tile under
the cursor (or dismisses a result), D discards the drawn tile at once; Up moves the focus to the
claim bar's buttons and Down back to the hand (in a claim window the bar has the focus, on Pass),
where Left, Right and Enter choose; digits and letters press the buttons directly (t tsumo,
r riichi/ron, p pon, c chi, k kan, 9 nine kinds, Space or n pass); Space skips the animations
(or passes when nothing moves), + and - change the animation speed, Esc cancels riichi, e shows
the AI seats' reasons, h a hint for the human's move.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any, Final

import pygame

from game.ai.external import ExternalSeat
from game.ai.levels import make_seat
from game.ai.review import REVIEWER as COACH
from game.engine import Match, Phase, Shortfall, Tenpai, Unit
from game.engine.actions import Action, ActionKind
from game.engine.errors import IllegalActionError
from game.engine.events import Event, redact
from game.engine.meld import Meld, MeldKind
from game.engine.profile import load_profile
from game.engine.tiles import is_red, kind_of
from game.i18n import again, decimal, has, t
from game.scene import Timeline
from game.ui.menus.intents import ApplySettings
from game.ui.reasons import advice, said_by, without_waits
from game.ui.relabel import retranslate_tree
from game.ui.results.tags import FU_TAG
from game.ui.seats import seat_names

from .focus import HandFocus
from .hud import Choice, Hud
from .layout import TableLayout, meld_order
from .presenter import Presenter, TileSprite, tai_scale_of
from .preview import call_preview
from .words import DEFAULT_TERMINOLOGY, Terms, terms_for, tile_words, tiles_words

SPEEDS: Final = (0.5, 1.0, 2.0, 4.0, 0.0)
NOTICE_SECONDS: Final = 5.0  # how long a word for the player (an external bot refused, a key) stays in the caption
RESULT_SECONDS: Final = 6.0  # a result's stay at a table of a tool or a test (timeline seconds)
AUTO_RESULT_SECONDS: Final = 5.0  # real seconds a result stays when the game's table goes on by itself
DISCARD_BEAT: Final = 0.7  # seconds on each other seat's discard when auto-pass is off  # 0.0: instant (every unit finished at once)
VERB_KEYS: Final = {"tsumo": "t", "riichi": "r", "ron": "r", "pon": "p", "chi": "c", "kan": "k", "pass": "n",
                    "kyuushu": "9"}


@dataclass(frozen=True)
class Intent:
    """What a click or key means, before the engine is asked: ``tile`` (a tile id), ``choice``
    (a claim-bar index), ``continue`` (dismiss a result), ``finish_count`` (a result's points at
    their end), ``skip``, ``speed`` (+1/-1), ``cancel``, ``explain`` and ``hint`` (toggles)."""

    kind: str
    value: int = 0


_MELD_KINDS: Final = {ActionKind.CHI: MeldKind.CHI, ActionKind.PON: MeldKind.PON,
                      ActionKind.DAIMINKAN: MeldKind.DAIMINKAN}
ENTER_KEYS: Final = (pygame.K_RETURN, pygame.K_KP_ENTER)
CALM_SECONDS: Final = 0.6  # after a result is dismissed, Space does not skip the next hand's ceremony
# a result's first moments take no Enter: a player discarding with Enter as the hand ended would
# pass the result unread (seen: Enter pressed through a hand went on to the next one)
RESULT_GUARD_SECONDS: Final = 0.6


class TableScreen:
    """Plays one match on screen; ``update(dt)``, ``draw(surface)``, ``handle(event)``.

    It also answers the screen-stack protocol of :mod:`game.ui.screens` (``handle_event``,
    ``enter``, ``opaque``), so the app can push it like any other screen."""

    opaque = True

    def __init__(
        self,
        size: tuple[int, int] = (1280, 720),
        *,
        profile: str = "riichi",
        seed: int = 1,
        human: int = 0,
        level: str = "normal",
        levels: dict[int, str] | None = None,
        autoplay: bool = False,
        speed: float = 1.0,
        match: Match | None = None,
        style: str = "classic",
        drive: bool = True,
        claim_seconds: float | None = None,
        show_waits: bool = True,
        explain: bool = False,
        terminology: str = DEFAULT_TERMINOLOGY,
        auto_pass: bool = True,
        keys_hint: bool = False,
        external: dict[int, ExternalSeat] | None = None,
        corners: bool = False,
        wait_for_player: bool = False,
    ) -> None:
        """``autoplay`` lets an AI play the human's seat too; ``drive=False`` never applies an
        action (the match is played elsewhere: the screen only shows its new events);
        ``claim_seconds`` passes a claim the human leaves unanswered that long (None: wait);
        ``show_waits`` names the human's waits and furiten; ``explain`` shows the AI's reasons;
        ``terminology`` picks the words for calls and wins (english, japanese or chinese terms);
        ``auto_pass=False`` rests the table a beat on every other seat's discard, so the player
        can follow the play even when no call is possible (the engine asks only when one is);
        ``corners`` puts the side seats' plates in the top corners (a narrow table keeps bigger
        tiles: the tutorial's). ``wait_for_player``: a result waits for the player at Normal and
        Slow speed (the game's own tables; a reader needs longer than any fixed time) and goes on
        by itself, counting down, only at Fast or in AI-only play; without it every result goes
        on after a few seconds (tools and tests).
        At a strict table (the human among the match's ``strict_seats``) the table gives no help:
        no waits, no hints, and every discard asks the human, who may call anything."""
        self.rules = load_profile(profile) if match is None else match.profile
        self.match = match if match is not None else Match(self.rules, seed)
        self.human = human
        self.level = level
        self.autoplay = autoplay
        seat_levels = {s: (levels or {}).get(s, level) for s in range(4)}
        self.seats: dict[int, Any] = {
            s: make_seat(seat_levels[s], self.match.seed, s, self.rules) for s in range(4) if autoplay or s != human
        }
        self.external = {s: x for s, x in (external or {}).items() if s in self.seats}  # mjai programs
        self._notice = ""
        self._notice_left = 0.0
        self._push: Any = None  # a screen to open over the table (the review)
        self.seats.update(self.external)
        for x in self.external.values():
            x.see(self.match.events)
        self.terminology = terminology
        self.terms = self._table_terms()
        self.names = seat_names(human)
        # each plate's second line before its seat wind: the AI and its level; the human's plate
        # already says "You", so its line names only the seat
        self.roles = [
            _role(seat_levels[s], external=s in self.external) if s in self.seats and s != human
            else (t("table.role", role=t("table.ai"), level=t("table.autoplay")) if s in self.seats else "")
            for s in range(4)
        ]
        self.style = style
        self.timeline = Timeline(speed)
        self.instant = speed == 0.0
        if self.instant:
            self.timeline.speed = 1.0
        self.size = size
        self.riichi_mode = False
        self.bar_focus: int | None = None  # the claim bar's button with the keyboard focus (None: the hand)
        self._pointer: tuple[int, int] | None = None  # where the last mouse motion left the pointer
        self._pointer_rebase = False  # the next motion only says where the pointer is (back from a menu)
        self._calm = 0.0  # seconds left in which Space skips nothing (a result was just dismissed)
        self._result_age = 0.0  # seconds the result on screen has been up (see RESULT_GUARD_SECONDS)
        self.decisions = 0
        self.drive = drive
        self.claim_seconds = claim_seconds
        self._claim_waited = 0.0
        self.strict = human in self.match.strict_seats
        self.auto_pass = auto_pass
        self.show_waits = show_waits and not self.strict
        self.explain = explain and not self.strict  # show the AI seats' reasons ("e")
        self.hints = False  # suggest the human's move ("h"; never at a strict table)
        self.reasons = ["", "", "", ""]
        self._reasons_hand = self.match.hand_index  # the hand the reasons are about
        self._coach: Any = None
        self.on_action: Callable[[Match], object] | None = None  # after every applied action (autosave)
        self.settings: Any = None  # the settings the table was opened with (the menus set them)
        self._setting_changed: Any = None  # settings changed at the table, for the menus to keep
        self.watch: Callable[[], object] | None = None  # called whenever the table is still (tests)
        self._prompt_key: object = None
        self._focus_key: object = None
        self.keys_hint = keys_hint
        self.corners = corners
        self.wait_for_player = wait_for_player
        self._build(size)
        self.presenter.feed(self._visible(self.match.events))
        self._fed = len(self.match.events)

    def _build(self, size: tuple[int, int]) -> None:
        self.layout = TableLayout(size, self.rules.wall.stacks_per_side, self.style, self.rules.tiles.red_fives > 0,
                                  flowers=self.rules.tiles.flowers, corners=self.corners, hand_size=self.rules.deal.hand_size,
                                  dora_panel=self.rules.wall.max_dora_indicators > 0)
        self.layout.warm()
        self.hud = Hud(self.layout, self.human, self.names, self.roles, self.terms,
                       net=self.rules.game.start_points == 0,
                       sticks=self.rules.riichi.enabled, counters=self.rules.counts_continuations)
        self.presenter = Presenter(self.layout, self.human, self.hud, self.timeline, sets=self.rules.win.sets,
                                   names=self.names, terms=self.terms, tai_scale=tai_scale_of(self.rules))
        self.presenter.discard_beat = self._discard_beat()
        self.presenter.hold_seconds = self._result_hold()
        self.presenter.hand_started = self._forget_reasons
        self.hud.show_dora_panel(False)
        self.hand_focus = HandFocus(self.presenter, self.human, self.hud.over)
        if self.keys_hint:
            self.hud.show_keys([t("table.keys.hand"), t("table.keys.menu"), t("table.keys.help")])

    def _result_hold(self) -> float | None:
        """How long a result stays, in the timeline's time (None: until the player goes on)."""
        if not self.wait_for_player:
            return RESULT_SECONDS
        speed = 1.0 if self.instant else self.timeline.speed
        if not self.autoplay and speed <= 1.0:
            return None
        return AUTO_RESULT_SECONDS * speed  # real seconds, at the speed the hold runs at

    def _discard_beat(self) -> float:
        """The rest on each other seat's discard: none with auto-pass, or at a strict table (it
        asks the human on every discard already: that prompt is the pause)."""
        return 0.0 if self.auto_pass or self.strict or self.autoplay else DISCARD_BEAT

    def _visible(self, events: list[Event]) -> list[Event]:
        return [redact(e, self.human) for e in events]

    # --- the loop ----------------------------------------------------------------------------

    @property
    def root(self) -> Any:
        return self.presenter.root

    def update(self, dt: float) -> Any | None:
        """Advance animations by ``dt`` seconds, then let awaited AI seats act while nothing moves;
        returns the screen to show over the table (the review), once."""
        push, self._push = self._push, None
        if push is not None:
            return push
        if len(self.match.events) > self._fed:  # played elsewhere (drive=False), or before us
            self.presenter.feed(self._visible(self.match.events[self._fed :]))
            self._fed = len(self.match.events)
        self._settle_hand(dt)
        self.presenter.show_countdown()
        self._calm = max(0.0, self._calm - dt)
        self._result_age = self._result_age + dt if self.hud.overlay.visible else 0.0
        if self.instant:
            self.timeline.skip_all()
        else:
            was_idle = self.presenter.idle
            self.timeline.update(dt)
            if not was_idle:
                # the frame an animation ends redraws the pictures it settled into; the AI
                # thinks on the next one, so the two costs never land in the same frame
                self._refresh_prompt()
                return None
        self._count_down(dt)
        for _ in range(8):
            if not self._drive_one():
                break
            if self.instant:
                self.timeline.skip_all()
        self._hold_notice(dt)
        self._refresh_prompt()
        return None

    def draw(self, surface: pygame.Surface) -> None:
        self.presenter.root.draw(surface)

    @property
    def still(self) -> bool:
        """The table waits for the player and nothing on it moves (:mod:`game.ui.still_frames`):
        no animation plays or waits, no tile of the hand is on its way up or down, no claim clock
        or held notice counts down; or a result waits to be dismissed, its points counted (a
        result that goes on by itself counts down on its OK button: not still)."""
        if self._notice_left > 0:
            return False
        p = self.presenter
        if self.hud.overlay.visible or p.result is not None:
            return p.waiting_for_player and p.counting is not None and p.counting.done
        if not self.timeline.idle or self.hand_focus.moving:
            return False
        if not self.drive:  # a lesson's table: its moves come from the lesson, which says when
            return True
        return self.human_awaited() and not self._claim_clock_runs()

    def can_discard(self) -> bool:
        """The human's turn to discard, with the table still (lifts and the cursor ring only then)."""
        return self.human_awaited() and self.match.phase is Phase.TURN

    def _settle_hand(self, dt: float) -> None:
        self.hand_focus.active = self.can_discard()
        self.hand_focus.settle(dt)

    def _count_down(self, dt: float) -> None:
        """The optional claim countdown: an unanswered claim prompt passes when time is up."""
        limit = self.claim_seconds
        if limit is None or not self._claim_clock_runs():
            self._claim_waited = 0.0
            return
        self._claim_waited += dt
        self.hud.set_countdown(limit - self._claim_waited, limit)
        if self._claim_waited >= limit - 1e-9:  # frame sums: 30 x 1/60 s is 0.4999...s
            self._claim_waited = 0.0
            passing = [a for a in self.match.legal_actions(self.human) if a.kind is ActionKind.PASS]
            if passing:
                self.apply(passing[0])

    def _claim_clock_runs(self) -> bool:
        """The optional claim countdown counts now: a claim prompt waits on the human, with a limit."""
        return self.claim_seconds is not None and self.human_awaited() and self.match.phase is not Phase.TURN

    def _drive_one(self) -> bool:
        """One AI decision when the table is still; True if something was applied."""
        m = self.match
        if not self.drive or m.is_over or not self.presenter.idle or self.presenter.stop_after_hands is not None and (
                self.presenter.hands_ended >= self.presenter.stop_after_hands):
            return False
        if self.watch is not None:
            self.watch()
        for seat in m.awaiting():
            bot = self.seats.get(seat)
            if bot is not None:
                obs = m.observe(seat)
                if isinstance(bot, ExternalSeat):
                    polled = bot.poll(obs)  # the program thinks while the table keeps drawing
                    self._tell_refusals(bot)
                    if polled is None:
                        return False
                    action, reason = polled, ""
                elif hasattr(bot, "decide_with_reason"):
                    action, reason = bot.decide_with_reason(obs)
                else:
                    action, reason = bot.decide(obs), ""
                if action.kind is not ActionKind.PASS:
                    if seat != self.human and not self.presenter.face_up:
                        reason = without_waits(reason)
                    self._reasons_hand = m.hand_index
                    self.reasons[seat] = said_by(seat, reason, self.human, self.names, self.terms)
                    self.hud.set_reason(seat, self.reasons[seat], self.explain and seat != self.human)
                self.apply(action)
                return True
        if self.human in m.awaiting():
            legal = m.legal_actions(self.human)
            if len(legal) == 1 and legal[0].kind is ActionKind.DISCARD:  # in riichi: the drawn tile goes
                self.apply(legal[0])
                return True
        return False

    def apply(self, action: Action) -> list[Event]:
        """Apply an action to the engine and queue what happened."""
        events = self.match.apply(action)
        for x in self.external.values():
            x.see(events)
        self.decisions += 1
        self.riichi_mode = False
        self.presenter.feed(self._visible(events))
        self._fed = len(self.match.events)
        if self.on_action is not None:
            self.on_action(self.match)
        return events

    # --- the human's prompts -----------------------------------------------------------------

    def human_awaited(self) -> bool:
        return (self.drive and self.human not in self.seats and not self.match.is_over and self.presenter.idle
                and self.human in self.match.awaiting())

    def choices(self) -> list[tuple[Choice, Action | None]]:
        """The claim bar's buttons for the human now: each call with its tiles, Pass, or the turn's
        Tsumo / Riichi / Kan / nine-kinds (a discard is a click on a tile, not a button)."""
        if not self.human_awaited():
            return []
        legal = self.match.legal_actions(self.human)
        out: list[tuple[str, str, Action | None]] = []
        riichi = [a for a in legal if a.kind is ActionKind.RIICHI]
        for a in legal:
            k = a.kind
            if k is ActionKind.TSUMO:
                out.append(("tsumo", "", a))
            elif k is ActionKind.RON:
                out.append(("ron", "", a))
            elif k in (ActionKind.ANKAN, ActionKind.KAKAN, ActionKind.DAIMINKAN, ActionKind.PON, ActionKind.CHI):
                verb = "pon" if k is ActionKind.PON else "chi" if k is ActionKind.CHI else "kan"
                words = self._meld_words(a)
                if any(is_red(tile) for tile in a.tiles) and any(
                        b is not a and b.kind is k and sorted(map(kind_of, b.tiles)) == sorted(map(kind_of, a.tiles))
                        for b in legal):
                    # the same call with and without the red five: the buttons differed only by the
                    # colour of one numeral (seen: two "Chi 三四五萬" side by side)
                    words = t("table.choice.red_five", tiles=words)
                out.append((verb, words, a))
            elif k is ActionKind.KYUUSHU:
                out.append(("kyuushu", t("table.verb.abort"), a))
        if riichi and not self.riichi_mode:
            out.insert(0, ("riichi", "", None))
        passes = [a for a in legal if a.kind is ActionKind.PASS]
        if passes:
            out.append(("pass", "", passes[0]))
        keyed: list[tuple[Choice, Action | None]] = []
        used: set[str] = set()
        for i, (verb, detail, action) in enumerate(out):
            key = VERB_KEYS[verb] if VERB_KEYS[verb] not in used else str(i + 1)
            if verb == "pass":
                key = "Space"
            used.add(key)
            keyed.append((Choice(verb, detail, key), action))
        return keyed

    def _meld_words(self, action: Action) -> str:
        """The tiles a call button shows (as tiles): the meld it makes as it will lie on the table,
        the claimed tile sideways at the giver's end (chi: the left)."""
        claim = self.match.claim
        if claim is None or action.kind not in _MELD_KINDS:
            return tiles_words(sorted(action.tiles, key=lambda tile: (kind_of(tile), tile)))
        tiles = tuple(sorted((*action.tiles, claim.tile), key=lambda tile: (kind_of(tile), tile)))
        meld = Meld(_MELD_KINDS[action.kind], tiles, claim.tile, claim.discarder)
        order = meld_order(meld, self.human)
        return tiles_words([tile for tile, _ in order], turned=[tile for tile, called in order if called])

    def _refresh_prompt(self) -> None:
        m = self.match
        key = (len(m.actions), self.human_awaited(), self.riichi_mode)
        if key == self._prompt_key:
            return
        self._prompt_key = key
        self._show_waits()
        self._show_hint()
        self._choices = self.choices()
        if key != self._focus_key:  # a new prompt (not the same one shown again)
            self._focus_key = key
            self._start_focus()
        elif self.can_discard() and self.hand_focus.target() is None:
            self.hand_focus.start_turn()  # shown again with no tile under the cursor: Enter must discard one
        if not self._choices and not self.riichi_mode:
            self.hud.hide_choices()
            return
        if m.phase is Phase.TURN:
            prompt = (t("table.prompt.riichi", riichi=self.terms.riichi) if self.riichi_mode
                      else t("table.prompt.turn"))
        else:
            claim = m.claim
            who = self.names[claim.discarder] if claim is not None else ""
            tile = tiles_words([claim.tile]) if claim is not None else ""
            prompt = t("table.prompt.claim", name=who, tile=tile)
        self._prompt_text = prompt
        self._prompt_countdown = self.claim_seconds if m.phase is not Phase.TURN else None
        self._show_bar()

    def _show_bar(self) -> None:
        """The claim bar; the button with the keyboard's focus previews its call, as hovering does."""
        self.hud.show_choices(self._prompt_text, [c for c, _ in self._choices], focus=self.bar_focus,
                              countdown=self._prompt_countdown)
        self.preview(self.bar_focus)
        if self._prompt_countdown is not None:
            self.hud.set_countdown(self._prompt_countdown - self._claim_waited, self._prompt_countdown)

    def _start_focus(self) -> None:
        """A new prompt: in a turn the hand has the focus, on the drawn tile; in a claim window the
        claim bar has it, on Pass (the answer that changes nothing)."""
        self._dim_hand(self._riichi_allowed())
        self.bar_focus = None
        if self.human_awaited() and self.match.phase is not Phase.TURN:
            self.bar_focus = self._choice_index("pass")
        self.hand_focus.start_turn()

    def _show_waits(self) -> None:
        """The human's own waits, furiten, and what the waits lack to win (the engine's reading of
        them: :meth:`Match.tenpai`, the same scoring that offers ron and tsumo)."""
        p = self.match.players[self.human]
        tenpai = None if self.match.is_over or not self.show_waits else self.match.tenpai(self.human)
        if tenpai is None:
            self.hud.set_waits("", False)
            return
        furiten = p.furiten_permanent() or p.furiten_temporary or p.furiten_riichi
        self.hud.set_waits(tile_words(w.kind for w in tenpai.waits), furiten, self._waits_note(tenpai))

    def _waits_note(self, tenpai: Tenpai) -> str:
        """What the waits lack, in the rulebook's words: a yaku (riichi, EMA), or the minimum fan
        (Hong Kong). Taiwanese has no minimum: its waits always win."""
        short = tenpai.shortfall
        riichi = self.terms.riichi
        profile = self.match.profile
        if profile.unit is Unit.FAN and short is not Shortfall.NONE:
            fan = profile.fan.min_fan
            if short is Shortfall.SOME_WAITS:
                return t("table.waits_note.fan.some_waits", fan=fan, tiles=tile_words(tenpai.without_ron))
            return t("table.waits_note.fan.tsumo_only" if short is Shortfall.TSUMO_ONLY
                     else "table.waits_note.fan.no_yaku", fan=fan)
        if short is Shortfall.SOME_WAITS:
            lacking = tile_words(tenpai.without_ron)
            helps = tenpai.may_riichi and all(w.ron_after_riichi for w in tenpai.waits)
            return (t("table.waits_note.some_waits_riichi", tiles=lacking, riichi=riichi) if helps
                    else t("table.waits_note.some_waits", tiles=lacking))
        if short is Shortfall.RIICHI:
            return t("table.waits_note.riichi", riichi=riichi)
        if short is Shortfall.TSUMO_ONLY:
            return t("table.waits_note.tsumo_only")
        if short is Shortfall.NO_YAKU:
            return t("table.waits_note.no_yaku")
        return ""

    def _show_hint(self) -> None:
        """What hard would do in the human's place, and why (only when asked for). Hard, the
        player Review measures the player against: a normal coach counted shanten only, so it led a
        new player into a tenpai with no yaku and threw value honours before guest winds, and Review
        then marked the very discards the hint had advised."""
        self.hand_focus.suggested = None
        if not (self.hints and self.human_awaited()):
            self.hud.set_hint("")
            return
        if self._coach is None:
            self._coach = make_seat(COACH, self.match.seed, self.human, self.rules)
        decide = getattr(self._coach, "decide_with_reason", None)
        if decide is None:
            return
        action, reason = decide(self.match.observe(self.human))
        # the reason names the move and its tile (as tiles on screen); the tile to discard is
        # raised in the hand too, ringed in blue
        if action.kind in (ActionKind.DISCARD, ActionKind.RIICHI) and action.tiles:
            self.hand_focus.suggested = action.tile
        self.hud.set_hint(t("table.hint", reason=advice(reason, self.human, self.names, self.terms)))

    def _riichi_allowed(self) -> set[tuple[int, bool]] | None:
        """Riichi armed: the kinds of tile that may go with it (None: any tile)."""
        if not self.riichi_mode:
            return None
        return {_klass(a.tile) for a in self.match.legal_actions(self.human) if a.kind is ActionKind.RIICHI}

    def _dim_hand(self, allowed: set[tuple[int, bool]] | None) -> None:
        """Riichi armed: the tiles that cannot go are dimmed, and the cursor passes over them."""
        for sprite in self.presenter.seats[self.human].concealed():
            sprite.opacity = 1.0 if allowed is None or _klass(sprite.tile) in allowed else 0.45
        self.hand_focus.allowed = (lambda sprite: True) if allowed is None else (
            lambda sprite: _klass(sprite.tile) in allowed)

    # --- input ---------------------------------------------------------------------------------

    def intent_at(self, point: tuple[int, int]) -> Intent | None:
        """What a click at ``point`` means (hit testing the scene, top-most first)."""
        if self.hud.overlay.visible:  # a result: its fu button, else anywhere goes on
            node = self.presenter.root.node_at(point)
            return Intent("result_fu") if node is not None and node.tag == FU_TAG else Intent("continue")
        node = self.presenter.root.node_at(point)
        if node is None or not isinstance(node.tag, tuple):
            return None
        kind, value = node.tag
        if kind == "choice":
            return Intent("choice", value)
        if kind == "hand":
            return Intent("tile", value)
        return None

    def handle(self, event: pygame.event.Event) -> bool:
        """A pygame event; False when the player asked to leave."""
        if event.type == pygame.QUIT:
            return False
        if event.type == pygame.VIDEORESIZE:
            self.resize((max(1024, event.w), max(600, event.h)))
        elif event.type == pygame.MOUSEMOTION:
            self._hover(event.pos)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            intent = self.intent_at(event.pos)
            if intent is not None:
                self.act(intent)
        elif event.type == pygame.KEYDOWN:  # (a held Space or Enter never repeats: game.ui.held_keys)
            intent = self.key_intent(event.key, key_letter(event))
            if intent is not None:
                self.act(intent)
        return True

    def handle_event(self, event: pygame.event.Event) -> ApplySettings | None:
        """The screen-stack entry point: input only (leaving is the app's business); a setting
        changed at the table (E: the AI's reasons) goes back as the menus' ApplySettings, kept
        like any setting."""
        if event.type != pygame.QUIT:
            self.handle(event)
        changed, self._setting_changed = self._setting_changed, None
        return None if changed is None else ApplySettings(changed)

    def enter(self) -> None:
        """Shown again (a menu over it closed): the prompt is shown again, and the turn's cursor
        with it. The pointer's first report is where it rests now (it moved over the menu, not
        over the table): it hides no ring."""
        self._prompt_key = None
        self._pointer_rebase = True

    def settings_changed(self, settings: Any) -> None:
        """Settings changed from the pause menu: the table follows at once what changed (the
        terms, the waits and AI reasons shown, the claim countdown, auto-pass, the animation
        speed, the tile style; a speed set at the table with + and - stays unless the setting
        itself moved)."""
        old, self.settings = self.settings, settings

        def moved(name: str) -> bool:
            return old is None or getattr(old, name) != getattr(settings, name)

        if settings.terminology != self.terminology:
            self.terminology = settings.terminology
            self.language_changed()
        if moved("hint_waits"):
            self.show_waits = settings.hint_waits and not self.strict
        if moved("hint_ai_reasons"):
            self._show_reasons(settings.hint_ai_reasons)
        if moved("claim_countdown"):
            self.claim_seconds = float(settings.claim_countdown) if settings.claim_countdown else None
        if moved("auto_pass"):
            self.auto_pass = settings.auto_pass
            self.presenter.discard_beat = self._discard_beat()
        if old is not None and moved("animation_speed"):
            speed = settings.animation_factor
            self.instant = speed == 0.0
            self.timeline.speed = 1.0 if self.instant else speed
            self.presenter.wait_results(self._result_hold())
        if settings.tile_style != self.style:  # every tile drawn again in the new style, now
            self.style = settings.tile_style
            self.resize(self.size)
        self._prompt_key = None

    def _table_terms(self) -> Terms:
        """The words for calls and wins, in the current language: the player's terminology, or
        the rulebook's own words (a lesson's table always, :class:`game.ui.tutorial.table.TutorialTable`)."""
        return terms_for(self.terminology, self.match.profile.id)

    def language_changed(self) -> None:
        """The player switched language (the pause menu's settings): every word on the table is
        written again at once, whatever is animating, and the prompt is shown again."""
        self.names = [again(n) for n in self.names]
        self.roles = [again(r) for r in self.roles]
        self.terms = self._table_terms()
        self.reasons = [again(r) for r in self.reasons]
        self._notice = again(self._notice)
        self.presenter.names = list(self.names)
        self.presenter.terms = self.terms
        self.hud.retranslate(self.names, self.roles, self.terms)
        retranslate_tree(self.presenter.fx)
        self.presenter.relayout_result()
        self._prompt_key = None
        self._refresh_prompt()

    def _show_reasons(self, shown: bool) -> None:
        """The AI seats' reasons shown or not (never at a strict table)."""
        self.explain = shown and not self.strict
        for seat in range(4):
            self.hud.set_reason(seat, self.reasons[seat], self.explain and seat != self.human)

    def _tell_refusals(self, bot: ExternalSeat) -> None:
        """Each reason an external bot was refused, once, held in the caption for a few seconds."""
        for notice in bot.take_notices():
            self._hold_caption(t(f"ai.external.{notice.key}", seat=self.names[notice.seat],
                                 seconds=decimal(bot.time_limit)))

    def _hold_caption(self, text: str) -> None:
        """A word for the player held in the caption for a few seconds (the play's narration waits)."""
        self.notify(text)

    def _hold_notice(self, dt: float) -> None:
        if self._notice_left <= 0:
            return
        self._notice_left -= dt
        if self._notice_left <= 0:
            self.hud.caption("")
        elif self.hud.caption_text.text != self._notice:
            self.hud.caption(self._notice)  # the narration of the play must not wipe it at once

    def close_seats(self) -> None:
        """End the external bots' programs (the match is over or was left)."""
        for x in self.external.values():
            x.close()

    def notify(self, text: str) -> None:
        """A short word from outside the match (the menus: "Saved as ..."), held in the caption
        for :data:`NOTICE_SECONDS` like the table's own notices (seen: it stayed over a minute,
        until the player's next move)."""
        self._notice = text
        self._notice_left = NOTICE_SECONDS
        self.hud.caption(text)

    @property
    def finished(self) -> bool:
        """The match is over and its last result has been shown."""
        return self.match.is_over and self.presenter.idle

    def key_intent(self, key: int, text: str = "") -> Intent | None:
        """What a key means now (the module's docstring has the whole key map)."""
        if self.hud.overlay.visible:  # a result on screen: Enter goes on, F opens the fu
            if key == pygame.K_f:
                return Intent("result_fu")
            if key == pygame.K_r:
                return Intent("review")
            if text in ("+", "=", "-", "_"):  # the speed, and with it whether the result waits
                return Intent("speed", 1 if text in ("+", "=") else -1)
            if key == pygame.K_SPACE:  # the skip key skips the count-up, never the result itself:
                return Intent("finish_count")  # a player skipping the last discard's animation reads on
            if key in ENTER_KEYS and self._result_age < RESULT_GUARD_SECONDS:
                return None
            return Intent("continue") if key in ENTER_KEYS else None
        choices: list[tuple[Choice, Action | None]] = getattr(self, "_choices", [])
        if key == pygame.K_SPACE:
            if not self.presenter.idle:
                return Intent("skip") if self._calm <= 0 else None
            pas = self._choice_index("pass")
            return Intent("choice", pas) if pas is not None else None
        if key in ENTER_KEYS:
            if self.bar_focus is not None and 0 <= self.bar_focus < len(choices):
                return Intent("choice", self.bar_focus)
            target = self.hand_focus.target() if self.can_discard() else None
            return Intent("tile", target.tile) if target is not None else None
        if key in (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_HOME, pygame.K_END, pygame.K_UP, pygame.K_DOWN):
            self._move_focus(key, len(choices))
            return None
        if key == pygame.K_ESCAPE:
            return Intent("cancel")
        if text.lower() == "d" and self.can_discard():
            drawn = self.presenter.seats[self.human].drawn
            # after a call there is no drawn tile: say so rather than let the key do nothing
            return Intent("tile", drawn.tile) if drawn is not None else Intent("no_drawn_tile")
        if text == "e" and not self._choice_index_for_key("e"):
            return Intent("explain")
        if text == "h" and not self._choice_index_for_key("h"):
            return Intent("hint")
        if text in ("+", "="):
            return Intent("speed", 1)
        if text in ("-", "_"):
            return Intent("speed", -1)
        for i, (choice, _) in enumerate(choices):
            if text and text.lower() == choice.key.lower():
                return Intent("choice", i)
        if text.lower() == "n":  # the pass button's letter (its label says Space, the other key)
            pas = self._choice_index("pass")
            return Intent("choice", pas) if pas is not None else None
        return None

    def _move_focus(self, key: int, buttons: int) -> None:
        """Arrows and Home/End: along the claim bar while it has the focus, else along the hand;
        Up takes the focus to the bar, Down back to the hand (when a discard is possible)."""
        turn = self.can_discard()
        if key == pygame.K_UP and buttons and self.bar_focus is None:
            self.bar_focus = 0
        elif key == pygame.K_DOWN and turn and self.bar_focus is not None:
            self.bar_focus = None
        elif self.bar_focus is not None and key in (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_HOME, pygame.K_END):
            step = {pygame.K_LEFT: -1, pygame.K_RIGHT: 1, pygame.K_HOME: -buttons, pygame.K_END: buttons}[key]
            self.bar_focus = max(0, min(buttons - 1, self.bar_focus + step))
        elif turn and key in (pygame.K_LEFT, pygame.K_RIGHT):
            self.hand_focus.move(-1 if key == pygame.K_LEFT else 1)
            return
        elif turn and key in (pygame.K_HOME, pygame.K_END):
            self.hand_focus.to_end(key == pygame.K_END)
            return
        else:
            return
        self.hand_focus.keyboard = self.bar_focus is None
        if buttons:
            self._show_bar()

    def _choice_index_for_key(self, key: str) -> bool:
        return any(c.key == key for c, _ in getattr(self, "_choices", []))

    def _choice_index(self, verb: str) -> int | None:
        return next((i for i, (c, _) in enumerate(getattr(self, "_choices", [])) if c.verb == verb), None)

    def act(self, intent: Intent) -> Action | None:
        """Carry out an intent; returns the engine action applied, if any."""
        if intent.kind == "skip":
            self.skip()
            return None
        if intent.kind == "finish_count":
            self.presenter.finish_count()
            return None
        if intent.kind == "continue":  # a result counting up shows its end first, then goes on
            if not self.presenter.finish_count() and self.presenter.release_hold():
                self._calm = CALM_SECONDS  # a second press must not skip the next hand's ceremony
            return None
        if intent.kind == "result_fu":
            self.presenter.toggle_fu()
            return None
        if intent.kind == "review":  # the hand just shown, reviewed on its own screen and thread
            from game.ui.review import ReviewScreen
            from game.ui.tutorial.intents import PushScreen

            self._push = PushScreen(ReviewScreen(self.size, self.match.record, self.match.profile, self.human,
                                                 style=self.style, terminology=self.terminology))
            return None
        if intent.kind == "speed":
            self.change_speed(intent.value)
            return None
        if intent.kind == "explain":
            self._show_reasons(not self.explain)
            if self.settings is not None and not self.strict and self.settings.hint_ai_reasons != self.explain:
                # the setting of the same name says what E did (seen: E on, Settings said Off)
                self._setting_changed = replace(self.settings, hint_ai_reasons=self.explain)
            return None
        if intent.kind == "hint":
            self.hints = not self.hints and not self.strict
            self._prompt_key = None
            return None
        if intent.kind == "no_drawn_tile":
            self._hold_caption(t("table.notice.no_drawn_tile"))
            return None
        if intent.kind == "cancel":
            self.riichi_mode = False
            self._prompt_key = None
            return None
        if not self.human_awaited():
            return None
        legal = self.match.legal_actions(self.human)
        if intent.kind == "choice":
            choices: list[tuple[Choice, Action | None]] = getattr(self, "_choices", [])
            if not 0 <= intent.value < len(choices):
                return None
            choice, action = choices[intent.value]
            if action is None:  # riichi: the discard choice comes next
                self.riichi_mode = True
                self._prompt_key = None
                return None
            self.apply(action)
            return action
        if intent.kind == "tile" and self.match.phase is Phase.TURN:
            want = ActionKind.RIICHI if self.riichi_mode else ActionKind.DISCARD
            same = [a for a in legal if a.kind is want and _klass(a.tile) == _klass(intent.value)]
            if not same:
                return None
            action = Action(self.human, want, (intent.value,))
            try:
                self.apply(action)
            except IllegalActionError:
                self.apply(same[0])
                return same[0]
            return action
        return None

    def skip(self) -> None:
        """Skip every queued animation: rebuild the table from the engine at once."""
        if self.presenter.hold is not None and not self.presenter.hold.done:
            self.presenter.release_hold()
        self.presenter.sync_to(self.match)
        if self.match.hand_index != self._reasons_hand:  # skipped into the next hand: no deal shown
            self._forget_reasons()
        self._prompt_key = None

    def _forget_reasons(self) -> None:
        """A hand starts: the AI's reasons were about the last one, and go (seen during the East 2
        deal: "...is suji against Kenji's riichi", "Kenji wins by self-draw")."""
        self._reasons_hand = self.match.hand_index
        self.reasons = ["", "", "", ""]
        for seat in range(4):
            self.hud.set_reason(seat, "", False)

    def change_speed(self, step: int) -> None:
        current = 0.0 if self.instant else self.timeline.speed
        index = min(range(len(SPEEDS)), key=lambda i: abs(SPEEDS[i] - current))
        index = max(0, min(len(SPEEDS) - 1, index + step))
        self.instant = SPEEDS[index] == 0.0
        self.timeline.speed = 1.0 if self.instant else SPEEDS[index]
        self.presenter.wait_results(self._result_hold())
        # said, or + and - seem to do nothing (seen: a player pressed + and saw no sign of it)
        speed = t("settings.value.instant") if self.instant else \
            t("table.notice.speed_factor", factor=decimal(SPEEDS[index]))
        self._hold_caption(t("table.notice.speed", setting=t("settings.animation_speed"), speed=speed))

    def _hover(self, point: tuple[int, int]) -> None:
        """The pointer moved to ``point``. A motion to where it already was (SDL sends one when
        the window gets the focus back, or a menu on top closes) is no move: the keyboard's ring
        stays."""
        if point == self._pointer:
            return
        self._pointer = point
        if self._pointer_rebase:
            self._pointer_rebase = False
            return
        node = self.presenter.root.node_at(point)
        self.hand_focus.pointer_moved()
        self.hand_focus.hover(node if isinstance(node, TileSprite) and node.hittable else None)
        index = node.tag[1] if node is not None and isinstance(node.tag, tuple) and node.tag[0] == "choice" else None
        self.preview(index if index is not None else self.bar_focus)  # off the buttons: the focused one's

    def preview(self, index: int | None) -> str:
        """Show what the claim button ``index`` would leave (None: hide); returns the line."""
        choices = getattr(self, "_choices", [])
        line = ""
        if index is not None and 0 <= index < len(choices) and self.human_awaited():
            action = choices[index][1]
            if action is not None:
                line = call_preview(self.match.observe(self.human), action, self.rules, self.terms)
        self.hud.set_preview(line)
        return line

    def resize(self, size: tuple[int, int]) -> None:
        """A new window size: new geometry and art, the table rebuilt from the engine (a result
        on screen stays, laid out again)."""
        kept = self.presenter.kept_result()
        focus = self.hand_focus
        self.size = size
        self.timeline.clear()
        self._build(size)
        self.presenter.sync_to(self.match)
        if kept is not None:
            self.presenter.reshow(kept)
        self.hand_focus.carry(focus)  # the turn goes on: the cursor where it was, Enter still discards
        self._show_reasons(self.explain)  # the new HUD says them again
        self._dim_hand(self._riichi_allowed())
        self._prompt_key = None


def key_letter(event: pygame.event.Event) -> str:
    """The character a key typed, and for a letter or digit key on a keyboard that types another
    script (Cyrillic, Greek...) the Latin one printed beside it in the key help: the key's place
    on the keyboard (its scancode) says which, whatever the layout."""
    text: str = getattr(event, "unicode", "") or ""
    if text.isascii():
        return text
    code = getattr(event, "scancode", 0)
    if pygame.KSCAN_A <= code <= pygame.KSCAN_Z:
        return chr(ord("a") + code - pygame.KSCAN_A)
    if pygame.KSCAN_1 <= code <= pygame.KSCAN_0:
        return "1234567890"[code - pygame.KSCAN_1]
    return text


def _role(level: str, *, external: bool = False) -> str:
    """An AI seat's plate line: ``AI · Normal`` as the menus name the level, the baseline bots by
    their catalog name too (``AI · Efficiency``), a seat an mjai program plays as that; a level
    the catalogs do not know (a developer's typo) is plain ``AI``, never its id."""
    key = "level.external" if external else f"level.{level}"
    return t("table.role", role=t("table.ai"), level=t(key)) if has(key) else t("table.ai")


def _klass(tile: int) -> tuple[int, bool]:
    return (kind_of(tile), is_red(tile))

