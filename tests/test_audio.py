"""The game's own sounds: buffers made right, played at the player's volume, silent and unbreakable
without audio, and asked for by the table at the right moments of play."""

from __future__ import annotations

import functools
import itertools
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pygame
import pytest
from hypothesis import given
from hypothesis import strategies as st
from table_helpers import display
from user_dirs import point_user_dirs

from game.engine.events import (
    Claimed,
    DiceRolled,
    Discarded,
    Event,
    FirstDealerRolled,
    KanDeclared,
    RiichiAccepted,
    TileDrawn,
    TilesDealt,
    Win,
)
from game.engine.meld import MeldKind
from game.ui import audio
from game.ui.audio import Cue, SoundBoard, loudness, music, pcm
from game.ui.audio.board import MIN_GAP, MUSIC_GAIN
from game.ui.audio.music import render_loop
from game.ui.audio.recipes import GAINS, PEAK, SECONDS, render, variants

RATES = (22050, 44100)


@functools.cache
def rendered(cue: Cue, rate: int, variant: int) -> tuple[float, ...]:
    return tuple(render(cue, rate, variant))


@pytest.fixture
def mixer() -> Iterator[Any]:
    """The real pygame mixer on the dummy audio driver (no sound reaches a device)."""
    pygame.mixer.init(frequency=44100, size=-16, channels=2)
    yield pygame.mixer
    audio.stop()
    pygame.mixer.quit()


# --- synthesis ------------------------------------------------------------------------------


@pytest.mark.parametrize("rate", RATES)
@pytest.mark.parametrize("cue", list(Cue))
def test_every_cue_has_its_length_and_peaks_below_full_scale(cue: Cue, rate: int) -> None:
    for variant in range(variants(cue)):
        samples = rendered(cue, rate, variant)
        assert len(samples) == round(SECONDS[cue] * rate)
        assert max(abs(x) for x in samples) == pytest.approx(PEAK)
        assert samples[0] == 0.0 and abs(samples[-1]) < 1e-9  # faded in and out: no pop
        assert abs(sum(samples) / len(samples)) < 0.01  # no DC offset left by the strike


def test_synthesis_is_deterministic_and_variants_differ() -> None:
    for cue in Cue:
        assert render(cue, 22050) == list(rendered(cue, 22050, 0))
    tiles = {rendered(Cue.TILE, 22050, v) for v in range(variants(Cue.TILE))}
    assert len(tiles) == variants(Cue.TILE) > 1
    with pytest.raises(ValueError, match="variants"):
        render(Cue.RON, 22050, 1)


def test_a_click_is_short_and_a_chime_rings() -> None:
    """Where the energy sits in time: a tile click is over in a few milliseconds, a win rings on."""

    def energy(samples: tuple[float, ...], start: float, end: float, rate: int = 22050) -> float:
        return sum(x * x for x in samples[round(start * rate) : round(end * rate)])

    tile = rendered(Cue.TILE, 22050, 0)
    assert energy(tile, 0.0, 0.02) > 20 * energy(tile, 0.04, 0.07)
    ron = rendered(Cue.RON, 22050, 0)
    assert energy(ron, 0.6, 0.8) > 0.05 * energy(ron, 0.0, 0.2)


@given(st.lists(st.floats(-3.0, 3.0), max_size=50), st.sampled_from(sorted(pcm.FORMATS)), st.integers(1, 2))
def test_pcm_encodes_every_mixer_format_and_clamps(samples: list[float], size: int, channels: int) -> None:
    data = pcm.encode(samples, size, channels)
    width = abs(size) // 8
    assert len(data) == len(samples) * channels * width
    back = pcm.decode(data, size, channels)
    step = 1.0 / pcm.FORMATS[size][1]
    for x, y in zip(samples, back, strict=True):
        assert y == pytest.approx(max(-1.0, min(1.0, x)), abs=step)


def test_buffers_match_the_mixer_format(mixer: Any) -> None:
    board = SoundBoard(mixer, background=False, music=False)
    assert board.enabled and board.format == (44100, -16, 2)
    sound = board._sound(Cue.DISCARD, 0)
    raw = sound.get_raw()
    assert len(raw) == round(SECONDS[Cue.DISCARD] * 44100) * 2 * 2
    peak = max(abs(v) for v in pcm.decode(raw, -16, 2))
    assert 0.8 * 32767 <= peak * 32767 <= 0.9 * 32767


# --- the board ------------------------------------------------------------------------------


