"""Typed, bounded reading of the fields of a file the game wrote and reads back.

A save, a replay or the settings may come back edited by hand, damaged, written by another
version or crafted to hurt: every field is checked for its type (``True`` is not a number), its
range (a seat is 0..3; a score fits the table; a list is not a million long) and its size (a name
is not five megabytes). An essential field that fails raises ValueError naming the field; a field
that only decorates a list (a date, a summary) falls back to a neutral value, so the file is used.
"""

from __future__ import annotations

import math
from datetime import datetime
from typing import Any, Final

EARLIEST_YEAR: Final = 1971  # a date before this cannot be shown as local time everywhere (Windows)
LATEST_YEAR: Final = 9998  # a date after this overflows once moved to another time zone
TIME_LIMIT: Final = 40  # characters of an ISO 8601 time, with room to spare


def typed(value: Any, kind: type, where: str) -> Any:
    """``value`` if it is exactly a ``kind`` (a bool is not an int), else ValueError."""
    if type(value) is not kind:
        raise ValueError(f"{where} should be {kind.__name__}, not {type(value).__name__}")
    return value


def whole(value: Any, low: int, high: int, where: str) -> int:
    """An int in ``low..high``, else ValueError."""
    number: int = typed(value, int, where)
    if not low <= number <= high:
        raise ValueError(f"{where} should be {low}..{high}, not {number}")
    return number


def text(value: Any, limit: int, where: str) -> str:
    """A str of at most ``limit`` characters, else ValueError."""
    words: str = typed(value, str, where)
    if len(words) > limit:
        raise ValueError(f"{where} is {len(words)} characters long; at most {limit}")
    return words


def items(value: Any, limit: int, where: str) -> list[Any]:
    """A list of at most ``limit`` items, else ValueError."""
    out: list[Any] = typed(value, list, where)
    if len(out) > limit:
        raise ValueError(f"{where} has {len(out)} items; at most {limit}")
    return out


def real(value: Any, bound: float, where: str) -> float:
    """A finite number (int or float) of magnitude at most ``bound``, as a float."""
    if type(value) not in (int, float) or not math.isfinite(value) or abs(value) > bound:
        raise ValueError(f"{where} should be a number within ±{bound:g}, not {value!r}")
    return float(value)


def time_or_blank(value: Any) -> str:
    """An ISO 8601 time with a zone, between the years the UI can show in local time, else "".

    Only a decoration (when a save was made, a match finished): a bad one must not make the file
    unusable, nor crash the screen that converts it (``0001-01-01T00:00:00+14:00`` overflows)."""
    if type(value) is not str or len(value) > TIME_LIMIT:
        return ""
    try:
        when = datetime.fromisoformat(value)
    except ValueError:
        return ""
    if when.tzinfo is None or not EARLIEST_YEAR <= when.year <= LATEST_YEAR:
        return ""
    try:
        when.astimezone()
    except (OverflowError, OSError, ValueError):
        return ""
    return value
