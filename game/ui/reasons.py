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
from typing import TYPE_CHECKING

from game.i18n import InSentence, Message, has, rewrite, t

from .seats import seat_names

if TYPE_CHECKING:
    from game.ui.table.words import Terms

# the AI's words for its calls (``ai.reason.<action>``) and the term each one is
CALL_WORDS = {"ai.reason.chi": "chi", "ai.reason.pon": "pon", "ai.reason.daiminkan": "kan"}
# the reasons that name a seat's waits, and the same sentence without them (``ai.unseen.*``)
SECRET_WAITS = {"ai.reason.riichi": "ai.unseen.riichi_discard", "ai.reason.riichi_discard": "ai.unseen.riichi_discard",
                "ai.reason.discard_tenpai": "ai.unseen.discard_tenpai"}


def without_waits(reason: str) -> str:
    """An opponent's reason as the player may read it during the hand: its waits left out.

    Seen with the AI's reasons on: "Kenji declares riichi, discarding [6s]: waits on [2s][5s]
    (5 tiles)", which tells the player exactly which tiles not to throw. What a seat waits on is
    its concealed hand's secret until the hand ends (the result and the review show it)."""
    if isinstance(reason, Message) and reason.key in SECRET_WAITS:
        return t(SECRET_WAITS[reason.key], **{k: v for k, v in reason.values.items() if k == "tile"})
    return reason


def in_terms(message: Message, terms: Terms) -> str | None:
    """The table's word for one of the AI's own (Japanese) terms, or None when ``message`` is not
    one: a call ("pung" beside a claim bar that says Pung, never "pon"), a ready hand ("main prête"
    where the draw's panel says it, not "tenpai") and a hand some tiles from ready."""
    if message.key in CALL_WORDS:
        return InSentence(getattr(terms, CALL_WORDS[message.key]))
    if message.key == "ai.tenpai":
        return InSentence(terms.tenpai)
    n = message.values.get("n")
    if message.key == "ai.shanten" and isinstance(n, int):
        return terms.shanten(n)
    return None


def named(reason: str, human: int, names: Sequence[str] | None = None, terms: Terms | None = None) -> str:
    """``reason`` with every seat it names (``ai.whose``) called as the table calls it:
    "Kenji's riichi", and "your riichi" for the player's own; and, given the table's ``terms``, its
    calls and its ready words in them (:func:`in_terms`)."""
    table = list(names) if names is not None else seat_names(human)

    def swap(message: Message) -> str | None:
        if terms is not None and (word := in_terms(message, terms)) is not None:
            return word
        index = message.values.get("index")
        if message.key != "ai.whose" or not isinstance(index, int):
            return None
        if index == human:
            return t("table.whose_you")
        return t("ai.whose", seat=table[index], index=index)

    return rewrite(reason, swap)


def advice(reason: str, human: int, names: Sequence[str] | None = None, terms: Terms | None = None) -> str:
    """The coach's ``reason`` said to the player: the imperative form of the same sentence
    (``ai.hint.*``: "Discard [2s]: …", "Pass on [9p]: …", "Fold: …"), seats and terms named."""
    reason = named(reason, human, names, terms)
    if isinstance(reason, Message) and reason.key.startswith("ai.reason."):
        key = "ai.hint." + reason.key.removeprefix("ai.reason.")
        if has(key):
            return t(key, **reason.values)
    return reason


def said_by(seat: int, reason: str, human: int, names: Sequence[str] | None = None, terms: Terms | None = None) -> str:
    """An AI seat's reason as a sentence with its name: "Kenji declares riichi on [3s] …"."""
    table = list(names) if names is not None else seat_names(human)
    return t("table.reason", name=table[seat], reason=named(reason, human, table, terms)) if reason else ""