class Clock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def test_the_board_plays_at_the_players_volume_and_follows_changes(mixer: Any) -> None:
    clock = Clock()
    board = SoundBoard(mixer, sound_volume=50, background=False, clock=clock, music=False)
    board.play(Cue.DISCARD)
    assert board.played == [Cue.DISCARD]
    sound = board._sound(Cue.DISCARD, 0)
    assert sound.get_volume() == pytest.approx(GAINS[Cue.DISCARD] * 0.25, abs=1 / 128)
    board.set_volumes(100, 30)
    assert sound.get_volume() == pytest.approx(GAINS[Cue.DISCARD], abs=1 / 128)
    assert board.music_volume == 30 and board.volume_of(Cue.UI) == pytest.approx(GAINS[Cue.UI])
    board.set_volumes(0, 30)
    clock.now += 1
    board.play(Cue.DISCARD)
    assert board.played == [Cue.DISCARD]  # muted: nothing sent to the mixer
    assert [loudness(v) for v in (0, 50, 100, 150, -5)] == [0.0, 0.25, 1.0, 1.0, 0.0]


def test_the_same_cue_at_once_is_played_once(mixer: Any) -> None:
    """A skip finishes many units in one frame: a burst of discards is one click, not twenty."""
    clock = Clock()
    board = SoundBoard(mixer, background=False, clock=clock, music=False)
    for _ in range(20):
        board.play(Cue.DISCARD)
    board.play(Cue.TILE)
    clock.now += MIN_GAP
    board.play(Cue.DISCARD)
    assert board.played == [Cue.DISCARD, Cue.TILE, Cue.DISCARD]


