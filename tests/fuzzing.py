"""Shared tools of the fuzz tests (``tests/test_fuzz_*.py``): garbage values, structure-aware
mutations of valid documents, byte-level damage, a time bound per input, and a tally of inputs
per door.

Every door that takes outside data must either read its input or raise its documented error;
these helpers make the bad inputs and hold each one to a time limit. ``FUZZ_EXAMPLES`` scales the
number of examples (``FUZZ_EXAMPLES=2000 pytest tests/test_fuzz_*.py`` for a long run outside CI);
``FUZZ_COUNTS=<file>`` makes the run write how many inputs each door received, as JSON.
"""

from __future__ import annotations

import atexit
import json
import os
import random
import signal
from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from hypothesis import HealthCheck, settings
from hypothesis import strategies as st

SECONDS_PER_INPUT = 2.0
EXAMPLES = int(os.environ.get("FUZZ_EXAMPLES", "0") or 0)
TALLY: Counter[str] = Counter()


def fuzz_settings(examples: int) -> settings:
    """Hypothesis settings for a fuzz test: ``examples`` in CI, ``FUZZ_EXAMPLES`` when set."""
    return settings(
        max_examples=EXAMPLES or examples,
        deadline=None,
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture, HealthCheck.data_too_large],
    )


@contextmanager
def time_bound(door: str, seconds: float = SECONDS_PER_INPUT) -> Iterator[None]:
    """Count one input for ``door`` and fail it (TimeoutError) if it takes over ``seconds`` of
    CPU time. CPU time, not the clock: a hang is a runaway loop, and a loaded CI machine (or a
    slow disk's fsync) must not pass for one."""
    TALLY[door] += 1

    def expired(signum: int, frame: object) -> None:
        raise TimeoutError(f"{door}: one input took over {seconds} s of CPU time")

    previous = signal.signal(signal.SIGPROF, expired)
    signal.setitimer(signal.ITIMER_PROF, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_PROF, 0)
        signal.signal(signal.SIGPROF, previous)


def _write_tally() -> None:
    target = os.environ.get("FUZZ_COUNTS")
    if target and TALLY:
        with open(target, "w", encoding="utf-8") as handle:
            json.dump(dict(sorted(TALLY.items())), handle, indent=1)


atexit.register(_write_tally)

# --- garbage ----------------------------------------------------------------------------------

HUGE = (2**63, -(2**63) - 1, 10**100, -(10**30), 2**31, -1, 0)
NASTY_TEXT = ("", "\x00", "a\x00b", "\ufffd", "𝕄𝕒𝕙", "9" * 400, "\n\r\t", "[[[", "nan", "{}")


def deep(depth: int, leaf: object = 0) -> object:
    """A list nested ``depth`` deep (deep enough to trip a recursive reader)."""
    value: object = leaf
    for _ in range(depth):
        value = [value]
    return value


def deep_dict(depth: int) -> object:
    value: object = {}
    for _ in range(depth):
        value = {"a": value}
    return value


def _build(recipe: tuple[Any, int]) -> object:
    make, n = recipe
    if make is list:
        return [0] * n
    if make is str:
        return "x" * n
    return make(n)


garbage_scalar = st.one_of(
    st.none(),
    st.booleans(),
    st.sampled_from(HUGE),
    st.integers(),
    st.floats(allow_nan=True, allow_infinity=True),
    st.sampled_from(NASTY_TEXT),
    st.text(max_size=20),
)
garbage = st.recursive(
    garbage_scalar,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner, max_size=4),
    max_leaves=12,
) | st.sampled_from([(deep, 50), (deep, 5000), (deep_dict, 50), (deep_dict, 3000), (list, 5000), (str, 100_000)]).map(
    _build  # built afresh for each example: a mutation may change the value in place
)


def toml_safe(value: Any) -> Any:
    """``value`` with what TOML cannot hold (None, keys that are not text) dropped or turned
    into text, so a mutated table can still be written as a file."""
    if isinstance(value, dict):
        return {str(k): toml_safe(v) for k, v in value.items() if v is not None}
    if isinstance(value, list):
        return [toml_safe(v) for v in value if v is not None]
    if isinstance(value, int) and not isinstance(value, bool) and not -(2**63) <= value < 2**63:
        return str(value)
    return value


# --- mutations of a valid document ------------------------------------------------------------


def _paths(doc: Any, here: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    out = [here]
    if len(here) > 8:  # a deep garbage value already put in: its top is enough
        return out
    if isinstance(doc, dict):
        for k, v in doc.items():
            out += _paths(v, (*here, k))
    elif isinstance(doc, list):
        for i, v in enumerate(doc[:40]):  # long lists: the head is enough to reach every shape
            out += _paths(v, (*here, i))
    return out


def mutate(doc: Any, rng: random.Random, replacement: Any, *, steps: int = 1) -> Any:
    """A deep copy of ``doc`` with ``steps`` random nodes replaced by ``replacement``, deleted,
    or duplicated (a list grown, a key removed)."""
    doc = json.loads(json.dumps(doc))
    for _ in range(steps):
        paths = _paths(doc)
        where = rng.choice(paths)
        if not where:
            return replacement
        parent = doc
        for key in where[:-1]:
            parent = parent[key]
        key = where[-1]
        how = rng.random()
        if how < 0.6:
            parent[key] = replacement
        elif how < 0.8:
            del parent[key]
        elif isinstance(parent, list):
            parent.insert(key, parent[key])
        else:
            parent[key] = [parent[key], parent[key]]
    return doc


def damage_bytes(data: bytes, rng: random.Random) -> bytes:
    """``data`` truncated, with bytes flipped, NULs or invalid UTF-8 inserted, or a slice repeated."""
    out = bytearray(data)
    for _ in range(rng.randint(1, 3)):
        how = rng.randrange(5)
        at = rng.randint(0, len(out))
        if how == 0:
            del out[at:]
        elif how == 1 and out:
            out[min(at, len(out) - 1)] = rng.randrange(256)
        elif how == 2:
            out[at:at] = b"\x00"
        elif how == 3:
            out[at:at] = rng.choice([b"\xff\xfe", b"\xc3", b"\xed\xa0\x80", b"\x80"])
        else:
            out[at:at] = out[at : at + rng.randint(1, 64)] * rng.randint(2, 50)
    return bytes(out)
