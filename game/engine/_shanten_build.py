"""Builds ``_shanten_tables.py``, the data behind :mod:`game.engine.shanten`.

Run ``python -m game.engine._shanten_build`` after changing anything here; it takes about a minute.

**What the tables hold.** For one *group* (a suit of 9 kinds, or the 7 honours) and its count
pattern ``c``, the *distance vector* ``D[p][m]`` (``p`` = 0/1 pair, ``m`` = 0..5 sets) is the least
number of tiles that must be drawn so that the group holds ``m`` sets and ``p`` pairs, where the
target never needs a fifth copy of a kind (tiles of ``c`` outside the target are discarded).
A whole hand needs ``min`` over ways to share the sets among the groups, and its shanten is that
number minus one. Only 187 different vectors occur over all 5**9 suit patterns (83 for honours),
and only 328 for any mix of groups, so every combination step becomes a table look-up.

**How the pattern → vector map is kept small.** A pattern is cut into a prefix (5 suit kinds, or
4 honours) and a suffix. The build runs a dynamic programme along the kinds whose state is the
number of runs started one and two kinds back, each with its best distance vector; prefixes
that leave the same state are one *row*, suffixes that act the same on every row are one
*column*, and the table stores one byte (the vector id) per row and column.
"""

from __future__ import annotations

import base64
import itertools
import sys
import zlib
from array import array
from pathlib import Path

MAX_SETS = 5  # the 16-tile game needs five sets
WIDTH = MAX_SETS + 1  # entries per pair-row of a distance vector
INF = 99

Vector = tuple[int, ...]  # 2 * WIDTH entries: D[0][0..5] then D[1][0..5]
State = tuple[tuple[tuple[int, int], Vector], ...]  # ((runs started 1 and 2 kinds back), vector)

_START: State = (((0, 0), (0,) + (INF,) * (2 * WIDTH - 1)),)


def _step(state: State, count: int, runs_allowed: bool) -> State:
    """Extend a prefix's state by one kind held ``count`` times."""
    out: dict[tuple[int, int], list[int]] = {}
    for (back1, back2), vec in state:
        for new_runs in range(5 if runs_allowed else 1):
            for pung in (0, 1):
                for pair in (0, 1):
                    used = new_runs + back1 + back2 + 3 * pung + 2 * pair
                    if used > 4:
                        continue
                    missing = used - count if used > count else 0
                    gained = new_runs + pung
                    key = (new_runs, back1)
                    best = out.get(key)
                    if best is None:
                        best = out[key] = [INF] * (2 * WIDTH)
                    for p in range(2 - pair):
                        for m in range(WIDTH - gained):
                            v = vec[p * WIDTH + m]
                            if v < INF:
                                v += missing
                                j = (p + pair) * WIDTH + m + gained
                                if v < best[j]:
                                    best[j] = v
    return tuple(sorted((k, tuple(v)) for k, v in out.items() if min(v) < INF))


class _GroupTable:
    """Rows, columns and cells of one group kind (suits or honours)."""

    def __init__(self, size: int, split: int, runs: bool, vectors: dict[Vector, int]) -> None:
        self.size, self.split = size, split
        memo: dict[tuple[State, int, int], State] = {}

        def advance(state: State, counts: tuple[int, ...], start: int) -> State:
            for offset, c in enumerate(counts):
                pos = start + offset
                key = (state, c, pos)
                nxt = memo.get(key)
                if nxt is None:
                    nxt = memo[key] = _step(state, c, runs and pos <= size - 3)
                state = nxt
            return state

        prefixes = list(itertools.product(range(5), repeat=split))
        suffixes = list(itertools.product(range(5), repeat=size - split))
        row_of_state: dict[State, int] = {}
        self.prefix_row = [row_of_state.setdefault(advance(_START, p, 0), len(row_of_state)) for p in prefixes]
        grid: list[list[int]] = []
        for state in row_of_state:
            cells = []
            for s in suffixes:
                final = dict(advance(state, s, split))[(0, 0)]
                cells.append(vectors.setdefault(final, len(vectors)))
            grid.append(cells)
        col_of_cells: dict[tuple[int, ...], int] = {}
        self.suffix_col = [
            col_of_cells.setdefault(tuple(row[j] for row in grid), len(col_of_cells)) for j in range(len(suffixes))
        ]
        # merge rows that read the same on every column, then renumber the prefixes
        row_of_cells: dict[bytes, int] = {}
        merged: list[int] = []
        for row in grid:
            by_col = [0] * len(col_of_cells)
            for j, v in enumerate(row):
                by_col[self.suffix_col[j]] = v
            merged.append(row_of_cells.setdefault(bytes(by_col), len(row_of_cells)))
        self.prefix_row = [merged[r] for r in self.prefix_row]
        self.cells = b"".join(row_of_cells)
        self.rows, self.cols = len(row_of_cells), len(col_of_cells)


