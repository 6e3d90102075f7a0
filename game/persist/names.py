"""Names that cross the game's edge: file names made from a player's words, and words read from
files (or typed) made safe to show.

Two dangers, one module. A save called ``nul`` or ``COM1`` is a device on Windows, whatever its
extension: :func:`file_stem` never makes one. A name read from a file can be five megabytes, hold
NUL bytes or controls, or (on Linux) bytes that are not UTF-8 at all, which Python keeps as lone
surrogates the font cannot draw: :func:`shown` bounds and cleans every such string before the UI
lays it out, so no text from outside costs more than a line's worth of fitting.
"""

from __future__ import annotations

import re
import unicodedata
from pathlib import Path
from typing import Final

NAME_LIMIT: Final = 80  # characters of a save's name kept from a file (the typed limit is lower)
PATH_LIMIT: Final = 1024  # characters of a typed path (longer than any real one on any OS)
STEM_LIMIT: Final = 64

# Windows refuses these as file names with any extension, in any case (and with the superscript
# digits, which it reads as 1-3); they are devices.
_RESERVED: Final = frozenset(
    {"con", "prn", "aux", "nul", "conin$", "conout$", "clock$"}
    | {f"{dev}{n}" for dev in ("com", "lpt") for n in (*"123456789", "¹", "²", "³", "0")}
)


def is_reserved(stem: str) -> bool:
    """A name Windows takes for a device (``nul``, ``COM1.txt``: the part before the first dot)."""
    return stem.split(".", 1)[0].strip(" ").casefold() in _RESERVED


def file_stem(name: str) -> str:
    """A file name for a player's name: ASCII letters, digits, ``-`` and ``_`` kept, the rest
    ``_``, at most :data:`STEM_LIMIT` characters, never empty and never a Windows device name
    (those get a leading ``_``). The real name is stored inside the file."""
    stem = re.sub(r"[^\w-]", "_", name.strip(), flags=re.ASCII)[:STEM_LIMIT].strip("_")
    if not stem:
        return "save"
    return f"_{stem}"[:STEM_LIMIT] if is_reserved(stem) else stem


def shown(text: str, limit: int = NAME_LIMIT) -> str:
    """``text`` as the UI may show it: bytes that were not UTF-8 as U+FFFD, controls and line
    breaks as spaces, bidirectional overrides dropped, at most ``limit`` characters
    (the middle cut to an ellipsis, so both ends of a long path stay readable)."""
    if len(text) > 4 * limit:  # never walk a huge string: only its two ends can be shown
        text = text[: 2 * limit] + text[-2 * limit :]
        cut = True
    else:
        cut = False
    out = "".join(_BIDI.get(ch, _SHOWN.get(unicodedata.category(ch), ch)) for ch in text)
    if cut or len(out) > limit:
        half = (limit - 1) // 2
        out = out[:half] + "…" + out[len(out) - (limit - 1 - half):]
    return out


def shown_path(path: Path | str, limit: int = NAME_LIMIT) -> str:
    return shown(str(path), limit)


# what :func:`shown` puts for a character of each Unicode category it does not keep: controls and
# line breaks would break the line, a lone surrogate cannot be drawn
_SHOWN: Final = {"Cc": " ", "Zl": " ", "Zp": " ", "Cs": "\ufffd"}
# the bidirectional overrides and isolates, which would turn the rest of a line around
_BIDI: Final = {chr(c): "" for c in (*range(0x202A, 0x202F), *range(0x2066, 0x206A))}
