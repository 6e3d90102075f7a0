"""The command line. Each subcommand lives in its own module and registers itself here.

Bad input never shows a traceback: an :class:`~game.engine.errors.AtlasError` (or an unreadable
file) prints one line on stderr and exits with code 2.
"""

from __future__ import annotations

import argparse
import importlib
import sys
from collections.abc import Callable

from game import __version__
from game.engine.errors import AtlasError

# name -> (module, one-line help). Modules define ``add_arguments(parser)`` and ``run(args) -> int``.
SUBCOMMANDS: dict[str, tuple[str, str]] = {
    "play": ("game.cli.play", "open the game window (the default)"),
    "sim": ("game.cli.sim", "play many matches between bots and print JSON figures"),
    "sim-compare": ("game.cli.sim_compare", "pair two sim --ranks runs on the same seeds: difference and 95 % interval"),
    "bench": ("game.cli.bench", "benchmarks that print figures (engine, ...)"),
    "rules": ("game.cli.rules", "list rule profiles or diff two of them"),
    "replay-check": ("game.cli.replay_check", "replay tenhou.net/6 or mjai logs through the engine"),
    "export": ("game.cli.export", "write a save or a replay as a tenhou.net/6 or mjai log"),
    "score-check": ("game.cli.score_check", "score every hand of a majiang-core hule.json file"),
    "demo": ("game.cli.demo", "four AI seats play animated and headless, saving PNG frames"),
    "levels": ("game.cli.levels", "check the tutorial levels against the engine (or list them)"),
    "soak": ("game.cli.soak", "play many mixed-seat matches checking invariants; JSON figures"),
    "stress": ("game.cli.stress", "kill -9 during autosaving, several games on one folder, hostile imports"),
    "ai-decisions": ("game.cli.ai_decisions", "record hard's decisions on seeded hands, or check them"),
    "counterfactual": ("game.cli.counterfactual", "where hard's choice differs from normal's: both played out to the hand's end"),
    "win-chance": ("game.cli.win_chance", "record hard's win chances against self-play, fit or check their calibration"),
}


def build_parser(only: str | None = None) -> argparse.ArgumentParser:
    """The full parser; with ``only``, import just that subcommand's module (the others keep their
    one-line help), so starting the game does not pay for importing every tool."""
    parser = argparse.ArgumentParser(
        prog="mahjong-atlas",
        description="Mahjong Atlas: riichi, EMA, Taiwanese and Hong Kong Old Style mahjong against three AI opponents.",
    )
    parser.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    for name, (module_name, help_text) in SUBCOMMANDS.items():
        # argparse %-formats help strings (not descriptions): "95 % interval" held "% i"
        p = sub.add_parser(name, help=help_text.replace("%", "%%"), description=help_text)
        if only is not None and name != only:
            continue
        try:
            module = importlib.import_module(module_name)
        except ModuleNotFoundError as exc:
            if exc.name != module_name:
                raise
            continue
        module.add_arguments(p)
        p.set_defaults(_run=module.run)
    return parser


def main(argv: list[str]) -> int:
    if not argv or (argv[0].startswith("-") and argv[0] not in ("-h", "--help", "--version")):
        # ``python -m game [--smoke ...]``: no subcommand, or options before one, means ``play``.
        argv = ["play", *argv]
    parser = build_parser(only=argv[0])  # --help and --version import no subcommand
    args = parser.parse_args(argv)
    run: Callable[[argparse.Namespace], int] | None = getattr(args, "_run", None)
    if run is None:
        from game.cli import play

        run = play.run
        args = parser.parse_args(["play", *argv])
    try:
        return run(args)
    except AtlasError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    except (OSError, UnicodeDecodeError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
