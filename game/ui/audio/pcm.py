"""Float samples to the bytes the mixer plays, in whatever format the mixer was opened with.

``pygame.mixer.Sound(buffer=...)`` takes raw bytes in the mixer's own format, which the OS audio
may have chosen (``pygame.mixer.get_init()``: rate, size, channels). The size is pygame's code:
-16 signed 16-bit, 16 unsigned, -8 / 8 for 8-bit, 32 float, -32 signed 32-bit. ``array`` packs
them in the machine's byte order, which is the order the mixer uses (no numpy needed).
"""

from __future__ import annotations

import itertools
import operator
from array import array
from collections.abc import Iterable, Sequence
from typing import Any, Final

# size code -> (array typecode, full scale, offset of silence)
FORMATS: Final[dict[int, tuple[str, float, float]]] = {
    -16: ("h", 32767.0, 0.0),
    16: ("H", 32767.0, 32768.0),
    -8: ("b", 127.0, 0.0),
    8: ("B", 127.0, 128.0),
    32: ("f", 1.0, 0.0),
    -32: ("i", 2147483647.0, 0.0),
}


def encode(samples: Sequence[float], size: int = -16, channels: int = 2, *, stretch: int = 1) -> bytes:
    """Mono ``samples`` (-1..1, clamped) as interleaved frames of ``channels`` equal samples.

    ``stretch``: the samples are at that fraction of the mixer's rate; straight lines between
    each pair (the last pairs with the first: a loop) fill in the samples between. Channels and
    stretched samples are filled by strided slice assignment, which ``array`` does in C."""
    if size not in FORMATS:
        raise ValueError(f"no encoder for mixer sample size {size}; known: {sorted(FORMATS)}")
    if channels < 1:
        raise ValueError(f"channels must be at least 1, not {channels}")
    code, scale, offset = FORMATS[size]
    if stretch < 1:
        raise ValueError(f"stretch must be at least 1, not {stretch}")
    parts = [samples]
    if stretch > 1 and samples:
        nxt = list(samples[1:]) + [samples[0]]
        for j in range(1, stretch):
            w = j / stretch
            parts.append(list(map(operator.add, map(operator.mul, samples, itertools.repeat(1 - w)),
                                  map(operator.mul, nxt, itertools.repeat(w)))))
    arrays: list[array[Any]] = [array(code, _values(part, code, scale, offset)) for part in parts]
    if len(arrays) == 1 and channels == 1:
        return arrays[0].tobytes()
    stride = channels * len(arrays)
    out = array(code, bytes(len(samples) * stride * arrays[0].itemsize))
    for k, values in enumerate(arrays):
        for c in range(channels):
            out[k * channels + c :: stride] = values
    return out.tobytes()


def _values(part: Sequence[float], code: str, scale: float, offset: float) -> Iterable[float] | Iterable[int]:
    """The array values of ``part``: clamped (only when something is out of range: the synthesis
    normalises, so this is a safety net) and scaled, with ``map`` over C functions throughout,
    which is several times quicker than a comprehension on a second of samples."""
    if part and max(map(abs, part)) > 1.0:
        part = [max(-1.0, min(1.0, x)) for x in part]
    if code == "f":
        return part
    scaled: Iterable[float] = map(operator.mul, part, itertools.repeat(scale))
    if offset:
        scaled = map(operator.add, scaled, itertools.repeat(offset))
    return map(round, scaled)


def decode(data: bytes, size: int = -16, channels: int = 2) -> list[float]:
    """The first channel of encoded bytes, back as floats (tests, and the waveform check)."""
    code, scale, offset = FORMATS[size]
    values = array(code)
    values.frombytes(data)
    return [(v - offset) / scale for v in values[::channels]]