def test_the_board_made_on_a_thread_becomes_ready_and_plays_music(
        mixer: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    point_user_dirs(tmp_path, monkeypatch)
    board = audio.start(sound_volume=40, music_volume=50)
    assert audio.current() is board
    assert not board._ready.is_set()  # nothing is made before the first frame is shown
    board.tick()  # the app's first frame has been shown: the thread begins
    assert board.wait_ready(120)
    board.play(Cue.UI)
    assert board.played == [Cue.UI]
    assert not board.music_playing
    board.tick()  # the app's frame starts the music on its own channel
    assert board.music_playing
    channel = pygame.mixer.Channel(0)
    music_sound = channel.get_sound()
    assert channel.get_busy() and music_sound.get_volume() == pytest.approx(MUSIC_GAIN * 0.25, abs=1 / 128)
    assert board.music_level() == pytest.approx(MUSIC_GAIN * 0.25)
    board.set_volumes(40, 0)
    assert not board.music_playing
    board.set_volumes(40, 100)
    assert music_sound.get_volume() == pytest.approx(MUSIC_GAIN, abs=1 / 128)
    board.play(Cue.DISCARD)
    assert channel.get_sound() is music_sound  # the reserved channel is never taken by a sound


def test_no_music_is_started_at_zero_volume(mixer: Any) -> None:
    board = SoundBoard(mixer, music_volume=0, background=False, music=False)
    board._music_data = b"\0" * 4096  # as if made
    board.tick()
    assert not board.music_playing and board.music_level() == 0.0
    board.set_volumes(80, 30)
    board.tick()
    assert board.music_playing
    audio.stop()
    assert not audio.current().enabled


def test_the_music_loops_without_a_seam_and_stays_quiet() -> None:
    rate = 4000
    loop = render_loop(rate, seconds=3.0)
    assert len(loop) == 3 * rate and max(abs(x) for x in loop) == pytest.approx(music.PEAK)
    steps = [abs(b - a) for a, b in itertools.pairwise(loop)]
    assert abs(loop[0] - loop[-1]) <= 2 * max(steps)  # the end runs into the start like any two samples
    stretched = pcm.decode(pcm.encode(loop[:4], -16, 1, stretch=4), -16, 1)
    assert len(stretched) == 16 and stretched[4] == pytest.approx(loop[1], abs=1e-4)
    assert stretched[2] == pytest.approx((loop[0] + loop[1]) / 2, abs=1e-4)
    assert stretched[15] == pytest.approx(0.25 * loop[3] + 0.75 * loop[0], abs=1e-4)  # wraps to the start
    assert [music.loop_stretch(r) for r in (44100, 48000, 22050, 11025)] == [4, 4, 2, 1]


def test_silent_and_unbroken_when_the_mixer_cannot_open(monkeypatch: pytest.MonkeyPatch) -> None:
    pygame.mixer.quit()

    def refuse(*args: object, **kwargs: object) -> None:
        raise pygame.error("No available audio device")

    monkeypatch.setattr(pygame.mixer, "init", refuse)
    board = audio.start()
    try:
        assert not board.enabled and board.wait_ready(0)
        for cue in Cue:
            board.play(cue)
        board.set_volumes(100, 100)
        assert board.played == [] and board.volume_of(Cue.RON) == 0.0
    finally:
        audio.stop()


def test_silent_when_the_mixer_closes_under_the_board(mixer: Any) -> None:
    board = SoundBoard(mixer, background=False, music=False)
    board.play(Cue.TILE)
    pygame.mixer.quit()
    board.play(Cue.DISCARD)
    board.set_volumes(20, 20)
    assert board.played == [Cue.TILE]


class BrokenMixer:
    """A mixer that opens in a format no encoder knows, or whose Sound raises."""

    def __init__(self, size: int = -16) -> None:
        self.size = size

    def get_init(self) -> tuple[int, int, int]:
        return (44100, self.size, 2)

    def get_num_channels(self) -> int:
        return 8

    def set_num_channels(self, n: int) -> None:
        pass

    def set_reserved(self, n: int) -> None:
        pass

    def Sound(self, buffer: bytes) -> Any:  # noqa: N802 (pygame's name)
        raise pygame.error("out of memory")


def test_silent_with_an_unknown_format_or_a_failing_sound() -> None:
    assert not SoundBoard(BrokenMixer(size=24), background=False).enabled
    board = SoundBoard(BrokenMixer(), background=False, music=False)
    assert board.enabled
    board.play(Cue.RON)
    assert board.played == []


# --- the table and the menus ask for the right sounds -----------------------------------------


class Recorder:
    """A fake board: every cue asked for, in order, nothing played."""

    def __init__(self) -> None:
        self.cues: list[Cue] = []
        self.volumes: list[tuple[int, int]] = []
        self.enabled = True

    def play(self, cue: Cue) -> None:
        self.cues.append(cue)

    def set_volumes(self, sound: int, music: int) -> None:
        self.volumes.append((sound, music))


MELD_CUES = {MeldKind.CHI: Cue.CHI, MeldKind.PON: Cue.PON}


def expected_cues(event: Event) -> list[Cue]:
    """What the player should hear for an event, from the engine's own account of it."""
    if isinstance(event, TileDrawn | TilesDealt):
        return [Cue.TILE]
    if isinstance(event, Discarded):
        return [Cue.DISCARD]
    if isinstance(event, Claimed):
        return [MELD_CUES.get(event.meld.kind, Cue.KAN)]
    if isinstance(event, KanDeclared):
        return [Cue.KAN]
    if isinstance(event, RiichiAccepted):
        return [Cue.RIICHI]
    if isinstance(event, Win):
        return [Cue.TSUMO if event.discarder is None else Cue.RON]
    if isinstance(event, DiceRolled):
        return [Cue.DICE]
    if isinstance(event, FirstDealerRolled):
        return [Cue.DICE] * len(event.rounds)
    return []


@pytest.mark.parametrize(("profile", "seed"), [("riichi", 3), ("taiwanese", 5)])
def test_the_table_asks_for_a_sound_at_each_moment_of_play(profile: str, seed: int) -> None:
    from game.ui.table import TableScreen

    display()
    screen = TableScreen((1280, 720), profile=profile, seed=seed, autoplay=True, speed=0.0)
    recorder = Recorder()
    screen.presenter.sounds = recorder
    screen.presenter.stop_after_hands = 2
    for _ in range(400):
        screen.update(1 / 60)
        if screen.presenter.hands_ended >= 2 and screen.presenter.idle:
            break
    shown = screen.presenter.units
    events = screen.match.events[: len(shown)]  # every event shown became one unit, in order
    assert [type(e).__name__ for e in events] == shown
    want = [cue for e in events for cue in expected_cues(e)]
    assert recorder.cues == want
    kinds = set(want)
    assert {Cue.TILE, Cue.DISCARD, Cue.DICE} <= kinds and kinds & {Cue.RON, Cue.TSUMO}


def test_menus_click_and_the_settings_set_the_volume(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from user_dirs import point_user_dirs

    from game import i18n
    from game.ui.menus.flow import MenuFlow
    from game.ui.menus.intents import Open

    point_user_dirs(tmp_path, monkeypatch)
    monkeypatch.setenv("LANG", "en_US.UTF-8")
    pygame.init()
    i18n.set_language("en")
    recorder = Recorder()
    monkeypatch.setattr(audio, "_current", recorder)
    flow = MenuFlow((1280, 720), sounds=recorder)  # type: ignore[arg-type]
    assert recorder.volumes == [(80, 60)]
    flow.act(Open("settings"))
    row = flow.top.root.find("sound_volume")  # type: ignore[union-attr]
    assert row is not None
    flow.top.set_focus(flow.top.widgets.index(row))  # type: ignore[union-attr]
    flow.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_LEFT, unicode="", mod=0))
    assert recorder.volumes[-1] == (70, 60)
    assert recorder.cues == [Cue.UI, Cue.DISCARD]  # the click, then a tile at the new volume
