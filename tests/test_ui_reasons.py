"""The AI's sentences as the interface shows them: seats by their table names ("Kenji's riichi",
"your riichi"), the coach's hint as advice to the player ("Discard [2s]: …"), an AI's own reason
as a sentence with its name, in every language, and still written again on a language switch.
QA read "Hint: discards [2s]…" and "safe against North's riichi" while the table said Sora."""

from __future__ import annotations

import pytest

from game.ai.levels import make_seat
from game.engine import Match, load_profile
from game.i18n import LANGUAGES, Joined, Message, again, has, set_language, t, template
from game.i18n.tiles import tile_word
from game.ui.reasons import advice, named, said_by
from game.ui.seats import seat_names

WORD_PARTS = {"ai.reason.chi", "ai.reason.pon", "ai.reason.daiminkan", "ai.reason.why_yaku", "ai.reason.why_fan",
              "ai.reason.why_faster", "ai.reason.why_speed", "ai.reason.why_noten"}  # words inside other reasons


def _messages(text: object) -> list[Message]:
    """Every catalog message inside ``text`` (itself included)."""
    if isinstance(text, Message):
        return [text, *(m for v in text.values.values() for m in _messages(v))]
    if isinstance(text, Joined):
        return [m for part in text.parts for m in _messages(part)]
    return []


def test_every_reason_has_its_advice_form() -> None:
    reasons = {k for k in template() if k.startswith("ai.reason.")} - WORD_PARTS
    assert reasons
    missing = [k for k in reasons if not has("ai.hint." + k.removeprefix("ai.reason."))]
    assert not missing, missing


@pytest.mark.parametrize("language", LANGUAGES)
def test_seats_are_named_as_the_table_names_them(language: str) -> None:
    set_language(language)
    try:
        human = 2
        names = seat_names(human)
        whose = [t("ai.whose", seat=t("tile.north"), index=3), t("ai.whose", seat=t("tile.east"), index=human)]
        reason = t("ai.reason.fold_safe", tile=tile_word(31),
                   who=t("ai.list", first=whose[0], last=whose[1]))
        out = named(reason, human)
        assert names[3] in out and t("tile.north") not in out
        assert t("table.whose_you") in out
        hint = advice(reason, human)
        assert isinstance(hint, Message) and hint.key == "ai.hint.fold_safe"
        assert names[3] in hint
        line = said_by(3, t("ai.reason.discard", tile=tile_word(4), shanten=t("ai.tenpai"), count=3), human)
        assert line.startswith(names[3])
    finally:
        set_language("en")


def test_hints_speak_to_the_player_in_english() -> None:
    set_language("en")
    reason = t("ai.reason.discard", tile=tile_word(19), shanten=t("ai.shanten", n=2), count=12)
    assert advice(reason, 0).startswith("Discard ")
    assert advice(t("ai.reason.pass_no_help", tile=tile_word(9)), 0).startswith("Pass on ")
    set_language("fr")
    try:
        assert again(advice(reason, 0)).startswith("Défaussez ")
    finally:
        set_language("en")


def test_real_ai_reasons_never_name_a_seat_by_its_wind() -> None:
    """Every reason the AI gave over two hands of self-play (folds and pushes against riichi
    among them), as the table shows it for a player at seat 0: no ``ai.whose`` holds a wind."""
    set_language("en")
    winds = {t(f"tile.{w}") for w in ("east", "south", "west", "north")}
    profile = load_profile("riichi")
    seen_whose = 0
    for seed in (5, 6, 7):
        m = Match(profile, seed)
        bots = [make_seat("hard", seed, s, profile) for s in range(4)]
        while not m.is_over and m.hand_index < 2:
            seat = m.awaiting()[0]
            action, reason = bots[seat].decide_with_reason(m.observe(seat))
            for shown in (said_by(seat, reason, 0), advice(reason, 0)):
                for msg in _messages(shown):
                    if msg.key == "ai.whose":
                        seen_whose += 1
                        assert str(msg.values["seat"]) not in winds, shown
            m.apply(action)
    assert seen_whose > 0, "no reason named a seat in these seeds"


