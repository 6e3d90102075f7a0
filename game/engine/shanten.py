"""Shanten, waits, ukeire and the readings of a complete hand.

Every function takes the **concealed** tiles as a 34-entry count vector (see
:func:`game.engine.tiles.counts_of`) and ``sets``: how many sets the concealed part must still
form, that is the win's sets (4 for riichi and EMA, 5 for the 16-tile Taiwanese game) minus the
melds on the table. The concealed part then holds ``3 * sets + 1`` tiles between turns and
``3 * sets + 2`` after a draw or claim.

**Shanten** is the number of tiles a hand is away from tenpai: ``-1`` complete, ``0`` tenpai.
It is exact and respects the four copies of a kind: it counts the fewest draws that reach a
complete hand which never needs a fifth copy of a kind (the ``mahjong`` library and
majiang-core agree with it on every tested hand). So ``1111z`` plus four sets is one-shanten,
not tenpai: it can only wait on a fifth East. Copies held in melds or seen on the table are not
counted against the limit; :func:`ukeire` is where visible tiles enter.

**Waits** are structural: the kinds that would make the hand complete, *including* a kind the
hand already holds four of. Rule code decides what such a wait means (for riichi and EMA a hand
whose only wait is a kind it holds all four of is noten); :func:`playable_waits` drops them.

The look-ups come from ``_shanten_tables.py``, built by ``_shanten_build.py`` (see there for the
idea). Each group's count pattern gives the id of its distance vector: common patterns (a suit
of up to 10 tiles, honours up to 9) from one dict filled at import, any other by cutting the
pattern into a prefix and a suffix whose row and column pick one byte of a table. Three more
look-ups combine the three suits and the honours. A call costs about a microsecond in
pure Python, some 30 times fewer instructions than the ``mahjong`` library's shanten.
"""

from __future__ import annotations

import base64
import functools
import itertools
import struct
import zlib
from array import array
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from operator import itemgetter
from sys import byteorder
from typing import Final, Literal, cast

from . import _shanten_tables as _t

__all__ = [
    "Arrangement",
    "arrangements",
    "discard_shanten",
    "improving_draws",
    "is_complete",
    "playable_waits",
    "shanten",
    "shanten_chiitoitsu",
    "shanten_kokushi",
    "shanten_normal",
    "ukeire",
    "waits",
]

NUM_KINDS: Final = 34
MAX_SETS: Final = 5
_WIDTH: Final = MAX_SETS + 1  # entries per pair-row of a distance vector
_KOKUSHI_KINDS: Final = (0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33)
_kokushi_tiles = itemgetter(*_KOKUSHI_KINDS)
_KOKUSHI_SET: Final = frozenset(_KOKUSHI_KINDS)


# --- the tables -------------------------------------------------------------------------------


def _load() -> tuple[
    dict[bytes, bytes], dict[bytes, int], dict[bytes, bytes], dict[bytes, int],
    list[array[int]], list[list[int]], list[list[bytes]],
]:  # fmt: skip
    """Unpack the generated tables: per group kind, prefix → row (bytes of vector ids) and
    suffix → column; ``two[suit][suit]`` and ``three[mixed][suit]`` → mixed vector id; and
    ``final[sets][mixed]`` → bytes of whole-hand distances indexed by honour vector id."""
    blob = zlib.decompress(base64.b64decode(_t.BLOB))
    parts = {name: blob[start : start + size] for name, start, size in _t.LAYOUT}

    def u16_array(name: str) -> array[int]:
        arr = array("H")
        arr.frombytes(parts[name])
        if byteorder == "big":
            arr.byteswap()
        return arr

    def u16(name: str) -> list[int]:
        return u16_array(name).tolist()

    def group(prefix: str, split: int, size: int, cols: int) -> tuple[dict[bytes, bytes], dict[bytes, int]]:
        cells = parts[f"{prefix}_cells"]
        rows = u16(f"{prefix}_prefix_row")
        col_of = u16(f"{prefix}_suffix_col")
        pre = {bytes(p): cells[r * cols : (r + 1) * cols] for p, r in zip(_patterns(split), rows, strict=True)}
        suf = {bytes(s): c for s, c in zip(_patterns(size - split), col_of, strict=True)}
        return pre, suf

    suit_pre, suit_suf = group("suit", 5, 9, _t.SUIT_COLS)
    honor_pre, honor_suf = group("honor", 4, 7, _t.HONOR_COLS)
    n_suit, n_mixed, n_honor = len(_t.SUIT_VECTORS), _t.MIXED_COUNT, len(_t.HONOR_VECTORS)
    two_flat, three_flat = u16_array("two"), u16("three")
    # compact rows (slices of an array: array("H", a_list) would parse each item, 90 ms): the hot
    # paths read ``_TWO_THREE`` (below), built from these
    two = [two_flat[i * n_suit : (i + 1) * n_suit] for i in range(n_suit)]
    three = [three_flat[i * n_suit : (i + 1) * n_suit] for i in range(n_mixed)]
    final_flat = parts["final"]
    per_sets = n_mixed * n_honor
    final = [
        [final_flat[s * per_sets + i * n_honor : s * per_sets + (i + 1) * n_honor] for i in range(n_mixed)]
        for s in range(_WIDTH)
    ]
    return suit_pre, suit_suf, honor_pre, honor_suf, two, three, final


