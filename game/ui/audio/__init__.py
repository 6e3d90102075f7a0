"""Sounds the game makes itself: synthesised once and cached, no audio files shipped.

``synth`` has the building blocks, ``recipes`` the game's sounds (one :class:`Cue` per moment of
play), ``pcm`` packs samples for the mixer, ``board`` plays them at the player's volume. The app
opens one board with :func:`start` and everything that makes a sound asks :func:`current` for it;
until then (tests, tools, the smoke run) :func:`current` is a silent board, so nothing ever needs
to check whether sound exists.
"""

from __future__ import annotations

from .board import SoundBoard, Sounds, loudness
from .recipes import Cue

__all__ = ["Cue", "SoundBoard", "Sounds", "current", "install", "loudness", "start", "stop"]

_SILENT = SoundBoard()
_current: SoundBoard = _SILENT


def current() -> SoundBoard:
    """The board the app opened, or a silent one."""
    return _current


def install(board: SoundBoard) -> SoundBoard:
    global _current
    _current = board
    return board


def start(sound_volume: int = 80, music_volume: int = 60) -> SoundBoard:
    """Open the mixer (pygame must be initialised) and make the app's board the current one; its
    buffers are kept in the user's cache folder between starts, and made in a child process when
    they are not (:mod:`.making`)."""
    import pygame

    from game import paths

    return install(SoundBoard(pygame.mixer, sound_volume=sound_volume, music_volume=music_volume,
                              cache=paths.cache_dir() / "sounds", child=True))


def stop() -> None:
    """Back to silence (the mixer is about to close with pygame)."""
    _current.close()
    install(_SILENT)
