"""The timeline: runs actions against the frame clock, with one queue of animation units.

Two ways in, because a table has two kinds of motion:

* ``enqueue(unit)`` — the presenter turns each engine event into one unit (a discard, a claim,
  the dice) and units play strictly one after another; the time a unit did not use at its end
  starts the next one in the same frame, so back-to-back units are exact.
* ``run(action)`` — starts at once and plays beside everything else (hover lifts, pulses).

``idle`` is true when nothing runs and no unit waits: the moment an AI seat may act. ``speed``
scales all time (the animation speed setting; 0 pauses); ``skip_all()`` finishes everything now,
callbacks included, in order.
"""

from __future__ import annotations

from collections import deque
from typing import Final, TypeVar

from .actions import Action

A = TypeVar("A", bound=Action)

MAX_SKIP_ROUNDS: Final = 1000
"""``skip_all`` keeps finishing while callbacks add actions; past this many rounds it is a loop."""


class Timeline:
    """Plays queued units one at a time and free actions in parallel."""

    def __init__(self, speed: float = 1.0) -> None:
        self.speed = speed
        self._running: list[Action] = []
        self._units: deque[Action] = deque()

    @property
    def speed(self) -> float:
        """Seconds of animation per second of real time."""
        return self._speed

    @speed.setter
    def speed(self, value: float) -> None:
        if not 0.0 <= value < float("inf"):
            raise ValueError(f"speed must be finite and >= 0, not {value} (use skip_all to skip)")
        self._speed = value

    @property
    def idle(self) -> bool:
        """Nothing runs and no unit waits."""
        return not self._running and not self._units

    @property
    def pending_units(self) -> int:
        """Queued units not yet finished, the playing one included."""
        return len(self._units)

    @property
    def current_unit(self) -> Action | None:
        return self._units[0] if self._units else None

    def run(self, action: A) -> A:
        """Play ``action`` now, beside everything else; returns it."""
        self._running.append(action)
        return action

    def enqueue(self, unit: A) -> A:
        """Play ``unit`` after every unit queued before it; returns it."""
        self._units.append(unit)
        return unit

    def update(self, dt: float) -> None:
        """Advance everything by ``dt`` seconds of real time (times ``speed``): the free actions,
        then the queued units."""
        scaled = dt * self._speed
        if self._running:
            running, self._running = self._running, []
            for action in running:
                action.step(scaled)
            kept = [action for action in running if not action.done]
            # actions started by callbacks during this update play from the next one
            self._running = kept + self._running
        budget = scaled
        while self._units:
            unit = self._units[0]
            budget = unit.step(budget)
            if not unit.done:
                break
            self._units.popleft()

    def skip_all(self) -> None:
        """Finish every running action and every queued unit now, firing their callbacks in order
        (free actions first, then the units in queue order)."""
        for _ in range(MAX_SKIP_ROUNDS):
            if self.idle:
                return
            running, self._running = self._running, []
            units, self._units = self._units, deque()
            for action in running:
                action.finish()
            for unit in units:
                # a unit queued by a callback here lands behind the rest, as in normal play
                unit.finish()
        raise RuntimeError(f"skip_all: callbacks still adding actions after {MAX_SKIP_ROUNDS} rounds")

    def cancel(self, action: Action) -> bool:
        """Stop ``action`` where it is, without finishing it (a hover lift when the pointer
        leaves); True if it was running or queued. A cancelled unit lets the next one start."""
        if action in self._running:
            self._running.remove(action)
            return True
        if action in self._units:
            self._units.remove(action)
            return True
        return False

    def clear(self) -> None:
        """Drop everything without finishing it (before rebuilding the scene from the truth)."""
        self._running.clear()
        self._units.clear()
