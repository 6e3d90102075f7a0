"""Rule profiles: every rule knob of a rulebook, loaded from TOML and validated.

A profile is data. The engine reads knobs from a :class:`RuleProfile`; it never asks which
rulebook it is playing. The TOML files live beside this module in ``profiles/``; a profile may
``extends`` another and override any knob. Validation is strict so that a typo in a profile is an
error naming the file, the key and what is allowed, never a silently ignored rule.

Knob names follow ``rules-reference.md`` §1; the comments in each TOML file cite the rulebook.
Strategy knobs (``score.model``, ``wall.dead_wall_mode``, ``claims.multi_win``) name the small
strategy functions the engine picks; this module only checks that the name is one it knows.
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
import re
import reprlib
import tomllib
import types
import typing
from dataclasses import dataclass, field
from enum import Enum
from functools import cache
from importlib import resources
from importlib.resources.abc import Traversable
from pathlib import Path
from typing import Any, Literal, get_args, get_origin

from game.persist.bounded import PROFILE_CAP, FileRefused, read_text

from .errors import ProfileError
from .rows import Unit

KuikaeRule = Literal["forbid_same_and_suji", "forbid_same", "allowed"]
MultiWin = Literal["double", "all", "head_bump"]
# The dead wall keeps its size as replacements leave it (riichi, EMA RCR 2016 3.3.5); the hill also
# gives its upper row first (Seed-FR). See game/engine/rules/walls.py.
DeadWallMode = Literal["replenished", "replenished_hill"]
DoraTiming = Literal["immediate", "after_discard"]
RiichiAnkan = Literal["wait_unchanged", "wait_unchanged_pung_only", "never"]
TempFuriten = Literal["own_discard", "draw_or_claim", "none"]
Abortive = Literal["kyuushu_kyuuhai", "suufon_renda", "suucha_riichi", "suukaikan", "sanchahou"]
Renchan = Literal["tenpai", "win_or_draw", "never"]
GameLength = Literal["one_hand", "tonpuu", "hanchan", "one_round", "four_rounds"]
ScoreModel = Literal["han_fu", "base_plus_tai", "fan_doubling"]
SCORE_UNITS: dict[str, Unit] = {"han_fu": Unit.HAN, "base_plus_tai": Unit.TAI, "fan_doubling": Unit.FAN}
# 13 han or more without a yakuman: counted as a yakuman, or capped at sanbaiman
Kazoe = Literal["yakuman", "sanbaiman"]
Renhou = Literal["none", "mangan", "yakuman"]
MultiRonSticks = Literal["first_winner", "own_back_rest_to_first"]
MultiRonHonba = Literal["first_winner", "every_winner"]
PaoHonba = Literal["pao", "discarder"]
TieBreak = Literal["seat", "split"]
NagashiRenchan = Literal["dealer_tenpai", "dealer_nagashi"]
FinalRounding = Literal["none", "whole_top_balance"]
# Every claim is answered before the next draw; or a win may still be claimed after it, until the
# next player discards (EMA RCR 2016 3.3.1). See game/engine/rules/calls.py.
ClaimWindow = Literal["until_next_draw", "win_until_next_discard"]
# What a false win costs: a chombo payment (riichi, EMA 3.4.6) or a dead hand 相公 (Seed-FR).
FalseWin = Literal["chombo", "dead_hand"]
# A dead hand keeps drawing and discarding (EMA RCR 2016 3.4.7), or sits out the hand, which goes
# on with three (Seed-FR: « ne peut plus jouer, la manche continue à trois joueurs »).
DeadHandTurns = Literal["draw_and_discard", "skipped"]
# 正花: a flower scores when it is the seat's own flower; 見花見台: every flower scores.
FlowerScoring = Literal["seat_flower_1", "each_flower_1"]
# Hong Kong: what a hand of f fan is worth (全辣 doubling, or 半辣 half-spicy), and who pays a win
# on a discard (半銃 the discarder double and the others single, or 全銃 the discarder for all).
FanTable = Literal["doubling", "half_spicy"]
DiscardPayment = Literal["half_shooter", "discarder_pays_all"]


@dataclass(frozen=True)
class ProfileInfo:
    id: str
    name: str
    description: str
    extends: str = ""


@dataclass(frozen=True)
class TilesRules:
    red_fives: int = 1  # red fives per suit (0 or 1; ids 16, 52, 88)
    flowers: int = 0  # 0 or 8 (seasons and plants)


@dataclass(frozen=True)
class WallRules:
    stacks_per_side: int = 17
    dead_wall_size: int = 14
    dead_wall_mode: DeadWallMode = "replenished"
    dora_indicator_stack: int = 3  # the upper tile of this stack from the break; 0: no dora
    max_dora_indicators: int = 5


@dataclass(frozen=True)
class DealRules:
    rounds_of: tuple[int, ...] = (4, 4, 4, 1)  # the blocks each seat takes, dealer first; then the dealer one more

    @property
    def hand_size(self) -> int:
        """The tiles each seat is dealt (the dealer takes one more)."""
        return sum(self.rounds_of)


@dataclass(frozen=True)
class ClaimRules:
    chi: bool = True  # chi only from the previous player, when enabled
    multi_win: MultiWin = "double"
    max_winners: int = 2  # with "double": a ron beyond this aborts the hand when sanchahou is on
    kuikae: KuikaeRule = "forbid_same_and_suji"
    window: ClaimWindow = "until_next_draw"


@dataclass(frozen=True)
class KanRules:
    max_total: int = 4  # kongs in one hand, all players together; 34 = no rule limit
    four_kan_abort: bool = True
    dora_ankan: DoraTiming = "immediate"
    dora_open: DoraTiming = "after_discard"
    chankan_on_ankan_kokushi: bool = False
    riichi_ankan: RiichiAnkan = "wait_unchanged"
    kan_dora: bool = True


@dataclass(frozen=True)
class WinRules:
    sets: int = 4
    min_han: int = 1
    chiitoitsu: bool = True
    kokushi: bool = True


@dataclass(frozen=True)
class FuritenRules:
    permanent: bool = True
    temporary_ends: TempFuriten = "own_discard"
    riichi: bool = True


@dataclass(frozen=True)
class RiichiRules:
    enabled: bool = True
    min_points: int = 1000  # -1: no condition
    min_live_tiles: int = 4
    ura_dora: bool = True
    ippatsu: bool = True
    double_riichi: bool = True


@dataclass(frozen=True)
class DrawRules:
    noten_total: int = 3000
    abortive: tuple[Abortive, ...] = (
        "kyuushu_kyuuhai",
        "suufon_renda",
        "suucha_riichi",
        "suukaikan",
        "sanchahou",
    )
    nagashi_mangan: bool = True
    nagashi_renchan: NagashiRenchan = "dealer_tenpai"


@dataclass(frozen=True)
class ScoreRules:
    model: ScoreModel = "han_fu"
    open_tanyao: bool = True
    kiriage: bool = False
    kazoe: Kazoe = "yakuman"
    double_yakuman: bool = False
    yakuman_stack: bool = True
    double_wind_pair_fu: int = 4
    renhou: Renhou = "none"
    honba_ron: int = 300
    honba_tsumo_each: int = 100
    honba_multi_ron: MultiRonHonba = "first_winner"
    sticks_multi_ron: MultiRonSticks = "first_winner"
    pao_yaku: tuple[str, ...] = ("daisangen", "daisuushii")
    pao_honba_payer: PaoHonba = "pao"


@dataclass(frozen=True)
class GameRules:
    length: GameLength = "hanchan"
    start_points: int = 25000
    return_points: int = 30000
    tobi: bool = True
    west_extension: bool = True
    extension_target: int = 30000
    agari_yame: bool = True
    uma: tuple[int, ...] = (20, 10, -10, -20)  # in thousands of points, 1st to 4th
    oka_to_first: bool = True
    tie_break: TieBreak = "seat"
    renchan: Renchan = "tenpai"
    chombo_points: int = 0  # 0: a reverse mangan payment; else points taken after uma
    false_win: FalseWin = "chombo"
    dead_hand_turns: DeadHandTurns = "draw_and_discard"
    final_rounding: FinalRounding = "none"  # whole_top_balance: whole points, top takes the balance


@dataclass(frozen=True)
class TaiRules:
    """Taiwanese 底 + 台 scoring (rules-reference §4.4-§4.7), read when ``score.model`` is
    ``base_plus_tai``; other rulebooks leave it at its empty defaults.

    Every pattern knob is its value in tai; 0 means the pattern does not score, and for the
    special wins (``eight_flowers_win``, ``seven_rob_one``, ``ligu``, ``four_kong_win``) that
    the hand is not a win at all.
    """

    # payment: value(tai) = base + tai_value * tai (§4.5)
    base: int = 0
    tai_value: int = 0
    dealer_base: int = 0  # 莊家 tai when the dealer wins or pays
    per_continuation: int = 0  # 連n拉n: + this × n after n continuations
    continue_on_draw: bool = False  # a drawn hand counts as a continuation (n += 1)
    tai_cap: int = 0  # 0: no cap
    # flowers
    flower_scoring: FlowerScoring = "seat_flower_1"
    flower_tai: int = 0  # per counted flower
    flower_kong_tai: int = 0  # 花槓: all four of one flower set
    flower_kong_counts_seat_flowers: bool = False
    eight_flowers_win: int = 0  # 八仙過海
    seven_rob_one: int = 0  # 七搶一
    # how the hand was won
    zimo: int = 0  # 自摸
    menqing: int = 0  # 門清
    menqing_zimo_bundle: int = 0  # 門清自摸 replaces 門清 + 自摸; 0: they simply add
    duting: int = 0  # 獨聽 single wait
    haidi: int = 0  # 海底撈月
    hedi: int = 0  # 河底撈魚
    gangshang: int = 0  # 槓上開花 (kong or flower replacement)
    qianggang: int = 0  # 搶槓
    half_qiuren: int = 0  # 半求人
    quan_qiuren: int = 0  # 全求人
    tianhu: int = 0  # 天胡
    dihu: int = 0  # 地胡
    renhu: int = 0  # 人胡
    # sets
    round_wind: int = 0  # 圈風
    seat_wind: int = 0  # 門風
    dragon_pung: int = 0  # 三元牌, each
    dragon_tai_inside_sangen: bool = False
    pinghu: int = 0  # 平胡
    pinghu_no_honors: bool = False
    pinghu_no_flowers: bool = False
    pinghu_no_zimo: bool = False
    pinghu_two_sided: bool = False
    san_anke: int = 0  # 三暗刻
    si_anke: int = 0  # 四暗刻
    wu_anke: int = 0  # 五暗刻
    pengpenghu: int = 0  # 碰碰胡
    hunyise: int = 0  # 混一色
    qingyise: int = 0  # 清一色
    ziyise: int = 0  # 字一色
    xiao_sanyuan: int = 0  # 小三元
    da_sanyuan: int = 0  # 大三元
    xiao_sixi: int = 0  # 小四喜
    da_sixi: int = 0  # 大四喜
    ligu: int = 0  # 嚦咕嚦咕: 7 pairs + 1 pung (house rule)
    four_kong_win: int = 0  # 四槓牌 by one player (house rule)
    # penalties and house rules
    dead_hand_pays_winner: bool = False  # 相公 (Seed-FR)
    missed_discard_lock: bool = False  # TW-4W rules04 §4.1


@dataclass(frozen=True)
class FanRules:
    """Hong Kong Old Style 番 scoring, read when ``score.model`` is ``fan_doubling``
    (:mod:`game.engine.hongkong`); every row knob is its value in fan, 0 meaning no such row, and
    a row worth ``limit`` or more makes the hand a limit hand."""

    min_fan: int = 0  # 起糊: the least a hand must be worth to win, flowers not counted
    limit: int = 0  # the most a hand is worth (limit hands are worth this)
    base_points: int = 0  # what a 0-fan hand is worth; each fan doubles it (or half_spicy's table)
    table: FanTable = "doubling"
    discard_payment: DiscardPayment = "half_shooter"
    # the hand
    common_hand: int = 0  # 平糊: four chows and a pair
    all_in_triplets: int = 0  # 對對糊
    mixed_one_suit: int = 0  # 混一色
    all_one_suit: int = 0  # 清一色
    small_dragons: int = 0  # 小三元
    great_dragons: int = 0  # 大三元
    small_winds: int = 0  # 小四喜
    great_winds: int = 0  # 大四喜
    all_honours: int = 0  # 字一色
    mixed_orphans: int = 0  # 混么九: terminals and honours only
    orphans: int = 0  # 清么九: terminals only
    four_concealed_pungs: int = 0  # 坎坎糊
    four_kongs: int = 0  # 十八羅漢
    nine_gates: int = 0  # 九蓮寶燈
    thirteen_orphans: int = 0  # 十三么
    # how the hand was won
    self_draw: int = 0  # 自摸
    concealed_hand: int = 0  # 門前清: no chow, pung or open kong
    last_tile: int = 0  # 海底撈月: on the last tile of the wall, or its discard
    kong_replacement: int = 0  # 槓上開花
    robbing_kong: int = 0  # 搶槓
    heavenly_hand: int = 0  # 天糊: the dealer's dealt hand
    earthly_hand: int = 0  # 地糊: on a discard of the first go-around, before one's own draw
    # winds, dragons, flowers
    dragon_pung: int = 0  # 箭刻, each
    seat_wind: int = 0  # 門風
    round_wind: int = 0  # 圈風
    no_flowers: int = 0  # 無花
    seat_flower: int = 0  # 正花, each of the seat's flower and season
    flower_set: int = 0  # 一台花: all four flowers, or all four seasons


@dataclass(frozen=True)
class RuleProfile:
    profile: ProfileInfo
    tiles: TilesRules = field(default_factory=TilesRules)
    wall: WallRules = field(default_factory=WallRules)
    deal: DealRules = field(default_factory=DealRules)
    claims: ClaimRules = field(default_factory=ClaimRules)
    kan: KanRules = field(default_factory=KanRules)
    win: WinRules = field(default_factory=WinRules)
    furiten: FuritenRules = field(default_factory=FuritenRules)
    riichi: RiichiRules = field(default_factory=RiichiRules)
    draws: DrawRules = field(default_factory=DrawRules)
    score: ScoreRules = field(default_factory=ScoreRules)
    game: GameRules = field(default_factory=GameRules)
    tai: TaiRules = field(default_factory=TaiRules)
    fan: FanRules = field(default_factory=FanRules)

    @property
    def id(self) -> str:
        return self.profile.id

    @property
    def total_tiles(self) -> int:
        return 136 + self.tiles.flowers

    @property
    def unit(self) -> Unit:
        """What a win's value is counted in (its rows' unit), by the scoring model."""
        return SCORE_UNITS[self.score.model]

    @property
    def counts_continuations(self) -> bool:
        """Whether the count of the dealer's continuations (honba, 連莊) is worth showing: a win
        collects it as counters, or as Taiwanese 連n拉n tai. Hong Kong pays for neither."""
        return self.score.honba_ron > 0 or self.score.honba_tsumo_each > 0 or self.tai.per_continuation > 0

    @property
    def settles_with_uma(self) -> bool:
        """Whether the placings earn uma or oka, so the final points differ from the score."""
        g = self.game
        return any(g.uma) or (g.oka_to_first and g.return_points != g.start_points)

    def knobs(self) -> dict[str, Any]:
        """Every knob as a flat ``section.key`` mapping (the rules screen and ``rules diff``)."""
        out: dict[str, Any] = {}
        for f in dataclasses.fields(self):
            if f.name == "profile":
                continue
            section = getattr(self, f.name)
            for g in dataclasses.fields(section):
                value = getattr(section, g.name)
                out[f"{f.name}.{g.name}"] = list(value) if isinstance(value, tuple) else value
        return out

    @property
    def hash(self) -> str:
        """A short digest of every knob: a record made under other rules will not replay."""
        blob = json.dumps({"id": self.id, **self.knobs()}, sort_keys=True).encode()
        return hashlib.sha256(blob).hexdigest()[:16]


# Hashes that records made by earlier versions of the game carry for a shipped profile (by id and
# game length), from before knobs that changed nothing were removed or renamed (issue 17: the
# claim priority, the deal's hand size and dealer extra, the "fixed" dead wall, the claim window's
# values). Play under those knobs is the same as today's, so such a record still replays; a state
# that differs at its end still refuses it (RecordError). Computed with the game at a45994e, then
# at 41426e4 and 2bcb0c9 (each hash in a set, in that order: the knobs implemented, then those
# before the Hong Kong rulebook added its fan table to every profile, which the other rulebooks
# never read; without them every autosave, save and replay of those versions was set aside as
# unplayable): ``dataclasses.replace(load_profile(id), game=dataclasses.replace(p.game, length=L)).hash``.
# ``tests/test_profile_hashes.py`` pins today's hashes: a change of knobs fails it until the hash
# it replaces is added here.
FORMER_HASHES: dict[tuple[str, str], frozenset[str]] = {
    ("riichi", "one_hand"): frozenset({"2bc9bb6b3ffbfe2d", "861259eec1aa3130", "f9934fdd395c499a"}),
    ("riichi", "tonpuu"): frozenset({"c4313de3e2216519", "fc32c1965312365b", "094cec68218bad20"}),
    ("riichi", "hanchan"): frozenset({"fc95d04282ca9d6f", "27f34bf48779aeae", "07506069191540ad"}),
    ("riichi", "one_round"): frozenset({"ce9a298afc631f53", "93b0f7406120ff98", "9eedb6364c393f58"}),
    ("riichi", "four_rounds"): frozenset({"44296521eaec7732", "7de85fa16776d1ab", "f21d9f21825a3121"}),
    ("ema", "one_hand"): frozenset({"28911a9f46de87f2", "acfba02a665a63c9", "375618161ec2db9d"}),
    ("ema", "tonpuu"): frozenset({"f793fcd7622be756", "f9f3257019fb0a0b", "80c4f41bab950d2a"}),
    ("ema", "hanchan"): frozenset({"2668be30c405eb5d", "3727eed24e86edd9", "73f178b6b65c2002"}),
    ("ema", "one_round"): frozenset({"0958877829c8a1ce", "01dde643de848229", "a324eca9270df1ac"}),
    ("ema", "four_rounds"): frozenset({"b80b18ce4873cb51", "e6c6b97361747788", "4d25b4affb869cc3"}),
    ("taiwanese", "one_hand"): frozenset({"6cb490e81d287fa8", "97718aa09d4f6698", "5f666644e803fd67"}),
    ("taiwanese", "tonpuu"): frozenset({"a664ab7de81a7f85", "ad2bf01490892e78", "d9bd1d603f3608d0"}),
    ("taiwanese", "hanchan"): frozenset({"edb45e7f68c0a3eb", "15fffd73807e4391", "0be6ecd4f50704ff"}),
    ("taiwanese", "one_round"): frozenset({"065ef7253cb56e52", "4b274634746b0ea0", "f402027a1d8ae295"}),
    ("taiwanese", "four_rounds"): frozenset({"d830c6c5bc10ce64", "1de711ebcf97652f", "b14a6ae394f13c4b"}),
}


def accepted_hashes(profile: RuleProfile) -> frozenset[str]:
    """The profile hashes a record may carry to replay under ``profile``: its own, and for a
    shipped profile (at any game length) the :data:`FORMER_HASHES` of the same rules."""
    own = frozenset({profile.hash})
    if profile.id not in available_profiles():
        return own
    shipped = load_profile(profile.id)
    same = dataclasses.replace(shipped, game=dataclasses.replace(shipped.game, length=profile.game.length))
    if same.hash != profile.hash:
        return own
    return own | FORMER_HASHES.get((profile.id, profile.game.length), frozenset())


def diff_profiles(a: RuleProfile, b: RuleProfile) -> list[tuple[str, object, object]]:
    """Every knob whose value differs, as ``(key, value in a, value in b)`` in knob order.

    ``rules diff`` prints it and the rules screen shows it, so both agree on what "differs" means.
    """
    ka, kb = a.knobs(), b.knobs()
    return [(key, ka[key], kb[key]) for key in ka if ka[key] != kb[key]]


# --- loading -----------------------------------------------------------------------------------

_ID = re.compile(r"[a-z][a-z0-9_]{0,31}")
_repr = reprlib.Repr()
_repr.maxlevel = 3
_repr.maxstring = 60
_repr.maxother = 60


def _show(value: Any) -> str:
    """A short repr that cannot blow up on huge or deeply nested values from a bad file."""
    return _repr.repr(value)


def _shipped() -> Traversable:
    return resources.files(__package__).joinpath("profiles")


def available_profiles() -> list[str]:
    return sorted(p.name[:-5] for p in _shipped().iterdir() if p.name.endswith(".toml"))


# the shipped rulebooks in the order a newcomer meets them (New Game, the rules screen, the tutorials)
NEWCOMER_ORDER = ("riichi", "ema", "taiwanese", "hongkong")


def profile_order() -> list[str]:
    """Every shipped profile, those of ``NEWCOMER_ORDER`` first in that order and any other after
    them by id: a profile file added to ``profiles/`` is offered, taught and listed at once."""
    known = NEWCOMER_ORDER
    return sorted(available_profiles(), key=lambda p: (known.index(p) if p in known else len(known), p))


@cache
def load_profile(profile_id: str) -> RuleProfile:
    """Load a shipped profile by id (``riichi``, ``ema``, ``taiwanese``, ``hongkong``)."""
    if profile_id not in available_profiles():
        raise ProfileError(f"unknown profile {profile_id!r}; available: {', '.join(available_profiles())}")
    source = f"{profile_id}.toml"
    profile = build_profile(profile_data(profile_id), source)
    if profile.id != profile_id:
        raise ProfileError(f"{source}: profile.id = {profile.id!r} must match the file name {profile_id!r}")
    return profile


def profile_data(profile_id: str) -> dict[str, Any]:
    """The merged, not yet validated TOML mapping of a shipped profile (``extends`` resolved)."""
    return _read_merged(profile_id, [_shipped()], [])


def load_profile_file(path: Path) -> RuleProfile:
    """Load a profile from a file outside the package.

    Its ``extends`` names a profile file in the same folder or, failing that, a shipped one.
    """
    data = _read_toml(path, str(path))
    return build_profile(_resolve_extends(data, str(path), [path.parent, _shipped()], []), str(path))


def _read_toml(res: Traversable, source: str) -> dict[str, Any]:
    """A profile's table. A file of the player's or developer's (a :class:`Path`) goes through the
    bounded door like every file the game reads (a device, a FIFO or a huge file is refused, not
    read forever); the shipped ones are package data."""
    try:
        return tomllib.loads(read_text(res, PROFILE_CAP) if isinstance(res, Path) else res.read_text(encoding="utf-8"))
    except FileRefused as exc:
        if exc.reason == "missing":
            raise ProfileError(f"{source}: no such profile file") from exc
        raise ProfileError(f"{source}: cannot read profile: {exc.reason.replace('_', ' ')} {exc.detail}".rstrip()) from exc
    except FileNotFoundError as exc:
        raise ProfileError(f"{source}: no such profile file") from exc
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError, RecursionError) as exc:
        raise ProfileError(f"{source}: cannot read profile: {exc}") from exc


def _find(profile_id: str, folders: list[Traversable]) -> tuple[Traversable, str] | None:
    """The first ``<id>.toml`` in the folders, with the name errors will use for it."""
    for folder in folders:
        res = folder.joinpath(f"{profile_id}.toml")
        if res.is_file():
            return res, (str(res) if isinstance(res, Path) else f"{profile_id}.toml")
    return None


def _read_merged(profile_id: str, folders: list[Traversable], seen: list[str]) -> dict[str, Any]:
    found = _find(profile_id, folders)
    if found is None:
        raise ProfileError(f"{profile_id}.toml: no such profile; available: {', '.join(available_profiles())}")
    res, source = found
    return _resolve_extends(_read_toml(res, source), source, folders, seen)


def _resolve_extends(
    data: dict[str, Any], source: str, folders: list[Traversable], seen: list[str]
) -> dict[str, Any]:
    """Merge the profile this one ``extends`` under it, refusing cycles and unknown names."""
    seen = [*seen, source]
    info = data.get("profile")
    if not isinstance(info, dict) or "extends" not in info:
        return data
    parent = info["extends"]
    if not isinstance(parent, str) or (parent and not _ID.fullmatch(parent)):
        raise ProfileError(f"{source}: profile.extends = {_show(parent)} must name a profile id (lowercase)")
    if not parent:
        return data
    found = _find(parent, folders)
    if found is None:
        raise ProfileError(
            f"{source}: profile.extends = {parent!r} names no profile; available: {', '.join(available_profiles())}"
        )
    res, parent_source = found
    if parent_source in seen:
        raise ProfileError(f"{source}: profile.extends forms a cycle: {' -> '.join([*seen, parent_source])}")
    parent_data = _read_toml(res, parent_source)
    return _merge(_resolve_extends(parent_data, parent_source, folders, seen), data)


def _merge(base: dict[str, Any], over: dict[str, Any]) -> dict[str, Any]:
    """Tables merge key by key, one level per section; any other value (lists too) replaces."""
    out = dict(base)
    for key, value in over.items():
        if isinstance(value, dict) and isinstance(out.get(key), dict):
            out[key] = {**out[key], **value}
        else:
            out[key] = value
    return out


def build_profile(data: dict[str, Any], source: str) -> RuleProfile:
    """Validate a merged TOML mapping against the dataclasses and build the profile."""
    if not isinstance(data, dict):
        raise ProfileError(f"{source}: a profile must be a TOML table")
    sections: dict[str, Any] = {}
    hints = _hints(RuleProfile)
    for key in data:
        if key not in hints:
            raise ProfileError(f"{source}: unknown section [{_key(key)}]; allowed: {', '.join(hints)}")
    if "profile" not in data:
        raise ProfileError(f"{source}: missing section [profile] with id, name, description")
    for name, section_type in hints.items():
        raw = data.get(name, {})
        if not isinstance(raw, dict):
            raise ProfileError(f"{source}: [{name}] must be a table, not {_show(raw)}")
        sections[name] = _build_section(section_type, raw, source, name)
    profile = RuleProfile(**sections)
    _check_profile(profile, source)
    return profile


_HINTS: dict[object, dict[str, Any]] = {}


def _hints(cls: object) -> dict[str, Any]:
    """The resolved knob types of a section (resolving them is slow, and they never change)."""
    if cls not in _HINTS:
        _HINTS[cls] = typing.get_type_hints(cls)
    return _HINTS[cls]


def _key(key: Any) -> str:
    return key if isinstance(key, str) and key.isprintable() else _show(key)


def _build_section(cls: type[Any], raw: dict[str, Any], source: str, section: str) -> Any:
    hints = _hints(cls)
    for key in raw:
        if key not in hints:
            raise ProfileError(
                f"{source}: unknown key {section}.{_key(key)}; allowed: {', '.join(sorted(hints))}"
            )
    kwargs: dict[str, Any] = {}
    for f in dataclasses.fields(cls):
        if f.name not in raw:
            if f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING:
                raise ProfileError(f"{source}: missing key {section}.{f.name}")
            continue
        key = f"{section}.{f.name}"
        kwargs[f.name] = _coerce(hints[f.name], raw[f.name], source, key, KNOB_RANGES.get(key))
    obj = cls(**kwargs)
    _check_section(obj, source, section)
    return obj


def _coerce(tp: Any, value: Any, source: str, key: str, bounds: tuple[int, int] | None) -> Any:
    origin = get_origin(tp)
    if origin is Literal:
        allowed = get_args(tp)
        if not isinstance(value, str) or value not in allowed:
            raise ProfileError(
                f"{source}: {key} = {_show(value)} is not allowed; allowed: {', '.join(map(repr, allowed))}"
            )
        return value
    if origin is tuple:
        (item_tp, _ellipsis) = get_args(tp)
        if not isinstance(value, list):
            raise ProfileError(f"{source}: {key} must be a list, not {_show(value)}")
        return tuple(_coerce(item_tp, v, source, f"{key}[{i}]", bounds) for i, v in enumerate(value))
    if origin in (types.UnionType, typing.Union):
        raise ProfileError(f"{source}: {key}: unions are not supported in profiles")
    if tp is bool:
        if not isinstance(value, bool):
            raise ProfileError(f"{source}: {key} must be true or false, not {_show(value)}")
        return value
    if tp is int:
        if isinstance(value, bool) or not isinstance(value, int):
            raise ProfileError(f"{source}: {key} must be an integer, not {_show(value)}")
        if bounds is not None and not bounds[0] <= value <= bounds[1]:
            raise ProfileError(
                f"{source}: {key} = {_show(value)} is out of range; allowed {bounds[0]}..{bounds[1]}"
            )
        return value
    if tp is str:
        if not isinstance(value, str):
            raise ProfileError(f"{source}: {key} must be a string, not {_show(value)}")
        return value
    if isinstance(tp, type) and issubclass(tp, Enum):
        try:
            return tp(value)
        except (ValueError, TypeError) as exc:
            raise ProfileError(f"{source}: {key} = {_show(value)} is not allowed") from exc
    raise ProfileError(f"{source}: {key}: unsupported knob type {tp}")


_TAI_PATTERN_MAX = 64  # the largest table value is 天胡 24; leave room for house tables

# Every integer knob has a range (a test checks it); list knobs apply it to each item.
KNOB_RANGES: dict[str, tuple[int, int]] = {
    "tiles.red_fives": (0, 1),
    "tiles.flowers": (0, 8),
    "wall.stacks_per_side": (17, 18),
    "wall.dead_wall_size": (0, 16),
    "wall.dora_indicator_stack": (0, 7),
    "wall.max_dora_indicators": (0, 5),
    "deal.rounds_of": (1, 4),
    "claims.max_winners": (1, 3),
    "kan.max_total": (0, 34),
    "win.sets": (4, 5),
    "win.min_han": (0, 13),
    "riichi.min_points": (-1, 100000),
    "riichi.min_live_tiles": (0, 70),
    "draws.noten_total": (0, 12000),
    "score.double_wind_pair_fu": (2, 4),
    "score.honba_ron": (0, 3000),
    "score.honba_tsumo_each": (0, 1000),
    "game.start_points": (0, 1_000_000),
    "game.return_points": (0, 1_000_000),
    "game.extension_target": (0, 1_000_000),
    "game.uma": (-1000, 1000),
    "game.chombo_points": (0, 1_000_000),
    "tai.base": (0, 1_000_000),
    "tai.tai_value": (0, 1_000_000),
    "tai.dealer_base": (0, 16),
    "tai.per_continuation": (0, 16),
    "tai.tai_cap": (0, 1000),
    **{
        f"tai.{f.name}": (0, _TAI_PATTERN_MAX)
        for f in dataclasses.fields(TaiRules)
        if f.type in ("int", int)
        and f.name not in {"base", "tai_value", "dealer_base", "per_continuation", "tai_cap"}
    },
    "fan.base_points": (0, 1_000_000),
    **{f"fan.{f.name}": (0, 64) for f in dataclasses.fields(FanRules) if f.type in ("int", int) and f.name != "base_points"},
}


def _check_section(obj: Any, source: str, section: str) -> None:
    """Rules between the knobs of one section."""
    if section == "profile":
        if not _ID.fullmatch(obj.id):
            raise ProfileError(f"{source}: profile.id = {_show(obj.id)} must be a lowercase id ([a-z][a-z0-9_]*)")
        for key in ("name", "description"):
            text = getattr(obj, key)
            if not text.strip() or "\n" in text or len(text) > 200:
                raise ProfileError(f"{source}: profile.{key} must be one non-empty line of at most 200 characters")
    if section == "game" and len(obj.uma) != 4:
        raise ProfileError(f"{source}: game.uma must list 4 values, one per place")
    if section == "draws" and len(set(obj.abortive)) != len(obj.abortive):
        raise ProfileError(f"{source}: draws.abortive lists a kind twice")
    if section == "claims" and (obj.multi_win == "head_bump") != (obj.max_winners == 1):
        raise ProfileError(
            f"{source}: claims.max_winners = {obj.max_winners} does not fit claims.multi_win = "
            f"{obj.multi_win!r}; allowed: 1 exactly with 'head_bump', 2..3 otherwise"
        )
    if section == "wall" and (obj.dora_indicator_stack == 0) != (obj.max_dora_indicators == 0):
        raise ProfileError(
            f"{source}: wall.dora_indicator_stack and wall.max_dora_indicators must both be 0 (no dora) or both positive"
        )


def _check_profile(p: RuleProfile, source: str) -> None:
    """Rules between sections: a profile that contradicts itself is refused, not half-played."""

    def fail(message: str) -> typing.NoReturn:
        raise ProfileError(f"{source}: {message}")

    if p.wall.stacks_per_side * 8 != p.total_tiles:
        fail(
            f"wall.stacks_per_side = {p.wall.stacks_per_side} builds {p.wall.stacks_per_side * 8} tiles, "
            f"but tiles.flowers = {p.tiles.flowers} makes {p.total_tiles}"
        )
    if p.win.sets * 3 + 2 != p.deal.hand_size + 1:
        fail(f"win.sets = {p.win.sets} needs a hand of {p.win.sets * 3 + 1} tiles, but deal.rounds_of "
             f"{list(p.deal.rounds_of)} deals {p.deal.hand_size}")
    if p.wall.max_dora_indicators == 0 and (p.kan.kan_dora or p.riichi.ura_dora):
        fail("kan.kan_dora and riichi.ura_dora must be false when wall.max_dora_indicators = 0")
    if not p.riichi.enabled and (p.riichi.ura_dora or p.riichi.ippatsu or p.riichi.double_riichi or p.furiten.riichi):
        fail("riichi.ura_dora, riichi.ippatsu, riichi.double_riichi and furiten.riichi must be false when riichi.enabled = false")
    if p.score.model != "base_plus_tai" and p.tai != TaiRules():
        fail(f"[tai] knobs are read only with score.model = 'base_plus_tai', not {p.score.model!r}: "
             "leave the section out")
    if p.score.model != "fan_doubling" and p.fan != FanRules():
        fail(f"[fan] knobs are read only with score.model = 'fan_doubling', not {p.score.model!r}: "
             "leave the section out")
    if p.score.model == "fan_doubling" and not 0 < p.fan.min_fan <= p.fan.limit:
        fail(f"fan.min_fan = {p.fan.min_fan} must be at least 1 and at most fan.limit = {p.fan.limit}")