def _patterns(length: int) -> Iterator[tuple[int, ...]]:
    """Count patterns in the build's order (itertools.product over 0..4)."""
    return itertools.product(range(5), repeat=length)


_SUIT_PRE, _SUIT_SUF, _HONOR_PRE, _HONOR_SUF, _TWO, _THREE, _FINAL = _load()
# The hot paths' forms of two of them, one indexing fewer each (a list index is specialised by
# the interpreter, a bytes or array index is not): ``_TWO_THREE[a][b]`` is ``_THREE[_TWO[a][b]]``
# (the row itself: 35,000 pointers, where ``_TWO`` keeps compact rows), and ``_SHANTEN_4`` is
# ``_FINAL[4]`` less one as lists of small ints (:func:`shanten`'s usual call; 27,000, 0.2 MB)
_TWO_THREE: Final = [[_THREE[mixed] for mixed in row] for row in _TWO]
_SHANTEN_4: Final = [[distance - 1 for distance in row] for row in _FINAL[4]]
_SUIT_VEC: Final = _t.SUIT_VECTORS
_HONOR_VEC: Final = _t.HONOR_VECTORS


# Each whole-key value is the group's distance-vector id and a number that codes what seven
# pairs and thirteen orphans need of it: kinds held, kinds held twice or more, terminal-or-honour
# kinds held, and those held twice or more, as digits of one mixed radix wide enough that the
# four groups' codes add up digit by digit with no carry. The sum indexes ``_SPECIALS``.
_RADIX_ORPHAN_PAIRS: Final = 14  # 13 at most (and 7 within the tables)
_RADIX_ORPHANS: Final = 14
_RADIX_PAIRS: Final = 20  # 19 at most: groups in the tables hold 5, 5, 5 and 4 pairs at most
_RADIX_KINDS: Final = 35


def _code(kinds: int, pairs: int, orphans: int, orphan_pairs: int) -> int:
    return ((kinds * _RADIX_PAIRS + pairs) * _RADIX_ORPHANS + orphans) * _RADIX_ORPHAN_PAIRS + orphan_pairs


def _facts(key: bytes, ends: tuple[int, ...]) -> int:
    """The code of a group pattern or of part of one (``ends``: its terminal-or-honour offsets)."""
    held = len(key) - key.count(0)
    return _code(
        held,
        held - key.count(1),
        sum(1 for i in ends if key[i]),
        sum(1 for i in ends if key[i] >= 2),
    )


def _special_rows() -> list[int]:
    """The special forms' shanten (the better of seven distinct pairs and thirteen orphans) by
    the sum of a hand's four group codes: some 137,000 entries, one per digit combination."""
    kokushi = [
        13 - orphans - (orphan_pairs > 0)
        for orphans in range(_RADIX_ORPHANS)
        for orphan_pairs in range(_RADIX_ORPHAN_PAIRS)
    ]
    out: list[int] = []
    for kinds in range(_RADIX_KINDS):
        for pairs in range(_RADIX_PAIRS):
            chiitoitsu = 6 - pairs + (7 - kinds if kinds < 7 else 0)
            out.extend([chiitoitsu if chiitoitsu < k else k for k in kokushi])
    return out


# signed bytes, not a list: 137 kB instead of 1.1 MB of pointers (an index gives a cached small int)
_SPECIALS: Final = array("b", _special_rows())


def _whole_keys(suited: bool, max_tiles: int) -> dict[bytes, tuple[int, int]]:
    """Every suit (or honour) pattern of at most ``max_tiles`` tiles as one whole key, so the hot
    path makes one look-up per group instead of two; bigger groups go through :func:`_group_id`.
    Values are the vector id and the group's code (see ``_facts``)."""
    pre, suf = (_SUIT_PRE, _SUIT_SUF) if suited else (_HONOR_PRE, _HONOR_SUF)
    pre_by_sum: dict[int, list[tuple[bytes, bytes]]] = {}
    suf_by_sum: dict[int, list[tuple[bytes, int]]] = {}
    for key, row in pre.items():
        pre_by_sum.setdefault(sum(key), []).append((key, row))
    for key, col in suf.items():
        suf_by_sum.setdefault(sum(key), []).append((key, col))
    pre_code, suf_code = _part_codes(suited)
    # some 1,500 distinct values: shared, so they stay in the CPU's cache (a value object per
    # key would cost a cache miss per look-up in a game, where the tables are cold)
    shared = _SHARED
    return {
        p + s: shared.setdefault(value, value)
        for n_pre, pres in pre_by_sum.items()
        for n_suf, sufs in suf_by_sum.items()
        if n_pre + n_suf <= max_tiles
        for p, row in pres
        for s, col in sufs
        for value in ((row[col], pre_code[p] + suf_code[s]),)
    }


@functools.lru_cache(maxsize=2)
def _part_codes(suited: bool) -> tuple[dict[bytes, int], dict[bytes, int]]:
    """The codes of every prefix and suffix pattern (codes add: a whole key's code is its
    prefix's plus its suffix's)."""
    if suited:
        return {k: _facts(k, (0,)) for k in _SUIT_PRE}, {k: _facts(k, (3,)) for k in _SUIT_SUF}
    return {k: _facts(k, (0, 1, 2, 3)) for k in _HONOR_PRE}, {k: _facts(k, (0, 1, 2)) for k in _HONOR_SUF}