def convolve(a: Vector, b: Vector) -> Vector:
    """The distance vector of two groups taken together (min-plus product over sets, one pair)."""
    out = [INF] * (2 * WIDTH)
    for i in range(WIDTH):
        a0, a1 = a[i], a[WIDTH + i]
        for j in range(WIDTH - i):
            b0, b1 = b[j], b[WIDTH + j]
            k = i + j
            if a0 + b0 < out[k]:
                out[k] = a0 + b0
            v = min(a1 + b0, a0 + b1)
            if v < out[WIDTH + k]:
                out[WIDTH + k] = v
    return tuple(min(v, INF) for v in out)


def build() -> dict[str, object]:
    suit_vectors: dict[Vector, int] = {}
    honor_vectors: dict[Vector, int] = {}
    suits = _GroupTable(9, 5, True, suit_vectors)
    honors = _GroupTable(7, 4, False, honor_vectors)
    suit_list = list(suit_vectors)
    honor_list = list(honor_vectors)
    mixed: dict[Vector, int] = {}
    two = [[mixed.setdefault(convolve(a, b), len(mixed)) for b in suit_list] for a in suit_list]
    mixed_after_two = list(mixed)
    three = [[mixed.setdefault(convolve(v, s), len(mixed)) for s in suit_list] for v in mixed_after_two]
    mixed_list = list(mixed)
    if len(mixed_list) != len(mixed_after_two):
        raise AssertionError("three suits reach vectors that two do not: widen the table")
    # whole hand: distance of ``sets`` sets and one pair, per mixed vector and honour vector
    final = [
        [[convolve(v, h)[WIDTH + sets] for h in honor_list] for v in mixed_list] for sets in range(WIDTH)
    ]
    return {
        "suit_vectors": suit_list,
        "honor_vectors": honor_list,
        "suits": suits,
        "honors": honors,
        "two": two,
        "three": three,
        "final": final,
    }


def _u16(values: list[int]) -> bytes:
    arr = array("H", values)
    if sys.byteorder == "big":
        arr.byteswap()
    return arr.tobytes()


def render(tables: dict[str, object]) -> str:
    suits = tables["suits"]
    honors = tables["honors"]
    assert isinstance(suits, _GroupTable) and isinstance(honors, _GroupTable)
    two = tables["two"]
    three = tables["three"]
    final = tables["final"]
    assert isinstance(two, list) and isinstance(three, list) and isinstance(final, list)
    parts: list[tuple[str, bytes]] = [
        ("suit_prefix_row", _u16(suits.prefix_row)),
        ("suit_suffix_col", _u16(suits.suffix_col)),
        ("suit_cells", bytes(suits.cells)),
        ("honor_prefix_row", _u16(honors.prefix_row)),
        ("honor_suffix_col", _u16(honors.suffix_col)),
        ("honor_cells", bytes(honors.cells)),
        ("two", _u16([x for row in two for x in row])),
        ("three", _u16([x for row in three for x in row])),
        ("final", bytes(x for per_sets in final for row in per_sets for x in row)),
    ]
    layout = []
    blob = bytearray()
    for name, data in parts:
        layout.append((name, len(blob), len(data)))
        blob += data
    packed = base64.b64encode(zlib.compress(bytes(blob), 9)).decode("ascii")
    lines = [
        '"""Generated by ``python -m game.engine._shanten_build``: do not edit. See that module."""',
        "",
        f"SUIT_VECTORS = {tables['suit_vectors']!r}",
        f"HONOR_VECTORS = {tables['honor_vectors']!r}",
        f"SUIT_COLS = {suits.cols}",
        f"HONOR_COLS = {honors.cols}",
        f"MIXED_COUNT = {len(three)}",
        f"LAYOUT = {layout!r}",
        "BLOB = (",
    ]
    for i in range(0, len(packed), 100):
        lines.append(f'    b"{packed[i:i + 100]}"')
    lines.append(")")
    return "\n".join(lines) + "\n"


def main() -> None:
    target = Path(__file__).with_name("_shanten_tables.py")
    target.write_text(render(build()), encoding="ascii")
    print(f"wrote {target} ({target.stat().st_size} bytes)")


if __name__ == "__main__":
    main()
