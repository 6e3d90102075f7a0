"""The rules an imported log is read under, laid over its viewer: shown, and changed.

A log names only some of its rules (:mod:`game.engine.logs.fit`): the viewer opens it under the
rules it names, or under those its hands play out under. Here the player sees which, with how
many hands play out, and may read it under another rulebook, length or red fives; each hand that
then does not play out says why in the viewer.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from game import i18n
from game.engine.logs import Fit, LogRules
from game.engine.logs.fit import replay_under
from game.i18n import t
from game.scene import Panel
from game.ui.menus.intents import Back
from game.ui.menus.new_game import profile_name
from game.ui.menus.widgets import CREAM, FAINT, GOLD, MUTED, Box, Button, Choice, label, text_block

from .overlay import Overlay

if TYPE_CHECKING:
    from .viewer import ReplayViewer

RULEBOOKS = ("riichi", "ema")
LENGTHS = ("tonpuu", "hanchan")


def short_name(profile_id: str) -> str:
    """``Riichi``, ``EMA``: the rulebook's short name."""
    key = f"profile.{profile_id}.short"
    return t(key) if i18n.has(key) else profile_name(profile_id)


def rules_words(rules: LogRules) -> str:
    """``EMA, East-South, no red fives`` in the player's language."""
    profile = rules.profile()
    key = "viewer.rules_with_red" if profile.tiles.red_fives else "viewer.rules_without_red"
    return t(key, profile=short_name(rules.profile_id), length=t(f"length.{profile.game.length}"))


def fit_words(fit: Fit) -> str:
    """``Read as EMA, …: hands that play out, 9 of 9``."""
    fitted = sum(1 for r in fit.reports if r.ok)
    return t("viewer.rules_read", rules=rules_words(fit.rules), fit=fitted, count=len(fit.reports))


def misfit_words(fit: Fit) -> str:
    """``7/9 hands play out · L: rules``, short enough for the viewer's bar."""
    fitted = sum(1 for r in fit.reports if r.ok)
    return t("viewer.rules_misfits", fit=fitted, count=len(fit.reports))


class LogRulesScreen(Overlay):
    """Laid over the viewer of an imported log (which shows through, dimmed)."""

    def __init__(self, size: tuple[int, int], viewer: ReplayViewer, *, confirm: bool = False) -> None:
        """``confirm``: shown as a log opens, so Enter keeps the rules it was read under (the
        focus starts on that button); else the focus starts on the rulebook, to change it."""
        self.viewer = viewer
        self.confirm = confirm
        fit = viewer.tape.fit
        assert fit is not None and (viewer.tape.log or viewer.tape.source), "only an imported log has rules to change"
        self.fit = fit
        rules = fit.rules
        self.profile_id = rules.profile_id
        self.length: str = rules.profile().game.length
        self.red_fives = rules.plays_red_fives
        super().__init__(size)

    def chosen(self) -> LogRules:
        return LogRules(self.profile_id, self.length, self.red_fives)

    def build(self) -> None:
        w, h = self.size
        pw, ph = min(w - 80, 760), 440
        x0, top = (w - pw) / 2, (h - ph) / 2
        self.root.add_child(Panel(pw, ph, (12, 26, 26, 246), w / 2, h / 2, radius=12, border_color=GOLD,
                                  border_width=1))
        self.root.add_child(label(t("viewer.rules_title"), 26, CREAM, x0 + 28, top + 36, bold=True))
        how = t("viewer.rules_chosen" if self.fit.chosen else "viewer.rules_named" if self.fit.named
                else "viewer.rules_fitted")
        y = top + 74
        self.root.add_child(text_block(t("viewer.rules_read_how", read=fit_words(self.fit), how=how), Box(pw - 56, 15, lines=3, floor=12,
                                       name="how the log is read"), MUTED, x0 + 28, y - 11, valign="top"))
        y += 3 * 22 + 12
        col = int(pw - 56)
        self.add(Choice(t("new_game.profile"), RULEBOOKS, self.profile_id, x0 + 28, y, col, show=short_name,
                        on_change=self._profile, value_width=330, name="rulebook"))
        self.add(Choice(t("new_game.length"), LENGTHS, self.length, x0 + 28, y + 52, col,
                        show=lambda v: t(f"length.{v}"), on_change=self._length, value_width=330, name="length"))
        reds = (True, False) if self.profile_id == "riichi" else (False,)
        self.add(Choice(t("viewer.red_fives"), reds, self.red_fives, x0 + 28, y + 104, col,
                        show=lambda v: t("common.yes") if v else t("common.no"), on_change=self._red,
                        value_width=330, name="red_fives"))
        self.root.add_child(text_block(t("viewer.rules_hint"), Box(pw - 56, 14, floor=11, name="keys hint"), FAINT,
                                       x0 + 28, y + 176))
        self.add(Button(t("common.back"), x0 + 28, top + ph - 76, 200, 52, center=True, on_activate=Back,
                        name="back"))
        apply_w = 360
        self.add(Button(t("viewer.rules_apply"), x0 + pw - 28 - apply_w, top + ph - 76,
                        apply_w, 52, primary=True, center=True, on_activate=self.apply, name="apply"))

    def first_focus(self) -> int:
        return len(self.widgets) - 1 if self.confirm else 0  # the apply button is added last

    def _profile(self, value: str) -> None:
        self.profile_id = value
        # EMA plays no red fives; Tenhou's rules play them if the log does
        self.red_fives = value == "riichi" and self.viewer.tape.aka
        self.layout()

    def _length(self, value: str) -> None:
        self.length = value

    def _red(self, value: bool) -> None:
        self.red_fives = value

    def apply(self) -> Any:
        """Read the log again under the chosen rules (every hand replayed) and show it: in a
        child process for a log the import read there (the viewer's bar shows how far it got),
        else here."""
        log = self.viewer.tape.log
        now, was = self.chosen(), self.fit.rules
        if (now.profile_id, now.length, now.red_fives) == (was.profile_id, was.profile().game.length, was.plays_red_fives):
            return Back()  # the rules it is read under already: nothing to read again
        if log is None:
            self.viewer.read_later(now)
            return Back()
        fit = replay_under(log, now, named=False)
        fit.chosen = True
        self.viewer.read_under(fit)
        return Back()

    def handle_key(self, event: pygame.event.Event) -> Any | None:
        if event.key == pygame.K_l:
            return Back()
        return super().handle_key(event)