# The whole-key tables' domain: 74,396 suit patterns of up to 10 tiles and 9,130 honour patterns
# of up to 9 (6.3 MB, 0.1 s of CPU to fill, once filled whole at the first count). Play meets
# few of them: four hard seats meet about 7,000 suit patterns in a hanchan (17,000 in four), nearly
# nine in ten patterns of up to 5 tiles but one in 37 of those of 8 to 10, where most of the domain
# lies.
# So the first count fills the patterns of up to ``FIRST_FILL`` tiles (4,915 suit patterns, a
# few milliseconds) and any other is learned when first met, by the slow path (:func:`_group_id`);
# a bigger group always takes the slow path.
# Learning stops at ``LEARNED_MAX`` patterns (suits, honours): the patterns still unmet are the
# rare ones, and met once each they kept a long run's memory growing for ever (four hard seats
# learned ~70 suit patterns a hanchan at hanchan 100-200, 58,000 by 200: +0.7 MB a hundred
# hanchan, the last 2.6 MB of it one dict resize past 43,690 entries). 43,690 is what a dict of
# 65,536 slots holds (1.3 MB with its keys' 2.1 MB); after it an unmet pattern takes the slow
# path each time it comes. The honours' 4,096 stays within 8,192 slots.
_SUITS: Final[dict[bytes, tuple[int, int]]] = {}
_HONORS: Final[dict[bytes, tuple[int, int]]] = {}
_SHARED: Final[dict[tuple[int, int], tuple[int, int]]] = {}  # the ~1,500 distinct values, one object each
FIRST_FILL: Final = 6
LEARNED_MAX: tuple[int, int] = (43_690, 4_096)
_filled: list[int] = [0]  # 0: nothing yet; 1: the small patterns; 2: the whole domain


def _fill(max_tiles: int) -> None:
    # one C call each: another thread sees a table before or after
    _SUITS.update(_whole_keys(True, min(max_tiles, 10)))
    _HONORS.update(_whole_keys(False, min(max_tiles, 9)))


def whole_key_tables() -> tuple[dict[bytes, tuple[int, int]], dict[bytes, tuple[int, int]]]:
    """The suit and honour whole-key tables, filled with their whole domain (in place, once):
    what the tests compare; play learns only the patterns it meets."""
    if _filled[0] < 2:
        _fill(10)
        _filled[0] = 2
    return _SUITS, _HONORS


# one C call cuts a hand into its three suits and the honours
_cut = itemgetter(slice(0, 9), slice(9, 18), slice(18, 27), slice(27, 34))
# and one C call cuts a 34-byte buffer (the engine's bytearray of counts, or bytes) into the four
# groups as bytes, with no bytes() copy first: 1,350 instructions against bytes() and _cut's
# 2,100 (callgrind); anything else (a list, another length) raises TypeError or struct.error
_split: Final = cast(Callable[[object], tuple[bytes, bytes, bytes, bytes]], struct.Struct("9s9s9s7s").unpack)
_NOT_A_BUFFER: Final = (TypeError, struct.error)


def _group_id(g: bytes) -> int:
    """The distance-vector id of any suit (9 counts) or honour (7 counts) pattern; a pattern
    within the whole-key tables' domain is learned there. ``KeyError``: not a pattern of 0..4."""
    suited = len(g) == 9
    table = _SUITS if suited else _HONORS
    found = table.get(g)
    if found is not None:
        return found[0]
    if not _filled[0]:  # the first count of the process
        _fill(FIRST_FILL)
        _filled[0] = 1
        found = table.get(g)
        if found is not None:
            return found[0]
    if suited:
        pre, suf = g[0:5], g[5:9]
        vector_id = _SUIT_PRE[pre][_SUIT_SUF[suf]]
    else:
        pre, suf = g[0:4], g[4:7]
        vector_id = _HONOR_PRE[pre][_HONOR_SUF[suf]]
    if sum(g) <= (10 if suited else 9) and len(table) < LEARNED_MAX[0 if suited else 1]:
        pre_code, suf_code = _part_codes(suited)
        value = (vector_id, pre_code[pre] + suf_code[suf])
        table[bytes(g)] = _SHARED.setdefault(value, value)
    return vector_id


def _bad_counts(counts: Sequence[int]) -> ValueError:
    return ValueError(f"a count vector needs 34 entries of 0..4, got {list(counts)}")


def _normal_distance(b: bytes, sets: int) -> int:
    """The slow path of :func:`shanten`: big groups, bad counts, or a group not met before
    (learned on the way: see :func:`_group_id`)."""
    m, p, s, z = _cut(b)
    try:
        return _FINAL[sets][_TWO_THREE[_group_id(m)][_group_id(p)][_group_id(s)]][_group_id(z)]
    except KeyError:
        raise _bad_counts(b) from None


# --- shanten ----------------------------------------------------------------------------------


def shanten_normal(counts: Sequence[int], sets: int = 4) -> int:
    """Shanten of the "sets + one pair" form (``-1`` = complete)."""
    b = bytes(counts)
    m, p, s, z = _cut(b)
    try:
        return _FINAL[sets][_TWO_THREE[_SUITS[m][0]][_SUITS[p][0]][_SUITS[s][0]]][_HONORS[z][0]] - 1
    except KeyError:
        return _normal_distance(b, sets) - 1


