"""How the AI's sentences read in the interface: seats by the names the table gives them, and
the coach's sentences as advice to the player.

The AI (below the interface) says "folds: [7p] is safe against South's riichi": it knows seats by
their wind this hand. The table calls that seat Kenji, and the player "you"; and a hint is the
coach talking to the player ("Discard [2s]: …"), not a note about some third person. Both are
rewrites of the AI's catalog message (:func:`game.i18n.rewrite`), so they are still messages a
language switch writes again.
"""

from __future__ import annotations

from collections.abc import Sequence

from game.i18n import InSentence, Message, has, rewrite, t

from .seats import seat_names

# the AI's words for its calls (``ai.reason.<action>``) and the terms word each one is
CALL_WORDS = {"ai.reason.chi": "chi", "ai.reason.pon": "pon", "ai.reason.daiminkan": "kan"}


def named(reason: str, human: int, names: Sequence[str] | None = None, calls: str = "japanese") -> str:
    """``reason`` with every seat it names (``ai.whose``) called as the table calls it:
    "Kenji's riichi", and "your riichi" for the player's own; and its calls in the table's words
    when the table speaks another terminology than the AI's own Japanese ones (``calls``: "Pung"
    beside a claim bar that says Pung, never "pon")."""
    table = list(names) if names is not None else seat_names(human)

    def swap(message: Message) -> str | None:
        if calls != "japanese" and message.key in CALL_WORDS:
            return InSentence(t(f"terms.{calls}.{CALL_WORDS[message.key]}"))
        index = message.values.get("index")
        if message.key != "ai.whose" or not isinstance(index, int):
            return None
        if index == human:
            return t("table.whose_you")
        return t("ai.whose", seat=table[index], index=index)

    return rewrite(reason, swap)


def advice(reason: str, human: int, names: Sequence[str] | None = None, calls: str = "japanese") -> str:
    """The coach's ``reason`` said to the player: the imperative form of the same sentence
    (``ai.hint.*``: "Discard [2s]: …", "Pass on [9p]: …", "Fold: …"), seats and calls named."""
    reason = named(reason, human, names, calls)
    if isinstance(reason, Message) and reason.key.startswith("ai.reason."):
        key = "ai.hint." + reason.key.removeprefix("ai.reason.")
        if has(key):
            return t(key, **reason.values)
    return reason


def said_by(seat: int, reason: str, human: int, names: Sequence[str] | None = None, calls: str = "japanese") -> str:
    """An AI seat's reason as a sentence with its name: "Kenji declares riichi on [3s] …"."""
    table = list(names) if names is not None else seat_names(human)
    return t("table.reason", name=table[seat], reason=named(reason, human, table, calls)) if reason else ""
