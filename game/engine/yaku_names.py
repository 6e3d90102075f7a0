"""Yaku names: the English names the ``mahjong`` library gives, and their Japanese names.

The engine reports yaku by the library's English name (``Yaku.name``). Two Japanese spellings:

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
    "Menzen Tsumo": "門前清自摸和",
    "Riichi": "立直",
    "Double Riichi": "ダブル立直",
    "Ippatsu": "一発",
    "Chankan": "槍槓",
    "Rinshan Kaihou": "嶺上開花",
    "Haitei Raoyue": "海底摸月",
    "Houtei Raoyui": "河底撈魚",
    "Renhou": "人和",
    "Pinfu": "平和",
    "Tanyao": "断幺九",
    "Iipeiko": "一盃口",
    "Yakuhai (haku)": "翻牌 白",
    "Yakuhai (hatsu)": "翻牌 發",
    "Yakuhai (chun)": "翻牌 中",
    "Yakuhai (seat wind east)": "自風 東",
    "Yakuhai (seat wind south)": "自風 南",
    "Yakuhai (seat wind west)": "自風 西",
    "Yakuhai (seat wind north)": "自風 北",
    "Yakuhai (round wind east)": "場風 東",
    "Yakuhai (round wind south)": "場風 南",
    "Yakuhai (round wind west)": "場風 西",
    "Yakuhai (round wind north)": "場風 北",
    "Sanshoku Doujun": "三色同順",
    "Ittsu": "一気通貫",
    "Chantai": "混全帯幺九",
    "Honroutou": "混老頭",
    "Toitoi": "対々和",
    "San Ankou": "三暗刻",
    "San Kantsu": "三槓子",
    "Sanshoku Doukou": "三色同刻",
    "Chiitoitsu": "七対子",
    "Shou Sangen": "小三元",
    "Honitsu": "混一色",
    "Junchan": "純全帯幺九",
    "Ryanpeikou": "二盃口",
    "Chinitsu": "清一色",
    "Kokushi Musou": "国士無双",
    "Kokushi Musou Juusanmen Matchi": "国士無双十三面",
    "Chuuren Poutou": "九蓮宝燈",
    "Daburu Chuuren Poutou": "純正九蓮宝燈",
    "Suu Ankou": "四暗刻",
    "Suu Ankou Tanki": "四暗刻単騎",
    "Daisangen": "大三元",
    "Shousuushii": "小四喜",
    "Dai Suushii": "大四喜",
    "Ryuuiisou": "緑一色",
    "Suu Kantsu": "四槓子",
    "Tsuu Iisou": "字一色",
    "Chinroutou": "清老頭",
    "Tenhou": "天和",
    "Chiihou": "地和",
    "Renhou (yakuman)": "人和",
    "Dora": "ドラ",
    "Aka Dora": "赤ドラ",
    "Ura Dora": "裏ドラ",
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

# The engine's yaku (the library's names) by Tenhou's yaku number.
TENHOU_ID: Final[dict[str, int]] = {
    "Menzen Tsumo": 0,
    "Riichi": 1,
    "Ippatsu": 2,
    "Chankan": 3,
    "Rinshan Kaihou": 4,
    "Haitei Raoyue": 5,
    "Houtei Raoyui": 6,
    "Pinfu": 7,
    "Tanyao": 8,
    "Iipeiko": 9,
    "Yakuhai (seat wind east)": 10,
    "Yakuhai (seat wind south)": 11,
    "Yakuhai (seat wind west)": 12,
    "Yakuhai (seat wind north)": 13,
    "Yakuhai (round wind east)": 14,
    "Yakuhai (round wind south)": 15,
    "Yakuhai (round wind west)": 16,
    "Yakuhai (round wind north)": 17,
    "Yakuhai (haku)": 18,
    "Yakuhai (hatsu)": 19,
    "Yakuhai (chun)": 20,
    "Double Riichi": 21,
    "Chiitoitsu": 22,
    "Chantai": 23,
    "Ittsu": 24,
    "Sanshoku Doujun": 25,
    "Sanshoku Doukou": 26,
    "San Kantsu": 27,
    "Toitoi": 28,
    "San Ankou": 29,
    "Shou Sangen": 30,
    "Honroutou": 31,
    "Ryanpeikou": 32,
    "Junchan": 33,
    "Honitsu": 34,
    "Chinitsu": 35,
    "Renhou": 36,  # EMA's mangan renhou (Tenhou does not play it)
    "Renhou (yakuman)": 36,
    "Tenhou": 37,
    "Chiihou": 38,
    "Daisangen": 39,
    "Suu Ankou": 40,
    "Suu Ankou Tanki": 41,
    "Tsuu Iisou": 42,
    "Ryuuiisou": 43,
    "Chinroutou": 44,
    "Chuuren Poutou": 45,
    "Daburu Chuuren Poutou": 46,
    "Kokushi Musou": 47,
    "Kokushi Musou Juusanmen Matchi": 48,
    "Dai Suushii": 49,
    "Shousuushii": 50,
    "Suu Kantsu": 51,
    "Dora": 52,
    "Ura Dora": 53,
    "Aka Dora": 54,
}

# Han that are not yaku: they never make a hand a win on their own.
DORA_NAMES: Final = frozenset({"Dora", "Aka Dora", "Ura Dora"})

# The yaku named by a profile's ``score.pao_yaku`` knob, as the library names them.
PAO_YAKU: Final[dict[str, str]] = {"daisangen": "Daisangen", "daisuushii": "Dai Suushii"}


def japanese_name(name: str) -> str:
    """The Japanese name of a yaku, or the English name when there is none in the table."""
    return JAPANESE.get(name, name)


def tenhou_yaku(name: str, han: int) -> str:
    """A yaku as a tenhou.net/6 log writes it: ``立直(1飜)``, ``役牌 白(1飜)``, ``国士無双(役満)``.

    A yaku Tenhou has no number for (none of the shipped profiles reports one) keeps
    majiang-core's Japanese name, so the log still says what was scored."""
    number = TENHOU_ID.get(name)
    if number is None:
        return f"{japanese_name(name)}({han}飜)"
    value = "役満" if number in TENHOU_YAKUMAN else f"{han}飜"
    return f"{TENHOU_YAKU[number]}({value})"


def tenhou_order(name: str) -> float:
    """Where a win's yaku are listed: by Tenhou's yaku number, so the dora come last (a yaku
    without a number just before them)."""
    number = TENHOU_ID.get(name)
    return TENHOU_ID["Dora"] - 0.5 if number is None else number
