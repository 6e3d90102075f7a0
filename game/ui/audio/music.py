"""Background music: a very quiet ambient pad, made at start-up like the sounds, looping for ever.

A few soft sine tones of an open chord (D, A, D, F#, A, B over a low D: D major with an added
sixth, calm and unresolved) each swell and fade on its own slow cycle, so the chord drifts without
ever changing key or drawing attention. Every tone makes a whole number of cycles in the loop and
every swell a whole number of swells, so the loop's end runs into its start without a seam.

Made at a quarter of the mixer's rate (a pad has nothing above 500 Hz) and stretched while it is
packed for the mixer; the tones come from complex rotations accumulated in C, so a loop costs well under a
second on an ordinary machine and no more memory than its own samples.
"""

from __future__ import annotations

import itertools
import math
import operator
import time
from typing import Final

from .synth import normalise, ring

LOOP_SECONDS: Final = 24.0
PEAK: Final = 0.5
CONTROL: Final = 64  # samples between envelope points (a swell lasts seconds: steps are inaudible)

# (note frequency in Hz, loudness, swells per loop, where in its swell the loop starts: 0..1)
TONES: Final = (
    (73.42, 0.55, 1, 0.0),   # D2, the floor
    (146.83, 0.7, 2, 0.25),  # D3
    (220.00, 0.6, 3, 0.6),   # A3
    (293.66, 0.45, 2, 0.75), # D4
    (369.99, 0.35, 3, 0.1),  # F#4
    (440.00, 0.3, 4, 0.45),  # A4
    (493.88, 0.2, 5, 0.85),  # B4, a glint now and then
)


def loop_stretch(rate: int) -> int:
    """How many times slower than the mixer's ``rate`` the pad is made (a whole divisor, so
    the samples between are filled in exactly; the made rate stays above 8 kHz)."""
    return next((k for k in (4, 3, 2) if rate % k == 0 and rate // k >= 8000), 1)


def render_loop(rate: int, seconds: float = LOOP_SECONDS) -> list[float]:
    """One loop of the pad at ``rate`` (mono, loudest sample :data:`PEAK`); for a faster mixer,
    :func:`pcm.encode` with ``stretch`` fills in the samples between."""
    n = round(seconds * rate)
    out = [0.0] * n
    for freq, gain, swells, start in TONES:
        time.sleep(0)  # let the game's own thread run between tones (this one is a background one)
        cycles = max(1, round(freq * seconds))  # a whole number of cycles: no seam at the loop
        tone = ring(cycles / seconds, 1e9, seconds, rate, attack=0.0, gain=gain)
        steps = math.ceil(n / CONTROL)
        envelope = [0.5 - 0.5 * math.cos(2 * math.pi * (swells * k * CONTROL / n + start)) for k in range(steps)]
        held = list(itertools.chain.from_iterable(itertools.repeat(v, CONTROL) for v in envelope))[:n]
        out = list(map(operator.add, out, map(operator.mul, tone, held)))
    return normalise(out, PEAK)
