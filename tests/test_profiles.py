"""Rule profiles: the shipped files load, ``extends`` merges, and any bad file is a ProfileError.

The mutation tests start from a valid merged profile and break it one way at a time; whatever
the break, the loader must answer with a :class:`ProfileError` naming the file and the key,
never with another exception and never by accepting the file.
"""

from __future__ import annotations

import copy
import dataclasses
import tomllib
import typing
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any, Literal, get_args, get_origin

import pytest
import tomli_w
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.engine import profile as prof
from game.engine.errors import ProfileError
from game.engine.profile import (
    RuleProfile,
    TaiRules,
    available_profiles,
    build_profile,
    diff_profiles,
    load_profile,
    load_profile_file,
    profile_data,
)
from game.engine.rows import Unit

SHIPPED = ["riichi", "ema", "taiwanese"]
SECTIONS: dict[str, type[Any]] = typing.get_type_hints(RuleProfile)
SOURCE = "mutant.toml"


@cache
def knob_type(section: str, key: str) -> Any:
    return typing.get_type_hints(SECTIONS[section])[key]


def all_knobs() -> list[tuple[str, str]]:
    return [(s, f.name) for s, cls in SECTIONS.items() for f in dataclasses.fields(cls)]


@cache
def merged(profile_id: str) -> dict[str, Any]:
    return profile_data(profile_id)


def raw_file(profile_id: str) -> dict[str, Any]:
    text = resources.files("game.engine").joinpath("profiles", f"{profile_id}.toml").read_text(encoding="utf-8")
    return tomllib.loads(text)


# --- the shipped profiles ----------------------------------------------------------------------


def test_the_three_rulebooks_ship() -> None:
    assert set(SHIPPED) <= set(available_profiles())


@pytest.mark.parametrize("profile_id", SHIPPED)
def test_every_shipped_profile_loads_under_its_own_name(profile_id: str) -> None:
    p = load_profile(profile_id)
    assert p.id == profile_id
    assert p.profile.name and "\n" not in p.profile.description
    assert len(p.hash) == 16 and int(p.hash, 16) >= 0
    assert p.wall.stacks_per_side * 8 == p.total_tiles


def test_ema_extends_riichi_and_every_override_is_a_real_difference() -> None:
    """The knobs ema.toml writes are exactly the knobs that differ from riichi, no more, no less."""
    riichi, ema = load_profile("riichi"), load_profile("ema")
    written = {f"{s}.{k}" for s, table in raw_file("ema").items() if s != "profile" for k in table}
    differing = {key for key, _, _ in diff_profiles(riichi, ema)}
    assert written == differing
    knobs = ema.knobs()
    for section, table in raw_file("ema").items():
        for key, value in table.items():
            if section != "profile":
                assert knobs[f"{section}.{key}"] == value


def test_ema_carries_the_rcr_2016_differences_listed_in_the_brief() -> None:
    ema = load_profile("ema")
    assert (ema.tiles.red_fives, ema.claims.multi_win, ema.claims.max_winners) == (0, "all", 3)
    assert ema.draws.abortive == () and not ema.draws.nagashi_mangan and not ema.kan.four_kan_abort
    assert (ema.kan.dora_open, ema.kan.riichi_ankan) == ("immediate", "wait_unchanged_pung_only")
    assert (ema.furiten.temporary_ends, ema.score.kazoe, ema.score.renhou) == ("draw_or_claim", "sanbaiman", "mangan")
    assert (ema.game.start_points, ema.game.uma, ema.game.chombo_points) == (30000, (15, 5, -5, -15), 20000)
    assert not (ema.game.tobi or ema.game.west_extension or ema.game.agari_yame or ema.game.oka_to_first)
    assert (ema.riichi.min_points, ema.claims.window, ema.score.pao_honba_payer) == (-1, "win_until_next_discard", "discarder")


@pytest.mark.parametrize("profile_id", [p for p in SHIPPED if not raw_file(p)["profile"].get("extends")])
def test_a_standalone_profile_writes_every_knob(profile_id: str) -> None:
    """No default leaks into a profile that extends nothing (the [tai] section is left out where the
    scoring model does not read it)."""
    raw = raw_file(profile_id)
    for section, key in all_knobs():
        if section == "profile" or (section in ("tai", "fan") and section not in raw):
            continue
        assert key in raw.get(section, {}), f"{profile_id}.toml does not write {section}.{key}"


def test_taiwanese_is_a_16_tile_flower_game_scored_in_tai() -> None:
    tw = load_profile("taiwanese")
    assert (tw.total_tiles, tw.deal.hand_size, tw.win.sets, tw.wall.dead_wall_size) == (144, 16, 5, 16)
    assert tw.unit is Unit.TAI and tw.score.model == "base_plus_tai" and not tw.riichi.enabled
    assert (tw.claims.multi_win, tw.claims.window) == ("head_bump", "until_next_draw")
    assert (tw.tai.dealer_base, tw.tai.per_continuation, tw.tai.tianhu, tw.tai.renhu) == (1, 2, 24, 8)
    assert load_profile("riichi").tai == TaiRules() == load_profile("ema").tai  # read by no riichi rule


