"""How the interface names the four seats: "You" for the player, and each AI opponent by the
name the table gives it (Kenji on the right, Mei across, Sora on the left), so the table, the
result screens, the saves list and the replays speak of the same people."""

from __future__ import annotations

from typing import Final

from game.i18n import t

AI_NAMES: Final = ("kenji", "mei", "sora", "aiko")  # table.name.* in the catalogs, from the player's right


def seat_name(seat: int, human: int) -> str:
    """The name of ``seat`` as the player at ``human`` sees it."""
    return t("table.you") if seat == human else t(f"table.name.{AI_NAMES[(seat - human - 1) % 4]}")


def seat_names(human: int) -> list[str]:
    """The four seats' names, by absolute seat."""
    return [seat_name(s, human) for s in range(4)]
