"""Seats as the menus name them, from the player's point of view (You, Right, Across, Left): the
words New game uses for the opponents, and the results and saves screens for the seats."""

from __future__ import annotations

from typing import Final

from game.i18n import t

SEAT_WORDS: Final = ("you", "right", "across", "left")


def seat_word(seat: int, human: int) -> str:
    return t(f"who.{SEAT_WORDS[(seat - human) % 4]}")
