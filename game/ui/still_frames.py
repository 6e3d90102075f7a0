"""Whether a frame must be drawn: not while nothing on screen can have changed.

Why: the loop goes round 60 times a second, and drawing the screen and handing it to the window
costs the most of a frame: under X (Xvfb here) a 1280x720 hand-over took 10 ms of CPU, so a
window left on the Settings screen, or on the table while the player thinks, used 40 % of a core
to show the same picture again (a laptop's fan and battery notice). A screen says it is ``still``
when its picture cannot change until an event arrives (a menu with no ``update`` of its own; the
table waiting for the player with nothing moving); then a frame is drawn only after an event, a
new screen, a new window size or an intent, and at least every :data:`REFRESH` seconds, so a
change the screen failed to announce shows within a quarter of a second. The first still frame
is drawn too: what the last busy frame's update did (an animation's end, a background job's
result laid out) is on it.
"""

from __future__ import annotations

from typing import Final

REFRESH: Final = 0.25  # seconds: the longest a still screen goes undrawn


class StillFrames:
    """Remembers what the last drawn frame showed; :meth:`needed` says whether to draw this one."""

    def __init__(self) -> None:
        self._drawn_at = float("-inf")
        self._top: object | None = None
        self._size: tuple[int, int] | None = None
        self._was_still = False  # the last frame's screen was still
        self.skipped = 0  # frames not drawn (the tests read it)

    def needed(self, now: float, *, still: bool, changed: bool, top: object, size: tuple[int, int]) -> bool:
        """``now`` in seconds; ``changed``: an event came or an intent left the screens this frame."""
        settled, self._was_still = not self._was_still, still
        if changed or not still or settled or top is not self._top or size != self._size \
                or now - self._drawn_at >= REFRESH:
            self._drawn_at, self._top, self._size = now, top, size
            return True
        self.skipped += 1
        return False
