"""AI seats. Every seat decides from ``Match.observe(seat)`` alone, with its own random stream."""

from __future__ import annotations

from typing import Protocol

from game.engine.actions import Action
from game.engine.observation import Observation


class Seat(Protocol):
    """Anything that can sit at the table and answer when the engine asks."""

    name: str

    def decide(self, obs: Observation) -> Action: ...
