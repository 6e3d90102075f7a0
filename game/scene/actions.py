"""Actions: tweens, delays, calls, and the sequences, parallels and repeats built from them.

Every action is advanced by ``step(dt)``, which consumes seconds and hands back what it did not
use once it ends. That leftover flows into the next action of a sequence (or the next queued
unit), so durations add up exactly however the frames fall: a 0.3 s sequence of three 0.1 s
tweens ends on frame 18 at 60 fps, and at double speed on frame 9. Each interval action also
knows its normalised time ``progress`` (elapsed / duration) and draws from it, never from a
frame count, which is what makes a speed factor exact.

``finish()`` runs everything to its end state at once, firing every ``Call`` and every
``on_finish`` callback exactly once, in the order normal play would have: a ``Parallel`` cuts
the time it is given at each moment one of its parts could fire something (``time_to_event``),
so a call 0.1 s into one branch fires before a call 0.2 s into another even when a single step
covers both. An endless ``Repeat`` finishes its current round and stops.

Tweens read their starting values when they start (not when they are built), as Godot's do, so
a tween placed after another in a sequence starts from where the first left the attribute.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping
from typing import Any, Final, TypeVar

from .easing import Easing, easing, linear

EPSILON: Final = 1e-9
"""Seconds of slack when deciding an action has ended, so float sums of frame times like
30 * (1/60) reach a 0.5 s duration on frame 30 instead of 31."""

Value = float | tuple[float, ...]
A = TypeVar("A", bound="Action")


class Action:
    """Something that takes time (possibly none). Subclasses implement ``_start`` and ``_advance``."""

    def __init__(self) -> None:
        self._started = False
        self._done = False
        self._on_finish: list[Callable[[], object]] = []

    @property
    def duration(self) -> float:
        """Seconds from start to end at speed 1 (``inf`` for an endless repeat)."""
        raise NotImplementedError

    @property
    def time_to_event(self) -> float:
        """Seconds until this action may next fire a callback: the end of the part now playing."""
        raise NotImplementedError

    @property
    def done(self) -> bool:
        return self._done

    @property
    def started(self) -> bool:
        return self._started

    def on_finish(self: A, callback: Callable[[], object]) -> A:
        """Call ``callback`` when this action ends (Godot's ``finished`` signal); returns self."""
        self._on_finish.append(callback)
        return self

    def step(self, dt: float) -> float:
        """Advance by ``dt`` seconds; return the seconds left over after the end (0 while running)."""
        if self._done:
            return dt
        if not self._started:
            self._started = True
            self._start()
        leftover = self._advance(dt)
        if leftover is None:
            return 0.0
        self._done = True
        for callback in self._on_finish:
            callback()
        return leftover

    def finish(self) -> None:
        """Jump to the end state, firing every callback still due, in order."""
        self.wind_down()
        self.step(math.inf)

    def wind_down(self) -> None:
        """Let every endless ``Repeat`` inside end with its current round."""

    def reset(self) -> None:
        """Back to not started (a ``Repeat`` does this between rounds)."""
        self._started = False
        self._done = False

    def _start(self) -> None:
        """Called once, at the first step."""

    def _advance(self, dt: float) -> float | None:
        """Consume ``dt``; return the leftover if this ended, else None."""
        raise NotImplementedError


class Interval(Action):
    """An action of fixed, finite duration that draws from its normalised time."""

    def __init__(self, duration: float) -> None:
        if not 0.0 <= duration < math.inf:
            raise ValueError(f"duration must be finite and >= 0, not {duration}")
        super().__init__()
        self._duration = float(duration)
        self._elapsed = 0.0

    @property
    def duration(self) -> float:
        return self._duration

    @property
    def time_to_event(self) -> float:
        return self._duration - self._elapsed

    @property
    def progress(self) -> float:
        """Normalised time 0..1."""
        return 1.0 if self._duration == 0.0 else min(1.0, self._elapsed / self._duration)

    def reset(self) -> None:
        super().reset()
        self._elapsed = 0.0

    def _advance(self, dt: float) -> float | None:
        remaining = self._duration - self._elapsed
        if dt >= remaining - EPSILON:
            self._elapsed = self._duration
            self._update(1.0)
            return max(0.0, dt - remaining)
        self._elapsed += dt
        self._update(self._elapsed / self._duration)
        return None

    def _update(self, t: float) -> None:
        """Show normalised time ``t`` (exactly 1.0 at the end)."""


class Delay(Interval):
    """Wait ``duration`` seconds."""


class Tween(Interval):
    """Move numeric attributes of ``target`` to ``to`` over ``duration`` seconds along ``ease``.

    ``Tween(node, "x", 100, 0.3)`` or ``Tween(node, {"x": 100, "y": 40}, duration=0.3)``. Values
    are numbers or tuples of numbers (colours: integer targets are rounded). With
    ``relative=True`` the targets are offsets from the values at the start. At the end every
    attribute holds its target exactly."""

    def __init__(
        self,
        target: object,
        attrs: str | Mapping[str, Value],
        to: Value | None = None,
        duration: float = 0.25,
        ease: Easing | str = linear,
        *,
        relative: bool = False,
    ) -> None:
        super().__init__(duration)
        if isinstance(attrs, str):
            if to is None:
                raise TypeError("Tween(target, 'attr', to, ...) needs a target value")
            goals: dict[str, Value] = {attrs: to}
        else:
            if to is not None:
                raise TypeError("give targets either as a dict or as `to`, not both")
            goals = dict(attrs)
        self.target = target
        self.ease = easing(ease)
        self.relative = relative
        self._goals = goals
        self._tracks: list[tuple[str, Value, Value]] = []

    def _start(self) -> None:
        self._tracks = []
        for attr, goal in self._goals.items():
            start: Value = getattr(self.target, attr)
            end = _offset(start, goal) if self.relative else goal
            self._tracks.append((attr, start, end))

    def _update(self, t: float) -> None:
        target = self.target
        if t >= 1.0:
            for attr, _, end in self._tracks:
                setattr(target, attr, end)
            return
        k = self.ease(t)
        for attr, start, end in self._tracks:
            setattr(target, attr, _lerp(start, end, k))


def _lerp(start: Value, end: Value, k: float) -> Value:
    if isinstance(start, tuple) and isinstance(end, tuple):
        return tuple(
            round(a + (b - a) * k) if isinstance(b, int) else a + (b - a) * k
            for a, b in zip(start, end, strict=True)
        )
    if isinstance(start, tuple) or isinstance(end, tuple):
        raise TypeError(f"cannot tween between {start!r} and {end!r}")
    return start + (end - start) * k


def _offset(start: Value, delta: Value) -> Value:
    if isinstance(start, tuple) and isinstance(delta, tuple):
        return tuple(a + b for a, b in zip(start, delta, strict=True))
    if isinstance(start, tuple) or isinstance(delta, tuple):
        raise TypeError(f"cannot offset {start!r} by {delta!r}")
    return start + delta


class Call(Action):
    """Call ``fn(*args)`` once, taking no time."""

    def __init__(self, fn: Callable[..., object], *args: Any) -> None:
        super().__init__()
        self.fn = fn
        self.args = args

    @property
    def duration(self) -> float:
        return 0.0

    @property
    def time_to_event(self) -> float:
        return 0.0

    def _advance(self, dt: float) -> float | None:
        self.fn(*self.args)
        return dt


class Group(Action):
    """An action made of others, which resets and winds down with them."""

    def __init__(self, *actions: Action) -> None:
        super().__init__()
        self.actions = list(actions)

    def reset(self) -> None:
        super().reset()
        for action in self.actions:
            action.reset()

    def wind_down(self) -> None:
        for action in self.actions:
            action.wind_down()


class Sequence(Group):
    """Run ``actions`` one after another; lasts the sum of their durations."""

    def __init__(self, *actions: Action) -> None:
        super().__init__(*actions)
        self._index = 0

    @property
    def duration(self) -> float:
        return sum(action.duration for action in self.actions)

    @property
    def time_to_event(self) -> float:
        return self.actions[self._index].time_to_event if self._index < len(self.actions) else 0.0

    def reset(self) -> None:
        super().reset()
        self._index = 0

    def _advance(self, dt: float) -> float | None:
        actions = self.actions
        while self._index < len(actions):
            dt = actions[self._index].step(dt)
            if not actions[self._index].done:
                return None
            self._index += 1
        return dt


class Parallel(Group):
    """Run ``actions`` together; lasts as long as the longest."""

    @property
    def duration(self) -> float:
        return max((action.duration for action in self.actions), default=0.0)

    @property
    def time_to_event(self) -> float:
        return min((action.time_to_event for action in self.actions if not action.done), default=0.0)

    def _advance(self, dt: float) -> float | None:
        if math.isinf(dt):
            self.wind_down()
        while True:
            running = [action for action in self.actions if not action.done]
            if not running:
                return dt
            # step everyone to the next moment a part may fire, so callbacks keep time order
            chunk = min(action.time_to_event for action in running)
            if dt < chunk - EPSILON:
                for action in running:
                    action.step(dt)
                return None
            chunk = min(max(chunk, 0.0), dt)
            for action in running:
                action.step(chunk)
            dt -= chunk


class Repeat(Action):
    """Run ``action`` ``times`` times in a row (``None``: for ever; ``finish`` or ``wind_down``
    then end the current round and stop)."""

    def __init__(self, action: Action, times: int | None = None) -> None:
        if times is None and action.duration <= 0.0:
            raise ValueError("an endless Repeat needs an action that takes time")
        if times is not None and times < 0:
            raise ValueError("times must be >= 0")
        super().__init__()
        self.action = action
        self.times = times
        self._rounds = 0
        self._last_round = False

    @property
    def duration(self) -> float:
        return math.inf if self.times is None else self.action.duration * self.times

    @property
    def rounds(self) -> int:
        """Rounds completed so far."""
        return self._rounds

    @property
    def time_to_event(self) -> float:
        return 0.0 if self.times == 0 else self.action.time_to_event

    def reset(self) -> None:
        super().reset()
        self._rounds = 0
        self._last_round = False
        self.action.reset()

    def wind_down(self) -> None:
        if self.times is None:
            self._last_round = True
        self.action.wind_down()

    def _advance(self, dt: float) -> float | None:
        if self.times == 0:
            return dt
        if math.isinf(dt):
            self.wind_down()
        while True:
            dt = self.action.step(dt)
            if not self.action.done:
                return None
            self._rounds += 1
            if self._last_round or self._rounds == self.times:
                return dt
            self.action.reset()
