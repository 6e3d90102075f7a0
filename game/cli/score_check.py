"""``score-check FILE``: score every hand of a majiang-core ``hule.json`` file and compare.

Each case gives a winning hand in kobalab notation with its situation (winds, riichi, dora,
honba, sticks) and majiang-core's answer: yaku with han, fu, total han, yakuman multiple, the
winner's points and every seat's score change. The hands are scored by
:func:`game.engine.scoring.score_win` under the file's own rule set (:func:`oracle_profile`), and
every field is compared. Seats: the dealer is seat 0, so a seat wind is also an absolute seat.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from game.engine.errors import AtlasError, NotationError
from game.engine.kobalab import TileIds, giver_seat, parse_hand, parse_tile
from game.engine.profile import RuleProfile, load_profile
from game.engine.scoring import HandScore, WinContext, score_win
from game.engine.yaku_names import japanese_name

DEALER = 0


def oracle_profile() -> RuleProfile:
    """The rule set behind majiang-core's ``hule.json`` (shared/oracles/README.md): the riichi
    profile with double yakuman patterns on; the other knobs are stated to show they are meant."""
    base = load_profile("riichi")
    score = dataclasses.replace(
        base.score,
        open_tanyao=True,
        kiriage=False,
        kazoe="yakuman",
        double_yakuman=True,
        yakuman_stack=True,
        double_wind_pair_fu=4,
        renhou="none",
    )
    tiles = dataclasses.replace(base.tiles, red_fives=1)
    return dataclasses.replace(base, score=score, tiles=tiles)


def win_context(case_in: Mapping[str, Any]) -> WinContext:
    """The engine's view of one ``in`` record."""
    param = case_in["param"]
    winner = int(param["menfeng"])
    ids = TileIds()
    hand = parse_hand(str(case_in["shoupai"]), owner=winner, ids=ids)
    concealed = hand.concealed
    discarder: int | None = None
    if case_in.get("rongpai"):
        win_tile, mark = parse_tile(str(case_in["rongpai"]), ids)
        discarder = giver_seat(winner, mark)
        concealed = (*concealed, win_tile)
    elif hand.drawn is not None:
        win_tile = hand.drawn
    else:
        raise NotationError(f"{case_in['shoupai']!r}: no ron tile and no drawn tile")
    indicator_ids = TileIds()
    dora = tuple(parse_tile(str(p), indicator_ids)[0] for p in param.get("baopai", []))
    ura = tuple(parse_tile(str(p), indicator_ids)[0] for p in param.get("fubaopai", []) or [])
    hupai = param.get("hupai", {})
    jicun = param.get("jicun", {})
    return WinContext(
        winner=winner,
        discarder=discarder,
        dealer=DEALER,
        concealed=concealed,
        win_tile=win_tile,
        melds=hand.melds,
        seat_wind=winner,
        round_wind=int(param["zhuangfeng"]),
        riichi=hupai.get("lizhi", 0) in (1, 2),
        double_riichi=hupai.get("lizhi", 0) == 2,
        ippatsu=bool(hupai.get("yifa")),
        haitei=hupai.get("haidi", 0) == 1,
        houtei=hupai.get("haidi", 0) == 2,
        rinshan=bool(hupai.get("lingshang")),
        chankan=bool(hupai.get("qianggang")),
        tenhou=hupai.get("tianhu", 0) == 1,
        chiihou=hupai.get("tianhu", 0) == 2,
        dora_indicators=dora,
        ura_indicators=ura,
        honba=int(jicun.get("changbang", 0)),
        riichi_sticks=int(jicun.get("lizhibang", 0)),
    )


def _han(fanshu: int | str) -> int:
    """majiang-core writes a yakuman's han as ``*`` marks, one per multiple."""
    return 13 * len(fanshu) if isinstance(fanshu, str) else int(fanshu)


def differences(score: HandScore | None, out: Mapping[str, Any]) -> list[str]:
    """What differs between our score and majiang-core's ``out`` record (empty = a match)."""
    if score is None:
        return ["scored as no win"]
    diffs: list[str] = []
    expected_yaku = sorted((str(y["name"]), _han(y["fanshu"])) for y in out["hupai"])
    got_yaku = sorted((japanese_name(y.id), y.han) for y in score.yaku)
    if expected_yaku != got_yaku:
        diffs.append(f"yaku {expected_yaku} != {got_yaku}")
    yakuman = out.get("damanguan") or 0
    if yakuman != score.yakuman:
        diffs.append(f"yakuman {yakuman} != {score.yakuman}")
    if not yakuman:
        if out["fanshu"] != score.han:
            diffs.append(f"han {out['fanshu']} != {score.han}")
        if out["fu"] != score.fu:
            diffs.append(f"fu {out['fu']} != {score.fu}")
    if out["defen"] != score.hand_points:
        diffs.append(f"defen {out['defen']} != {score.hand_points}")
    if list(out["fenpei"]) != list(score.payments):
        diffs.append(f"fenpei {list(out['fenpei'])} != {list(score.payments)}")
    return diffs


def check_case(case: Mapping[str, Any], profile: RuleProfile) -> list[str]:
    try:
        ctx = win_context(case["in"])
        return differences(score_win(ctx, profile), case["out"])
    except (AtlasError, ValueError, KeyError) as exc:
        return [f"cannot score: {exc}"]


def check_cases(cases: Sequence[Mapping[str, Any]], profile: RuleProfile) -> list[tuple[int, list[str]]]:
    """The (index, differences) of every case that does not match."""
    out: list[tuple[int, list[str]]] = []
    for index, case in enumerate(cases):
        diffs = check_case(case, profile)
        if diffs:
            out.append((index, diffs))
    return out


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("file", metavar="FILE", type=Path, help="a majiang-core hule.json file")


def run(args: argparse.Namespace) -> int:
    try:
        cases = json.loads(Path(args.file).read_text(encoding="utf-8"))
    except json.JSONDecodeError as exc:
        raise NotationError(f"{args.file}: not JSON: {exc}") from exc
    if not isinstance(cases, list):
        raise NotationError(f"{args.file}: expected a JSON list of hands")
    mismatches = check_cases(cases, oracle_profile())
    print(f"matched {len(cases) - len(mismatches)} of {len(cases)}")
    for index, diffs in mismatches:
        print(f"#{index} {cases[index]['in'].get('shoupai', '?')}: {'; '.join(diffs)}")
    return 1 if mismatches else 0
