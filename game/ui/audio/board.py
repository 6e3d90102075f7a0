"""The sound board: game moments in, mixer sounds out, at the player's volume, never a crash.

Why it is careful: sound is a nicety. A machine with no audio device, a mixer that will not open,
the dummy driver of the tests and of CI, a mixer closed under our feet by ``pygame.quit``: in
each the board plays nothing and the game goes on. Buffers are got once, on a thread started
after the first frame is shown (:meth:`SoundBoard.tick`), so the title never waits for them; a cue
asked for before its buffer is ready is simply not heard. Making them costs seconds of pure Python
(the music most), so the app's board keeps them in the user's cache folder (:mod:`game.persist.cache`,
keyed by a digest of the recipes' code and the mixer format): after the first start a start reads
them in a few milliseconds, and a cache file that is corrupt is set aside and made again. When
they are not kept, the app's board makes them in a child process (:mod:`.making`: on the thread
they held the interpreter lock beside a Continue's first turn).

Music is :mod:`.music`'s quiet pad, made after the sounds and started by :meth:`SoundBoard.tick`
on the main thread (the app calls it every frame), on a channel of its own, looping.

Volumes are the settings' 0..100. The ear hears loudness roughly as the square of the amplitude
slider, so the mixer gets ``(percent / 100) ** 2`` times the cue's own gain: 50 % sounds about
half as loud, not barely quieter.
"""

from __future__ import annotations

import contextlib
import functools
import logging
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any, Final, Protocol

from game.persist.cache import cached, code_digest

from . import pcm
from .music import loop_stretch, render_loop
from .recipes import GAINS, Cue, render, variants

log = logging.getLogger(__name__)

MIN_GAP: Final = 0.045  # seconds: the same cue again sooner is dropped (a skip replays many units at once)
CHANNELS: Final = 16
MUSIC_GAIN: Final = 0.35  # the pad under everything: at the default 60 % it is barely there

Buffers = dict[tuple[Cue, int], bytes]  # every cue's every variant, in the mixer's format


class Sounds(Protocol):
    """What the table and the menus need of a board (tests pass a recorder)."""

    def play(self, cue: Cue) -> None: ...


def loudness(percent: int) -> float:
    """The mixer volume (0..1) for a settings volume (0..100)."""
    return (max(0, min(100, percent)) / 100.0) ** 2


