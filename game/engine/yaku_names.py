"""Yaku names: the Japanese names of the engine's yaku ids (:data:`..rows.RIICHI_YAKU`).

The engine reports yaku by stable id (``ValueRow.id``: ``riichi``, ``yakuhai_haku``...). Two
Japanese spellings:

* :data:`JAPANESE`, the names majiang-core writes (``翻牌 白``, ``場風 東``...), so a hand scored by
  the engine can be compared with that oracle;
* :data:`TENHOU_YAKU`, Tenhou's own table (its yaku numbers 0..54 and names, ``役牌 白``, ``両立直``,
  ``国士無双１３面``), which tenhou.net/6 logs write and log viewers expect. The table is Tenhou's
  as its logs use it (the same list in tsubakisakura/mjlog2json ``tenhou-json/src/model.rs``,
  converted from Tenhou's mjlog and checked against Tenhou's JSON, and in other converters).
"""

from __future__ import annotations

from typing import Final

JAPANESE: Final[dict[str, str]] = {
    "menzen_tsumo": "門前清自摸和",
    "riichi": "立直",
    "double_riichi": "ダブル立直",
    "ippatsu": "一発",
    "chankan": "槍槓",
    "rinshan_kaihou": "嶺上開花",
    "haitei_raoyue": "海底摸月",
    "houtei_raoyui": "河底撈魚",
    "renhou": "人和",
    "pinfu": "平和",
    "tanyao": "断幺九",
    "iipeiko": "一盃口",
    "yakuhai_haku": "翻牌 白",
    "yakuhai_hatsu": "翻牌 發",
    "yakuhai_chun": "翻牌 中",
    "yakuhai_seat_wind_east": "自風 東",
    "yakuhai_seat_wind_south": "自風 南",
    "yakuhai_seat_wind_west": "自風 西",
    "yakuhai_seat_wind_north": "自風 北",
    "yakuhai_round_wind_east": "場風 東",
    "yakuhai_round_wind_south": "場風 南",
    "yakuhai_round_wind_west": "場風 西",
    "yakuhai_round_wind_north": "場風 北",
    "sanshoku_doujun": "三色同順",
    "ittsu": "一気通貫",
    "chantai": "混全帯幺九",
    "honroutou": "混老頭",
    "toitoi": "対々和",
    "san_ankou": "三暗刻",
    "san_kantsu": "三槓子",
    "sanshoku_doukou": "三色同刻",
    "chiitoitsu": "七対子",
    "shou_sangen": "小三元",
    "honitsu": "混一色",
    "junchan": "純全帯幺九",
    "ryanpeikou": "二盃口",
    "chinitsu": "清一色",
    "kokushi_musou": "国士無双",
    "kokushi_musou_juusanmen_matchi": "国士無双十三面",
    "chuuren_poutou": "九蓮宝燈",
    "daburu_chuuren_poutou": "純正九蓮宝燈",
    "suu_ankou": "四暗刻",
    "suu_ankou_tanki": "四暗刻単騎",
    "daisangen": "大三元",
    "shousuushii": "小四喜",
    "dai_suushii": "大四喜",
    "ryuuiisou": "緑一色",
    "suu_kantsu": "四槓子",
    "tsuu_iisou": "字一色",
    "chinroutou": "清老頭",
    "tenhou": "天和",
    "chiihou": "地和",
    "renhou_yakuman": "人和",
    "dora": "ドラ",
    "aka_dora": "赤ドラ",
    "ura_dora": "裏ドラ",
}