def test_the_ai_names_a_call_in_the_tables_words() -> None:
    """A Hong Kong table's claim bar says "Pung"; the hint and the AI's reasons beside it said
    "pon" (the AI's own words). With another terminology than the Japanese, the call is the table's
    word, in every language the table speaks (and again after a switch)."""
    from game.ui.table import TableScreen
    from game.ui.table.words import RULEBOOK, table_terms

    set_language("en")
    try:
        why = t("ai.reason.why_faster")
        call = t("ai.reason.call", call=t("ai.reason.pon"), tile=tile_word(4), why=why, shanten=t("ai.tenpai"))
        assert "pon" in call
        hint = advice(call, 0, terms=table_terms("english"))
        assert "Call pung on" in hint and "pon" not in hint  # a word inside the sentence
        assert "pung" in said_by(1, call, 0, terms=table_terms("english"))
        assert advice(call, 0) == advice(call, 0, terms=table_terms("japanese")) and "pon" in advice(call, 0)
        kan = t("ai.reason.kakan", tile=tile_word(4), pon=t("ai.reason.pon"), kan=t("ai.reason.daiminkan"))
        assert "pon" in kan and "kan" in kan
        added = advice(kan, 0, terms=table_terms("english"))
        assert "your pung, a kong" in added and "pon" not in added
        set_language("ru")
        assert "панг" in again(hint) and "пон" not in again(hint)
        assert "конг" in again(added)
        set_language("en")
        screen = TableScreen((1280, 720), profile="hongkong", seed=3, terminology=RULEBOOK)
        assert screen.terms.pon == "Pung"
        assert TableScreen((1280, 720), profile="riichi", seed=3, terminology=RULEBOOK).terms.pon == "Pon"
    finally:
        set_language("en")


def _self_play(profile_id: str, seeds: tuple[int, ...], hands: int) -> list[tuple[str, list[object]]]:
    """Every reason normal seats gave over a few hands, with the events after each move."""
    profile = load_profile(profile_id)
    out: list[tuple[str, list[object]]] = []
    for seed in seeds:
        m = Match(profile, seed)
        bots = [make_seat("normal", seed, s, profile) for s in range(4)]
        while not m.is_over and m.hand_index < hands:
            seat = m.awaiting()[0]
            action, reason = bots[seat].decide_with_reason(m.observe(seat))
            out.append((reason, list(m.apply(action))))
    return out


JAPANESE_READY = ("shanten", "tenpai", "шантен", "темпай")


@pytest.mark.parametrize("language", ["en", "fr", "ru"])
def test_the_ai_says_ready_as_a_chinese_rulebooks_table_does(language: str) -> None:
    """A Taiwanese table's draw panel says "ready" / "main prête" / "рука готова"; its hint said
    "Défaussez 東 : 1-shanten" and "tenpai" (the AI's own Japanese words). Hints and the AI's
    sentences now count a hand's distance from ready in the table's words; a Riichi table keeps
    shanten."""
    from game.ui.table.words import RULEBOOK, terms_for

    set_language(language)
    try:
        for profile_id, japanese in (("taiwanese", False), ("riichi", True)):
            terms = terms_for(RULEBOOK, profile_id)
            shown = [str(advice(r, 0, terms=terms)) + str(said_by(1, r, 0, terms=terms))
                     for r, _ in _self_play(profile_id, (11,), 1) if r]
            ready = [s for s in shown if str(terms.tenpai) in s or str(terms.shanten(1)) in s]
            assert len(ready) > 10, shown[:5]  # the hand's distance from ready was said
            said = [s for s in shown if any(w in s.lower() for w in JAPANESE_READY)]
            assert bool(said) == japanese, said[:3]
    finally:
        set_language("en")


def test_a_drawn_hand_with_no_payments_says_so() -> None:
    """Taiwanese pays nothing at a drawn hand (§4.5): the sheet said "Payments at the draw" over
    four zero scores when some hands were ready and some not."""
    from game.engine.events import ExhaustiveDraw
    from game.ui.results.sheets import Seats, exhaustive_sheet
    from game.ui.table.words import RULEBOOK, terms_for

    set_language("en")
    terms = terms_for(RULEBOOK, "taiwanese")
    seats = Seats(seat_names(0), 0, terms)
    draws: list[ExhaustiveDraw] = []
    mixed: list[ExhaustiveDraw] = []
    for seed in range(1, 41):  # drawn hands are rare in Taiwanese: most hands are won
        draws += [e for _, events in _self_play("taiwanese", (seed,), 8) for e in events if isinstance(e, ExhaustiveDraw)]
        mixed = [e for e in draws if any(e.tenpai) and not all(e.tenpai)]
        if mixed:
            break
    assert mixed, f"no drawn hand with ready and unready hands in {len(draws)} draws"
    for e in draws:
        assert not any(e.deltas)
        footer = exhaustive_sheet(e, seats, (0, 0, 0, 0), ((), (), (), ())).footer
        assert footer != t("table.draw.payments")
        if not any(e.tenpai):
            assert footer == terms.all_noten and "tenpai" not in footer
    assert exhaustive_sheet(mixed[0], seats, (0, 0, 0, 0), ((), (), (), ())).footer == t("table.draw.no_payments")


