"""The rules of a log: named where the log names them (title, ``aka``, ``rule.disp``, mjai's
``start_game``), fitted by replaying where it does not; what does not fit is reported by kind."""

from __future__ import annotations

import dataclasses
import json
from functools import cache
from pathlib import Path

import pytest
from log_helpers import called_match

from game.cli import main
from game.engine import Match
from game.engine.logs import (
    LogRules,
    fit_rules,
    from_mjai,
    from_tenhou6,
    mjai_dumps,
    named_rules,
    read_log,
    to_mjai,
    to_tenhou6,
)
from game.engine.profile import load_profile

RIICHI = load_profile("riichi")
EMA = load_profile("ema")


@cache
def ema_match() -> Match:
    return called_match(EMA, 2)


@cache
def riichi_match() -> Match:
    return called_match(RIICHI, 9)  # holds a nine-kinds abort, which EMA does not have


def test_an_ema_mjai_log_names_no_rules_and_is_read_as_ema() -> None:
    """The reported failure: an EMA log read under riichi rules ("more copies of tile kind 13 than
    the set holds", its four plain fives read against a set with a red one)."""
    events = to_mjai(ema_match())
    events[0] = {"type": "start_game", "names": events[0]["names"]}  # as other tools write it
    logged = from_mjai(events)
    assert not logged.aka and not logged.aka_known
    assert named_rules(logged) == LogRules("ema", "hanchan", False)
    fit = fit_rules(logged)
    assert fit.fits and fit.rules.profile_id == "ema" and fit.named


def test_exports_name_their_rules() -> None:
    ema = from_tenhou6(to_tenhou6(ema_match()))
    assert named_rules(ema) == LogRules("ema", "hanchan", False)
    riichi = read_log(mjai_dumps(to_mjai(riichi_match())))
    assert named_rules(riichi) == LogRules("riichi", "hanchan", True)
    tonpuu = dataclasses.replace(RIICHI, game=dataclasses.replace(RIICHI.game, length="tonpuu"))
    east = from_tenhou6(to_tenhou6(called_match(tonpuu, 1)))
    assert named_rules(east).length == "tonpuu"
    assert fit_rules(east).rules.profile().game.length == "tonpuu"


def test_a_log_that_does_not_fit_the_rules_it_names_is_fitted_to_others() -> None:
    data = to_tenhou6(riichi_match())
    data["title"] = [EMA.profile.name, ""]
    logged = from_tenhou6(data)
    assert named_rules(logged).profile_id == "ema"
    under_ema = fit_rules(logged, LogRules("ema", "hanchan", True))
    assert under_ema.rules.profile_id == "riichi" and not under_ema.named and under_ema.fits


def test_what_does_not_fit_is_reported_by_kind() -> None:
    data = to_tenhou6(riichi_match())
    k, hand = next((k, h) for k, h in enumerate(data["log"]) if h[16][0] == "和了" and k > 0)
    hand[16][1] = [d + 100 * (i == 0) - 100 * (i == 1) for i, d in enumerate(hand[16][1])]
    data["log"][0][4][0] = data["log"][0][4][1] = data["log"][0][4][2] = 11  # five 1m with the others
    data["log"][0][7][:2] = [11, 11]
    fit = fit_rules(from_tenhou6(data))
    kinds = {r.index: r.kind for r in fit.misfits}
    assert kinds.get(1) == "tiles"
    assert kinds.get(k + 1) == "result"


def test_replay_check_reads_under_the_rules_the_log_names(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    events = to_mjai(ema_match())
    events[0] = {"type": "start_game", "names": events[0]["names"]}
    path = tmp_path / "ema.mjson"
    path.write_text("".join(json.dumps(e) + "\n" for e in events), encoding="utf-8")
    assert main(["replay-check", str(path)]) == 0
    assert capsys.readouterr().out.strip().endswith("hands, ema, hanchan)")