def test_every_integer_knob_has_a_range() -> None:
    for section, key in all_knobs():
        tp = knob_type(section, key)
        item = get_args(tp)[0] if get_origin(tp) is tuple else tp
        if item is int:
            assert f"{section}.{key}" in prof.KNOB_RANGES, f"{section}.{key} has no range"


def test_unknown_profile_id_is_a_profile_error() -> None:
    with pytest.raises(ProfileError, match="unknown profile 'nope'"):
        load_profile("nope")


# --- extends -----------------------------------------------------------------------------------


def write(folder: Path, name: str, body: str) -> Path:
    path = folder / f"{name}.toml"
    path.write_text(f'[profile]\nid = "{name}"\nname = "{name}"\ndescription = "test"\n{body}', encoding="utf-8")
    return path


def test_a_file_extending_a_shipped_profile_overrides_one_knob(tmp_path: Path) -> None:
    p = load_profile_file(write(tmp_path, "house", 'extends = "ema"\n[game]\nstart_points = 25000\n'))
    diff = diff_profiles(load_profile("ema"), p)
    assert diff == [("game.start_points", 30000, 25000)]


def test_extends_prefers_a_sibling_file_and_chains(tmp_path: Path) -> None:
    write(tmp_path, "base", 'extends = "riichi"\n[tiles]\nred_fives = 0\n')
    p = load_profile_file(write(tmp_path, "child", 'extends = "base"\n[game]\ntobi = false\n'))
    assert {k for k, _, _ in diff_profiles(load_profile("riichi"), p)} == {"tiles.red_fives", "game.tobi"}


@pytest.mark.parametrize("chain", [["a", "a"], ["a", "b", "a"], ["a", "b", "c", "b"]])
def test_an_extends_cycle_is_an_error(tmp_path: Path, chain: list[str]) -> None:
    for name, parent in zip(chain, chain[1:], strict=False):
        write(tmp_path, name, f'extends = "{parent}"\n')
    with pytest.raises(ProfileError, match="cycle"):
        load_profile_file(tmp_path / f"{chain[0]}.toml")


@pytest.mark.parametrize("parent", ["nope", "../riichi", 5, ["riichi"]])
def test_extends_naming_no_profile_is_an_error(tmp_path: Path, parent: object) -> None:
    path = tmp_path / "x.toml"
    path.write_text(tomli_w.dumps({"profile": {"id": "x", "name": "x", "description": "x", "extends": parent}}))
    with pytest.raises(ProfileError, match=r"x\.toml: profile\.extends"):
        load_profile_file(path)


@pytest.mark.parametrize(
    "text",
    ["[tiles\n", "x = 1\nx = 2\n", "[tiles]\nred_fives = " + "[" * 50_000 + "]" * 50_000 + "\n"],
    ids=["broken", "duplicate", "deep"],
)
def test_an_unreadable_file_is_a_profile_error(tmp_path: Path, text: str) -> None:
    path = tmp_path / "bad.toml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(ProfileError, match="bad.toml"):
        load_profile_file(path)
    with pytest.raises(ProfileError, match="no such profile file"):
        load_profile_file(tmp_path / "absent.toml")


# --- rules between knobs -----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("profile_id", "section", "key", "value", "named"),
    [
        ("riichi", "tiles", "flowers", 8, "wall.stacks_per_side"),
        ("riichi", "deal", "rounds_of", [4, 4, 4, 4], "deal.rounds_of"),
        ("taiwanese", "win", "sets", 4, "win.sets"),
        ("riichi", "claims", "max_winners", 1, "claims.max_winners"),
        ("taiwanese", "score", "model", "han_fu", "score.model"),
        ("riichi", "tai", "base", 30, "score.model"),
        ("taiwanese", "riichi", "ippatsu", True, "riichi.enabled"),
        ("taiwanese", "kan", "kan_dora", True, "kan.kan_dora"),
        ("riichi", "wall", "max_dora_indicators", 0, "wall.dora_indicator_stack"),
        ("riichi", "draws", "abortive", ["sanchahou", "sanchahou"], "draws.abortive"),
        ("riichi", "game", "uma", [20, 10, -30], "game.uma"),
        ("riichi", "profile", "id", "Riichi!", "profile.id"),
        ("riichi", "profile", "description", "two\nlines", "profile.description"),
    ],
)
def test_knobs_that_contradict_each_other_are_refused(
    profile_id: str, section: str, key: str, value: object, named: str
) -> None:
    data = copy.deepcopy(profile_data(profile_id))
    data.setdefault(section, {})[key] = value
    with pytest.raises(ProfileError, match=named.replace(".", r"\.")) as info:
        build_profile(data, SOURCE)
    assert str(info.value).startswith(SOURCE)