# Tenhou's yaku, by its yaku number (the index). 36 (人和) is not played on Tenhou; its logs never
# hold it, other tools' tables keep the number.
TENHOU_YAKU: Final[tuple[str, ...]] = (
    "門前清自摸和", "立直", "一発", "槍槓", "嶺上開花", "海底摸月", "河底撈魚", "平和", "断幺九", "一盃口",
    "自風 東", "自風 南", "自風 西", "自風 北", "場風 東", "場風 南", "場風 西", "場風 北",
    "役牌 白", "役牌 發", "役牌 中",
    "両立直", "七対子", "混全帯幺九", "一気通貫", "三色同順", "三色同刻", "三槓子", "対々和", "三暗刻",
    "小三元", "混老頭",
    "二盃口", "純全帯幺九", "混一色",
    "清一色",
    "人和",
    "天和", "地和", "大三元", "四暗刻", "四暗刻単騎", "字一色", "緑一色", "清老頭", "九蓮宝燈", "純正九蓮宝燈",
    "国士無双", "国士無双１３面", "大四喜", "小四喜", "四槓子",
    "ドラ", "裏ドラ", "赤ドラ",
)
TENHOU_YAKUMAN: Final = range(37, 52)  # Tenhou's yakuman numbers: written "(役満)", not "(N飜)"

# The engine's yaku ids by Tenhou's yaku number.
TENHOU_ID: Final[dict[str, int]] = {
    "menzen_tsumo": 0,
    "riichi": 1,
    "ippatsu": 2,
    "chankan": 3,
    "rinshan_kaihou": 4,
    "haitei_raoyue": 5,
    "houtei_raoyui": 6,
    "pinfu": 7,
    "tanyao": 8,
    "iipeiko": 9,
    "yakuhai_seat_wind_east": 10,
    "yakuhai_seat_wind_south": 11,
    "yakuhai_seat_wind_west": 12,
    "yakuhai_seat_wind_north": 13,
    "yakuhai_round_wind_east": 14,
    "yakuhai_round_wind_south": 15,
    "yakuhai_round_wind_west": 16,
    "yakuhai_round_wind_north": 17,
    "yakuhai_haku": 18,
    "yakuhai_hatsu": 19,
    "yakuhai_chun": 20,
    "double_riichi": 21,
    "chiitoitsu": 22,
    "chantai": 23,
    "ittsu": 24,
    "sanshoku_doujun": 25,
    "sanshoku_doukou": 26,
    "san_kantsu": 27,
    "toitoi": 28,
    "san_ankou": 29,
    "shou_sangen": 30,
    "honroutou": 31,
    "ryanpeikou": 32,
    "junchan": 33,
    "honitsu": 34,
    "chinitsu": 35,
    "renhou": 36,  # EMA's mangan renhou (Tenhou does not play it)
    "renhou_yakuman": 36,
    "tenhou": 37,
    "chiihou": 38,
    "daisangen": 39,
    "suu_ankou": 40,
    "suu_ankou_tanki": 41,
    "tsuu_iisou": 42,
    "ryuuiisou": 43,
    "chinroutou": 44,
    "chuuren_poutou": 45,
    "daburu_chuuren_poutou": 46,
    "kokushi_musou": 47,
    "kokushi_musou_juusanmen_matchi": 48,
    "dai_suushii": 49,
    "shousuushii": 50,
    "suu_kantsu": 51,
    "dora": 52,
    "ura_dora": 53,
    "aka_dora": 54,
}


def japanese_name(yaku: str) -> str:
    """The Japanese name of a yaku id (majiang-core's spelling), or the id when there is none."""
    return JAPANESE.get(yaku, yaku)


def tenhou_yaku(yaku: str, han: int) -> str:
    """A yaku as a tenhou.net/6 log writes it: ``立直(1飜)``, ``役牌 白(1飜)``, ``国士無双(役満)``.

    A yaku Tenhou has no number for (none of the shipped profiles reports one) keeps
    majiang-core's Japanese name, so the log still says what was scored."""
    number = TENHOU_ID.get(yaku)
    if number is None:
        return f"{japanese_name(yaku)}({han}飜)"
    value = "役満" if number in TENHOU_YAKUMAN else f"{han}飜"
    return f"{TENHOU_YAKU[number]}({value})"


def tenhou_order(yaku: str) -> float:
    """Where a win's yaku are listed: by Tenhou's yaku number, so the dora come last (a yaku
    without a number just before them)."""
    number = TENHOU_ID.get(yaku)
    return TENHOU_ID["dora"] - 0.5 if number is None else number
