"""The table's words: every yaku and tai row the engine can name has words in every language, the
"Terms" setting changes the words for calls and wins, Chinese is drawn by the glyph font, and the
auto-pass setting decides whether the table rests on the other seats' discards."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

import pygame
import pytest
from table_helpers import SIZE, display

from game import i18n
from game.engine import Match
from game.engine.actions import ActionKind
from game.engine.events import Discarded
from game.engine.profile import load_profile
from game.engine.rows import HANZI, ROW_IDS, TAIWANESE_TAI, Unit
from game.engine.scoring import yaku_id
from game.i18n import LANGUAGES, catalog
from game.match_options import MatchOptions
from game.persist.settings import CHOICES, Settings
from game.scene import FixedClock, Node, Text
from game.ui import fonts
from game.ui.table import TableScreen, pieces, start_match
from game.ui.table.hud import wind_name
from game.ui.table.screen import DISCARD_BEAT
from game.ui.table.words import RULEBOOK, TERMINOLOGIES, limit_name, row_name, row_value, slug, table_terms

TAIWANESE = Path(__file__).resolve().parent.parent / "game" / "engine" / "taiwanese.py"


@contextmanager
def language(code: str) -> Iterator[None]:
    i18n.set_language(code)
    try:
        yield
    finally:
        i18n.set_language("en")


def reported_rows() -> set[str]:
    """Every row id the engine can report: the riichi yaku (every one the scoring library knows,
    by the engine's id for it) and the Taiwanese tai rows, as the engine's one table lists them."""
    from mahjong.hand_calculating.yaku_config import YakuConfig

    config = YakuConfig()
    library = {yaku_id(getattr(config, a).name) for a in dir(config) if hasattr(getattr(config, a), "han_open")}
    assert library <= ROW_IDS[Unit.HAN], sorted(library - ROW_IDS[Unit.HAN])
    return set().union(*ROW_IDS.values())


def test_the_taiwanese_scorer_writes_only_rows_of_the_table() -> None:
    written = set(re.findall(r'\("([a-z_]+)", r\.|"([a-z_]+)" if', TAIWANESE.read_text(encoding="utf-8")))
    ids = {a or b for a, b in written}
    assert len(ids) > 25 and ids <= set(TAIWANESE_TAI), sorted(ids - set(TAIWANESE_TAI))


def test_every_row_the_engine_reports_has_words_in_every_language() -> None:
    rows = reported_rows()
    assert len(rows) > 90
    for code in LANGUAGES:
        missing = sorted(row for row in rows if f"yaku.{row}" not in catalog(code))
        assert not missing, code
    assert {k for k in catalog("en") if k.startswith("yaku.")} <= {f"yaku.{r}" for r in rows}  # no stale words


def test_a_tai_row_keeps_its_chinese_name_and_the_glyph_font_draws_it() -> None:
    glyphs = fonts.glyph_font()
    for unit, names in HANZI.items():  # the Taiwanese tai and the Hong Kong fan rows
        for row, chinese in names.items():
            missing = [ch for ch in chinese if glyphs.get_metrics(ch, size=24)[0] is None]
            assert not missing, (unit, row, missing)
    with language("fr"):
        assert row_name(Unit.TAI, "all_pungs") == "Que des pungs (碰碰胡)"
        assert row_name(Unit.HAN, "yakuhai_round_wind_east") == "Yakuhai\u00a0: vent de tour Est"
        assert row_value(Unit.TAI, 3) == "3\u00a0tai" or "3" in row_value(Unit.TAI, 3)
    with language("ru"):
        assert row_name(Unit.HAN, "riichi") == "Риичи"
    assert row_name(Unit.HAN, "a_yaku_nobody_knows") == "a yaku nobody knows"  # shown as words


@pytest.mark.parametrize("code", LANGUAGES)
def test_every_limit_has_words(code: str) -> None:
    with language(code):
        for limit in ("mangan", "haneman", "baiman", "sanbaiman", "yakuman", "kazoe yakuman"):
            assert f"limit.{slug(limit)}" in catalog(code)
        assert "3" in limit_name("3x yakuman") and "x yakuman" not in limit_name("3x yakuman")


def test_the_terms_are_the_settings_choices_and_differ() -> None:
    assert set(CHOICES["terminology"]) == {*TERMINOLOGIES, RULEBOOK}  # and each rulebook's own words
    for code in LANGUAGES:
        with language(code):
            sets = {name: table_terms(name) for name in TERMINOLOGIES}
            for terms in sets.values():
                calls = (terms.chi, terms.pon, terms.kan, terms.ron, terms.tsumo, terms.riichi)
                assert len(set(calls)) == len(calls)
            # pon may be one word in two of them (碰 for Chinese riichi players and Taiwanese alike),
            # the win never is (zh_TW: 榮 and 胡): the Terms setting shows that word with each choice
            assert len({terms.ron for terms in sets.values()}) == 3, code
    with language("en"):
        english, japanese, chinese = (table_terms(n) for n in TERMINOLOGIES)
        assert (english.chi, english.pon, english.kan, english.tsumo) == ("Chow", "Pung", "Kong", "Self-draw")
        assert (japanese.chi, japanese.ron, japanese.tenpai) == ("Chi", "Ron", "tenpai")
        assert (chinese.pon, chinese.ron, chinese.tsumo) == ("碰 Pèng", "胡 Hú", "自摸 Zìmō")


def test_the_table_font_draws_chinese_beside_latin() -> None:
    display()
    mixed = pieces.font(20, True)
    sans = pygame.font.Font(str(fonts.sans_font_path(True)), 20)
    box = sans.render("碰", True, (255, 255, 255))  # the sans subset has no CJK: a box
    drawn = mixed.render("碰", True, (255, 255, 255))
    assert pygame.image.tobytes(drawn, "RGBA") != pygame.image.tobytes(box.convert_alpha(), "RGBA")
    both = mixed.render("碰 Pèng", True, (255, 255, 255))
    assert both.get_width() > drawn.get_width() + sans.size(" Pèng")[0] * 0.8
    plain = mixed.render("Pung", True, (255, 255, 255))
    assert plain.get_size() == sans.size("Pung")  # Latin alone: the sans font as before


def _texts(node: object) -> list[str]:
    out: list[str] = []
    stack = [node]
    while stack:
        current = stack.pop()
        if isinstance(current, Text):
            out.append(current.text)
        stack.extend(getattr(current, "children", ()))
    return out


def _play(screen: TableScreen, done: Callable[[], bool], limit: int = 20_000) -> int:
    """Frames until ``done()``; a human seat discards its drawn tile and passes every call."""
    clock = FixedClock()
    for frame in range(limit):
        screen.update(clock.tick())
        if done():
            return frame
        m = screen.match
        if screen.human_awaited():
            legal = m.legal_actions(screen.human)
            discards = [a for a in legal if a.kind is ActionKind.DISCARD]
            passes = [a for a in legal if a.kind is ActionKind.PASS]
            screen.apply(next((a for a in discards if a.tiles == (m.drawn,)), discards[0]) if discards else passes[0])
    raise AssertionError("the table never got there")


def test_french_with_chinese_terms_names_the_calls_and_the_win_so() -> None:
    display()
    with language("fr"):
        screen = TableScreen(SIZE, seed=3, autoplay=True, speed=8.0, terminology="chinese")
        assert screen.names[0] == "Vous"
        said: set[str] = set()

        def win_shown() -> bool:
            said.update(_texts(screen.hud.callouts))
            return screen.hud.overlay.visible and "Win" in screen.presenter.units

        _play(screen, win_shown)
        words = _texts(screen.hud.overlay)
    terms = table_terms("chinese")
    assert said & {terms.chi, terms.pon, terms.kan}  # this seed's hand has calls before the win
    assert said & {terms.ron, terms.tsumo}
    assert any("gagne" in w and ("胡 Hú" in w or "自摸 Zìmō" in w) for w in words), words
    assert any(w.startswith("clic ou Entrée pour continuer") for w in words), words  # may add "· F montre les fu"


def test_start_match_passes_terms_and_auto_pass_from_the_settings() -> None:
    display()
    options = MatchOptions(seed=5)
    match = Match(load_profile("riichi"), 5)
    screen = start_match(options, match, Settings(language="en", terminology="english", auto_pass=False))
    assert screen.terms == table_terms("english") and screen.hud.terms == screen.terms
    assert screen.presenter.discard_beat == DISCARD_BEAT
    flowing = start_match(options, Match(load_profile("riichi"), 5), Settings(language="en", auto_pass=True))
    assert flowing.presenter.discard_beat == 0.0


def test_without_auto_pass_the_table_rests_on_every_other_seats_discard() -> None:
    display()

    def frames(auto_pass: bool) -> tuple[int, int]:
        screen = TableScreen(SIZE, seed=6, speed=1.0, auto_pass=auto_pass)
        n = _play(screen, lambda: screen.presenter.units.count("Discarded") >= 8)
        shown = [e for e in screen.match.events if isinstance(e, Discarded)][:8]
        return n, sum(1 for e in shown if e.seat != screen.human)

    flowing, _ = frames(True)
    resting, others = frames(False)
    assert others >= 5
    # each shown discard by another seat rests DISCARD_BEAT seconds (60 frames a second)
    assert resting - flowing >= 0.9 * DISCARD_BEAT * 60 * (others - 1)


def test_a_strict_table_needs_no_beat_it_asks_on_every_discard() -> None:
    display()
    match = Match(load_profile("riichi"), 4, strict_seats=(0,))
    screen = TableScreen(SIZE, match=match, human=0, auto_pass=False)
    assert screen.presenter.discard_beat == 0.0


def test_the_captions_speak_to_the_player_when_the_player_deals() -> None:
    display()
    match = Match(load_profile("riichi"), 9)
    dealer = match.dealer
    with language("fr"):
        screen = TableScreen(SIZE, match=match, human=dealer, autoplay=True, speed=4.0)
        captions: list[str] = []

        def dealt() -> bool:
            captions.append(screen.hud.caption_text.text)
            return "HandStarted" in screen.presenter.units

        _play(screen, dealt)
        assert "Vous faites le meilleur lancer et donnez en premier" in captions
        assert screen.hud.caption_text.text == "Est 1\u00a0: vous donnez"


def test_no_plate_names_a_wind_before_the_dice_choose_the_dealer() -> None:
    """Seen in a real window: while the dice rolled for the first dealer the plates read "You ·
    East seat", then "West seat" once Mei had rolled highest. No seat has a wind until the dealer
    is known; from the first hand on every plate names its own."""
    display()
    match = Match(load_profile("riichi"), 9)
    screen = TableScreen(SIZE, match=match, human=0, speed=4.0)
    winds = [i18n.t("table.seat_wind", wind=wind_name(w)) for w in range(4)]
    lines: list[list[str]] = []

    def dealt() -> bool:
        lines.append([_role_line(p) for p in screen.hud.plates])
        return "HandStarted" in screen.presenter.units

    _play(screen, dealt)
    assert not any(w in line for line in lines[0] for w in winds), lines[0]
    assert lines[0][0] == "" and all(lines[0][1:]), lines[0]  # the human's plate: the name alone
    dealer = match.dealer
    for seat, line in enumerate(lines[-1]):
        assert line.endswith(winds[(seat - dealer) % 4]), (seat, dealer, line)


def test_every_seat_kind_is_named_from_the_catalog() -> None:
    """A seat plate names its AI from the catalog whatever plays it: the levels, the developers'
    baseline bots (a ja table once read "AI・efficiency"), an mjai program; never by its id."""
    from game.ai.levels import SEAT_KINDS
    from game.ui.table.screen import _role

    display()
    for code in LANGUAGES:
        assert {f"level.{kind}" for kind in (*SEAT_KINDS, "external")} <= set(catalog(code)), code
    with language("ja"):
        screen = TableScreen(SIZE, seed=1, levels={1: "efficiency", 2: "random", 3: "hard"})
        plates = " ".join(_texts(screen.hud.under))
        for seat, kind in ((1, "efficiency"), (2, "random"), (3, "hard")):
            assert screen.roles[seat] == i18n.t("table.role", role=i18n.t("table.ai"), level=i18n.t(f"level.{kind}"))
            assert screen.roles[seat] in plates
        assert not any(kind in plates for kind in SEAT_KINDS), plates
        assert _role("hard", external=True).endswith(i18n.t("level.external"))
        assert _role("a-typo") == i18n.t("table.ai")


def _role_line(plate: Node) -> str:
    return next(n.text for n in plate.children if isinstance(n, Text) and n.name == "role")


@pytest.mark.parametrize("size", [(1280, 720), (1749, 984), (1920, 1080)])
def test_no_seat_plate_is_cut(size: tuple[int, int]) -> None:
    """Seen in a real 1749x984 window (a 1080p desktop): "ИИ · Средний · Место: Вост…". A plate's
    line that does not fit even small drops the wind's label before anything is cut."""
    display()
    try:
        for lang in LANGUAGES:
            i18n.set_language(lang)
            for profile in ("riichi", "hongkong"):
                screen = TableScreen(size, profile=profile, seed=3, level="normal")
                forms: set[bool] = set()
                for dealer in range(4):  # every seat wind on every plate
                    screen.hud.set_round(0, 0, 0, 0, dealer)
                    cut = [node.text for plate in screen.hud.plates for node in plate.walk()
                           if isinstance(node, Text) and node.text.endswith("…")]
                    assert not cut, (lang, profile, size, cut)
                    # the three AI plates read alike: all with the wind's label or all without
                    # (seen: "ИИ · Средний · Восток" beside "ИИ · Средний · Место: Запад")
                    hud = screen.hud
                    labelled = {_role_line(plate).endswith(i18n.t("table.seat_wind", wind=wind_name(hud._winds[seat])))
                                for seat, plate in enumerate(hud.plates) if seat != hud.human}
                    assert len(labelled) == 1, (lang, profile, size, [_role_line(p) for p in hud.plates])
                    forms |= labelled
                # and keep that form from hand to hand (seen, ru: "ИИ · Средний · Юг" in East 1,
                # "ИИ · Средний · Место: Запад" in East 4)
                assert len(forms) == 1, (lang, profile, size)
    finally:
        i18n.set_language("en")


@pytest.mark.parametrize("profile", ["riichi", "taiwanese", "hongkong"])
def test_the_key_help_stays_clear_of_the_left_seats_tiles(profile: str) -> None:
    """Seen in a real 1280x720 window: the Taiwanese left column (16 tiles) ran through the key help.
    Each line is above the column at its fullest, or left of it (wrapped)."""
    from game.ui.table.tile_line import TileLine

    display()
    for lang in ("en", "ru", "ja"):
        i18n.set_language(lang)
        screen = TableScreen((1280, 720), profile=profile, seed=3, keys_hint=True)
        lay = screen.layout
        left = min((1, 3), key=lambda side: lay.hand_area(side).centerx)
        ra = lay.river_art
        column = pygame.Rect(0, 0, ra.height + ra.depth, lay.hand_extent(left, lay.held, True)
                             + lay.flowers_width(lay.flowers, left))
        column.center = (round(lay.to_screen(left, 0, lay.hand_row(left))[0]), round(lay.cy))
        for node in screen.hud.under.walk():
            if node.name != "keys":
                continue
            w, h = node.size_px() if isinstance(node, TileLine) else node.content_size()  # type: ignore[attr-defined]
            assert not pygame.Rect(round(node.x), round(node.y), w, h).colliderect(column), (lang, node)
    i18n.set_language("en")


def test_a_key_help_line_wraps_between_its_items_in_every_language() -> None:
    """Seen at 1280x720 (Taiwanese, Hong Kong): the wrapped key help broke inside an item
    (" · D / the drawn tile"). Each row is whole items of its line, in order, and after a
    language switch the rows are the new language's, laid out again."""
    from game.i18n import ItemRun
    from game.ui.table.hud import KEYS_TAG

    display()
    try:
        screen = None
        for lang in LANGUAGES:
            i18n.set_language(lang)
            if screen is None:
                screen = TableScreen((1280, 720), profile="taiwanese", seed=3, keys_hint=True)
            else:
                screen.language_changed()
            sep = i18n.t("common.separator")
            rows = [node.text for node in screen.hud.under.find_all(KEYS_TAG)]
            lines = [str(line) for line in screen.hud.key_lines]
            assert any(isinstance(row, ItemRun) for row in rows), (lang, rows)  # the column forces a wrap
            items = [item for line in lines for item in line.split(sep)]
            assert [item for row in rows for item in str(row).split(sep)] == items, (lang, rows)
            assert all(getattr(row, "language", None) == lang for row in rows), (lang, rows)
    finally:
        i18n.set_language("en")


def test_wrap_items_keeps_every_item_that_fits_whole() -> None:
    """Property, over generated lists: rows join back to the line, none is wider than the width
    unless one item alone is, and no row could have taken the next row's first item."""
    from hypothesis import given, settings
    from hypothesis import strategies as st

    from game.ui.fitting import wrap_items
    from game.ui.typeset import ui_font

    display()
    font = ui_font(14)
    sep = " · "
    words = st.text(alphabet="abcdefghij ", min_size=1, max_size=18).map(str.strip).filter(bool)

    @settings(max_examples=150, deadline=None)
    @given(st.lists(words, min_size=1, max_size=8), st.integers(min_value=60, max_value=500))
    def check(items: list[str], width: int) -> None:
        line = sep.join(items)
        rows = wrap_items(line, sep, font, width)
        if all(font.size(item)[0] <= width for item in items):
            assert sep.join(rows) == line
            assert all(font.size(row)[0] <= width for row in rows)
            for row, after in zip(rows, rows[1:], strict=False):
                assert font.size(row + sep + after.split(sep)[0])[0] > width

    check()


@pytest.mark.parametrize("profile", ["riichi", "taiwanese"])
def test_the_deal_caption_is_gone_when_the_dealing_player_plays(profile: str) -> None:
    """Seen at 1080p (fr): as dealer, 'The deal: blocks of four...' stayed up through the player's
    first turn (the dealer's first tile comes with the deal: no draw wiped it) and touched the hint
    box. It goes once every hand is dealt."""
    from game.engine import Phase

    display()
    match = Match(load_profile(profile), 9)
    screen = TableScreen(SIZE, match=match, human=match.dealer)
    clock = FixedClock()
    for _ in range(60 * 120):
        screen.update(clock.tick())
        if screen.presenter.idle and match.phase is Phase.TURN and match.turn == screen.human:
            break
    assert match.phase is Phase.TURN and match.turn == screen.human and screen.presenter.idle
    assert not screen.hud.caption_panel.visible, str(screen.hud.caption_text.text)


def world_rect(node: Node) -> pygame.Rect:
    """Where a node's content lies on screen (its anchor applied)."""
    w, h = node.size_px() if hasattr(node, "size_px") else node.content_size()
    x, y = node.to_world(-node.anchor[0] * w, -node.anchor[1] * h)
    return pygame.Rect(round(x), round(y), round(w), round(h))


@pytest.mark.parametrize("profile", ["riichi", "taiwanese", "hongkong"])
@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_the_players_notes_stay_clear_of_the_hand(profile: str, size: tuple[int, int]) -> None:
    """Seen in a real 1280x720 window (Hong Kong, zh_TW): the hint box covered the top of the hand's
    first tile. The hint (long enough to wrap), the waits and what they lack stand clear of every
    place of the human's fullest row, a tile raised by the cursor included, in every language."""
    from game.i18n.tiles import tile_words

    for lang, screen in _tables_in_every_language(profile, size):
        hud = screen.hud
        hand = _fullest_hand(screen)
        advice = _advice()
        for long in (False, True):  # one line, then wrapped
            hud.set_hint(i18n.t("table.hint", reason=f"{advice} {advice}" if long else advice))
            shown = [hud.hint_box]
            for waits in (False, True):  # alone, then above the waits and their note
                if waits:
                    note = i18n.t("table.waits_note.riichi", riichi=screen.terms.riichi)
                    hud.set_waits(tile_words((0, 3, 6, 9, 12)), False, note)
                    shown = [hud.hint_box, hud.waits_text, hud.waits_note]
                for node in shown:
                    assert node.visible
                    box = world_rect(node)
                    assert box.collidelist(hand) == -1, (lang, profile, size, node.name, box, hand[0])
            hud.set_waits("", False)


def _tables_in_every_language(profile: str, size: tuple[int, int]) -> Iterator[tuple[str, TableScreen]]:
    """A fresh table of ``profile`` at ``size`` in each language in turn (English again after)."""
    display()
    try:
        for lang in LANGUAGES:
            i18n.set_language(lang)
            yield lang, TableScreen(size, profile=profile, seed=3, level="normal")
    finally:
        i18n.set_language("en")


def _fullest_hand(screen: TableScreen) -> list[pygame.Rect]:
    """Every place of the human's fullest row, a tile raised by the cursor included."""
    lay = screen.layout
    ha, lift = lay.hand_art, round(pieces.LIFT * lay.unit)
    hand = []
    for p in lay.hand_places(0, lay.held, True, lay.flowers_width(lay.flowers, 0)):
        r = pygame.Rect(0, 0, ha.width, ha.height + ha.depth + lift)
        r.center = (round(p.x), round(p.y - lift / 2))
        hand.append(r)
    return hand


def _advice() -> str:
    """A hint as long as the coach's usual one, with a tile in it."""
    from game.i18n.tiles import tile_word

    return i18n.tn("ai.hint.discard", 43, tile=tile_word(20), shanten=i18n.t("ai.shanten", n=2), count=43)


@pytest.mark.parametrize("profile", ["riichi", "taiwanese", "hongkong"])
@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_a_long_caption_wraps_clear_of_the_players_notes(profile: str, size: tuple[int, int]) -> None:
    """Seen at 1280x720 and 1920x1080 (ru, fr): "После объявления взятого тайла нет: ..." ran across
    the Taiwanese name plate, and in Riichi across the waits' note. A caption of one, two or three
    lines, in every language, stands clear of the plate, the hint, the waits and their note and the
    hand, inside the window, and its panel holds all its words."""
    from game.i18n.tiles import tile_words

    window = pygame.Rect((0, 0), size)
    for lang, screen in _tables_in_every_language(profile, size):
        hud = screen.hud
        hand = _fullest_hand(screen)
        hud.set_hint(i18n.t("table.hint", reason=_advice()))
        hud.set_waits(tile_words((0, 3, 6, 9, 12)), False, i18n.t("table.waits_note.riichi", riichi="Riichi"))
        notes = [world_rect(n) for n in (hud.plates[hud.human], hud.hint_box, hud.waits_text, hud.waits_note)]
        notice = i18n.t("table.notice.no_drawn_tile")
        for words in (i18n.t("table.caption.deal"), notice, f"{notice} {notice} {notice}"):
            hud.caption(words)
            box, text = world_rect(hud.caption_panel), world_rect(hud.caption_text)
            assert window.contains(box) and box.contains(text), (lang, profile, size, box, text)
            assert box.collidelist(notes) == -1, (lang, profile, size, words, box, notes)
            assert box.collidelist(hand) == -1, (lang, profile, size, words, box)


@pytest.mark.parametrize("profile", ["riichi", "taiwanese"])
@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_a_caption_mid_hand_keeps_off_the_players_river(profile: str, size: tuple[int, int]) -> None:
    """Seen at 1280x720 and 1920x1080 (fr, ru): a notice of two lines mid-hand ("no drawn tile after
    a call") covered the second and third rows of the player's river. With three rows of discards a
    notice, in every language, stands clear of every discard, the plate and notes, the hand and the
    right seat's river, inside the window; with no discard yet the caption stays centred."""
    display()
    window = pygame.Rect((0, 0), size)
    try:
        screen = TableScreen(size, profile=profile, seed=5, level="efficiency")
        hud, p = screen.hud, screen.presenter
        _play(screen, lambda: len(p.seats[screen.human].river) >= 13 and p.idle)
        for lang in LANGUAGES:
            i18n.set_language(lang)
            screen.language_changed()
            river = [world_rect(s) for s in p.seats[screen.human].river]
            hand = _fullest_hand(screen)
            notes = [world_rect(n) for n in (hud.plates[hud.human], hud.plates[(hud.human + 1) % 4])]
            for words in (i18n.t("table.notice.no_drawn_tile"), i18n.t("table.caption.deal")):
                hud.caption(words)
                box, text = world_rect(hud.caption_panel), world_rect(hud.caption_text)
                assert window.contains(box) and box.contains(text), (lang, profile, size, box, text)
                assert box.collidelist(river) == -1, (lang, profile, size, words, box, river)
                assert box.collidelist(notes + hand) == -1, (lang, profile, size, words, box)
                assert not box.colliderect(screen.layout.river_area(1)), (lang, profile, size, box)
            hud.caption("")
    finally:
        i18n.set_language("en")
    fresh = TableScreen(size, profile=profile, seed=5, level="efficiency")
    fresh.hud.caption(i18n.t("table.notice.no_drawn_tile"))
    assert abs(fresh.hud.caption_panel.x - size[0] / 2) < 1  # no river yet: centred


def test_the_deals_blocks_fly_over_the_caption() -> None:
    """Seen in the deal: the caption hid the blocks flying from the wall to the player's hand. A
    tile in flight is drawn after the narration (and under the claim bar and the result)."""
    display()
    screen = TableScreen(SIZE, profile="riichi", seed=5, level="efficiency")
    p, hud = screen.presenter, screen.hud
    clock = FixedClock()
    for _ in range(2_000):
        screen.update(clock.tick())
        if p.flight.children and hud.caption_panel.visible:
            break
    else:
        raise AssertionError("no tile flew while a caption showed")
    order = list(p.root.children)
    assert order.index(hud.narration) < order.index(p.flight) < order.index(hud.over)


@pytest.mark.parametrize(("profile", "calls", "win"), [
    ("riichi", ("Chi", "Pon", "Kan"), "Ron"),
    ("ema", ("Chow", "Pung", "Kong"), "Ron"),  # RCR 2016 §3.3 says chow, pung and kong, and ron
    ("hongkong", ("Chow", "Pung", "Kong"), "Mahjong"),
    ("taiwanese", ("Chow", "Pung", "Kong"), "Mahjong"),
])
def test_a_new_player_reads_each_rulebooks_own_words(profile: str, calls: tuple[str, str, str], win: str) -> None:
    """A new player's "Terms" setting is each rulebook's own words, as its lessons and rules say
    them: a Hong Kong table said "Pon" and "Ron" in English, its lessons "pung" and "Mah-Jong"."""
    display()
    assert Settings().terminology == RULEBOOK
    screen = TableScreen(SIZE, profile=profile, seed=3, terminology=Settings().terminology)
    terms = screen.terms
    assert (terms.chi, terms.pon, terms.kan) == calls and terms.ron == win
    with language("zh_TW"):
        screen.language_changed()
        assert (screen.terms.pon, screen.terms.ron) == ("碰", "胡")