class SoundBoard:
    """Plays :class:`Cue` sounds through ``pygame.mixer`` (or is silent, see the module docstring).

    ``mixer`` is the pygame mixer module (tests pass a stand-in); ``clock`` gives seconds for the
    repeat guard; ``background=False`` makes the buffers at once (tests); ``music=False`` makes no
    music; ``cache`` is the folder the buffers are kept in between starts (None: made every time);
    ``child``: buffers not in ``cache`` are made in a child process (:mod:`.making`), else on the
    board's thread."""

    def __init__(self, mixer: Any = None, *, sound_volume: int = 80, music_volume: int = 60,
                 clock: Callable[[], float] = time.monotonic, background: bool = True, music: bool = True,
                 cache: Path | None = None, child: bool = False) -> None:
        self.sound_volume = sound_volume
        self.music_volume = music_volume
        self.clock = clock
        self.mixer = mixer
        self.format: tuple[int, int, int] | None = None  # (rate, size, channels) once the mixer is open
        self._buffers: Buffers = {}
        self._sounds: dict[tuple[Cue, int], Any] = {}
        self._last: dict[Cue, float] = {}
        self._turn: dict[Cue, int] = {}
        self._ready = threading.Event()
        self._want_music = music
        self._cache = cache
        self._child = child and background and cache is not None
        self._job: Any = None  # the child making the buffers (a ProcessJob), while it runs
        self._lock = threading.Lock()
        self._thread: threading.Thread | None = None
        self._closed = False
        self._music_data: bytes | None = None
        self._music_channel: Any = None
        self._music_sound: Any = None
        self.played: list[Cue] = []  # every cue actually sent to the mixer (tests, the smoke run)
        if mixer is None:
            self._ready.set()
            return
        self.format = _open(mixer)
        if self.format is None:
            self._ready.set()
            return
        if background:  # started by the first tick(), after the first frame
            self._thread = threading.Thread(target=self._make_buffers, name="sound synthesis", daemon=True)
        else:
            self._make_buffers()

    @property
    def enabled(self) -> bool:
        """True when a mixer is open for us: sounds will be heard once their buffers are made."""
        return self.format is not None

    def wait_ready(self, timeout: float | None = None) -> bool:
        """Block until every buffer is made (tests, the bench); True when they are."""
        self._begin()
        return self._ready.wait(timeout)

    def _begin(self) -> None:
        """Start the thread that makes the buffers, once."""
        thread, self._thread = self._thread, None
        if thread is not None and not self._closed:
            thread.start()

    def _make_buffers(self) -> None:
        fmt = self.format
        assert fmt is not None
        try:
            made = self._made_in_child(fmt) if self._child else None
            if made is not None:
                self._buffers, self._music_data = made
                return
            if self._closed:
                return
            self._buffers = effects(*fmt, cache=self._cache)
            if self._want_music and not self._closed:
                self._music_data = music(*fmt, cache=self._cache)
        except Exception:  # a bug in a recipe must not take the game down with it
            log.exception("sound synthesis failed; the game stays silent")
        finally:
            self._ready.set()

    def _made_in_child(self, fmt: tuple[int, int, int]) -> tuple[Buffers, bytes | None] | None:
        """The buffers from the cache, else made in a child process; None when the child could
        not make them (then this thread does) or the board closed meanwhile."""
        from . import making

        assert self._cache is not None
        found = making.kept(*fmt, self._cache, with_music=self._want_music)
        if found is not None:
            return found
        from game.persist.jobs import Cancelled  # multiprocessing (22 ms of CPU): only on a first start
        try:
            with self._lock:
                if self._closed:
                    return None
                self._job = job = making.start_child(*fmt, self._cache, with_music=self._want_music)
            job.wait()
            return job.result()
        except Cancelled:
            return None
        except Exception as exc:  # noqa: BLE001 - no child to be had: made here instead
            log.warning("sounds not made in a child process (%s): made on the sound thread", exc)
            return None
        finally:
            self._job = None

    # --- playing ---------------------------------------------------------------------------

    def play(self, cue: Cue) -> None:
        """Play ``cue`` now (a variant in turn), unless silent, not ready, or just played."""
        if self.format is None or self.sound_volume <= 0:
            return
        now = self.clock()
        if now - self._last.get(cue, -1e9) < MIN_GAP:
            return
        self._last[cue] = now
        variant = self._turn.get(cue, 0)
        self._turn[cue] = (variant + 1) % variants(cue)
        try:
            if not self.mixer.get_init():
                return
            sound = self._sound(cue, variant)
            if sound is None:
                return
            sound.play()
            self.played.append(cue)
        except Exception as exc:  # pygame.error and friends: the device went away
            log.debug("sound %s not played: %s", cue.value, exc)

    def _sound(self, cue: Cue, variant: int) -> Any:
        key = (cue, variant)
        sound = self._sounds.get(key)
        if sound is None:
            data = self._buffers.get(key)
            if data is None:
                return None
            sound = self.mixer.Sound(buffer=data)
            sound.set_volume(GAINS[cue] * loudness(self.sound_volume))
            self._sounds[key] = sound
        return sound

    def set_volumes(self, sound_volume: int, music_volume: int) -> None:
        """The player moved a volume in the settings: it applies to the next sound, to any
        playing now, and to the music (paused at 0 %)."""
        self.sound_volume = sound_volume
        self.music_volume = music_volume
        for (cue, _), sound in self._sounds.items():
            with contextlib.suppress(Exception):
                sound.set_volume(GAINS[cue] * loudness(sound_volume))
        self._music_volume()

    def close(self) -> None:
        """The game is closing: make no more (the music is not made if not begun), play no more."""
        with self._lock:
            self._closed = True
            job, self._job = self._job, None
        if job is not None:  # a first start's child still making them: ended, nothing kept half-made
            job.cancel()
        self.format = None
        if self._thread is not None:  # never begun: nothing will be made, nobody should wait
            self._thread = None
            self._ready.set()

    # --- music -----------------------------------------------------------------------------

    def tick(self) -> None:
        """Once a frame, from the main thread (the app calls it after showing the frame): begin
        making the buffers the first time, and start the music once it is made (and wanted)."""
        self._begin()
        if (self._music_sound is not None or self._music_data is None or self.format is None
                or self.music_volume <= 0):
            return
        try:
            if not self.mixer.get_init():
                return
            sound = self.mixer.Sound(buffer=self._music_data)
            sound.set_volume(MUSIC_GAIN * loudness(self.music_volume))  # before it plays: no loud first buffer
            channel = self.mixer.Channel(0)  # reserved for the music when the mixer was opened
            channel.set_volume(1.0)
            channel.play(sound, loops=-1)
            self._music_sound, self._music_channel = sound, channel
        except Exception as exc:
            log.debug("music not started: %s", exc)
            self._music_data = None  # do not try every frame

    @property
    def music_playing(self) -> bool:
        return self._music_sound is not None and self.music_volume > 0

    def music_level(self) -> float:
        """The mixer volume the music plays at now (0..1; 0 before it starts)."""
        return MUSIC_GAIN * loudness(self.music_volume) if self._music_sound is not None else 0.0

    def _music_volume(self) -> None:
        if self._music_sound is None:
            return
        with contextlib.suppress(Exception):
            self._music_sound.set_volume(MUSIC_GAIN * loudness(self.music_volume))
            if self.music_volume > 0:
                self._music_channel.unpause()
            else:
                self._music_channel.pause()

    def volume_of(self, cue: Cue) -> float:
        """The mixer volume ``cue`` plays at now (0..1)."""
        return GAINS[cue] * loudness(self.sound_volume) if self.enabled else 0.0


