"""Numbers, percentages and dates written the current language's way: the one helper every screen
uses, never a format string of its own.

The conventions are catalog entries (``number.*``, ``format.*``, ``month.*``), so a translator sets
them like any other word: thousands separators (``25,000``, ``25 000``), the decimal mark
(``12.5``, ``12,5``), the percent sign (``12%``, ``12 %``) and the date (``1 Dec 2026``,
``1 déc. 2026``, ``1 дек. 2026 г.``, ``2026年12月1日``), always with a 24-hour clock
(``20:15``), as the CLDR medium formats of those languages write them.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from . import language, t


def number(value: float, decimals: int = 0, *, sign: bool = False) -> str:
    """``value`` written the current language's way: ``25,000`` / ``25 000``, ``+12.5`` / ``+12,5``
    (a :class:`Number`, so a language switch writes it again). A value that rounds to zero is
    written without a sign (``0.0``, not ``-0.0``)."""
    return Number(value, decimals, sign)


class Number(str):
    """A number as the current language writes it, that can be written again in another."""

    value: float
    decimals: int
    sign: bool
    language: str

    def __new__(cls, value: float, decimals: int = 0, sign: bool = False) -> Number:
        text = f"{abs(value):,.{decimals}f}"
        text = text.replace(",", "\x00").replace(".", t("number.decimal")).replace("\x00", t("number.thousands"))
        if value < 0 and any(ch not in "0,." for ch in f"{abs(value):.{decimals}f}"):
            text = "-" + text
        elif sign and value > 0:
            text = "+" + text
        made = super().__new__(cls, text)
        made.value, made.decimals, made.sign, made.language = value, decimals, sign, language()
        return made

    def __reduce__(self) -> tuple[Any, ...]:
        return (Number, (self.value, self.decimals, self.sign))

    def again(self) -> Number:
        return Number(self.value, self.decimals, self.sign)


def percent(share: float, decimals: int = 0) -> str:
    """A share (0.12) as a percentage in the current language: ``12%``, ``12 %``."""
    return t("format.percent", n=number(share * 100, decimals))


def decimal(value: float) -> str:
    """A short decimal as written in the current language, without trailing zeros: ``1.5`` /
    ``1,5``, ``2`` (speeds, seconds)."""
    text = f"{value:.3f}".rstrip("0").rstrip(".")
    whole, _, fraction = text.partition(".")
    return number(int(whole)) + (t("number.decimal") + fraction if fraction else "")


def date_time(when: datetime | str) -> str:
    """A moment in the player's local time, date and 24-hour time: ``1 Dec 2026, 20:15``.

    ``when`` may be an ISO 8601 string as the saves store it (UTC); a string that is not one is
    shown as nothing (nor is a time at the edge of the calendar, which overflows once moved to the
    local zone)."""
    try:
        if isinstance(when, str):
            moment = datetime.fromisoformat(when).astimezone()
        else:
            moment = when.astimezone() if when.tzinfo is not None else when
    except (ValueError, OverflowError, OSError):
        return ""
    date = t("format.date", year=moment.year, month=t(f"month.{moment.month}"), day=moment.day)
    return t("format.date_time", date=date, time=f"{moment.hour:02d}:{moment.minute:02d}")
