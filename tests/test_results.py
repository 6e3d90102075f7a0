"""Result panels as a player meets them: opaque, the hand and its melds and indicators as tiles,
each row with its value, the fu on demand, the points counting up, keyboard and mouse."""

from __future__ import annotations

import pygame
import pytest
from mahjong.hand_calculating.fu import FuCalculator
from results_scenes import SCENES
from table_helpers import display

from game import i18n
from game.engine.events import FuPart, Win
from game.i18n import has
from game.scene import Panel, Sprite, Text
from game.ui.results import FU_TAG, ResultPanel, WinSheet
from game.ui.results.panel import BOX
from game.ui.results.preview import table_at_result
from game.ui.results.sheets import fu_label, tai_sum

SIZE = (1280, 720)


@pytest.fixture(autouse=True)
def _display() -> None:
    display()


def _table(scene: str, size: tuple[int, int] = SIZE, *, finish: bool = True):  # type: ignore[no-untyped-def]
    match, action = SCENES[scene].make()
    return table_at_result(size, match, action, finish=finish)


def _texts(panel: ResultPanel) -> list[str]:
    return [n.text for root in (panel.content, panel.moving) for n in root.walk() if isinstance(n, Text) and n.visible]


def _hand_sprites(panel: ResultPanel) -> list[Sprite]:
    """The tiles of the hand row: the largest sprites in the panel."""
    sprites = [n for n in panel.content.walk() if isinstance(n, Sprite)]
    tallest = max(max(s.image.get_size()) for s in sprites if s.image is not None)
    return [s for s in sprites if s.image is not None and max(s.image.get_size()) == tallest]


@pytest.mark.parametrize("language", ["en", "fr", "ru"])
def test_every_fu_reason_the_engine_can_give_has_words(language: str) -> None:
    i18n.set_language(language)
    reasons = [v for k, v in vars(FuCalculator).items() if k.isupper() and isinstance(v, str)]
    assert len(reasons) >= 16
    for reason in reasons:
        assert has(f"result.fu.{reason}"), reason
        assert fu_label(FuPart(reason, 2)) != reason.replace("_", " ")
    assert has("result.fu.base_25") and has("result.fu.base_30")


def test_a_win_is_an_opaque_panel_with_the_hand_indicators_rows_and_count() -> None:
    table = _table("tsumo_ura")
    panel = table.presenter.result
    assert panel is not None and isinstance(panel.sheet, WinSheet)
    sheet = panel.sheet
    win = next(e for e in reversed(table.match.events) if isinstance(e, Win))
    # the hand: every concealed tile, the winning tile apart (to the right, after a gap)
    tiles = _hand_sprites(panel)
    assert len(tiles) == len(win.hand)
    gaps = [b.x - a.x for a, b in zip(tiles, tiles[1:], strict=False)]
    assert gaps[-1] > max(gaps[:-1]) + 4
    # the indicators as tiles (dora and ura), every yaku row with its value
    texts = _texts(panel)
    assert sheet.dora == win.dora_indicators and sheet.ura == win.ura_indicators and win.ura_indicators
    for row in win.rows:
        assert any(text == f"{row.value} han" for text in texts)
    assert any(text.replace(",", "") == str(win.points) for text in texts)  # counted to its end
    for change in sheet.changes:
        assert any(text.replace(",", "") == str(change.after) for text in texts)
    # opaque: a blank spot of the panel is the panel's colour, whatever the table draws under it
    surface = pygame.Surface(SIZE)
    table.draw(surface)
    y = round(panel.content.y + panel.height - 140)
    assert tuple(surface.get_at((round(SIZE[0] / 2 - panel.width / 2 + 12), y)))[:3] == BOX


def test_the_points_count_up_and_the_first_enter_shows_their_end() -> None:
    table = _table("ron", finish=False)
    for _ in range(40):  # past the first moments, in which Enter does nothing (RESULT_GUARD_SECONDS)
        table.update(1 / 60)
    panel = table.presenter.result
    assert panel is not None and table.presenter.counting is not None and not table.presenter.counting.done
    points = next(c for c in panel.counters if c.role == "points")
    assert 0 < int(points.node.text.replace(",", "")) < points.end or points.node.text == "0"
    table.act(table.key_intent(pygame.K_RETURN))
    assert table.presenter.counting.done and points.node.text.replace(",", "") == str(points.end)
    assert table.presenter.hold is not None and not table.presenter.hold.released
    table.act(table.key_intent(pygame.K_RETURN))
    assert table.presenter.hold.released


