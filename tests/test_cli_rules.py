"""``python -m game rules``: list the profiles and diff two of them, through the real CLI entry."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from game.cli import main
from game.cli.rules import format_value
from game.engine.profile import available_profiles, diff_profiles, load_profile


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_list_shows_every_profile_with_its_description(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "rules", "list")
    assert code == 0 and err == ""
    lines = out.splitlines()
    assert [line.split()[0] for line in lines] == available_profiles()
    for line in lines:
        pid = line.split()[0]
        assert line.endswith(load_profile(pid).profile.description)


def parse_table(out: str) -> list[tuple[str, str, str]]:
    """Read the diff back by column position; a row that starts blank continues the one above."""
    lines = out.splitlines()
    a_col = len(lines[0]) - len(lines[0][len("knob") :].lstrip())
    b_col = len(lines[0]) - len(lines[0].split()[-1])
    rows: list[tuple[str, str, str]] = []
    for line in lines:
        key, a, b = line[:a_col].strip(), line[a_col:b_col].strip(), line[b_col:].strip()
        if key:
            rows.append((key, a, b))
        else:
            k, pa, pb = rows[-1]
            rows[-1] = (k, " ".join(filter(None, [pa, a])), " ".join(filter(None, [pb, b])))
    return rows


@pytest.mark.parametrize(("a", "b"), [("riichi", "ema"), ("taiwanese", "riichi"), ("ema", "taiwanese")])
def test_diff_prints_every_differing_knob_with_both_values_in_columns(
    capsys: pytest.CaptureFixture[str], a: str, b: str
) -> None:
    code, out, _ = run(capsys, "rules", "diff", a, b)
    assert code == 0
    header, *rows = parse_table(out)
    assert header == ("knob", a, b)
    expected = diff_profiles(load_profile(a), load_profile(b))
    assert rows == [(key, format_value(va), format_value(vb)) for key, va, vb in expected]


def test_a_long_list_wraps_inside_its_column(capsys: pytest.CaptureFixture[str]) -> None:
    _, out, _ = run(capsys, "rules", "diff", "riichi", "ema")
    lines = out.splitlines()
    b_col = lines[0].index("ema")
    start = next(i for i, line in enumerate(lines) if line.startswith("draws.abortive"))
    continued = [line for line in lines[start + 1 :]][: 3]
    assert lines[start].rstrip().endswith("[]") and all(line.startswith(" ") for line in continued)
    assert all(len(line.rstrip()) < b_col for line in [lines[start][:b_col], *continued])


def test_diff_of_a_profile_with_itself_says_so(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "rules", "diff", "taiwanese", "taiwanese")
    assert code == 0 and out.strip() == "taiwanese and taiwanese set every knob alike"


def test_diff_accepts_a_profile_file(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = tmp_path / "house.toml"
    path.write_text(
        '[profile]\nid = "house"\nname = "House"\ndescription = "EMA, 25k"\nextends = "ema"\n[game]\nstart_points = 25000\n',
        encoding="utf-8",
    )
    code, out, _ = run(capsys, "rules", "diff", "ema", str(path))
    assert code == 0
    assert out.splitlines()[1].split() == ["game.start_points", "30000", "25000"]


@pytest.mark.parametrize("argv", [["diff", "riichi", "nope"], ["diff", "broken.toml", "riichi"]])
def test_an_unknown_profile_is_one_line_and_exit_2(capsys: pytest.CaptureFixture[str], argv: list[str]) -> None:
    code, out, err = run(capsys, "rules", *argv)
    assert code == 2 and out == ""
    assert len(err.splitlines()) == 1 and err.startswith("error: ")


def test_the_module_entry_point_runs_the_subcommand() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "game", "rules", "diff", "riichi", "nope"], capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 2 and "unknown profile 'nope'" in done.stderr and "Traceback" not in done.stderr


def test_the_help_lists_every_command(capsys: pytest.CaptureFixture[str]) -> None:
    """``--help`` prints every subcommand's line (a ``%`` in one, as in "95 % interval", once
    broke argparse's formatting of the whole help)."""
    from game.cli import SUBCOMMANDS

    with pytest.raises(SystemExit) as done:
        main(["--help"])
    assert done.value.code == 0
    out = capsys.readouterr().out
    assert all(name in out for name in SUBCOMMANDS)
    assert "95 % interval" in out
