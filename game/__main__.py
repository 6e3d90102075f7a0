"""Entry point: ``python -m game`` opens the table; subcommands serve developers and CI."""

from __future__ import annotations

import os
import sys

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")  # pygame's greeting is not the game's to print

from game.cli import main as _cli_main


def main(argv: list[str] | None = None) -> int:
    return _cli_main(sys.argv[1:] if argv is None else argv)


if __name__ == "__main__":
    raise SystemExit(main())
