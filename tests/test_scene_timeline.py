"""The timeline: units one after another, free actions beside them, speed, idle and skipping."""

from __future__ import annotations

import time

import pytest
from hypothesis import given
from hypothesis import strategies as st

from game.scene import Call, Delay, FixedClock, RealClock, Repeat, Sequence, Timeline, Tween


class Thing:
    def __init__(self) -> None:
        self.x = 0.0


def unit(log: list[str], name: str, seconds: float, clock: FixedClock) -> Sequence:
    """An animation unit that notes the frame it starts and ends on."""
    return Sequence(
        Call(lambda: log.append(f"{name}+{clock.frames}")),
        Delay(seconds),
        Call(lambda: log.append(f"{name}-{clock.frames}")),
    )


def test_units_play_one_after_another_and_free_actions_beside_them() -> None:
    clock = FixedClock()
    timeline = Timeline()
    log: list[str] = []
    assert timeline.idle
    timeline.enqueue(unit(log, "a", 0.5, clock))
    timeline.enqueue(unit(log, "b", 0.25, clock))
    timeline.run(unit(log, "free", 0.1, clock))
    assert not timeline.idle and timeline.pending_units == 2
    frames = clock.run_until(timeline.update, lambda: timeline.idle)
    assert frames == 45
    assert log == ["free+1", "a+1", "free-6", "a-30", "b+30", "b-45"]


def test_free_actions_started_by_callbacks_play_from_the_next_update() -> None:
    timeline = Timeline()
    thing = Thing()
    timeline.run(Call(lambda: timeline.run(Tween(thing, "x", 1.0, 0.5))))
    timeline.update(0.25)
    assert thing.x == 0.0 and not timeline.idle
    timeline.update(0.25)
    assert thing.x == 0.5
    timeline.update(0.25)
    assert thing.x == 1.0 and timeline.idle


speeds = st.sampled_from([0.25, 0.5, 1.0, 1.5, 2.0, 3.0, 4.0])


@given(speeds, st.integers(1, 120))
def test_speed_scales_time_exactly(speed: float, frames_at_speed_one: int) -> None:
    clock = FixedClock()
    timeline = Timeline(speed=speed)
    thing = Thing()
    seconds = frames_at_speed_one / 60
    timeline.enqueue(Sequence(Tween(thing, "x", 3.0, seconds / 2), Tween(thing, "x", 7.0, seconds / 2)))
    frames = clock.run_until(timeline.update, lambda: timeline.idle)
    exact = frames_at_speed_one / speed
    assert frames == max(1, -int(-round(exact, 6) // 1))  # ceil
    assert thing.x == 7.0


def test_speed_zero_pauses_and_bad_speeds_are_refused() -> None:
    timeline = Timeline()
    thing = Thing()
    timeline.run(Tween(thing, "x", 1.0, 1.0))
    timeline.update(0.5)
    timeline.speed = 0.0
    FixedClock().run(timeline.update, 100)
    assert thing.x == 0.5
    timeline.speed = 1.0
    timeline.update(0.5)
    assert thing.x == 1.0 and timeline.idle
    for bad in (-1.0, float("inf"), float("nan")):
        with pytest.raises(ValueError):
            timeline.speed = bad


def test_skip_all_finishes_everything_firing_callbacks_once_in_order() -> None:
    clock = FixedClock()
    timeline = Timeline()
    log: list[str] = []
    thing = Thing()
    pulse = timeline.run(Repeat(Tween(thing, "x", 1.0, 0.2, relative=True)))
    timeline.run(unit(log, "free", 1.0, clock))
    timeline.enqueue(unit(log, "a", 0.5, clock))
    b = timeline.enqueue(unit(log, "b", 0.5, clock))
    b.on_finish(lambda: timeline.enqueue(unit(log, "c", 0.5, clock)))  # a unit that queues another
    clock.run(timeline.update, 3)
    timeline.skip_all()
    assert timeline.idle
    assert log == ["free+1", "a+1", "free-3", "a-3", "b+3", "b-3", "c+3", "c-3"]
    assert pulse.done and thing.x == 1.0
    timeline.update(1.0)
    assert len(log) == 8


def test_skip_all_refuses_an_endless_chain_of_callbacks() -> None:
    timeline = Timeline()

    def again() -> None:
        timeline.enqueue(Call(again))

    timeline.enqueue(Call(again))
    with pytest.raises(RuntimeError):
        timeline.skip_all()


def test_clear_drops_without_finishing() -> None:
    timeline = Timeline()
    log: list[str] = []
    timeline.enqueue(Sequence(Delay(1.0), Call(log.append, "x")))
    assert timeline.current_unit is not None
    timeline.clear()
    timeline.update(2.0)
    assert timeline.idle and log == [] and timeline.current_unit is None


def test_fixed_clock_counts_frames_and_time_by_product() -> None:
    clock = FixedClock(0.1)
    seen: list[float] = []
    clock.run(seen.append, 3)
    assert seen == [0.1, 0.1, 0.1] and clock.frames == 3
    assert clock.time == 3 * 0.1
    with pytest.raises(RuntimeError):
        clock.run_until(seen.append, lambda: False, limit=5)
    with pytest.raises(ValueError):
        FixedClock(0.0)


def test_real_clock_clamps_a_stall() -> None:
    clock = RealClock(fps=1000, max_dt=0.05)
    clock.tick()
    time.sleep(0.08)
    assert clock.tick() == 0.05
    assert 0.0 <= clock.tick() <= 0.05


def test_cancel_stops_an_action_where_it_is() -> None:
    timeline = Timeline()
    thing = Thing()
    lift = timeline.run(Tween(thing, "x", 1.0, 1.0))
    first = timeline.enqueue(Delay(1.0))
    log: list[str] = []
    timeline.enqueue(Call(log.append, "next"))
    timeline.update(0.5)
    assert timeline.cancel(lift) and not timeline.cancel(lift)
    assert timeline.cancel(first)
    timeline.update(0.5)
    assert thing.x == 0.5 and not lift.done
    assert log == ["next"] and timeline.idle
