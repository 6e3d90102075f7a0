"""What a call would leave: the hand's shanten after it, and whether a yaku is still in reach.

Shown when the pointer rests on a claim button (issue 5 §4), so a player sees the cost of opening
the hand before doing it. It reads only the human's own observation.
"""

from __future__ import annotations

from game.ai.analysis import yaku_paths, yakuhai_kinds
from game.engine.actions import Action, ActionKind
from game.engine.meld import Meld, MeldKind
from game.engine.observation import Observation
from game.engine.profile import RuleProfile
from game.engine.shanten import shanten, waits
from game.engine.tiles import kind_of
from game.i18n import join, t

from .words import Terms, table_terms, tile_word, tile_words

_MELD_KIND = {ActionKind.CHI: MeldKind.CHI, ActionKind.PON: MeldKind.PON, ActionKind.DAIMINKAN: MeldKind.DAIMINKAN}


def call_preview(obs: Observation, action: Action, rules: RuleProfile, terms: Terms | None = None) -> str:
    """One line for a call button: ``After the call: 1-shanten · yaku: yakuhai`` (empty for
    buttons that are not calls), in the current language and ``terms``."""
    kind = _MELD_KIND.get(action.kind)
    if kind is None or obs.last_discard is None:
        if action.kind in (ActionKind.RON, ActionKind.TSUMO):
            return t("table.preview.wins_now")
        return ""
    terms = terms if terms is not None else table_terms()
    discarder, tile = obs.last_discard
    hand = list(obs.hand)
    for tile_id in action.tiles:
        hand.remove(tile_id)
    melds = (*obs.me.melds, Meld(kind, tuple(sorted((*action.tiles, tile))), tile, discarder))
    counts = [0] * 34
    for tile_id in hand:
        k = kind_of(tile_id)
        if k < 34:
            counts[k] += 1
    sets = max(0, rules.win.sets - len(melds))
    after = shanten(counts, sets, False, False)
    # after chi or pon a discard follows (the count above already allows for it); a kan draws first
    shape = (t("table.preview.complete") if after < 0 else terms.tenpai if after == 0
             else terms.shanten(after))
    if after == 0 and kind is not MeldKind.DAIMINKAN:
        shape = _best_waits(counts, sets, shape)
    line = t("table.preview.after", shape=shape)
    if rules.win.min_han > 0:
        paths = yaku_paths(counts, melds, yakuhai_kinds(obs, obs.seat), rules, max(0, after + 1))
        names = [t(f"table.preview.{name}") for name, ok in (("yakuhai", paths.yakuhai), ("tanyao", paths.tanyao),
                                                              ("flush", paths.flush), ("toitoi", paths.toitoi)) if ok]
        line = t("table.preview.yaku", line=line, names=join(t("common.list_separator"), names)) if names else t("table.preview.no_yaku", line=line)
    return line


def _best_waits(counts: list[int], sets: int, shape: str) -> str:
    """``tenpai on 3p 6p (discard 9m)``: the discard after the call that leaves the widest wait."""
    best: tuple[int, int, list[int]] | None = None
    for k in range(34):
        if not counts[k]:
            continue
        counts[k] -= 1
        if shanten(counts, sets, False, False) == 0:
            kinds = [w for w in waits(counts, sets, False, False) if counts[w] < 4]
            if kinds and (best is None or len(kinds) > len(best[2])):
                best = (k, len(kinds), kinds)
        counts[k] += 1
    if best is None:
        return shape
    return t("table.preview.best_wait", shape=shape, waits=tile_words(best[2]), tile=tile_word(best[0]))
