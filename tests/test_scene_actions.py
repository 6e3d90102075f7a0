"""Actions: exact ends and timings at a fixed frame step, callbacks once and in order."""

from __future__ import annotations

import math
from dataclasses import dataclass

import pytest
from hypothesis import given
from hypothesis import strategies as st

from game.scene import Call, Delay, FixedClock, Parallel, Repeat, Sequence, Tween
from game.scene.actions import Action

DT = 1.0 / 60.0
values = st.floats(-1e4, 1e4, allow_nan=False)
frame_counts = st.integers(0, 240)


@dataclass
class Thing:
    x: float = 0.0
    y: float = 0.0
    color: tuple[int, int, int] = (0, 0, 0)


def frames_to_finish(action: Action, dt: float = DT, limit: int = 10_000) -> int:
    return FixedClock(dt).run_until(action.step, lambda: action.done, limit)


def expected_frames(seconds: float, dt: float = DT) -> int:
    """The first frame at which ``seconds`` have passed (ties count as passed)."""
    return max(0, math.ceil(round(seconds / dt, 6)))


@given(start=values, end=values, frames=frame_counts)
def test_tween_lands_exactly_on_its_target_exactly_at_its_duration(start: float, end: float, frames: int) -> None:
    thing = Thing(x=start)
    tween = Tween(thing, "x", end, frames * DT)
    for _ in range(frames - 1):
        tween.step(DT)
    if frames > 1:
        assert not tween.done
    if frames > 0:
        tween.step(DT)
    else:
        assert tween.step(DT) == DT  # a zero-length tween ends at once and hands the frame back
    assert tween.done
    assert thing.x == end


def test_tween_in_between_follows_its_easing() -> None:
    thing = Thing(x=0.1)
    tween = Tween(thing, "x", 0.3, 1.0, "in_quad")
    FixedClock(0.25).run(tween.step, 2)
    assert thing.x == pytest.approx(0.1 + 0.2 * 0.25)
    assert tween.progress == 0.5
    FixedClock(0.25).run(tween.step, 2)
    assert thing.x == 0.3  # not 0.30000000000000004


def test_tweens_read_their_start_when_they_start() -> None:
    thing = Thing()
    seen: list[float] = []
    seq = Sequence(Tween(thing, "x", 10.0, 0.5), Call(lambda: seen.append(thing.x)), Tween(thing, "x", 20.0, 0.5))
    FixedClock().run(seq.step, 45)
    assert seen == [10.0]
    assert thing.x == pytest.approx(15.0)
    FixedClock().run(seq.step, 15)
    assert seq.done and thing.x == 20.0


def test_dict_relative_and_tuple_tweens() -> None:
    thing = Thing(x=5.0, y=1.0, color=(0, 100, 200))
    Tween(thing, {"x": 10.0, "y": -1.0}, duration=0.2, relative=True).finish()
    assert (thing.x, thing.y) == (15.0, 0.0)
    tween = Tween(thing, "color", (255, 100, 0), 1.0)
    tween.step(0.5)
    assert thing.color == (128, 100, 100)
    assert all(isinstance(c, int) for c in thing.color)
    with pytest.raises(TypeError):
        Tween(thing, {"x": 1.0}, 2.0)
    with pytest.raises(TypeError):
        Tween(thing, "x")
    with pytest.raises(ValueError):
        Delay(-1.0)


durations_ms = st.lists(st.integers(0, 700), min_size=1, max_size=6)


@given(durations_ms)
def test_sequence_lasts_the_sum_and_each_part_ends_on_time(parts: list[int]) -> None:
    ends: list[int] = []
    clock = FixedClock()
    steps = []
    for ms in parts:
        steps.append(Delay(ms / 1000))
        steps.append(Call(lambda: ends.append(clock.frames)))
    seq = Sequence(*steps)
    assert seq.duration == pytest.approx(sum(parts) / 1000)
    frames = clock.run_until(seq.step, lambda: seq.done)
    assert frames == max(1, expected_frames(sum(parts) / 1000))
    cumulative = [sum(parts[: i + 1]) / 1000 for i in range(len(parts))]
    assert ends == [max(1, expected_frames(t)) for t in cumulative]


@given(durations_ms)
def test_parallel_lasts_the_longest(parts: list[int]) -> None:
    par = Parallel(*(Delay(ms / 1000) for ms in parts))
    assert par.duration == max(parts) / 1000
    assert frames_to_finish(par) == max(1, expected_frames(max(parts) / 1000))


