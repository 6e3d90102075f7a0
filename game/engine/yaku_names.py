"""Yaku names: the English names the ``mahjong`` library gives, and their Japanese names.

The engine reports yaku by the library's English name (``Yaku.name``); the Japanese names are the
ones majiang-core writes (``翻牌 白``, ``場風 東``...), so a hand scored by the engine can be
compared with that oracle, and the UI can show the kanji a player knows from the table.
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

# Han that are not yaku: they never make a hand a win on their own.
DORA_NAMES: Final = frozenset({"Dora", "Aka Dora", "Ura Dora"})

# The yaku named by a profile's ``score.pao_yaku`` knob, as the library names them.
PAO_YAKU: Final[dict[str, str]] = {"daisangen": "Daisangen", "daisuushii": "Dai Suushii"}


def japanese_name(name: str) -> str:
    """The Japanese name of a yaku, or the English name when there is none in the table."""
    return JAPANESE.get(name, name)