def shanten_chiitoitsu(counts: Sequence[int]) -> int:
    """Shanten toward seven *distinct* pairs: four of a kind is one pair, not two."""
    b = bytes(counts)
    kinds = NUM_KINDS - b.count(0, 0, NUM_KINDS)
    pairs = kinds - b.count(1, 0, NUM_KINDS)
    return 6 - pairs + (7 - kinds if kinds < 7 else 0)


def shanten_kokushi(counts: Sequence[int]) -> int:
    """Shanten toward the thirteen orphans."""
    t: tuple[int, ...] = _kokushi_tiles(counts)
    missing = t.count(0)
    return missing - 1 if t.count(1) + missing < 13 else missing


def shanten(counts: Sequence[int], sets: int = 4, chiitoitsu: bool = True, kokushi: bool = True) -> int:
    """The least shanten over the forms that apply.

    Seven pairs and thirteen orphans count only when ``sets == 4`` (13 or 14 concealed tiles, no
    melds in a four-set game); pass ``False`` where the rules lack them (the 16-tile game with
    one meld also has ``sets == 4``). ``sets`` runs 0..5. Neither the tile count nor the
    vector's length (34) is checked here: this is the hot path. A count above 4 raises
    ``ValueError``.
    """
    if counts.__class__ is list:  # the AI's hands (a failed _split would cost 4,000 instructions)
        m, p, s, z = _split(bytes(counts))
    else:
        try:
            m, p, s, z = _split(counts)
        except _NOT_A_BUFFER:  # a tuple, or a buffer of another length
            m, p, s, z = _cut(bytes(counts))
    try:
        im, cm = _SUITS[m]
        ip, cp = _SUITS[p]
        is_, cs = _SUITS[s]
        iz, cz = _HONORS[z]
    except KeyError:  # a group too big for the whole-key tables (or bad counts)
        b = bytes(counts)
        return _with_special_forms(_normal_distance(b, sets) - 1, b, sets, chiitoitsu, kokushi)
    if sets != 4:
        return _FINAL[sets][_TWO_THREE[im][ip][is_]][iz] - 1
    best: int = _SHANTEN_4[_TWO_THREE[im][ip][is_]][iz]
    if best < 0:
        return best
    if chiitoitsu and kokushi:  # the usual call: both special forms from one table look-up
        special = _SPECIALS[cm + cp + cs + cz]
        return special if special < best else best
    return _with_special_forms(best, bytes(counts), sets, chiitoitsu, kokushi)


def _with_special_forms(best: int, b: bytes, sets: int, chiitoitsu: bool, kokushi: bool) -> int:
    """The normal form's shanten ``best``, lowered by the special forms the flags allow."""
    if sets != 4 or best < 0:
        return best
    if chiitoitsu:
        best = min(best, shanten_chiitoitsu(b))
    if kokushi:
        best = min(best, shanten_kokushi(b))
    return best


# --- complete hands and waits -----------------------------------------------------------------