def test_the_fu_breakdown_opens_by_key_and_by_click() -> None:
    table = _table("ron")
    panel = table.presenter.result
    assert panel is not None and isinstance(panel.sheet, WinSheet) and panel.sheet.fu
    win = next(e for e in reversed(table.match.events) if isinstance(e, Win))
    table.act(table.key_intent(pygame.K_f))
    assert panel.fu_open and panel.fu_box is not None and panel.fu_box.visible
    texts = _texts(panel)
    assert all(any(fu_label(p) == text for text in texts) for p in win.fu_parts)
    assert any(str(win.fu) in text and str(sum(p.fu for p in win.fu_parts)) in text for text in texts)
    button = next(n for n in panel.content.walk() if n.tag == FU_TAG)
    at = button.to_world(0, 0)
    assert table.intent_at((round(at[0]), round(at[1]))).kind == "result_fu"
    table.act(table.intent_at((round(at[0]), round(at[1]))))
    assert not panel.fu_open and not panel.fu_box.visible
    assert table.intent_at((5, 5)).kind == "continue"  # anywhere else goes on


def test_a_drawn_panel_keeps_one_picture_and_draws_its_box_again_when_asked() -> None:
    """Once the still picture holds the box, the box lets its own whole-panel surface go (it
    doubled the panel's memory); opening the fu breakdown redraws the picture, box included."""
    table = _table("ron")
    panel = table.presenter.result
    assert panel is not None and panel.still is not None
    surface = pygame.Surface(SIZE)
    table.draw(surface)
    boxes = [n for n in panel.content.walk() if isinstance(n, Panel)]
    assert boxes and all(n._image is None for n in boxes)
    renders = [n.renders for n in boxes]
    spot = (round(SIZE[0] / 2 - panel.width / 2 + 12), round(panel.content.y + panel.height - 140))
    assert tuple(surface.get_at(spot))[:3] == BOX
    table.act(table.key_intent(pygame.K_f))
    table.draw(surface)
    assert [n.renders for n in boxes[: len(renders)]] > renders  # drawn again for the new picture
    assert tuple(surface.get_at(spot))[:3] == BOX and all(n._image is None for n in boxes)


def test_a_staged_panel_shows_the_picture_drawn_while_staged() -> None:
    """The still picture is drawn and encoded out of sight, a frame at a time; showing the panel
    moves it into the overlay and must keep that picture, or the first shown frame draws it all
    again (3-6 ms at 1080p, the result screen's worst frame)."""
    table = _table("tsumo_ura", finish=False)
    panel = table.presenter.result
    assert panel is not None and panel.still is not None and panel.still.parent is table.hud.overlay
    assert panel.still.redraws == 1 and panel.still._picture is not None
    picture = panel.still._picture
    table.draw(pygame.Surface(SIZE))
    assert panel.still.redraws == 1 and panel.still._picture is picture


def test_melds_show_as_melds_with_the_called_tile_turned() -> None:
    table = _table("ron_melds")
    panel = table.presenter.result
    assert panel is not None and isinstance(panel.sheet, WinSheet)
    hand = panel.sheet.hand
    assert len(hand.melds) >= 2
    tiles = _hand_sprites(panel) + [n for n in panel.content.walk() if isinstance(n, Sprite) and n.image is not None
                                    and n.image.get_width() > n.image.get_height()]
    sideways = [s for s in tiles if s.image.get_width() > s.image.get_height()]
    assert len(sideways) >= sum(1 for m in hand.melds if m.called is not None)


def test_a_double_ron_shows_two_panels_in_turn() -> None:
    table = _table("double_ron")
    first = table.presenter.result
    assert first is not None and isinstance(first.sheet, WinSheet) and first.sheet.order == "1 / 2"
    table.presenter.release_hold()
    for _ in range(600):
        table.update(1 / 60)
        if table.presenter.result is not None and table.presenter.result is not first:
            break
    second = table.presenter.result
    assert second is not None and isinstance(second.sheet, WinSheet) and second.sheet.order == "2 / 2"
    assert {first.sheet.winner, second.sheet.winner} == {1, 3}


