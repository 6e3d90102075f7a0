"""The title screen: Continue (when an autosave exists), New game, Load game (when the player has
named saves), Tutorials, Replays, Settings, Quit.

A notice from the persistence layer (settings set aside, a save that cannot resume) shows once as
a banner at the bottom, over the menu; the first key or click only closes it. The menu does not
move for it: a player who clicked where a button stood while the notice showed hit the button
beside it once the menu had moved back (seen: ~120 px, Load game missed, Settings for Quit).
"""

from __future__ import annotations

from typing import Any

import pygame

from game.i18n import t
from game.scene import Node, Panel, Sprite
from game.ui.tile_art import tile_art

from .intents import ContinueMatch, Dismiss, Open, Quit
from .widgets import CREAM, GOLD, MUTED, Button, MenuScreen, label, wrap

TILE_WIDTH = 38
TILE_ROW = 92  # the honour row's height in the layout


class TitleScreen(MenuScreen):
    def __init__(
        self, size: tuple[int, int] = (1280, 720), *, continue_detail: str | None = None, notice: str = "",
        tile_style: str = "classic", can_load: bool = False,
    ) -> None:
        """``continue_detail`` (e.g. "Riichi, saved 30 Nov 04:12") shows Continue; None hides it;
        ``can_load`` shows Load game."""
        self.continue_detail = continue_detail
        self.can_load = can_load
        self.notice = notice
        self.tile_style = tile_style
        super().__init__(size)

    def build(self) -> None:
        w, h = self.size
        cx = w / 2
        block = 122 + (76 if self.continue_detail is not None else 0) + (6 if self.can_load else 5) * 62
        room = h  # with a notice too (see the module's docstring)
        tiles = room - block >= TILE_ROW + 48
        if tiles:
            block += TILE_ROW
        top = max(24, (room - block) / 2)
        if tiles:
            self._honour_row(cx, top + 22)
            top += TILE_ROW
        self.root.add_child(label(t("app.name"), 60, CREAM, cx, top + 10, bold=True, align="center"))
        self.root.add_child(label(t("app.tagline"), 20, MUTED, cx, top + 60, align="center"))
        self.root.add_child(Panel(120, 3, GOLD, cx, top + 90, radius=1))
        width = 440
        x = cx - width / 2
        y = top + 122
        if self.continue_detail is not None:
            self.add(Button(t("title.continue"), x, y, width, 64, detail=self.continue_detail, primary=True,
                            on_activate=ContinueMatch, name="continue"))
            y += 76
        entries: list[tuple[str, Any, str, bool]] = [
            ("new_game", lambda: Open("new_game"), "", True),
            *([("load", lambda: Open("load"), "", True)] if self.can_load else []),
            ("tutorials", lambda: Open("tutorials"), "", True),
            ("replays", lambda: Open("replays"), "", True),
            ("settings", lambda: Open("settings"), "", True),
            ("quit", Quit, "", True),
        ]
        for key, act, note, enabled in entries:
            self.add(Button(t(f"title.{key}"), x, y, width, 52, on_activate=act, note=note, enabled=enabled,
                            primary=key == "new_game" and self.continue_detail is None, name=key))
            y += 62
        if self.notice:
            self._notice_banner()

    def _notice_banner(self) -> None:
        w, h = self.size
        width = min(900, w - 80)
        lines = wrap(self.notice, 18, width - 48)
        height = self._notice_height()
        banner = self.root.add_child(
            Panel(width, height, (58, 40, 22, 255), w / 2, h - 24 - height / 2, radius=12, border_color=GOLD,
                  border_width=1, name="notice"),
            z=10,
        )
        for i, line in enumerate(lines):
            banner.add_child(label(line, 18, CREAM, -width / 2 + 24, -height / 2 + 28 + 24 * i))
        banner.add_child(label(t("notice.dismiss"), 14, MUTED, width / 2 - 24, height / 2 - 18, align="right"))

    def settings_changed(self, settings: Any) -> None:
        """The title's honour tiles follow a new tile style at once (the settings lie over it)."""
        if settings.tile_style != self.tile_style:
            self.tile_style = settings.tile_style
            self.layout()

    def _honour_row(self, cx: float, y: float) -> None:
        """The seven honour tiles lying in a row: the game's emblem, drawn with the real tile art."""
        art = tile_art(TILE_WIDTH, self.tile_style)
        row = self.root.add_child(Node(cx, y, name="honours"))
        step = TILE_WIDTH + 6
        for i, kind in enumerate(range(27, 34)):
            x = (i - 3) * step
            row.add_child(Sprite(art.shadow(), x + 3, 4, opacity=0.6))
            row.add_child(Sprite(art.lying(kind * 4), x, 0))

    def _notice_height(self) -> int:
        width = min(900, self.size[0] - 80)
        return 56 + 24 * len(wrap(self.notice, 18, width - 48))

    def back(self) -> Any | None:
        return Quit()

    def handle_event(self, event: pygame.event.Event) -> Any | None:
        if self.notice and event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN):
            self.notice = ""
            self.layout()
            return Dismiss()
        return super().handle_event(event)