# --- mutations: anything broken is a ProfileError naming file and key ---------------------------

KNOBS = [(s, k) for s, k in all_knobs()]
NAME = st.from_regex(r"[a-z_][a-z0-9_-]{0,12}", fullmatch=True)
HUGE = st.sampled_from([2**63, -(2**63) - 1, 10**30, -(10**100)])
SCALARS = st.one_of(
    st.booleans(), st.integers(), HUGE, st.floats(), st.text(max_size=8), st.just(None), st.dates()
)


def deep(depth: int, leaf: object, as_dict: bool) -> object:
    value = leaf
    for _ in range(depth):
        value = {"k": value} if as_dict else [value]
    return value


def wrong_type_for(tp: Any) -> st.SearchStrategy[object]:
    """Values a knob of type ``tp`` must refuse; bool-for-int and int-for-bool included."""
    lists = st.lists(SCALARS, max_size=3)
    tables = st.dictionaries(NAME, SCALARS, max_size=2)
    origin = get_origin(tp)
    if origin is tuple:
        return st.one_of(st.booleans(), st.integers(), st.text(max_size=5), tables)
    if tp is int:
        return st.one_of(st.booleans(), st.floats(), st.text(max_size=5), lists, tables, st.just(None))
    if tp is bool:
        return st.one_of(st.integers(), st.floats(), st.text(max_size=5), lists, tables)
    return st.one_of(st.booleans(), st.integers(), HUGE, st.floats(), lists, tables)  # str and Literal


@st.composite
def mutation(draw: st.DrawFn) -> tuple[dict[str, Any], str]:
    """A shipped profile broken in one way, and the text the error must name."""
    data = copy.deepcopy(merged(draw(st.sampled_from(SHIPPED))))
    kind = draw(
        st.sampled_from(
            ["section", "key", "type", "range", "literal", "deep", "table", "item", "missing", "nested_section"]
        )
    )
    section, key = draw(st.sampled_from(KNOBS))
    tp = knob_type(section, key)
    data.setdefault(section, {})
    if kind == "section":
        name = draw(NAME.filter(lambda n: n not in SECTIONS))
        data[name] = draw(st.dictionaries(NAME, SCALARS, max_size=2))
        return data, f"[{name}]"
    if kind == "key":
        fields = {f.name for f in dataclasses.fields(SECTIONS[section])}
        name = draw(NAME.filter(lambda n: n not in fields))
        data.setdefault(section, {})[name] = draw(SCALARS)
        return data, f"{section}.{name}"
    if kind == "table":
        data[section] = draw(st.one_of(SCALARS, st.lists(SCALARS, max_size=3)))
        return data, f"[{section}]"
    if kind == "missing":
        data["profile"].pop(draw(st.sampled_from(["id", "name", "description"])))
        return data, "profile."
    if kind == "nested_section":
        data.setdefault(section, {})["k"] = deep(draw(st.integers(1, 400)), 1, as_dict=True)
        return data, f"{section}.k"
    if kind == "range":
        ranged = [k for k in prof.KNOB_RANGES if k.split(".")[0] in SECTIONS]
        full = draw(st.sampled_from(ranged))
        section, key = full.split(".")
        lo, hi = prof.KNOB_RANGES[full]
        bad = draw(st.one_of(st.integers(max_value=lo - 1), st.integers(min_value=hi + 1), HUGE))
        if get_origin(knob_type(section, key)) is tuple:
            items = list(data.setdefault(section, {}).get(key, [])) or [lo]
            items[draw(st.integers(0, len(items) - 1))] = bad
            data[section][key] = items
        else:
            data.setdefault(section, {})[key] = bad
        return data, full
    if kind == "literal":
        literals = [
            (s, k) for s, k in KNOBS if get_origin(knob_type(s, k)) is Literal or _literal_items(knob_type(s, k))
        ]
        section, key = draw(st.sampled_from(literals))
        allowed = get_args(_literal_items(knob_type(section, key)) or knob_type(section, key))
        bad_text = draw(st.text(max_size=20).filter(lambda t: t not in allowed))
        data.setdefault(section, {})[key] = [bad_text] if _literal_items(knob_type(section, key)) else bad_text
        return data, f"{section}.{key}"
    if kind == "item":
        tuples = [(s, k) for s, k in KNOBS if get_origin(knob_type(s, k)) is tuple]
        section, key = draw(st.sampled_from(tuples))
        item_tp = get_args(knob_type(section, key))[0]
        data.setdefault(section, {})[key] = [draw(wrong_type_for(item_tp))]
        return data, f"{section}.{key}[0]"
    if kind == "deep":
        as_dict = draw(st.booleans())
        # a list knob nested one level could hold a valid item: nest at least twice there
        depth = draw(st.integers(2 if get_origin(tp) is tuple else 1, 3000))
        data.setdefault(section, {})[key] = deep(depth, draw(SCALARS), as_dict)
        if get_origin(tp) is tuple and not as_dict:
            return data, f"{section}.{key}[0]"
        return data, f"{section}.{key}"
    data.setdefault(section, {})[key] = draw(wrong_type_for(tp))
    return data, f"{section}.{key}"