def test_leftover_time_flows_out_of_a_finished_action() -> None:
    assert Sequence(Delay(0.25), Delay(0.25)).step(0.75) == pytest.approx(0.25)
    assert Parallel(Delay(0.1), Delay(0.3)).step(1.0) == pytest.approx(0.7)
    done = Delay(0.1)
    done.step(1.0)
    assert done.step(0.5) == 0.5


def logger() -> tuple[list[str], type[Call]]:
    log: list[str] = []

    class Note(Call):
        def __init__(self, text: str) -> None:
            super().__init__(log.append, text)

    return log, Note


def nested_script() -> tuple[list[str], Action]:
    log, Note = logger()
    script = Sequence(
        Note("a"),
        Delay(0.1),
        Note("b"),
        Parallel(Note("c"), Sequence(Delay(0.2), Note("d")), Sequence(Delay(0.1), Note("e"))).on_finish(
            lambda: log.append("par")
        ),
        Repeat(Sequence(Delay(0.05), Note("r")), 3),
        Note("f"),
    ).on_finish(lambda: log.append("end"))
    return log, script


EXPECTED = ["a", "b", "c", "e", "d", "par", "r", "r", "r", "f", "end"]


def test_callbacks_fire_once_and_in_order_when_played() -> None:
    log, script = nested_script()
    assert script.duration == pytest.approx(0.1 + 0.2 + 0.15)
    FixedClock().run(script.step, 200)
    assert log == EXPECTED


@pytest.mark.parametrize("frames", [0, 1, 6, 7, 13, 19, 22, 27, 28])
def test_finish_fires_the_rest_once_and_in_order(frames: int) -> None:
    log, script = nested_script()
    FixedClock().run(script.step, frames)
    played = list(log)
    script.finish()
    assert log == EXPECTED
    assert EXPECTED[: len(played)] == played
    script.finish()
    script.step(1.0)
    assert log == EXPECTED


@given(st.integers(0, 5), st.integers(1, 500))
def test_repeat_runs_its_rounds_back_to_back(times: int, ms: int) -> None:
    thing = Thing()
    rep = Repeat(Tween(thing, "x", 1.0, ms / 1000, relative=True), times)
    assert rep.duration == pytest.approx(times * ms / 1000)
    frames = frames_to_finish(rep)
    assert frames == max(1, expected_frames(times * ms / 1000))
    assert rep.rounds == times
    assert thing.x == pytest.approx(times)


def test_endless_repeat_finishes_its_round_and_stops() -> None:
    thing = Thing()
    pulse = Repeat(Sequence(Tween(thing, "x", 1.0, 0.5), Tween(thing, "x", 0.0, 0.5)))
    assert pulse.duration == math.inf
    FixedClock().run(pulse.step, 150)  # two and a half rounds
    assert pulse.rounds == 2 and not pulse.done
    pulse.finish()
    assert pulse.done and pulse.rounds == 3 and thing.x == 0.0
    with pytest.raises(ValueError):
        Repeat(Call(print))


def test_reset_replays_an_action() -> None:
    log, script = nested_script()
    script.finish()
    script.reset()
    assert not script.done and not script.started
    script.finish()
    assert log == EXPECTED + EXPECTED


def test_finish_ends_endless_repeats_inside_parallels_and_sequences() -> None:
    thing = Thing()
    log, Note = logger()
    glow = Repeat(Sequence(Tween(thing, "x", 1.0, 0.3), Note("glow"), Tween(thing, "x", 0.0, 0.3)))
    show = Parallel(Sequence(Delay(0.1), Note("early")), glow, Sequence(Delay(0.4), Note("late")))
    FixedClock().run(show.step, 12)  # 0.2 s: early has fired
    show.finish()
    assert log == ["early", "glow", "late"]
    assert show.done and glow.rounds == 1 and thing.x == 0.0


def test_wind_down_lets_a_pulse_end_gracefully() -> None:
    thing = Thing()
    pulse = Repeat(Tween(thing, "x", 1.0, 0.5, relative=True))
    FixedClock().run(pulse.step, 40)
    pulse.wind_down()
    assert frames_to_finish(pulse) == 20
    assert pulse.rounds == 2 and thing.x == 2.0
