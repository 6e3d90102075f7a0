"""Every error the engine raises for bad input, so callers can catch one family.

The command line turns these into one line and exit code 2; anything else is a bug.
"""

from __future__ import annotations


class AtlasError(Exception):
    """Base of every documented error raised for bad outside input."""


class NotationError(AtlasError, ValueError):
    """Hand, tile or action notation that cannot be read."""


class IllegalActionError(AtlasError):
    """An action the rules do not allow now. ``rule`` names the rule that forbids it."""

    def __init__(self, rule: str, message: str) -> None:
        super().__init__(f"{message} [{rule}]")
        self.rule = rule
        self.message = message


class RecordError(AtlasError):
    """A record that cannot be replayed: wrong profile hash, cut short, or corrupt."""


class ProfileError(AtlasError):
    """A rule profile file with an unknown key, a wrong type or an out-of-range value."""
