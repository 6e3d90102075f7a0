"""The game's sounds, each a recipe over :mod:`.synth`: what moment of play it marks and how it is made.

The figures are physical guesses, not measurements: a mahjong tile is a small hard block that
rings at a few kilohertz for a few milliseconds; the table under the felt adds a low, short thump;
dice are smaller and brighter still; a riichi stick is a thin bar (its modes at 1, 2.76 and 5.4
times the lowest, as a free bar's are); the win is a soft glockenspiel arpeggio. Recipes that
recur often (a tile, a discard, the dice) come in a few variants, so a run of them does not sound
like a machine gun; a variant is fixed by its number, so every start sounds the same.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from enum import Enum
from typing import Final

from .synth import Mode, fade, highpass, mix_into, normalise, resonate, ring, silence, strike

PEAK: Final = 0.85  # every buffer's loudest sample, as a share of full scale: headroom for the mixer


class Cue(Enum):
    """A moment of play that makes a sound."""

    TILE = "tile"  # a tile drawn or dealt into a hand
    DISCARD = "discard"  # a discard lands in the river
    CHI = "chi"
    PON = "pon"
    KAN = "kan"
    RIICHI = "riichi"  # the 1000-point stick set down
    RON = "ron"
    TSUMO = "tsumo"
    DICE = "dice"
    UI = "ui"  # a menu button or setting


# how loud each cue plays, relative to the player's sound volume (buffers are all at PEAK)
GAINS: Final[dict[Cue, float]] = {
    Cue.TILE: 0.4, Cue.DISCARD: 0.75, Cue.CHI: 0.7, Cue.PON: 0.7, Cue.KAN: 0.75, Cue.RIICHI: 0.6,
    Cue.RON: 0.55, Cue.TSUMO: 0.55, Cue.DICE: 0.6, Cue.UI: 0.3,
}
VARIANTS: Final[dict[Cue, int]] = {Cue.TILE: 3, Cue.DISCARD: 3, Cue.DICE: 2}
SECONDS: Final[dict[Cue, float]] = {
    Cue.TILE: 0.07, Cue.DISCARD: 0.16, Cue.CHI: 0.3, Cue.PON: 0.3, Cue.KAN: 0.36, Cue.RIICHI: 0.2,
    Cue.RON: 1.5, Cue.TSUMO: 1.5, Cue.DICE: 0.55, Cue.UI: 0.045,
}


def variants(cue: Cue) -> int:
    return VARIANTS.get(cue, 1)


def render(cue: Cue, rate: int, variant: int = 0) -> list[float]:
    """The samples of one cue (mono, ``SECONDS[cue]`` long, loudest sample at :data:`PEAK`)."""
    if not 0 <= variant < variants(cue):
        raise ValueError(f"{cue.name} has {variants(cue)} variants, not {variant}")
    rng = random.Random(f"{cue.value}:{variant}")  # a str seed hashes the same on every run
    out = silence(SECONDS[cue], rate)
    _RECIPES[cue](out, rng, rate)
    return normalise(fade(highpass(out, 90.0, rate), rate), PEAK)


# --- the pieces the recipes share ------------------------------------------------------------


def _click(rng: random.Random, rate: int, modes: list[Mode], seconds: float, *, softness: float = 0.3,
           pitch: float = 0.05, snap: float = 0.15) -> list[float]:
    """One hard contact: a strike through the body's modes (each detuned by up to ``pitch``, as
    no two tiles are cut alike), plus a little of the strike itself for the snap."""
    jitter = 1.0 + rng.uniform(-pitch, pitch)
    n = max(1, round(seconds * rate))
    excitation = strike(rng, rate, seconds=0.0008, softness=softness)
    body = resonate(excitation, [Mode(m.freq * jitter, m.decay, m.gain) for m in modes], n, rate)
    mix_into(body, excitation, 0, snap)
    return body


def _thump(freq: float, decay: float, rate: int, seconds: float) -> list[float]:
    """The table answering: a low, soft, quickly damped tone under the felt."""
    return ring(freq, decay, seconds, rate, attack=0.0015)


TILE_ON_FELT: Final = [Mode(2350, 0.010), Mode(3900, 0.006, 0.7), Mode(5600, 0.004, 0.4), Mode(1250, 0.012, 0.35)]
TILE_ON_TABLE: Final = [Mode(1900, 0.014), Mode(3100, 0.009, 0.8), Mode(4700, 0.006, 0.5), Mode(6800, 0.003, 0.25)]
TILE_ON_TILE: Final = [Mode(2800, 0.009), Mode(4300, 0.005, 0.7), Mode(6100, 0.003, 0.4)]
DIE: Final = [Mode(3600, 0.006), Mode(5200, 0.004, 0.7), Mode(7400, 0.0025, 0.45)]
STICK: Final = [Mode(820, 0.03), Mode(820 * 2.76, 0.015, 0.6), Mode(820 * 5.40, 0.008, 0.3)]
UI_TICK: Final = [Mode(1800, 0.006), Mode(3200, 0.003, 0.5)]


# --- the recipes -----------------------------------------------------------------------------


def _tile(out: list[float], rng: random.Random, rate: int) -> None:
    mix_into(out, _click(rng, rate, TILE_ON_FELT, 0.07, softness=0.35), 0)


def _discard(out: list[float], rng: random.Random, rate: int) -> None:
    mix_into(out, _click(rng, rate, TILE_ON_TABLE, 0.16, softness=0.2), 0)
    mix_into(out, _thump(rng.uniform(175, 205), 0.03, rate, 0.16), 0, 0.35)


def _meld(out: list[float], rng: random.Random, rate: int, tiles: int, gap: float, rise: float) -> None:
    """Tiles of a call laid down one after another, the last a little firmer (for a chi each a
    shade higher, as a run climbs)."""
    for k in range(tiles):
        last = k == tiles - 1
        modes = [Mode(m.freq * (1 + rise * k), m.decay, m.gain) for m in TILE_ON_TILE]
        at = round((k * gap + rng.uniform(0, 0.006)) * rate)
        mix_into(out, _click(rng, rate, modes, 0.08, softness=0.25, pitch=0.02), at, 1.0 if last else 0.7)
        if last:
            mix_into(out, _thump(210, 0.03, rate, 0.12), at, 0.3)


def _chi(out: list[float], rng: random.Random, rate: int) -> None:
    _meld(out, rng, rate, 3, 0.055, 0.06)


def _pon(out: list[float], rng: random.Random, rate: int) -> None:
    _meld(out, rng, rate, 3, 0.065, 0.0)


def _kan(out: list[float], rng: random.Random, rate: int) -> None:
    _meld(out, rng, rate, 4, 0.06, 0.0)


def _riichi(out: list[float], rng: random.Random, rate: int) -> None:
    mix_into(out, _click(rng, rate, STICK, 0.2, softness=0.45, pitch=0.0, snap=0.05), 0)
    mix_into(out, _thump(240, 0.02, rate, 0.1), 0, 0.2)


# a glockenspiel bar: its partials (ratio to the note, loudness, ring time in seconds)
BELL: Final = ((1.0, 1.0, 0.55), (1.003, 0.35, 0.5), (2.76, 0.18, 0.14), (5.40, 0.05, 0.05))


def _chime(out: list[float], rate: int, notes: tuple[float, ...], gap: float) -> None:
    """A soft arpeggio, each note struck with a felt mallet (a few milliseconds of attack) and
    ringing with a slightly detuned twin, which gives the gentle shimmer of a real bar."""
    for k, freq in enumerate(notes):
        at = round(k * gap * rate)
        room = len(out) - at
        for ratio, gain, decay in BELL:
            loud = gain * (0.8 + 0.2 * (k == len(notes) - 1))
            mix_into(out, ring(freq * ratio, decay, room / rate, rate, attack=0.005, phase=0.3 * k, gain=loud), at)


def _ron(out: list[float], rng: random.Random, rate: int) -> None:
    _chime(out, rate, (587.33, 739.99, 880.0, 1174.66), 0.085)  # D major, rising


def _tsumo(out: list[float], rng: random.Random, rate: int) -> None:
    _chime(out, rate, (659.26, 830.61, 987.77, 1318.51), 0.07)  # E major, a step higher and quicker


def _dice(out: list[float], rng: random.Random, rate: int) -> None:
    """Two dice dropped: each bounces a few times, the gaps and the knocks shrinking together."""
    for die in range(2):
        t = 0.018 * die + rng.uniform(0.0, 0.01)
        gap = rng.uniform(0.075, 0.095)
        level = 1.0
        while t < SECONDS[Cue.DICE] - 0.05 and level > 0.12:
            at = round(t * rate)
            mix_into(out, _click(rng, rate, DIE, 0.04, softness=0.15, pitch=0.08, snap=0.1), at, level)
            mix_into(out, _thump(rng.uniform(240, 300), 0.008, rate, 0.04), at, 0.25 * level)
            t += gap * rng.uniform(0.85, 1.15)
            gap *= 0.72
            level *= rng.uniform(0.6, 0.75)


def _ui(out: list[float], rng: random.Random, rate: int) -> None:
    mix_into(out, _click(rng, rate, UI_TICK, 0.045, softness=0.6, pitch=0.0, snap=0.05), 0)


_RECIPES: Final[dict[Cue, Callable[[list[float], random.Random, int], None]]] = {
    Cue.TILE: _tile, Cue.DISCARD: _discard, Cue.CHI: _chi, Cue.PON: _pon, Cue.KAN: _kan, Cue.RIICHI: _riichi,
    Cue.RON: _ron, Cue.TSUMO: _tsumo, Cue.DICE: _dice, Cue.UI: _ui,
}
