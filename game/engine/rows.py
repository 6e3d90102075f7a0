"""The rows of a hand's value, by stable id: every yaku, tai row and fan row the engine reports.

A win's value is a list of rows (``events.ValueRow``: an id and its value) in the rulebook's unit:
han for the riichi family (yaku and dora, 翻), tai for Taiwanese (台), fan for Hong Kong (番).
Rows of two rulebooks that are the same pattern share an id (``self_draw``, ``all_honours``):
they read the same in every language, while the value, the unit and the Chinese name are the
rulebook's.
The ids are the one table here; the interface translates them (catalog key ``yaku.<id>``), the
log writers map them to Tenhou's spelling (:mod:`.yaku_names`), and the rulebooks' own Chinese
names are kept beside the ids of the Chinese rulebooks (:data:`HANZI`), since a Taiwanese or Hong
Kong player knows a row by them in every language.
"""

from __future__ import annotations

from enum import Enum
from typing import Final


class Unit(Enum):
    """What a win's value is counted in."""

    HAN = "han"  # riichi, EMA: yaku and dora, with fu (翻)
    TAI = "tai"  # Taiwanese: rows added to the base (台)
    FAN = "fan"  # Hong Kong Old Style: doublings to a limit (番)


# The riichi family's yaku (and dora), in Tenhou's order of listing.
RIICHI_YAKU: Final[tuple[str, ...]] = (
    "menzen_tsumo", "riichi", "ippatsu", "chankan", "rinshan_kaihou", "haitei_raoyue", "houtei_raoyui",
    "pinfu", "tanyao", "iipeiko",
    "yakuhai_seat_wind_east", "yakuhai_seat_wind_south", "yakuhai_seat_wind_west", "yakuhai_seat_wind_north",
    "yakuhai_round_wind_east", "yakuhai_round_wind_south", "yakuhai_round_wind_west", "yakuhai_round_wind_north",
    "yakuhai_haku", "yakuhai_hatsu", "yakuhai_chun",
    "double_riichi", "chiitoitsu", "chantai", "ittsu", "sanshoku_doujun", "sanshoku_doukou", "san_kantsu",
    "toitoi", "san_ankou", "shou_sangen", "honroutou", "ryanpeikou", "junchan", "honitsu", "chinitsu",
    "renhou", "renhou_yakuman", "tenhou", "chiihou", "daisangen", "suu_ankou", "suu_ankou_tanki", "tsuu_iisou",
    "ryuuiisou", "chinroutou", "chuuren_poutou", "daburu_chuuren_poutou", "kokushi_musou",
    "kokushi_musou_juusanmen_matchi", "dai_suushii", "shousuushii", "suu_kantsu",
    "dora", "ura_dora", "aka_dora",
    # yaku the scoring library knows that no shipped rulebook turns on (local yaku, open riichi)
    "open_riichi", "double_open_riichi", "daisharin", "daichisei", "paarenchan", "sashikomi", "nagashi_mangan",
)  # fmt: skip

# Han that are not yaku: they never make a hand a win on their own (win.min_han).
DORA_ROWS: Final = frozenset({"dora", "aka_dora", "ura_dora"})

# The Taiwanese tai rows (rules-reference §4.4), with the table's own names.
TAIWANESE_TAI: Final[dict[str, str]] = {
    "heavenly_hand": "天胡",
    "earthly_hand": "地胡",
    "human_hand": "人胡",
    "concealed_self_draw": "門清自摸",
    "concealed_hand": "門清",
    "self_draw": "自摸",
    "half_exposed_self_drawn": "半求人",
    "all_exposed": "全求人",
    "single_wait": "獨聽",
    "last_tile_self_draw": "海底撈月",
    "last_discard": "河底撈魚",
    "win_on_a_replacement_tile": "槓上開花",
    "robbing_a_kong": "搶槓",
    "big_four_winds": "大四喜",
    "little_four_winds": "小四喜",
    "round_wind": "圈風",
    "seat_wind": "門風",
    "big_three_dragons": "大三元",
    "little_three_dragons": "小三元",
    "dragon_pung": "三元牌",
    "five_concealed_pungs": "五暗刻",
    "four_concealed_pungs": "四暗刻",
    "three_concealed_pungs": "三暗刻",
    "all_pungs": "碰碰胡",
    "all_chows": "平胡",
    "all_honours": "字一色",
    "half_flush": "混一色",
    "full_flush": "清一色",
    "four_kongs": "四槓牌",
    "seven_pairs_and_a_pung": "嚦咕嚦咕",
    "flower_kong": "花槓",
    "flowers": "見花見台",
    "seat_flower": "正花",
    "all_eight_flowers": "八仙過海",
    "seven_flowers_rob_the_eighth": "七搶一",
}

# The Hong Kong Old Style fan rows, with their Cantonese names; each id is also the name of the
# ``[fan]`` knob that prices it (game/engine/profile.py FanRules).
HONG_KONG_FAN: Final[dict[str, str]] = {
    "common_hand": "平糊",
    "all_in_triplets": "對對糊",
    "mixed_one_suit": "混一色",
    "all_one_suit": "清一色",
    "small_dragons": "小三元",
    "great_dragons": "大三元",
    "small_winds": "小四喜",
    "great_winds": "大四喜",
    "all_honours": "字一色",
    "mixed_orphans": "混么九",
    "orphans": "清么九",
    "four_concealed_pungs": "坎坎糊",
    "four_kongs": "十八羅漢",
    "nine_gates": "九蓮寶燈",
    "thirteen_orphans": "十三么",
    "self_draw": "自摸",
    "concealed_hand": "門前清",
    "last_tile": "海底撈月",
    "kong_replacement": "槓上開花",
    "robbing_kong": "搶槓",
    "heavenly_hand": "天糊",
    "earthly_hand": "地糊",
    "dragon_pung": "箭刻",
    "seat_wind": "門風",
    "round_wind": "圈風",
    "no_flowers": "無花",
    "seat_flower": "正花",
    "flower_set": "一台花",
}

# The rulebooks' Chinese names by unit (the riichi family's Japanese names are :mod:`.yaku_names`).
HANZI: Final[dict[Unit, dict[str, str]]] = {Unit.TAI: TAIWANESE_TAI, Unit.FAN: HONG_KONG_FAN}

ROW_IDS: Final[dict[Unit, frozenset[str]]] = {
    Unit.HAN: frozenset(RIICHI_YAKU),
    Unit.TAI: frozenset(TAIWANESE_TAI),
    Unit.FAN: frozenset(HONG_KONG_FAN),
}


def hanzi(unit: Unit, row: str) -> str:
    """The Chinese rulebook's own name of a row ('' for the riichi family and unknown ids)."""
    return HANZI.get(unit, {}).get(row, "")