def _literal_items(tp: Any) -> Any:
    """The Literal inside ``tuple[Literal[...], ...]``, or None."""
    if get_origin(tp) is tuple and get_origin(get_args(tp)[0]) is Literal:
        return get_args(tp)[0]
    return None


@settings(max_examples=250, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(mutation())
def test_any_mutation_is_a_profile_error_naming_file_and_key(case: tuple[dict[str, Any], str]) -> None:
    data, named = case
    with pytest.raises(ProfileError) as info:
        build_profile(data, SOURCE)
    message = str(info.value)
    assert message.startswith(f"{SOURCE}: ")
    assert named in message, message
    assert "\n" not in message, "the command line prints errors on one line"


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(mutation())
def test_a_mutated_file_on_disk_is_a_profile_error_naming_its_path(
    tmp_path_factory: pytest.TempPathFactory, case: tuple[dict[str, Any], str]
) -> None:
    data, named = case
    if named.startswith("profile.extends"):
        return  # this test drops ``extends`` (below), which would undo this mutation: the dict test covers it
    if isinstance(data.get("profile"), dict):
        data["profile"].pop("extends", None)  # already merged: a parent would refill what was broken
    try:
        text = tomli_w.dumps(data)
    except (TypeError, ValueError, RecursionError):
        return  # not writable as TOML (None, a non-table section, too deep): the dict test covers it
    path = tmp_path_factory.mktemp("p") / "mutant.toml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(ProfileError) as info:
        load_profile_file(path)
    assert str(info.value).startswith(str(path))


# --- the profile hash --------------------------------------------------------------------------


def other_value(draw: st.DrawFn, tp: Any, value: Any) -> Any:
    """Any other value of the knob's type (the hash does not validate, so ranges do not matter)."""
    origin = get_origin(tp)
    if origin is Literal:
        return draw(st.sampled_from([v for v in get_args(tp) if v != value]))
    if origin is tuple:
        item_tp = get_args(tp)[0]
        return (*value, other_value(draw, item_tp, None))
    if tp is bool:
        return not value
    if tp is int:
        return draw(st.integers(-(10**6), 10**6).filter(lambda v: v != value))
    return draw(st.text(max_size=10).filter(lambda v: v != value))


@st.composite
def changed_knob(draw: st.DrawFn) -> tuple[RuleProfile, RuleProfile, str]:
    base = load_profile(draw(st.sampled_from(SHIPPED)))
    section, key = draw(st.sampled_from([k for k in KNOBS if k[0] != "profile"]))
    old = getattr(getattr(base, section), key)
    new = other_value(draw, knob_type(section, key), old)
    changed = dataclasses.replace(base, **{section: dataclasses.replace(getattr(base, section), **{key: new})})
    return base, changed, f"{section}.{key}"


@settings(max_examples=200, deadline=None)
@given(changed_knob())
def test_the_hash_changes_when_any_knob_changes(case: tuple[RuleProfile, RuleProfile, str]) -> None:
    base, changed, key = case
    assert base.hash != changed.hash
    assert [d[0] for d in diff_profiles(base, changed)] == [key]


@pytest.mark.parametrize("profile_id", SHIPPED)
def test_the_hash_is_stable_for_the_same_knobs(profile_id: str) -> None:
    data = profile_data(profile_id)
    shuffled = {s: dict(reversed(list(t.items()))) for s, t in reversed(list(data.items()))}
    rebuilt = build_profile(shuffled, "elsewhere.toml")
    assert rebuilt.hash == load_profile(profile_id).hash == build_profile(copy.deepcopy(data), "x.toml").hash
    assert diff_profiles(rebuilt, load_profile(profile_id)) == []


def test_the_three_profiles_hash_apart() -> None:
    assert len({load_profile(p).hash for p in SHIPPED}) == 3


def test_the_continuations_count_where_a_win_pays_for_them() -> None:
    """honba in riichi and EMA (counters), 連莊 tai in Taiwanese; Hong Kong pays for neither
    (hongkong.toml: honba_ron = 0, no [tai]), so its table shows no count."""
    assert [load_profile(p).counts_continuations for p in ("riichi", "ema", "taiwanese", "hongkong")] == [
        True, True, True, False]
