"""Golden frames of the table and of the tutorial's table, headless (the dummy driver), at 1280x720
and 1920x1080, in every language the game speaks; compared as :mod:`golden_frames` says.

The frames must not move when the AI levels do, so every seat is the baseline efficiency bot,
and the reasons it gives (the explain toggle, the hint) are one catalog sentence built from its
own discard: the layout of reasons and hints is what is checked, not the AI's judgement.
"""

from __future__ import annotations

from collections.abc import Iterator

import pygame
import pytest
from golden_frames import check
from table_helpers import display

from game import i18n
from game.ai.baseline import EfficiencyBot
from game.ai.explain import reason, shanten_words
from game.engine.actions import Action, ActionKind
from game.engine.match import Phase
from game.engine.observation import Observation
from game.engine.shanten import improving_draws
from game.engine.tiles import kind_of
from game.i18n.tiles import tile_word
from game.scene import FixedClock
from game.tutorial.level import levels_dir, load_level
from game.ui.table import TableScreen
from game.ui.tutorial.screen import TutorialScreen

SIZES = {"720p": (1280, 720), "1080p": (1920, 1080)}
DT = 1.0 / 60.0


class ExplainedBot(EfficiencyBot):
    """The efficiency bot, saying why in the AI's words (a discard: the shanten left and the
    draws that improve it)."""

    def decide_with_reason(self, obs: Observation) -> tuple[Action, str]:
        action = self.decide(obs)
        if action.kind not in (ActionKind.DISCARD, ActionKind.RIICHI):
            return action, reason(action.kind.value) if action.kind is not ActionKind.PASS else ""
        counts = [0] * 34
        for t in obs.hand:
            counts[kind_of(t)] += 1
        counts[kind_of(action.tile)] -= 1
        sh, kinds = improving_draws(counts, self._sets)
        draws = sum(4 - counts[k] for k in kinds)
        return action, reason("discard", tile=tile_word(kind_of(action.tile)), shanten=shanten_words(sh), count=draws)


def explained_table(size: tuple[int, int], seed: int, *, claim_seconds: float | None = None) -> TableScreen:
    screen = TableScreen(size, seed=seed, speed=8.0, levels={s: "efficiency" for s in range(4)}, explain=True,
                         keys_hint=True, claim_seconds=claim_seconds)
    for seat in list(screen.seats):
        screen.seats[seat] = ExplainedBot(seed, seat)
    screen._coach = ExplainedBot(seed, screen.human)
    return screen


def key(screen: TableScreen, code: int, text: str = "") -> None:
    screen.handle(pygame.event.Event(pygame.KEYDOWN, key=code, unicode=text, mod=0))


def play_to(screen: TableScreen, turns: int, *, claim: bool = False) -> None:
    """The human discards its drawn tile (D) ``turns`` times and passes every claim; stops at its
    next turn (or, with ``claim``, at its next claim window after those turns)."""
    clock = FixedClock()
    done = 0
    for _ in range(60_000):
        screen.update(clock.tick())
        if not screen.human_awaited():
            continue
        if screen.match.phase is Phase.TURN:
            if done >= turns and not claim:
                break
            done += 1
            key(screen, pygame.K_d, "d")
        elif claim and done >= turns:
            break
        else:
            key(screen, pygame.K_SPACE, " ")
    else:
        raise AssertionError("the table never came to the moment")


def settle(screen: TableScreen, frames: int = 20) -> pygame.Surface:
    for _ in range(frames):
        screen.update(DT)
    surface = pygame.Surface(screen.size)
    screen.draw(surface)
    return surface


@pytest.fixture(autouse=True)
def _display_and_language() -> Iterator[None]:
    display()
    yield
    i18n.set_language("en")


@pytest.mark.parametrize("lang", i18n.LANGUAGES)
@pytest.mark.parametrize("size", SIZES)
def test_the_humans_turn(size: str, lang: str) -> None:
    """Mid-hand, the human to discard: the hint (its tile raised, ringed blue), the AI's reasons,
    the key help, the keyboard's cursor three tiles left of the drawn one (ringed gold)."""
    i18n.set_language(lang)
    screen = explained_table(SIZES[size], seed=7)
    screen.act(screen.key_intent(pygame.K_h, "h"))
    play_to(screen, turns=6)
    key(screen, pygame.K_END)  # from the hint's tile, where the turn starts, to the drawn tile
    for _ in range(3):
        key(screen, pygame.K_LEFT)
    check(settle(screen), f"table_turn_{size}_{lang}")


@pytest.mark.parametrize("lang", i18n.LANGUAGES)
@pytest.mark.parametrize("size", SIZES)
def test_a_claim_window(size: str, lang: str) -> None:
    """A chi or pon offered to the human, the countdown running, the focus on Pass."""
    i18n.set_language(lang)
    screen = explained_table(SIZES[size], seed=31, claim_seconds=10.0)
    play_to(screen, turns=2, claim=True)
    check(settle(screen, 60), f"table_claim_{size}_{lang}")


@pytest.mark.parametrize("lang", i18n.LANGUAGES)
@pytest.mark.parametrize("size", SIZES)
def test_the_tutorial_table(size: str, lang: str) -> None:
    """A lesson after a wrong answer: the table beside the narration, frames around the seats."""
    i18n.set_language(lang)
    screen = TutorialScreen(SIZES[size], load_level(levels_dir() / "riichi-02-pon-beats-chi.toml"), None)
    clock = FixedClock()

    def rest() -> None:
        for _ in range(6):
            screen.update(clock.tick())
        for _ in range(3000):
            if screen.table.idle:
                return
            screen.update(clock.tick())

    rest()
    screen.choose("1")
    rest()
    surface = pygame.Surface(SIZES[size])
    screen.draw(surface)
    check(surface, f"tutorial_{size}_{lang}")


@pytest.mark.parametrize(("name", "profile", "seed", "frames"), [
    ("table_riichi_break", "riichi", 9, 200),
    ("table_taiwanese_flowers", "taiwanese", 5, 1500),
])
def test_the_ceremony_and_the_flowers(name: str, profile: str, seed: int, frames: int) -> None:
    """The break being counted; Taiwanese flowers standing beside the melds (four bots)."""
    table = TableScreen(SIZES["720p"], profile=profile, seed=seed, autoplay=True, level="efficiency")
    for _ in range(frames):
        table.update(DT)
    surface = pygame.Surface(SIZES["720p"])
    table.draw(surface)
    check(surface, name)
