"""A message for the player from the persistence layer, as a catalog key and its values.

Persistence never shows anything itself (it does not import pygame nor the catalogs); it hands a
``Notice`` to the UI, which translates it (:func:`game.ui.menus.flow.notice_text`) and shows it once.
"""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True)
class Notice:
    key: str
    values: dict[str, str] = field(default_factory=dict)
    # settings the message names (``{keys}``): the UI shows each by its label on the Settings
    # screen, in the player's language, never by the file's key
    settings: tuple[str, ...] = ()
