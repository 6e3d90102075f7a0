"""Record the state hashes of the seeded matches (``tests/seeded_play.py``) as test data.

Run from a checkout of the commit whose behaviour is the reference::

    python tests/record_state_hashes.py            # writes tests/data/state_hashes.json
    python tests/record_state_hashes.py --profile taiwanese --reason "issue 17 §3: ..."
                                                   # re-records one rulebook, saying why

The file names the commit it was made from. Re-record only when a change is *meant* to alter
behaviour (a dead knob that starts to act, a rule the issue asks for), and say so in the commit:
the point of the file is that everything else stays identical.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from seeded_play import play  # noqa: E402

PROFILES = ("riichi", "ema", "taiwanese", "hongkong")
SHORT_SEEDS = range(300)  # the first hands of 300 seeds per profile
FULL_SEEDS = range(1000, 1030)  # 30 whole matches per profile (game end and settlement)
SHORT_HANDS = 3
OUT = HERE / "data" / "state_hashes.json"


def record(profiles: tuple[str, ...] = PROFILES) -> dict[str, object]:
    commit = subprocess.run(
        ["git", "-C", str(HERE), "rev-parse", "HEAD"], capture_output=True, text=True, check=False
    ).stdout.strip()
    runs: dict[str, dict[str, dict[str, object]]] = {}
    for profile_id in profiles:
        table: dict[str, dict[str, object]] = {}
        for seed in SHORT_SEEDS:
            r = play(profile_id, seed, SHORT_HANDS)
            table[f"short/{seed}"] = {"hashes": list(r.hand_hashes), "actions": r.actions}
        for seed in FULL_SEEDS:
            r = play(profile_id, seed, 10_000)
            table[f"full/{seed}"] = {"hashes": list(r.hand_hashes), "actions": r.actions}
        runs[profile_id] = table
    return {"commit": commit, "short_hands": SHORT_HANDS, "runs": runs}


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--profile", action="append", help="re-record only these rulebooks")
    parser.add_argument("--reason", default="", help="why their behaviour was meant to change")
    args = parser.parse_args(argv)
    if args.profile:
        if not args.reason:
            parser.error("--profile needs --reason: the hashes move only when behaviour is meant to")
        data = json.loads(OUT.read_text(encoding="utf-8"))
        fresh = record(tuple(args.profile))
        for profile_id in args.profile:
            data["runs"][profile_id] = fresh["runs"][profile_id]  # type: ignore[index]
            data.setdefault("rerecorded", {})[profile_id] = {"commit": fresh["commit"], "reason": args.reason}
    else:
        data = record()
    OUT.parent.mkdir(parents=True, exist_ok=True)
    OUT.write_text(json.dumps(data, indent=0, sort_keys=True) + "\n", encoding="utf-8")
    print(f"wrote {OUT} from {data['commit']}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
