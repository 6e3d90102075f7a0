"""Quit cleanly when the OS asks: SIGTERM (a logout, ``kill``, a service manager), SIGINT
(Ctrl+C in the terminal that started the game), SIGHUP (that terminal closed), SIGBREAK (Windows).

SDL catches these itself and only posts a quit event, which a frame loop that is not looking
never sees: a game stuck on something would then ignore ``kill`` and leave only ``kill -9``,
which loses what was not saved. So the game installs its own handlers once the window is up: the
first signal asks the loop to end (it saves on the way out, as a normal quit does); if the loop
has not ended :data:`GRACE` seconds later, a watchdog thread writes the pending autosave itself
and ends the process; a second signal does that at once.
"""

from __future__ import annotations

import contextlib
import logging
import os
import signal
import threading
from collections.abc import Callable
from types import FrameType, TracebackType
from typing import Final

import pygame

GRACE: Final = 5.0  # seconds the frame loop has to end by itself after the first signal
NAMES: Final = ("SIGTERM", "SIGINT", "SIGHUP", "SIGBREAK")

log = logging.getLogger(__name__)


class QuitOnSignal:
    """While entered, the quit signals end the frame loop (:attr:`asked`) instead of the process.

    ``flush`` writes what must not be lost (the pending autosave); the watchdog calls it before
    ending a process whose loop did not stop in time."""

    def __init__(self, flush: Callable[[], object]) -> None:
        self.flush = flush
        self.asked = 0  # the signal number that asked to quit (0: none)
        self._previous: dict[int, object] = {}
        self._done = threading.Event()

    def __enter__(self) -> QuitOnSignal:
        self.install()
        return self

    def __exit__(self, kind: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None) -> None:
        self.uninstall()

    def install(self) -> None:
        if threading.current_thread() is not threading.main_thread():
            return  # handlers belong to the main thread (a test may run the loop elsewhere)
        for name in NAMES:
            number = getattr(signal, name, None)
            if number is None:
                continue
            with contextlib.suppress(OSError, ValueError):
                self._previous[number] = signal.signal(number, self._handle)

    def uninstall(self) -> None:
        self._done.set()
        for number, previous in self._previous.items():
            with contextlib.suppress(OSError, ValueError, TypeError):
                signal.signal(number, previous)  # type: ignore[arg-type]
        self._previous.clear()

    def _handle(self, signum: int, frame: FrameType | None) -> None:
        if self.asked:  # asked twice: the player (or the system) means it
            self._force(signum)
            return
        self.asked = signum
        log.info("quit asked by signal %d", signum)
        with contextlib.suppress(pygame.error):
            pygame.event.post(pygame.event.Event(pygame.QUIT))
        threading.Thread(target=self._watch, args=(signum,), name="atlas-quit-watchdog", daemon=True).start()

    def _watch(self, signum: int) -> None:
        if not self._done.wait(GRACE):
            log.warning("the frame loop did not end %.0f s after signal %d: saving and ending", GRACE, signum)
            self._force(signum)

    def _force(self, signum: int) -> None:
        try:
            self.flush()
        except Exception:  # noqa: BLE001 - ending anyway: the atomic writes left the old file whole
            log.exception("the autosave could not be written before ending")
        logging.shutdown()
        os._exit(128 + signum)
