"""The table says when the human's waits cannot win: the engine's reading (``Match.tenpai``)
worded beside the waits, from the catalog, in the player's language, and gone once the hand
may win (after riichi). QA saw "Waits [3p]" on an open hand without a yaku and no word why the
ron never came."""

from __future__ import annotations

from engine_helpers import stacked_match
from table_helpers import SIZE, display

from game.engine.tiles import parse_kinds
from game.i18n import again, set_language, t
from game.scene import FixedClock
from game.ui.table import Intent, TableScreen
from game.ui.table.words import tile_words

FAR = {2: "147p258s369m567z2z", 3: "258p147s58m567z11s"}  # far from tenpai: nobody else wins


def _screen(hands: dict[int, str], human: int = 0) -> tuple[TableScreen, FixedClock]:
    display()
    m = stacked_match("riichi", {**FAR, **hands})
    screen = TableScreen(SIZE, match=m, human=human, speed=12.0, claim_seconds=None)
    clock = FixedClock()
    for _ in range(20_000):
        screen.update(clock.tick())
        if screen.human_awaited() and screen.match.phase.value == "turn":
            return screen, clock
    raise AssertionError("the human never got a turn")


def _discard(screen: TableScreen, clock: FixedClock, text: str) -> None:
    kind = parse_kinds(text)[0]
    tile = next(tile for tile in screen.match.players[screen.human].hand if tile >> 2 == kind)
    assert screen.act(Intent("tile", tile)) is not None
    for _ in range(3):
        screen.update(clock.tick())


def test_a_closed_hand_without_a_yaku_is_told_to_declare_riichi() -> None:
    set_language("en")
    screen, clock = _screen({0: "123m456p789s11z45m9m", 1: "3m6m3m6m222z333z444z"})
    note = screen.hud.waits_note
    assert not note.visible  # 14 tiles: no waits yet
    _discard(screen, clock, "9m")
    assert screen.hud.waits_text.visible
    assert note.visible
    assert note.source == t("table.waits_note.riichi", riichi=screen.terms.riichi)
    assert "riichi" in note.source.lower()
    set_language("fr")
    try:
        screen.language_changed()
        assert note.source == again(note.source) and "Aucun yaku" in note.source
    finally:
        set_language("en")


def test_only_the_waits_without_a_yaku_are_named() -> None:
    set_language("en")
    screen, clock = _screen({0: "222m456p678s22s78m1z", 1: "6m9m6m9m111z333z444z"})
    _discard(screen, clock, "1z")
    note = screen.hud.waits_note
    assert note.visible
    nine = parse_kinds("9m")
    assert note.source == t("table.waits_note.some_waits_riichi", tiles=tile_words(nine), riichi=screen.terms.riichi)


def test_riichi_gives_the_yaku_and_the_note_goes() -> None:
    set_language("en")
    screen, clock = _screen({0: "123m456p789s11z45m9m", 1: "3m6m3m6m222z333z444z"})
    riichi = next(i for i, (c, _) in enumerate(screen.choices()) if c.verb == "riichi")
    screen.act(Intent("choice", riichi))
    _discard(screen, clock, "9m")
    assert screen.match.players[0].riichi
    assert screen.hud.waits_text.visible and not screen.hud.waits_note.visible


def test_a_hand_with_its_yaku_has_no_note() -> None:
    set_language("en")
    # tanyao on both waits (3m and 6m... 234m 456p 678s 22s 45m)
    screen, clock = _screen({0: "234m456p678s22s45m1z", 1: "3m6m3m6m111z333z444z"})
    _discard(screen, clock, "1z")
    assert screen.hud.waits_text.visible and not screen.hud.waits_note.visible


def test_hong_kong_says_the_hand_is_under_its_fan_minimum_not_without_a_yaku() -> None:
    """Hong Kong asks no yaku but 3 fan (flowers not counted): a concealed common hand has 2 on a
    discard (common hand, concealed hand) and 3 with its own draw (self-draw), so only the draw
    wins, and the note says so in fan, never in yaku."""
    set_language("en")
    display()
    m = stacked_match("hongkong", {**FAR, 0: "123m456p789s23s99p1z", 1: "3m6m3m6m222z333z444z"})
    screen = TableScreen(SIZE, match=m, human=0, speed=12.0, claim_seconds=None)
    clock = FixedClock()
    for _ in range(20_000):
        screen.update(clock.tick())
        if screen.human_awaited() and screen.match.phase.value == "turn":
            break
    _discard(screen, clock, "1z")
    note = screen.hud.waits_note
    assert screen.hud.waits_text.visible and note.visible
    assert note.source == t("table.waits_note.fan.tsumo_only", fan=3)
    assert not (screen.hud.sticks or screen.hud.counters)  # no riichi sticks, no counters: none shown
    for language in ("en", "fr", "ru"):
        set_language(language)
        try:
            screen.language_changed()
            assert "3" in note.source and "yaku" not in note.source.lower()
        finally:
            set_language("en")


def test_hong_kong_speaks_of_its_minimum_fan() -> None:
    """Hong Kong has no yaku: a wait under the minimum is said in fan (its rulebook's 起糊)."""
    from game.engine import Tenpai, Wait

    set_language("en")
    display()
    screen = TableScreen(SIZE, profile="hongkong", seed=3, speed=12.0)
    low = Tenpai((Wait(parse_kinds("3m")[0], False, False, False),), False)
    note = screen._waits_note(low)
    assert note == t("table.waits_note.fan.no_yaku", fan=screen.match.profile.fan.min_fan)
    assert "3 fan" in note and "yaku" not in note
