"""Rule profiles: every rule knob of a rulebook, loaded from TOML and validated.

A profile is data. The engine reads knobs from a :class:`RuleProfile`; it never asks which
rulebook it is playing. The TOML files live beside this module in ``profiles/``; a profile may
``extends`` another and override any knob. Validation is strict so that a typo in a profile is an
error naming the file, the key and what is allowed, never a silently ignored rule.

Knob names follow ``rules-reference.md`` §1; the comments in each TOML file cite the rulebook.
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
import tomllib
import types
import typing
from dataclasses import dataclass, field
from enum import Enum
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any, Literal, get_args, get_origin

from .errors import ProfileError

KuikaeRule = Literal["forbid_same_and_suji", "forbid_same", "allowed"]
MultiWin = Literal["double", "all", "head_bump"]
DeadWallMode = Literal["fixed", "replenished", "replenished_hill"]
DoraTiming = Literal["immediate", "after_discard"]
RiichiAnkan = Literal["wait_unchanged", "wait_unchanged_pung_only", "never"]
TempFuriten = Literal["own_discard", "draw_or_claim", "none"]
Abortive = Literal["kyuushu_kyuuhai", "suufon_renda", "suucha_riichi", "suukaikan", "sanchahou"]
Renchan = Literal["tenpai", "win_or_draw", "never"]
GameLength = Literal["one_hand", "tonpuu", "hanchan", "one_round", "four_rounds"]
ScoreModel = Literal["han_fu", "base_plus_tai"]
Kazoe = Literal["yakuman", "sanbaiman", "none"]
Renhou = Literal["none", "mangan", "yakuman"]
MultiRonSticks = Literal["first_winner", "own_back_rest_to_first"]
MultiRonHonba = Literal["first_winner", "every_winner"]
PaoHonba = Literal["pao", "discarder"]
TieBreak = Literal["seat", "split"]
NagashiRenchan = Literal["dealer_tenpai", "dealer_nagashi"]
ClaimWindow = Literal["at_once", "until_next_draw"]


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
    dead_wall_mode: DeadWallMode = "fixed"
    dora_indicator_stack: int = 3  # the upper tile of this stack from the break
    max_dora_indicators: int = 5


@dataclass(frozen=True)
class DealRules:
    hand_size: int = 13
    rounds_of: tuple[int, ...] = (4, 4, 4, 1)
    dealer_extra: int = 1


@dataclass(frozen=True)
class ClaimRules:
    chi: bool = True  # chi only from the previous player, when enabled
    multi_win: MultiWin = "double"
    max_winners: int = 2  # with "double": a ron beyond this aborts the hand when sanchahou is on
    kuikae: KuikaeRule = "forbid_same_and_suji"
    window: ClaimWindow = "at_once"


@dataclass(frozen=True)
class KanRules:
    max_total: int = 4
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
    uma: tuple[int, ...] = (20, 10, -10, -20)
    oka_to_first: bool = True
    tie_break: TieBreak = "seat"
    renchan: Renchan = "tenpai"
    chombo_points: int = 0  # 0: a reverse mangan payment; else points taken after uma


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

    @property
    def id(self) -> str:
        return self.profile.id

    @property
    def total_tiles(self) -> int:
        return 136 + self.tiles.flowers

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


# --- loading -----------------------------------------------------------------------------------


def available_profiles() -> list[str]:
    folder = resources.files(__package__).joinpath("profiles")
    return sorted(p.name[:-5] for p in folder.iterdir() if p.name.endswith(".toml"))


@cache
def load_profile(profile_id: str) -> RuleProfile:
    """Load a shipped profile by id (``riichi``, ``ema``, ``taiwanese``)."""
    if profile_id not in available_profiles():
        raise ProfileError(f"unknown profile {profile_id!r}; available: {', '.join(available_profiles())}")
    data = _read_merged(profile_id, set())
    return build_profile(data, f"{profile_id}.toml")


def load_profile_file(path: Path) -> RuleProfile:
    """Load a profile from a file outside the package (its ``extends`` names a shipped one)."""
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError) as exc:
        raise ProfileError(f"{path}: cannot read profile: {exc}") from exc
    parent = data.get("profile", {}).get("extends", "") if isinstance(data.get("profile"), dict) else ""
    if parent:
        data = _merge(_read_merged(str(parent), set()), data)
    return build_profile(data, str(path))


def _read_merged(profile_id: str, seen: set[str]) -> dict[str, Any]:
    if profile_id in seen:
        raise ProfileError(f"{profile_id}.toml: 'extends' forms a cycle through {sorted(seen)}")
    seen.add(profile_id)
    res = resources.files(__package__).joinpath("profiles", f"{profile_id}.toml")
    try:
        data = tomllib.loads(res.read_text(encoding="utf-8"))
    except FileNotFoundError as exc:
        raise ProfileError(f"{profile_id}.toml: no such profile") from exc
    except tomllib.TOMLDecodeError as exc:
        raise ProfileError(f"{profile_id}.toml: {exc}") from exc
    info = data.get("profile", {})
    parent = info.get("extends", "") if isinstance(info, dict) else ""
    if parent:
        return _merge(_read_merged(str(parent), seen), data)
    return data


def _merge(base: dict[str, Any], over: dict[str, Any]) -> dict[str, Any]:
    out = dict(base)
    for key, value in over.items():
        if isinstance(value, dict) and isinstance(out.get(key), dict):
            out[key] = _merge(out[key], value)
        else:
            out[key] = value
    return out


def build_profile(data: dict[str, Any], source: str) -> RuleProfile:
    """Validate a merged TOML mapping against the dataclasses and build the profile."""
    if not isinstance(data, dict):
        raise ProfileError(f"{source}: a profile must be a TOML table")
    sections: dict[str, Any] = {}
    hints = typing.get_type_hints(RuleProfile)
    for key in data:
        if key not in hints:
            raise ProfileError(f"{source}: unknown section [{key}]; allowed: {', '.join(hints)}")
    if "profile" not in data:
        raise ProfileError(f"{source}: missing section [profile] with id, name, description")
    for name, section_type in hints.items():
        raw = data.get(name, {})
        if not isinstance(raw, dict):
            raise ProfileError(f"{source}: [{name}] must be a table")
        sections[name] = _build_section(section_type, raw, source, name)
    return RuleProfile(**sections)


def _build_section(cls: type[Any], raw: dict[str, Any], source: str, section: str) -> Any:
    hints = typing.get_type_hints(cls)
    for key in raw:
        if key not in hints:
            raise ProfileError(
                f"{source}: unknown key {section}.{key}; allowed: {', '.join(sorted(hints))}"
            )
    kwargs: dict[str, Any] = {}
    for f in dataclasses.fields(cls):
        if f.name not in raw:
            if f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING:
                raise ProfileError(f"{source}: missing key {section}.{f.name}")
            continue
        kwargs[f.name] = _coerce(hints[f.name], raw[f.name], source, f"{section}.{f.name}")
    obj = cls(**kwargs)
    _check_range(obj, source, section)
    return obj


def _coerce(tp: Any, value: Any, source: str, key: str) -> Any:
    origin = get_origin(tp)
    if origin is Literal:
        allowed = get_args(tp)
        if value not in allowed:
            raise ProfileError(f"{source}: {key} = {value!r} is not allowed; allowed: {', '.join(map(repr, allowed))}")
        return value
    if origin is tuple:
        (item_tp, _ellipsis) = get_args(tp)
        if not isinstance(value, list):
            raise ProfileError(f"{source}: {key} must be a list, not {type(value).__name__}")
        return tuple(_coerce(item_tp, v, source, f"{key}[{i}]") for i, v in enumerate(value))
    if origin in (types.UnionType, typing.Union):
        raise ProfileError(f"{source}: {key}: unions are not supported in profiles")
    if tp is bool:
        if not isinstance(value, bool):
            raise ProfileError(f"{source}: {key} must be true or false, not {value!r}")
        return value
    if tp is int:
        if isinstance(value, bool) or not isinstance(value, int):
            raise ProfileError(f"{source}: {key} must be an integer, not {value!r}")
        return value
    if tp is str:
        if not isinstance(value, str):
            raise ProfileError(f"{source}: {key} must be a string, not {value!r}")
        return value
    if isinstance(tp, type) and issubclass(tp, Enum):
        try:
            return tp(value)
        except ValueError as exc:
            raise ProfileError(f"{source}: {key} = {value!r} is not allowed") from exc
    raise ProfileError(f"{source}: {key}: unsupported knob type {tp}")


_RANGES: dict[str, tuple[int, int]] = {
    "tiles.red_fives": (0, 1),
    "tiles.flowers": (0, 8),
    "wall.stacks_per_side": (17, 18),
    "wall.dead_wall_size": (0, 16),
    "wall.dora_indicator_stack": (1, 7),
    "wall.max_dora_indicators": (0, 5),
    "deal.hand_size": (13, 16),
    "deal.dealer_extra": (1, 1),
    "claims.max_winners": (1, 3),
    "kan.max_total": (0, 4),
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
    "game.chombo_points": (0, 1_000_000),
}


def _check_range(obj: Any, source: str, section: str) -> None:
    for f in dataclasses.fields(obj):
        key = f"{section}.{f.name}"
        bounds = _RANGES.get(key)
        if bounds is None:
            continue
        value = getattr(obj, f.name)
        lo, hi = bounds
        if not lo <= value <= hi:
            raise ProfileError(f"{source}: {key} = {value} is out of range; allowed {lo}..{hi}")
    if section == "deal" and sum(obj.rounds_of) != obj.hand_size:
        raise ProfileError(f"{source}: deal.rounds_of {list(obj.rounds_of)} must add up to deal.hand_size {obj.hand_size}")
    if section == "game" and len(obj.uma) != 4:
        raise ProfileError(f"{source}: game.uma must list 4 values, one per place")
