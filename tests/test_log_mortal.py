"""Mortal's rules engine (the ``mjai`` package's ``PlayerState.validate_reaction``) accepts every
action of our mjai logs: the seeded set of every call, kan and ending (but the strict table's
chombo, which Mortal's rules do not have), the kans after an open kan, and the ambiguity fixtures'
hands. It lives in its own venv (it pins an old ``mahjong``);
the test skips, saying how to make one, when there is none."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

import pytest
from conftest import mjai_python
from log_helpers import CONFUSING, STACKED, called_match

from game.engine.logs import mjai_dumps, to_mjai
from game.engine.profile import load_profile

VALIDATOR = Path(__file__).parent / "mortal_validate.py"


def test_mortal_accepts_every_action_of_our_mjai_logs(tmp_path: Path) -> None:
    python = mjai_python()
    if python is None:
        pytest.skip("the mjai package needs its own venv: python3 -m venv /tmp/mjai-venv && "
                    "/tmp/mjai-venv/bin/pip install mjai==0.2.1 (or set MJAI_PYTHON)")
    riichi = load_profile("riichi")
    matches = [called_match(riichi, seed) for seed in (9, 21, 72, 3)]
    # (not the chombo: Mortal's rules hold no false declarations, so no seat may end a hand so)
    matches += [make(riichi) for name, make in (*STACKED.items(), *CONFUSING.items()) if name != "chombo"]
    files = []
    for i, match in enumerate(matches):
        path = tmp_path / f"{i}.mjson"
        path.write_text(mjai_dumps(to_mjai(match)), encoding="utf-8")
        files.append(str(path))
    done = subprocess.run([str(python), str(VALIDATOR), *files], capture_output=True, text=True, timeout=600, check=False)
    assert done.returncode == 0, done.stderr[-2000:]
    result = json.loads(done.stdout)
    assert result["errors"] == []
    assert result["checked"] > 3000