def test_nine_terminals_shows_the_callers_hand_and_a_draw_every_tenpai_hand() -> None:
    table = _table("kyuushu")
    panel = table.presenter.result
    assert panel is not None and not isinstance(panel.sheet, WinSheet)
    shown = [h for h in panel.sheet.hands if h.concealed]
    assert len(shown) == 1 and len(shown[0].concealed) == 14
    table = _table("exhaustive")
    panel = table.presenter.result
    assert panel is not None and not isinstance(panel.sheet, WinSheet)
    from game.engine.events import ExhaustiveDraw

    draw = next(e for e in reversed(table.match.events) if isinstance(e, ExhaustiveDraw))
    shown = {h.seat: h.concealed for h in panel.sheet.hands if h.concealed}
    assert set(shown) == {s for s in range(4) if draw.tenpai[s]}
    for seat, tiles in shown.items():
        assert sorted(tiles) == sorted(draw.hands[seat] or ())


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_every_tile_a_player_reads_is_at_least_28_px_high(size: tuple[int, int]) -> None:
    for scene in ("tsumo_ura", "ron_melds", "exhaustive"):
        panel = _table(scene, size).presenter.result
        assert panel is not None
        for sprite in panel.content.walk():
            if isinstance(sprite, Sprite) and sprite.image is not None and sprite.image.get_height() > 20:
                assert min(sprite.image.get_size()) >= 28 * size[1] / 720 - 1, scene


def test_a_resize_lays_the_result_out_again_and_keeps_it_up() -> None:
    table = _table("tsumo_ura")
    assert table.presenter.result is not None
    i18n.set_language("fr")  # a table rebuilt in another language writes the sheet again in it
    table.resize((1920, 1080))
    panel = table.presenter.result
    assert panel is not None and panel.size == (1920, 1080) and panel.width > 1280
    assert panel.still is not None and panel.still.area.right <= 1920
    assert any("Tsumo" in text and "gagne" in text for text in _texts(panel))
    assert table.presenter.hold is not None and not table.presenter.hold.done
    for _ in range(40):  # read a moment: a result's first moments take no Enter (RESULT_GUARD_SECONDS)
        table.update(1 / 60)
    table.act(table.key_intent(pygame.K_RETURN))
    for _ in range(5):
        table.update(1 / 60)
    assert table.presenter.result is None and not table.hud.overlay.visible


def test_a_win_of_no_tai_says_so_instead_of_an_empty_list() -> None:
    """Seen in a real window: a Taiwanese win of 0 tai showed an empty band where the rows go."""
    import dataclasses

    from game.ui.results import Seats
    from game.ui.results.sheets import win_sheet

    table = _table("taiwanese_tsumo")
    win = next(e for e in reversed(table.match.events) if isinstance(e, Win))
    sheet = win_sheet(dataclasses.replace(win, rows=()), Seats(["You", "Kenji", "Mei", "Sora"], 0, table.terms),
                      [0, 0, 0, 0])
    assert [row.label for row in sheet.rows] == [i18n.t("result.no_rows")]
    assert len(win_sheet(win, Seats(["You", "Kenji", "Mei", "Sora"], 0, table.terms), [0, 0, 0, 0]).rows) == len(win.rows)


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_the_hands_of_a_draw_are_drawn_at_one_size(size: tuple[int, int]) -> None:
    """Seen (en, Riichi): on an exhaustive draw the player's hand, with an open kan, was drawn
    smaller than the hand beside it. Every hand of a draw takes the size the widest one needs."""
    from game.engine.meld import Meld, MeldKind
    from game.ui.results.sheets import DrawSheet, SeatChange, ShownHand

    kan = Meld(MeldKind.DAIMINKAN, (108, 109, 110, 111), called=111, from_seat=1)
    with_kan = ShownHand(0, (0, 4, 8, 36, 40, 44, 72, 76, 80, 124), (kan,), label="You")
    closed = ShownHand(1, (1, 5, 9, 37, 41, 45, 73, 77, 81, 112, 116, 120, 125), label="Kenji")
    changes = tuple(SeatChange(s, f"seat {s}", 25_000, 0) for s in range(4))
    sheet = DrawSheet("Exhaustive draw", "", (with_kan, closed), changes, "")
    panel = ResultPanel(None, size, sheet)
    upright = [s.image.get_size() for s in panel.content.walk() if isinstance(s, Sprite) and s.image is not None
               and s.image.get_height() > s.image.get_width() and s.image.get_height() >= 28]
    assert len(upright) >= 23 and len(set(upright)) == 1, sorted(set(upright))


