"""``export SAVE_OR_REPLAY [--format tenhou6|mjai] [-o OUT]``: write a saved match or a replay as a
game log for other tools (Tenhou's viewer and mjai-reviewer read tenhou.net/6; Mortal, RiichiEnv
and mjai bots read mjai).

A ``.toml`` file is a save (the match as far as it was played), a ``.json`` file a replay from the
library (a finished match). Every finished hand is written, the players named as the table names
them. The log goes beside the input (``<name>.tenhou6.json`` or ``<name>.mjson``) unless ``-o``
says where (``-o -`` prints it). Exit 0 with the path on stdout, 2 with one line on stderr when
the file cannot be read or its rules do not fit the format (Taiwanese or Hong Kong scoring).
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

from game.i18n import t
from game.persist.export import LOG_FORMATS, LogFormat, can_export, log_text, write_log
from game.persist.notice import Notice
from game.persist.replays import ReplayLibrary
from game.persist.saves import SavedMatch, SaveError, SaveStore


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("file", metavar="SAVE_OR_REPLAY", help="a save (.toml) or a replay (.json)")
    parser.add_argument("--format", choices=sorted(LOG_FORMATS), default="tenhou6", help="the log format (default tenhou6)")
    parser.add_argument("-o", "--output", default="", help="where to write the log (default: beside the file; - prints it)")


def load(path: Path) -> SavedMatch:
    """A save or a replay, by its suffix (SaveError saying why it cannot be read)."""
    if path.suffix.lower() == ".toml":
        return SaveStore(path.parent).load_path(path)
    return ReplayLibrary(path.parent).load(path)


def run(args: argparse.Namespace) -> int:
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")  # stdout is the path, or the log itself
    from game.ui.replay.sources import library_names  # the table's names for the seats

    path = Path(args.file)
    fmt: LogFormat = args.format
    try:
        saved = load(path)
        if not can_export(saved.options.profile_id):
            raise SaveError(Notice("replays.export_unsupported", {"profile": saved.options.profile_id}))
        match = saved.resume()
    except SaveError as exc:
        print(f"error: {path}: {t(exc.notice.key, **exc.notice.values)}", file=sys.stderr)
        return 2
    names = library_names(saved.options.human_seat)
    if args.output == "-":
        sys.stdout.write(log_text(match, fmt, names) + ("" if fmt == "mjai" else "\n"))
        return 0
    name = path.name.removesuffix(path.suffix)
    out = Path(args.output) if args.output else path.with_name(name + LOG_FORMATS[fmt])
    print(write_log(match, out, fmt, names))
    return 0
