"""Sound from numbers: the few building blocks the game's sounds are made of (no pygame here).

Why modal synthesis: a tile, a die or a stick is a small solid body; struck, it rings at a handful
of its own frequencies (its modes), each dying away on its own. So a click is a very short burst
of noise (the strike) fed through a few resonators (the body), which sounds physical where a bare
beep would not. A chime is the same idea with long-ringing, bell-like partials.

Samples are floats (about -1..1) in plain lists at a given ``rate``; :mod:`.pcm` turns them into
the mixer's bytes. Everything is deterministic: noise comes from a ``random.Random`` the caller
seeds, so the same recipe gives the same samples on every start and every machine.
"""

from __future__ import annotations

import cmath
import itertools
import math
import operator
import random
from collections.abc import Sequence
from dataclasses import dataclass

_IMAG = operator.attrgetter("imag")


@dataclass(frozen=True)
class Mode:
    """One resonance of a struck body: its frequency (Hz), how long it rings (``decay``: seconds
    to fall to 1/e) and its loudness relative to the others."""

    freq: float
    decay: float
    gain: float = 1.0


def silence(seconds: float, rate: int) -> list[float]:
    return [0.0] * max(1, round(seconds * rate))


def strike(rng: random.Random, rate: int, *, seconds: float = 0.0015, softness: float = 0.0) -> list[float]:
    """The strike itself: white noise under a fast exponential fall, ``seconds`` long.

    ``softness`` (0..1) low-passes it: a felt-covered or rounded contact excites the high
    modes less, which is what makes a sound soft rather than sharp."""
    n = max(2, round(seconds * rate * 4))
    fall = math.exp(-1.0 / max(1.0, seconds * rate))
    level = 1.0
    smooth = 0.0
    out: list[float] = []
    for _ in range(n):
        x = rng.uniform(-1.0, 1.0) * level
        smooth += (1.0 - softness) * (x - smooth)
        out.append(smooth)
        level *= fall
    return out


def resonate(excitation: Sequence[float], modes: Sequence[Mode], length: int, rate: int) -> list[float]:
    """``excitation`` rung through one two-pole resonator per mode, ``length`` samples long.

    A bare two-pole resonator answers an impulse with an amplitude of ``1 / sin(w)``, so low
    modes would drown high ones; each is scaled by ``sin(w)``, which makes a mode's ``gain`` its
    amplitude for a unit impulse whatever its frequency or decay."""
    out = [0.0] * length
    for mode in modes:
        if not 0 < mode.freq < rate / 2:
            continue
        r = math.exp(-1.0 / (mode.decay * rate))
        a1 = 2.0 * r * math.cos(2.0 * math.pi * mode.freq / rate)
        a2 = -r * r
        g = mode.gain * math.sin(2.0 * math.pi * mode.freq / rate)
        y1 = y2 = 0.0
        quiet = 0
        for i in range(length):
            x = excitation[i] if i < len(excitation) else 0.0
            y = g * x + a1 * y1 + a2 * y2
            out[i] += y
            y2, y1 = y1, y
            if i >= len(excitation):  # rung out: stop once it stays below hearing
                quiet = quiet + 1 if abs(y) < 1e-6 else 0
                if quiet > 64:
                    break
    return out


def ring(freq: float, decay: float, seconds: float, rate: int, *, attack: float = 0.004,
         phase: float = 0.0, gain: float = 1.0) -> list[float]:
    """A pure partial: a sine rising over ``attack`` seconds, then falling by 1/e every ``decay``
    seconds, cut where it falls below -80 dB.

    Each sample is the one before turned and shrunk by one complex factor; ``accumulate`` does
    those multiplications in C, which makes a second of bell about fifty times cheaper than a
    ``sin`` and an ``exp`` per sample in Python."""
    n = max(1, round(seconds * rate))
    audible = min(n, max(1, round(decay * rate * math.log(1e4))))
    step = cmath.exp(complex(-1.0 / (decay * rate), 2.0 * math.pi * freq / rate))
    start = gain * cmath.exp(1j * phase)
    out = list(map(_IMAG, itertools.accumulate(itertools.repeat(step, audible - 1), operator.mul, initial=start)))
    rise = min(audible, max(1, round(attack * rate)))
    for i in range(rise):
        out[i] *= i / rise
    return out + [0.0] * (n - audible)


def mix_into(target: list[float], source: Sequence[float], at: int, gain: float = 1.0) -> None:
    """Add ``source`` times ``gain`` into ``target`` from sample ``at`` on (what does not fit is
    dropped); ``map`` keeps the per-sample work in C."""
    start = max(0, at)
    end = min(len(target), at + len(source))
    if end <= start:
        return
    part = source[start - at : end - at]
    scaled = part if gain == 1.0 else map(operator.mul, part, itertools.repeat(gain))
    target[start:end] = map(operator.add, target[start:end], scaled)


def highpass(samples: list[float], cutoff: float, rate: int) -> list[float]:
    """A one-pole high-pass: removes the rumble and DC a strike may leave behind."""
    a = math.exp(-2.0 * math.pi * cutoff / rate)
    out = [0.0] * len(samples)
    prev_x = prev_y = 0.0
    for i, x in enumerate(samples):
        prev_y = a * (prev_y + x - prev_x)
        prev_x = x
        out[i] = prev_y
    return out


def fade(samples: list[float], rate: int, *, head: float = 0.0005, tail: float = 0.006) -> list[float]:
    """Short linear fades at both ends, so no sound starts or stops with a pop."""
    n = len(samples)
    h = min(n, max(1, round(head * rate)))
    t = min(n, max(1, round(tail * rate)))
    for i in range(h):
        samples[i] *= i / h
    for i in range(t):
        samples[n - 1 - i] *= i / t
    return samples


def normalise(samples: list[float], peak: float) -> list[float]:
    """Scale so the loudest sample is ``peak`` (0..1): every sound reaches the mixer with the
    same headroom, and none can clip."""
    top = max((abs(x) for x in samples), default=0.0)
    if top <= 0.0:
        return samples
    k = peak / top
    return [x * k for x in samples]