def test_an_opponents_waits_stay_secret_at_the_table() -> None:
    """Seen with the AI's reasons on: "Kenji declares riichi, discarding [6s]: waits on [2s][5s]
    (5 tiles)", which tells the player exactly which tiles not to throw. During the hand the
    table shows other seats' reasons without their waits; the player's own hint keeps them."""
    import pygame

    from game.ui.reasons import SECRET_WAITS
    from game.ui.table.screen import TableScreen

    pygame.init()
    set_language("en")
    secret_seen = 0
    for seed in range(1, 9):
        table = TableScreen((1280, 720), match=Match(load_profile("riichi"), seed), autoplay=True, speed=0.0)
        table.explain = True
        for _ in range(4000):
            if table.match.hand_index > 0 or table.match.is_over:
                break
            table.update(1 / 60)
            for seat, reason in enumerate(table.reasons):
                keys = {m.key for m in _messages(reason)}
                if seat != table.human:
                    assert not keys & SECRET_WAITS.keys(), reason
                    secret_seen += bool(keys & set(SECRET_WAITS.values()))
        table.close_seats()
        if secret_seen:
            break
    assert secret_seen, "no opponent reached tenpai or riichi in these hands"
    message = t("ai.reason.riichi_discard", tile=tile_word(5), waits=tile_word(3), count=4)
    from game.ui.reasons import without_waits

    hidden = without_waits(message)
    assert isinstance(hidden, Message) and hidden.key == "ai.unseen.riichi_discard" and "tile" in hidden.values


def test_a_reason_that_counts_has_an_advice_form_that_counts() -> None:
    """Seen (fr): "plutôt que 1 tuiles utiles de plus": the reason had plural forms, its advice
    form (the hint) had one, so the hint said "1 more useful tiles" in every language."""
    entries = template()
    counted = {k for k, e in entries.items() if k.startswith("ai.reason.") and e.msgid_plural is not None}
    assert counted
    flat = [k for k in counted if has("ai.hint." + k.removeprefix("ai.reason."))
            and entries["ai.hint." + k.removeprefix("ai.reason.")].msgid_plural is None]
    assert not flat, flat


def test_the_reasons_of_a_hand_go_when_the_next_hand_starts() -> None:
    """Seen during the East 2 deal: "...is suji against Kenji's riichi", "Kenji wins by
    self-draw", reasons of East 1. Reasons belong to their hand: from the next hand's start
    (its deal) none is shown until an AI decides in it, nor comes back with E."""
    from table_helpers import SIZE, display

    from game.scene import FixedClock
    from game.ui.table import TableScreen
    from game.ui.table.screen import Intent

    display()
    set_language("en")
    screen = TableScreen(SIZE, seed=5, speed=12.0, autoplay=True, explain=True)
    clock = FixedClock()
    units = screen.presenter.units
    shown_before = False
    checked = decided = 0
    for _ in range(40000):
        screen.update(clock.tick())
        if units.count("HandStarted") < 2:
            shown_before = shown_before or any(text.visible for text in screen.hud.reason_texts)
            continue
        if not checked:
            decided = screen.decisions
        elif screen.decisions > decided:
            break  # an AI played in the new hand: its reason may show
        if not checked:  # E off and on again brings back no reason of the last hand
            screen.act(Intent("explain"))
            screen.act(Intent("explain"))
        assert screen.explain and screen.reasons == ["", "", "", ""], screen.reasons
        assert not any(text.visible for text in screen.hud.reason_texts)
        checked += 1
    assert shown_before and checked, (shown_before, checked)


def test_a_new_window_size_keeps_the_reasons_on_screen() -> None:
    """The table is rebuilt for a new window size (a new HUD): the reasons shown stay shown."""
    from table_helpers import SIZE, display

    from game.scene import FixedClock
    from game.ui.table import TableScreen

    display()
    set_language("en")
    screen = TableScreen(SIZE, seed=5, speed=12.0, autoplay=True, explain=True)
    clock = FixedClock()
    while not any(text.visible for text in screen.hud.reason_texts):
        screen.update(clock.tick())
    shown = [(text.visible, text.text) for text in screen.hud.reason_texts]
    screen.resize((1600, 900))
    assert [(text.visible, text.text) for text in screen.hud.reason_texts] == shown