@pytest.mark.parametrize("language", ["en", "zh_TW"])
def test_a_taiwanese_ron_shows_the_sum_that_makes_its_points(language: str) -> None:
    """"3 台 -> 60" read as unexplained: the panel now says base 30 + 3 tai x 10 = 60, from the
    rulebook's base and tai value, and only where that sum is the engine's points."""
    i18n.set_language(language)
    table = _table("taiwanese_ron")
    win = next(e for e in reversed(table.match.events) if isinstance(e, Win))
    tai = table.match.profile.tai
    assert tai.base + tai.tai_value * win.value == win.points
    said = i18n.t("result.tai_sum", base=i18n.number(tai.base), count=win.value, per=i18n.number(tai.tai_value),
                  points=i18n.number(win.points))
    assert table.presenter.result is not None
    assert any(said in text for text in _texts(table.presenter.result))
    i18n.set_language("en")


def _evaluate(line: str) -> int:
    """The English line's arithmetic ("2 × (Base 30 + 3 tai × 10)"), its words dropped."""
    left, right = line.split(" = ")
    expression = left.replace("Base", "").replace("tai", "").replace("(dealer)", "").replace("×", "*")
    return int(eval(expression, {"__builtins__": {}}))  # noqa: S307 - digits and operators only


@pytest.mark.parametrize("streak", [0, 2])
def test_every_taiwanese_payment_reads_as_the_sum_of_its_points(streak: int) -> None:
    """A self-draw showed no sum at all (its points are three payments, the dealer's larger), and
    neither did a discard win with the dealer in it. Every win the engine's settlement can make, by
    winner, discarder and dealer, now shows a line whose arithmetic is the winner's points and
    whose terms are the payments."""
    from game.engine.profile import load_profile
    from game.engine.rows import Unit
    from game.engine.taiwanese import dealer_tai, settle

    i18n.set_language("en")
    rules = load_profile("taiwanese").tai
    scale = (rules.base, rules.tai_value)
    for winner in range(4):
        for dealer in range(4):
            for discarder in [None, *(s for s in range(4) if s != winner)]:
                deltas = settle(winner, discarder, dealer, 5, streak, rules)
                extra = dealer_tai(rules, streak) if dealer == winner or discarder in (None, dealer) else 0
                e = Win(winner, discarder, 0, (), (), (), 5, Unit.TAI, 0, "", deltas[winner], deltas, (), dealer_tai=extra)
                line = tai_sum(e, scale)
                assert line.endswith(f" = {i18n.number(deltas[winner])}"), (winner, dealer, discarder, line)
                assert _evaluate(line) == deltas[winner], line
                for payer in range(4):
                    if deltas[payer] < 0:  # each payment is one of the line's terms
                        tai = (-deltas[payer] - rules.base) // rules.tai_value
                        assert f"Base {rules.base} + {tai} tai × {rules.tai_value}" in line, line
                assert ("(dealer)" in line) == (discarder is None and dealer != winner), line


def test_a_taiwanese_table_knows_its_sum_from_the_first_deal() -> None:
    """A new player's freshly started Taiwanese match showed no sum on any result (a self-draw of
    4 tai, 220; a discard win with the dealer in it, 70) until a window resize synced the table:
    the rulebook's scale was read only by that sync. The table now has it from the start."""
    from game.engine import Match
    from game.engine.profile import load_profile
    from game.ui.table.screen import TableScreen

    pygame.init()
    for profile_id, scale in (("taiwanese", True), ("riichi", False)):
        profile = load_profile(profile_id)
        table = TableScreen(SIZE, match=Match(profile, 3), autoplay=True, speed=1.0)
        assert table.presenter.tai_scale == ((profile.tai.base, profile.tai.tai_value) if scale else None)
        table.close_seats()