def _complete_as(g: bytes, n: int, pair: bool) -> bool:
    """Whether one group (9 suit counts or 7 honour counts) of ``n`` tiles reads exactly as
    sets, and one pair when ``pair``."""
    if n % 3 != (2 if pair else 0):
        return False
    if 5 in g:  # only a wait on a held fourth copy gets here
        counts = [0] * NUM_KINDS
        base = 0 if len(g) == 9 else 27
        counts[base : base + len(g)] = g
        return next(_readings(counts, 0, n // 3, pair), None) is not None
    vectors = _SUIT_VEC if len(g) == 9 else _HONOR_VEC
    return vectors[_group_id(g)][(_WIDTH if pair else 0) + n // 3] == 0


_GROUP_START: Final = (0, 9, 18, 27)
_BUMP: Final = tuple(bytes((c + 1,)) for c in range(5))


# 4,096 entries hit as often as 65,536 (LRU replay of the 180,121 look-ups of 100 hard hanchan:
# 97.86 % both) and fill within the first hanchan of a long run instead of growing for hundreds
@functools.lru_cache(maxsize=1 << 12)
def _group_waits(g: bytes, pair: bool) -> tuple[int, ...]:
    """Offsets in this group whose addition makes it complete (with a pair if ``pair``).

    Cached because a hand's groups come back turn after turn and across the table.
    """
    n = sum(g) + 1
    if n % 3 != (2 if pair else 0):
        return ()
    suited = len(g) == 9
    out = []
    for i in range(len(g)):
        # a suit tile must touch the suit's tiles, an honour must already be held
        if not (any(g[max(0, i - 2) : i + 3]) if suited else g[i]):
            continue
        if _complete_as(g[:i] + _BUMP[g[i]] + g[i + 1 :], n, pair):
            out.append(i)
    return tuple(out)


def _check_size(total: int, sets: int, extra: int) -> None:
    if not 0 <= sets <= MAX_SETS or total != 3 * sets + extra:
        raise ValueError(f"{total} concealed tiles do not fit {sets} sets (+{extra})")


def waits(counts: Sequence[int], sets: int = 4, chiitoitsu: bool = True, kokushi: bool = True) -> list[int]:
    """The sorted kinds that complete a ``3 * sets + 1`` hand, in any applicable form.

    A kind the hand already holds four of is *included* when it would complete the hand
    structurally; see :func:`playable_waits` for the list without them.

    In the normal form a drawn tile joins one group (a suit or the honours) and every group
    must then read as sets, one of them with the pair. By tile counts modulo 3 the drawn tile
    joins either the one group holding 3n+1 tiles, or one of the two holding 3n+2.
    """
    b = bytes(counts)
    _check_size(sum(b), sets, 1)
    groups = _cut(b)
    sizes = list(map(sum, groups))  # C loops, not comprehensions (each a call in Python 3.11)
    residues = [sizes[0] % 3, sizes[1] % 3, sizes[2] % 3, sizes[3] % 3]
    found: set[int] = set()
    if residues.count(1) == 1 and residues.count(2) == 0:
        h = residues.index(1)
        if all(_complete_as(groups[j], sizes[j], False) for j in range(4) if j != h):
            found.update(_GROUP_START[h] + i for i in _group_waits(groups[h], True))
    elif residues.count(2) == 2 and residues.count(1) == 0:
        first = residues.index(2)
        second = residues.index(2, first + 1)
        if all(_complete_as(groups[j], sizes[j], False) for j in range(4) if j not in (first, second)):
            for h, other in ((first, second), (second, first)):
                if _complete_as(groups[other], sizes[other], True):
                    found.update(_GROUP_START[h] + i for i in _group_waits(groups[h], False))
    if sets == 4:
        if chiitoitsu and b.count(2) == 6 and b.count(1) == 1:
            found.add(b.index(1))
        if kokushi:
            t = _kokushi_tiles(b)
            if sum(t) == 13:
                missing = t.count(0)
                if missing == 0:
                    found.update(_KOKUSHI_KINDS)
                elif missing == 1 and 2 in t:
                    found.add(_KOKUSHI_KINDS[t.index(0)])
    return sorted(found)


def playable_waits(
    counts: Sequence[int], sets: int = 4, chiitoitsu: bool = True, kokushi: bool = True
) -> list[int]:
    """:func:`waits` without the kinds whose four copies are all in the concealed hand."""
    return [k for k in waits(counts, sets, chiitoitsu, kokushi) if counts[k] < 4]


def is_complete(counts: Sequence[int], sets: int = 4, chiitoitsu: bool = True, kokushi: bool = True) -> bool:
    """Whether a ``3 * sets + 2`` hand is a winning shape (no yaku or tai check)."""
    b = bytes(counts)
    _check_size(sum(b), sets, 2)
    if shanten_normal(b, sets) == -1:
        return True
    if sets != 4:
        return False
    if chiitoitsu and b.count(2) == 7:
        return True
    return kokushi and shanten_kokushi(b) == -1


# --- readings of a complete hand --------------------------------------------------------------


SetKind = Literal["chi", "pon"]


@dataclass(frozen=True, slots=True)
class Arrangement:
    """One reading of a complete hand: the pair's kind and the concealed sets, sorted.

    A set is ``("chi", lowest kind)`` or ``("pon", kind)``.
    """

    pair: int
    sets: tuple[tuple[SetKind, int], ...]


def _readings(counts: list[int], k: int, sets: int, pair: bool) -> Iterator[tuple[int, list[tuple[SetKind, int]]]]:
    """Every way to read ``counts`` (from kind ``k`` on) as ``sets`` sets and one pair if ``pair``.

    At the lowest kind still held, decide at once how many of its copies go to the pair, a
    pon and runs starting there, so each reading comes out exactly once. Yields the pair's
    kind (-1 when none) and the sets.
    """
    while k < NUM_KINDS and not counts[k]:
        k += 1
    if k == NUM_KINDS:
        if sets == 0 and not pair:
            yield -1, []
        return
    c = counts[k]
    can_run = k < 27 and k % 9 <= 6
    for pair_here in (1, 0) if pair else (0,):
        for pon in (0, 1):
            runs = c - 2 * pair_here - 3 * pon
            if runs < 0 or pon + runs > sets or (runs and not can_run):
                continue
            if runs and (counts[k + 1] < runs or counts[k + 2] < runs):
                continue
            counts[k] = 0
            if runs:
                counts[k + 1] -= runs
                counts[k + 2] -= runs
            for got_pair, rest in _readings(counts, k + 1, sets - pon - runs, pair and not pair_here):
                pons: list[tuple[SetKind, int]] = [("pon", k)] * pon
                chis: list[tuple[SetKind, int]] = [("chi", k)] * runs
                head = pons + chis
                yield (k if pair_here else got_pair), head + rest
            counts[k] = c
            if runs:
                counts[k + 1] += runs
                counts[k + 2] += runs


def arrangements(counts: Sequence[int], sets: int = 4) -> list[Arrangement]:
    """Every distinct reading of a complete ``3 * sets + 2`` hand as one pair and ``sets`` sets.

    Empty when the hand has no such reading (seven pairs and thirteen orphans are not readings).
    Used where the reading matters: EMA's riichi ankan rule and Taiwanese tai.
    """
    work = list(counts)
    _check_size(sum(work), sets, 2)
    out = {Arrangement(pair, tuple(sorted(found))) for pair, found in _readings(work, 0, sets, True)}
    return sorted(out, key=lambda a: (a.pair, a.sets))


# --- ukeire -----------------------------------------------------------------------------------


def improving_draws(
    counts: Sequence[int], sets: int = 4, chiitoitsu: bool = True, kokushi: bool = True
) -> tuple[int, list[int]]:
    """Shanten of a ``3 * sets + 1`` hand and the kinds whose draw lowers it.

    The AI's inner loop. A drawn tile changes one group only, and a group's possible bumps are
    cached (:func:`_bumps`: hands come back turn after turn), so each bumped group id costs two
    look-ups against the other groups combined once, not a whole :func:`shanten` call. An isolated new tile never
    helps the normal form. Seven pairs and thirteen orphans: their shanten from the groups' codes
    (one look-up, as in :func:`shanten`); their draws, from the counts, only when one of them is at
    the hand's shanten (about one closed hand in four).
    """
    b = bytes(counts)
    try:
        groups = _split(b)
    except struct.error:  # not 34 counts
        groups = _cut(b)
    code = -1  # the four groups' special-form code (see ``_facts``), when the tables give it
    try:  # the whole-key tables hold nearly every group: four look-ups, no call
        (m, cm), (p, cp), (s_, cs), (z, cz) = _SUITS[groups[0]], _SUITS[groups[1]], _SUITS[groups[2]], _HONORS[groups[3]]
        code = cm + cp + cs + cz
    except KeyError:
        try:
            m, p, s_, z = [_group_id(g) for g in groups]
        except KeyError:
            raise _bad_counts(counts) from None
    two_three = _TWO_THREE
    column = _COLUMNS[sets].get(z) or _final_column(sets, z)
    two_three_m = two_three[m]
    three_mp = two_three_m[p]
    normal_base = column[three_mp[s_]] - 1
    base = normal_base
    special = 99  # the better special form's shanten (99: none applies)
    if sets == 4 and (chiitoitsu or kokushi):
        # both forms at once from the groups' codes (as in :func:`shanten`), else from the counts
        special = _SPECIALS[code] if code >= 0 and chiitoitsu and kokushi else _with_special_forms(99, b, 4, chiitoitsu, kokushi)
        if special < base:
            base = special
    found: list[int] = []
    if normal_base <= base:
        # a bump helps when the whole-hand distance (shanten + 1) drops to ``base`` or below.
        # The tables combine in any order (tests/test_shanten.py), so a suit's bump is looked up
        # against the other two suits combined first, then the honours' column: two look-ups per
        # distinct bumped id (bumps that give one id alike: some 9 ids for 21 bumps)
        slow: list[int] = []
        bumps = _BUMPS
        fast, slow_kinds = bumps[0].get(groups[0]) or _learn_bumps(groups[0], 0)
        row = two_three[p][s_]
        for new_id, bumped in fast:
            if column[row[new_id]] <= base:
                found += bumped
        if slow_kinds:
            slow += slow_kinds
        fast, slow_kinds = bumps[1].get(groups[1]) or _learn_bumps(groups[1], 1)
        row = two_three_m[s_]
        for new_id, bumped in fast:
            if column[row[new_id]] <= base:
                found += bumped
        if slow_kinds:
            slow += slow_kinds
        fast, slow_kinds = bumps[2].get(groups[2]) or _learn_bumps(groups[2], 2)
        for new_id, bumped in fast:
            if column[three_mp[new_id]] <= base:
                found += bumped
        if slow_kinds:
            slow += slow_kinds
        final_row = _FINAL[sets][three_mp[s_]]
        fast, slow_kinds = bumps[3].get(groups[3]) or _learn_bumps(groups[3], 3)
        for new_id, bumped in fast:
            if final_row[new_id] <= base:
                found += bumped
        if slow_kinds:
            slow += slow_kinds
        for k in slow:  # a bumped group too big for the whole-pattern tables
            grown = bytearray(b)
            grown[k] += 1
            if _normal_distance(bytes(grown), sets) <= base:
                found.append(k)
    if special > base and 4 not in b:  # the usual hand: the normal form's draws alone
        return base, sorted(found)
    more = set(found)
    if 4 in b and normal_base <= base:
        # a hand holding all four of a kind may lack a pair candidate that only an isolated
        # tile can give (1111m + 2p: the 2p is the pair's tanki), so ask the slow way for those
        work = list(b)
        for k in range(NUM_KINDS):
            if k in more or work[k] >= 4:
                continue
            work[k] += 1
            if shanten(work, sets, False, False) < base:
                more.add(k)
            work[k] -= 1
    if special > base:
        return base, sorted(more)
    # a special form is at the base (about one closed hand in four): which one, from the counts
    kinds = 34 - b.count(0)
    pairs = kinds - b.count(1)
    t = _kokushi_tiles(b)
    orphans = 13 - t.count(0)
    orphan_pair = 2 in t or 3 in t or 4 in t
    if chiitoitsu and 6 - pairs + (7 - kinds if kinds < 7 else 0) == base:
        # a new kind (while fewer than 7) or a second copy of a single improves seven pairs
        if kinds < 7:
            more.update([k for k in range(NUM_KINDS) if b[k] < 2])
        else:  # the singles, found by the bytes' own search (a hand holds a handful)
            k = b.find(1, 0, NUM_KINDS)
            while k >= 0:
                more.add(k)
                k = b.find(1, k + 1, NUM_KINDS)
    if kokushi and 13 - orphans - orphan_pair == base:
        for k in _KOKUSHI_KINDS:
            c = b[k]
            if c == 0 or (c == 1 and not orphan_pair):
                more.add(k)
    return base, sorted(more)


# The whole-hand distance of each mixed (three suits) id, by sets and honours id: a column of
# ``_FINAL``, built when first asked for. A list of small ints, not bytes: the hot paths index a
# column some 30 times a call, and the interpreter specialises a list's index, not a bytes' (2.6 kB
# a column against 328 bytes; four hard seats fill about 150 of the 6 x 83 over a long run)
_COLUMNS: Final[list[dict[int, list[int]]]] = [{} for _ in range(_WIDTH)]


def _final_column(sets: int, honours_id: int) -> list[int]:
    """Fill one column of :data:`_COLUMNS` (read by the hot paths through ``dict.get``)."""
    column = _COLUMNS[sets][honours_id] = [row[honours_id] for row in _FINAL[sets]]
    return column


# _bumps and _drops are the hot look-ups (about 24 hits a miss in four hard seats' hanchan), kept
# in a plain dict per group (the three suits and the honours): a dict's get costs a fifth of an
# lru_cache hit's wrapper, its key and its bookkeeping (improving_draws and discard_shanten ask four
# each a call, some 50,000 a hanchan). A dict that reaches its bound is emptied: against LRU's
# 4,096 shared entries, 2,048 a suit and 1,024 for the honours missed 16,625 times against 15,369
# over 8 hard hanchan (381,000 look-ups; a miss costs a few microseconds). The per-offset layers
# below them are not cached: a pattern met again in another suit was their only hit (one in three
# calls), and full they held 4.3 MB
_GROUP_CACHE_MAX: Final = (2048, 2048, 2048, 1024)
_BUMPS: Final[tuple[dict[bytes, tuple[tuple[tuple[int, tuple[int, ...]], ...], tuple[int, ...]]], ...]] = (
    {}, {}, {}, {},
)
_DROPS: Final[tuple[dict[bytes, tuple[tuple[int, int], ...]], ...]] = ({}, {}, {}, {})


def _learn_bumps(g: bytes, group: int) -> tuple[tuple[tuple[int, tuple[int, ...]], ...], tuple[int, ...]]:
    """:func:`_bumps` of group ``group`` (0-2 the suits, 3 the honours), kept in its dict."""
    table = _BUMPS[group]
    if len(table) >= _GROUP_CACHE_MAX[group]:
        table.clear()
    got = table[g] = _bumps(g, _GROUP_START[group])
    return got


def _learn_drops(g: bytes, group: int) -> tuple[tuple[int, int], ...]:
    """:func:`_drops` of group ``group``, kept in its dict."""
    table = _DROPS[group]
    if len(table) >= _GROUP_CACHE_MAX[group]:
        table.clear()
    got = table[g] = _drops(g, _GROUP_START[group])
    return got


def _bumps(g: bytes, start: int) -> tuple[tuple[tuple[int, tuple[int, ...]], ...], tuple[int, ...]]:
    """For one group starting at kind ``start``: the kinds whose extra copy could help the normal
    form (it touches the group's tiles and is not a fifth copy), by the bumped group's table id in
    order of first appearance; then the kinds whose bumped group only the slow path knows.

    A miss costs a look-up per kind (most patterns are new the first time: four efficiency seats
    meet ~570 a hanchan), so it is one loop with no generator in it."""
    suited = len(g) == 9
    table = _SUITS if suited else _HONORS
    by_id: dict[int, list[int]] = {}
    slow: list[int] = []
    last = len(g) - 1
    for i, c in enumerate(g):
        if c >= 4:
            continue
        if suited:  # a suit tile must touch the group's tiles (within two)
            if not (c or (i >= 1 and g[i - 1]) or (i < last and g[i + 1]) or (i >= 2 and g[i - 2])
                    or (i < last - 1 and g[i + 2])):  # fmt: skip
                continue
        elif not c:  # an honour must already be held
            continue
        bumped = g[:i] + _BUMP[c] + g[i + 1 :]
        found = table.get(bumped)
        try:
            new_id = found[0] if found is not None else _group_id(bumped)
        except KeyError:
            slow.append(start + i)
            continue
        kinds = by_id.get(new_id)
        if kinds is None:
            by_id[new_id] = [start + i]
        else:
            kinds.append(start + i)
    return tuple([(new_id, tuple(kinds)) for new_id, kinds in by_id.items()]), tuple(slow)


def discard_shanten(
    counts: Sequence[int], sets: int = 4, chiitoitsu: bool = True, kokushi: bool = True
) -> list[tuple[int, int]]:
    """For a ``3 * sets + 2`` hand: ``(kind, shanten after discarding one of it)`` for every kind
    it holds, in kind order; each equals :func:`shanten` of the 13-tile hand left.

    The AI asks this for every hand it looks ahead to. A discard changes one group only, and a
    group's possible drops are cached (:func:`_drops`), so each kind costs two look-ups against
    the other groups combined once, not a whole :func:`shanten` call; the special forms are
    counted only when they may lower one."""
    b = bytes(counts)
    try:
        groups = _split(b)
    except struct.error:  # not 34 counts
        groups = _cut(b)
    try:  # as in improving_draws: four look-ups, the tables combined in any order
        m, p, s_, z = _SUITS[groups[0]][0], _SUITS[groups[1]][0], _SUITS[groups[2]][0], _HONORS[groups[3]][0]
    except KeyError:
        try:
            m, p, s_, z = [_group_id(g) for g in groups]
        except KeyError:
            raise _bad_counts(counts) from None
    two_three = _TWO_THREE
    column = _COLUMNS[sets].get(z) or _final_column(sets, z)
    two_three_m = two_three[m]
    three_mp = two_three_m[p]
    # one loop per group, not a comprehension each (a comprehension is a call in Python 3.11:
    # 18 % of this function's instructions in hard's look-ahead)
    out: list[tuple[int, int]] = []
    append = out.append
    drops = _DROPS  # (an empty group's drops are (): ``is None`` tells it from a miss)
    row = two_three[p][s_]
    if (got := drops[0].get(groups[0])) is None:
        got = _learn_drops(groups[0], 0)
    for k, new_id in got:
        append((k, column[row[new_id]] - 1))
    row = two_three_m[s_]
    if (got := drops[1].get(groups[1])) is None:
        got = _learn_drops(groups[1], 1)
    for k, new_id in got:
        append((k, column[row[new_id]] - 1))
    if (got := drops[2].get(groups[2])) is None:
        got = _learn_drops(groups[2], 2)
    for k, new_id in got:
        append((k, column[three_mp[new_id]] - 1))
    final_row = _FINAL[sets][three_mp[s_]]
    if (got := drops[3].get(groups[3])) is None:
        got = _learn_drops(groups[3], 3)
    for k, new_id in got:
        append((k, final_row[new_id] - 1))
    if sets == 4 and (chiitoitsu or kokushi):
        kinds = NUM_KINDS - b.count(0)
        t = _kokushi_tiles(b)
        by_count, least = _special_discards(kinds, kinds - b.count(1), t.count(1), t.count(0), chiitoitsu, kokushi)
        # A discard's shanten is the 14 tiles' or one more (a draw lowers it by one at most), so
        # special forms that stay above the 14 tiles' normal shanten plus one lower none of them:
        # the usual hand, whose seven pairs are far off
        if least <= column[three_mp[s_]] - 1:
            orphan = _IS_ORPHAN
            # each discard's special-form shanten depends on its kind's count (and being an orphan)
            out = [(k, sp if sh >= 0 and (sp := by_count[orphan[k]][b[k]]) < sh else sh) for k, sh in out]
    return out


_IS_ORPHAN: Final = tuple(int(k in _KOKUSHI_SET) for k in range(NUM_KINDS))


@functools.lru_cache(maxsize=1 << 10)
def _special_discards(
    kinds: int, pairs: int, ones: int, missing: int, chiitoitsu: bool, kokushi: bool
) -> tuple[tuple[tuple[int, ...], tuple[int, ...]], int]:
    """The special forms' shanten (as :func:`_with_special_forms` counts it) after discarding one
    copy of a kind held ``c`` times, at index ``c``: for a kind outside the thirteen orphans, and
    for an orphan; and the least of them. ``kinds``, ``pairs``: kinds held, held twice or more; ``ones``, ``missing``:
    orphan kinds held once, not held. A hand's figures repeat from hand to hand: kept by value."""
    plain = [99] * 5
    orphans = [99] * 5
    for c in range(1, 5):
        best = 99
        if chiitoitsu:
            kinds_after = kinds - (c == 1)
            best = 6 - (pairs - (c == 2)) + (7 - kinds_after if kinds_after < 7 else 0)
        plain[c] = orphans[c] = best
        if kokushi:
            plain[c] = min(best, missing - 1 if ones + missing < 13 else missing)
            o, m = ones, missing
            if c == 1:
                o, m = o - 1, m + 1
            elif c == 2:
                o += 1
            orphans[c] = min(best, m - 1 if o + m < 13 else m)
    return (tuple(plain), tuple(orphans)), min(plain[1:] + orphans[1:])


def _drops(g: bytes, start: int) -> tuple[tuple[int, int], ...]:
    """For one group starting at kind ``start``: each kind it holds, with the table id of the
    group less one copy there (one loop: see :func:`_bumps`)."""
    table = _SUITS if len(g) == 9 else _HONORS
    out: list[tuple[int, int]] = []
    for i, c in enumerate(g):
        if c:
            dropped = g[:i] + _DROP[c] + g[i + 1 :]
            found = table.get(dropped)
            out.append((start + i, found[0] if found is not None else _group_id(dropped)))
    return tuple(out)


_DROP: Final = tuple(bytes((c - 1,)) if c else b"" for c in range(6))


def ukeire(
    counts: Sequence[int],
    sets: int = 4,
    visible: Sequence[int] | None = None,
    chiitoitsu: bool = True,
    kokushi: bool = True,
) -> tuple[list[int], int]:
    """For a ``3 * sets + 1`` hand: the kinds whose draw lowers shanten, and how many of them
    are still unseen (4 minus the copies in the hand and in ``visible``: discards, melds,
    dora indicators)."""
    _check_size(sum(counts), sets, 1)
    _base, kinds = improving_draws(counts, sets, chiitoitsu, kokushi)
    unseen = sum(max(0, 4 - counts[k] - (visible[k] if visible is not None else 0)) for k in kinds)
    return kinds, unseen
