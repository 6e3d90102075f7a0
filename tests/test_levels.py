"""The tutorial levels against the engine: every level deals, plays its right answers and sees the
engine refuse what it calls illegal; the checker itself catches a level that lies; malformed files
are reported with the file, the line and the field (and listed as broken, never raised)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from conftest import SHARED

from game.cli import main
from game.i18n import LANGUAGES
from game.tutorial.judge import check_all, check_citation, check_level
from game.tutorial.level import PROFILES, LevelError, levels_dir, load_all, load_level

LEVELS = levels_dir()
SEEDS = SHARED / "seeds"


def test_every_level_agrees_with_the_engine() -> None:
    count, failures = check_all(LEVELS)
    assert failures == []
    assert count >= 18


def test_levels_cover_the_three_profiles_and_the_issue_topics() -> None:
    catalogue = load_all(LEVELS)
    assert catalogue.broken == []
    by_profile = {p: [lv.id for lv in catalogue.levels if lv.profile == p] for p in PROFILES}
    assert all(len(ids) >= 4 for ids in by_profile.values()), by_profile
    ids = " ".join(lv.id for lv in catalogue.levels)
    for topic in ("chi-from-left", "pon-beats-chi", "ron-beats", "double-ron", "every-claimant", "head-bump",
                  "triple-ron-aborts", "last-discard", "robbing-a-kong", "furiten", "temporary-furiten", "kuikae",
                  "claim-window", "turns-skipped", "kong-from-the-hill", "flowers", "false-mahjong", "chombo"):
        assert topic in ids, topic
    for level in catalogue.levels:  # every text in every language (tests/test_i18n.py checks each field)
        for value in (level.title, level.summary, *(s.narration for s in level.steps), *(s.explain for s in level.steps)):
            assert set(value) == set(LANGUAGES), level.id


def test_citations_quote_the_seed_rulebooks() -> None:
    if not SEEDS.is_dir():
        pytest.skip(f"the seed rulebooks are absent ({SEEDS})")
    for level in load_all(LEVELS).levels:
        assert check_citation(level, SEEDS) == []


def test_the_cli_check_passes_and_lists(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["levels", "check", "--dir", str(LEVELS)]) == 0
    assert "0 failures" in capsys.readouterr().out
    assert main(["levels", "list", "--dir", str(LEVELS)]) == 0
    assert "riichi-pon-beats-chi" in capsys.readouterr().out


def _copy(tmp_path: Path, name: str, edit: tuple[str, str]) -> Path:
    src = LEVELS / f"{name}.toml"
    text = src.read_text(encoding="utf-8")
    assert edit[0] in text
    path = tmp_path / src.name
    path.write_text(text.replace(edit[0], edit[1], 1), encoding="utf-8")
    return path


def test_the_check_catches_a_level_that_disagrees_with_the_engine(tmp_path: Path) -> None:
    # a level claiming the chi beats the pon
    path = _copy(tmp_path, "riichi-02-pon-beats-chi", ('answer = "2"', 'answer = "1"'))
    path.write_text(path.read_text(encoding="utf-8").replace('answer = "1"\n\n[steps.wrong.why]', 'answer = "2"\n\n[steps.wrong.why]', 1),
                    encoding="utf-8")
    failures = check_level(load_level(path))
    assert any("expects outcome '1', the engine gives '2'" in f for f in failures), failures
    # a level calling a legal ron illegal (not at a strict table, with a hand that wins: all simples)
    path = _copy(tmp_path, "riichi-11-chombo", ('2 = "123m 789m 789s 4556p"', '2 = "234m 678m 678s 4556p"'))
    path.write_text(path.read_text(encoding="utf-8").replace("strict = true", "strict = false")
                    .replace('penalty = "chombo"', 'illegal = "no-win"'), encoding="utf-8")
    failures = check_level(load_level(path))
    assert any("calls '2:ron' illegal (no-win) but the engine allows it" in f for f in failures), failures
    # a level naming the wrong penalty for a false win, or a penalty off the strict table
    path = _copy(tmp_path, "riichi-11-chombo", ('penalty = "chombo"', 'penalty = "dead_hand"'))
    failures = check_level(load_level(path))
    assert any("'2:ron' costs a chombo, the level says dead_hand" in f for f in failures), failures
    path = _copy(tmp_path, "riichi-11-chombo", ("strict = true", "strict = false"))
    failures = check_level(load_level(path))
    assert any("says '2:ron' costs a chombo, but the engine takes it as no false declaration" in f
               for f in failures), failures
    # a level whose false declaration costs another amount than it says
    path = _copy(tmp_path, "riichi-11-chombo", ('"pays:2:8000"', '"pays:2:12000"'))
    failures = check_level(load_level(path))
    assert any("expected 'pays:2:12000', but pays 8000" in f for f in failures), failures
    # the Taiwanese dead hand pays the winner, North (who is not dead) does not
    path = _copy(tmp_path, "taiwanese-05-false-mahjong", ('"paid_winner:2"', '"paid_winner:3"'))
    failures = check_level(load_level(path))
    assert any("expected 'paid_winner:3', but seat 3 paid no winner" in f for f in failures), failures
    # a refusal for another rule than the level says
    path = _copy(tmp_path, "riichi-08-furiten", ('illegal = "furiten"', 'illegal = "kuikae"'))
    failures = check_level(load_level(path))
    assert any("refused for [furiten], the level says [kuikae]" in f for f in failures), failures
    # a level that forgets a seat could win on the tile
    path = _copy(tmp_path, "riichi-03-ron-beats-pon-kan", ('    "1:ron",\n', ""))
    failures = check_level(load_level(path))
    assert any("seat 1 could win on this tile, but the level never says so" in f for f in failures), failures


def test_a_situation_the_engine_cannot_deal_is_a_failure(tmp_path: Path) -> None:
    path = _copy(tmp_path, "riichi-02-pon-beats-chi", ('2 = "55m', '2 = "5555m'))
    failures = check_level(load_level(path))
    assert len(failures) == 1 and "situation" in failures[0], failures


@pytest.mark.parametrize(
    ("edit", "line", "field"),
    [
        (('profile = "riichi"', 'profile = "mcr"'), 3, "profile"),
        (('learner = 2', 'learner = "west"'), 5, "learner"),
        (('task = "predict"', 'task = "guess"'), 47, "steps[0].task"),
        (('answer = "2"\n', 'answers = "2"\n'), 46, "steps[0].answer"),
        (('[source]\nfile', '[source]\nfile = = "x"\nfile'), 22, "(syntax)"),
    ],
)
def test_a_malformed_level_names_file_line_and_field(tmp_path: Path, edit: tuple[str, str], line: int,
                                                     field: str) -> None:
    path = _copy(tmp_path, "riichi-02-pon-beats-chi", edit)
    with pytest.raises(LevelError) as caught:
        load_level(path)
    err = caught.value
    assert (err.file, err.field) == (path.name, field)
    assert err.line == line, str(err)
    assert str(err).startswith(f"{path.name}:{line}: {field}:")


def test_a_broken_level_is_listed_not_raised(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    shutil.copy(LEVELS / "riichi-02-pon-beats-chi.toml", tmp_path)
    (tmp_path / "zz-broken.toml").write_text('profile = "riichi"\nlearner = [\n', encoding="utf-8")
    catalogue = load_all(tmp_path)
    assert [lv.id for lv in catalogue.levels] == ["riichi-pon-beats-chi"]
    assert [e.file for e in catalogue.broken] == ["zz-broken.toml"]
    assert main(["levels", "check", "--dir", str(tmp_path)]) == 1
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith("zz-broken.toml:") and "(syntax)" in out[0]


def test_a_penalty_the_format_does_not_know_is_a_level_error(tmp_path: Path) -> None:
    path = _copy(tmp_path, "riichi-11-chombo", ('penalty = "chombo"', 'penalty = "a fine"'))
    with pytest.raises(LevelError) as caught:
        load_level(path)
    assert caught.value.field == "steps[0].wrong" and "chombo, dead_hand" in caught.value.message


@pytest.mark.parametrize(
    ("name", "edit", "message"),
    [
        ("riichi-02-pon-beats-chi", ("agrees = true\n", ""), "say whether this rulebook agrees"),
        ("ema-01-pung-beats-chow-timing", ('[source.rule]', 'agrees = true\n\n[source.rule]'), "leave agrees out"),
    ],
)
def test_a_lesson_quoting_another_rulebook_says_whether_its_rules_agree(tmp_path: Path, name: str,
                                                                       edit: tuple[str, str], message: str) -> None:
    """The riichi (Tenhou) lessons quote EMA's claim rules: each must say whether Tenhou's rules
    are the same (the player reads it under the quote); a lesson quoting its own book must not."""
    path = _copy(tmp_path, name, edit)
    with pytest.raises(LevelError) as caught:
        load_level(path)
    assert caught.value.field == "source.agrees" and message in str(caught.value)
    mixed = [lv for lv in load_all().levels if lv.source.agrees is not None]
    assert mixed and all(lv.profile == "riichi" for lv in mixed)
    assert [lv.id for lv in mixed if lv.source.agrees is False] == ["riichi-triple-ron-aborts"]
