"""``replay-check FILE...``: replay tenhou.net/6 or mjai logs through the engine, hand by hand.

The format is detected: a JSON object with ``"log"`` is tenhou.net/6, JSON lines are mjai. Each
hand is replayed on its own (:mod:`game.engine.logs.replay`) and the first divergence is named.
The rules are the log's own unless ``--rules`` names a profile: those it names (our exports name
the profile, tenhou.net/6 and mjai name red fives and the length), else the rulebook its hands
replay under (:func:`game.engine.logs.fit_rules`: riichi or EMA). Prints ``ok FILE (N hands,
RULES)`` when every hand replays exactly, else one line per diverging hand
``FILE: hand N (E1-0): first divergence: ...`` (and on stderr how many diverge, under which rules). Exit 0 all ok, 1 when a hand diverges, 2 when a
file cannot be read or is not a valid log (one line on stderr; the other files are still checked).
Files are read through the game's bounded door (:mod:`game.persist.bounded`): regular files only
(a FIFO or a device is refused, never waited on), at most ``--max-mb`` megabytes, UTF-8 with or
without a byte-order mark.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from game.engine.errors import AtlasError
from game.engine.logs import Fit, LoggedMatch, LogRules, fit_rules, named_rules, read_log, replay_match
from game.engine.profile import load_profile
from game.persist.bounded import LOG_CAP, MIB, FileRefused, read_text


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("files", metavar="FILE", nargs="+", help="a tenhou.net/6 JSON or mjai JSON-lines log")
    parser.add_argument("--rules", default="auto",
                        help="the rule profile to replay under (default auto: the rules the log names or fits)")
    parser.add_argument("--max-mb", type=_megabytes, default=LOG_CAP / MIB,
                        help=f"refuse files over this many megabytes (default: {LOG_CAP // MIB})")


def _megabytes(text: str) -> float:
    value = float(text)
    if not 0 < value < 1e6:  # nan and inf fail this too
        raise argparse.ArgumentTypeError(f"{text!r} is not a size in megabytes")
    return value


def run(args: argparse.Namespace) -> int:
    profile = None if args.rules == "auto" else load_profile(args.rules)
    cap = int(args.max_mb * MIB)
    status = 0
    for name in args.files:
        try:
            text = read_text(Path(name), cap)
            logged = read_log(text)
            if profile is None:
                fit = fit_rules(logged)
                reports, rules = fit.reports, describe(fit, logged)
            else:
                reports, rules = replay_match(logged, profile), profile.id
        except FileRefused as exc:
            why = {"missing": "no such file", "not_a_file": f"not a regular file ({exc.detail})",
                   "too_big": f"over {args.max_mb:g} MB (--max-mb raises the limit)"}.get(exc.reason, exc.detail)
            print(f"error: {name}: {why}", file=sys.stderr)
            status = 2
            continue
        except (AtlasError, OSError, UnicodeDecodeError) as exc:
            print(f"error: {name}: {exc}", file=sys.stderr)
            status = 2
            continue
        bad = [r for r in reports if not r.ok]
        for r in bad:
            print(f"{name}: hand {r.index} ({r.label}): first divergence: {r.divergence}")
        if not bad:
            print(f"ok {name} ({len(reports)} hands, {rules})")
        else:
            print(f"{name}: {len(bad)} of {len(reports)} hands diverge under {rules}", file=sys.stderr)
            if status == 0:
                status = 1
    return status


def describe(fit: Fit, logged: LoggedMatch) -> str:
    """``riichi``, ``ema, tonpuu``, ``riichi, no red fives``; ``(fitted)`` when the log did not name them."""
    rules: LogRules = fit.rules
    words = [rules.profile_id]
    if rules.length:
        words.append(rules.length)
    if not rules.plays_red_fives and rules.profile_id == "riichi":
        words.append("no red fives")
    named = named_rules(logged)
    return ", ".join(words) + ("" if rules.profile_id == named.profile_id and fit.named else " (fitted)")
