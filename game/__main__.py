"""Entry point: ``python -m game`` opens the table; subcommands serve developers and CI."""

from __future__ import annotations

import sys

from game.cli import main as _cli_main


def main(argv: list[str] | None = None) -> int:
    return _cli_main(sys.argv[1:] if argv is None else argv)


if __name__ == "__main__":
    raise SystemExit(main())
