"""The engine's refusals in the interface language.

The engine explains a refused move in English (``IllegalActionError.message``, for logs and the
command line) and names the rule that forbids it (``IllegalActionError.rule``, a stable id such as
``kuikae`` or ``furiten``). The tutorial shows the refusal to the learner, so it is translated here,
in the UI layer, by rule id: the catalogs hold ``tutorial.refusal.<rule>`` for every rule the
engine can raise (tests/test_tutorial_refusals.py scans the engine for them), and an id the
catalogs do not know yet falls back to the engine's own words rather than showing a key.
"""

from __future__ import annotations

from game import i18n
from game.i18n import t

PREFIX = "tutorial.refusal."


def refusal_key(rule: str) -> str:
    """The catalog key of the engine rule ``rule``."""
    return PREFIX + rule


def refusal_text(rule: str, message: str, unit: str = "") -> str:
    """The refusal in the interface language (the rule's id is for the level files and the logs:
    a player never reads it). ``unit``: what the lesson's rulebook counts a hand in (``han``,
    ``tai``, ``fan``); a refusal worded for it (``tutorial.refusal.no-win.fan``: under Hong Kong's
    minimum, not without a yaku) comes first."""
    key = refusal_key(rule)
    if unit and i18n.has(f"{key}.{unit}"):
        key = f"{key}.{unit}"
    return t(key) if i18n.has(key) else message


__all__ = ["refusal_key", "refusal_text"]
