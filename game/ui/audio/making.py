"""Where a start's sound buffers come from: the user's cache, or, on a first start, a child process.

Making the buffers is about 2 s of pure-Python CPU (the effects 0.8 s, the music 1.2 s). On a thread
of the game's own process that work shares the interpreter lock with the frames: on a first start
(an empty cache, or a game update that changed a recipe) a Continue reached its first playable
turn after 1.2-1.8 s of CPU instead of 0.4-0.7 s, and the frames meanwhile waited for the lock.
So a start first reads the cache (a few milliseconds), and only when a buffer is missing, stale or
corrupt makes them in a child process (:class:`game.persist.jobs.ProcessJob`, below the window's
priority), which keeps them in the cache for the next start and hands them back. The window's
process only spawns it and receives the bytes; the child uses a core the window does not need,
and on a single core it yields to the window (nice 10, or below-normal on Windows).

What the player hears meanwhile: nothing, for the first seconds of a first start (about 2-3 s on
an idle machine of two cores); a cue asked for before its buffer is ready is simply not heard, and
the music begins once it has come. A first start is once per installation, so a silent title for
those seconds was chosen over rendering the sounds beside the first frames (which is what made the
first turn late) or before the title (which would make the title late).

A child that cannot be started (a sandbox without processes) or fails is said in the run log, and
the buffers are then made on the sound thread as before: the game is never silent for good.
"""

from __future__ import annotations

import logging
from pathlib import Path
from typing import TYPE_CHECKING, Final

from game.persist import cache as kept_files

from .board import Buffers, effects, effects_from, music, recipe_key

if TYPE_CHECKING:
    from game.persist.jobs import ProcessJob, Send

log = logging.getLogger(__name__)

Made = tuple[Buffers, bytes | None]  # the effects, and the music loop (None: not wanted)
NAME: Final = "atlas-sounds"


def kept(rate: int, size: int, channels: int, folder: Path, *, with_music: bool) -> Made | None:
    """Every buffer the board wants, read from ``folder``; None when any is not kept whole under
    the recipes' key (nothing is made here)."""
    try:
        key = recipe_key(rate, size, channels)
    except ValueError:  # no code to key on: nothing can be kept either
        return None
    parts = kept_files.kept(f"sounds-{rate}-{size}-{channels}.pcm", key, folder=folder)
    buffers = effects_from(parts) if parts is not None else None
    if buffers is None:
        return None
    if not with_music:
        return buffers, None
    loop = kept_files.kept(f"music-{rate}-{size}-{channels}.pcm", key, folder=folder)
    if loop is None or not loop.get("loop"):
        return None
    return buffers, loop["loop"]


def make_in_child(send: Send, rate: int, size: int, channels: int, folder: str, with_music: bool) -> object:
    """The child's work: make (or read) every buffer, keep them in ``folder``, and hand them back
    (the effects as a piece, the music loop as the last part)."""
    send("piece", effects(rate, size, channels, cache=Path(folder)))
    return music(rate, size, channels, cache=Path(folder)) if with_music else None


def _assemble(pieces: list[object], last: object) -> Made:
    (buffers,) = pieces
    assert isinstance(buffers, dict) and (last is None or isinstance(last, bytes))
    return buffers, last


def start_child(rate: int, size: int, channels: int, folder: Path, *, with_music: bool) -> ProcessJob[Made]:
    """Make the buffers in a child process (see the module docstring); poll or wait the job."""
    from game.persist.jobs import ProcessJob  # multiprocessing: only on a first start

    return ProcessJob(make_in_child, (rate, size, channels, str(folder), with_music), _assemble, name=NAME).start()