@functools.lru_cache(maxsize=2)
def buffers(rate: int, size: int, channels: int) -> dict[tuple[Cue, int], bytes]:
    """Every cue's every variant, encoded for one mixer format (made once per process)."""
    return {(cue, variant): pcm.encode(render(cue, rate, variant), size, channels)
            for cue in Cue for variant in range(variants(cue))}


@functools.lru_cache(maxsize=1)
def music_buffer(rate: int, size: int, channels: int) -> bytes:
    """The music loop, encoded for one mixer format (made once per process)."""
    stretch = loop_stretch(rate)
    return pcm.encode(render_loop(rate // stretch), size, channels, stretch=stretch)


def recipe_key(rate: int, size: int, channels: int) -> str:
    """What the buffers are made of: the code of the recipes, the synthesis and the encoding, and
    the mixer format (a cached buffer made by other code is stale)."""
    from . import music as music_module
    from . import recipes, synth

    return code_digest((synth, recipes, music_module, pcm), rate, size, channels)


def _cached(name: str, rate: int, size: int, channels: int, cache: Path,
            make: Callable[[], dict[str, bytes]]) -> dict[str, bytes]:
    try:
        key = recipe_key(rate, size, channels)
    except ValueError as exc:  # no code to key on (an unusual loader): made every start
        log.info("sounds not cached: %s", exc)
        return make()
    return cached(f"{name}-{rate}-{size}-{channels}.pcm", key, make, folder=cache)


def effects(rate: int, size: int, channels: int, *, cache: Path | None = None) -> dict[tuple[Cue, int], bytes]:
    """Every cue's every variant for one mixer format, from ``cache`` when it holds them."""
    if cache is None:
        return buffers(rate, size, channels)

    def make() -> dict[str, bytes]:
        return {f"{cue.value}:{variant}": data for (cue, variant), data in buffers(rate, size, channels).items()}

    found = effects_from(_cached("sounds", rate, size, channels, cache, make))
    return found if found is not None else buffers(rate, size, channels)


def effects_from(parts: dict[str, bytes]) -> Buffers | None:
    """The effects in a cache file's parts; None unless it holds every cue's every variant (a file
    of the right key always does)."""
    out: Buffers = {}
    try:
        for name, data in parts.items():
            cue, _, variant = name.partition(":")
            out[(Cue(cue), int(variant))] = data
    except ValueError:
        return None
    if set(out) != {(cue, v) for cue in Cue for v in range(variants(cue))}:
        return None
    return out


def music(rate: int, size: int, channels: int, *, cache: Path | None = None) -> bytes:
    """The music loop for one mixer format, from ``cache`` when it holds it."""
    if cache is None:
        return music_buffer(rate, size, channels)
    parts = _cached("music", rate, size, channels, cache, lambda: {"loop": music_buffer(rate, size, channels)})
    return parts.get("loop") or music_buffer(rate, size, channels)


def _open(mixer: Any) -> tuple[int, int, int] | None:
    """Open the mixer if pygame has not (small buffer: a click must come with its tile), and say
    its format; None when there is no sound to be had."""
    try:
        if not mixer.get_init():
            mixer.init(frequency=44100, size=-16, channels=2, buffer=512)
        got = mixer.get_init()
        if not got:
            return None
        rate, size, channels = got
        if size not in pcm.FORMATS or rate < 8000 or channels < 1:
            log.info("mixer format %s not supported; the game stays silent", got)
            return None
        mixer.set_num_channels(max(CHANNELS, mixer.get_num_channels()))
        mixer.set_reserved(1)  # channel 0 is the music's: a burst of clicks never cuts it
        return int(rate), int(size), int(channels)
    except Exception as exc:  # no device, no driver, a broken SDL: silence
        log.info("no sound: the mixer could not open (%s)", exc)
        return None
