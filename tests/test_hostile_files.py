"""Crafted hostile files through the real title and menus: the game starts, every screen opens,
and a file that cannot be used is set aside (renamed with a reason) and the player told once.

The cases the issue names first (each crashed every start or a screen before): a save time at the
edge of the calendar in the autosave, a named save and a replay; an unknown profile in the
autosave; a replay with no placings; an old-schema settings file in a folder that refuses
writes. Then every field of the save, replay, settings and progress schemas in turn, set to
wrong types, out-of-range values and extreme dates, or removed; and a level of each broken kind
beside the shipped ones. ``hostile.tour`` goes where a player would (Continue, Load game and each
save, Replays and each replay, the tutorials, the settings), drawing each screen.
"""

from __future__ import annotations

import errno
import json
import os
from collections import Counter
from pathlib import Path

import hostile
import pygame
import pytest
from hostile import KINDS, encode, good_documents, place, tour, verdict
from user_dirs import point_user_dirs

from game import i18n
from game.persist import atomic
from game.ui.menus.flow import MenuFlow
from game.ui.menus.title import TitleScreen


@pytest.fixture(autouse=True)
def headless(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    point_user_dirs(tmp_path / "home", monkeypatch)
    monkeypatch.setenv("LANG", "en_US.UTF-8")
    for var in ("LANGUAGE", "LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(var, raising=False)
    pygame.init()


def fresh(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, n: int) -> None:
    point_user_dirs(tmp_path / f"case{n}", monkeypatch)


def run_case(kind: str, data: bytes) -> str:
    """One file of ``kind`` in fresh folders, toured twice: the verdict, and the second start quiet."""
    path = place(kind, data)
    first = tour(kind)
    outcome = verdict(path, data, first.told)
    if outcome == "set aside":
        assert tour(kind).told == []  # told once
    return outcome


# --- the cases the issue names --------------------------------------------------------------------


@pytest.mark.parametrize("when", ["0001-01-01T00:00:00+14:00", "9999-12-31T23:59:59-14:00"])
@pytest.mark.parametrize("kind", ["autosave", "save", "replay"])
def test_a_time_at_the_edge_of_the_calendar_is_shown_as_nothing(kind: str, when: str) -> None:
    doc = dict(good_documents()[kind])
    doc["finished_at" if kind == "replay" else "saved_at"] = when
    path = place(kind, encode(kind, doc))  # type: ignore[arg-type]
    before = path.read_bytes()
    seen = tour()
    assert verdict(path, before, seen.told) == ("resumed" if kind == "autosave" else "kept")
    if kind == "autosave":
        assert seen.continued  # the match resumes on the real table
    assert "ReplayViewer" in seen.screens if kind == "replay" else True


def test_an_unknown_profile_in_the_autosave_is_set_aside_and_the_game_starts() -> None:
    doc = good_documents()["autosave"]
    for profile in ("mahjong-2030", "richii"):
        data = encode("autosave", hostile.replaced(doc, ("options", "profile"), profile))
        path = place("autosave", data)  # type: ignore[arg-type]
        seen = tour()
        assert verdict(path, data, seen.told) == "set aside"  # type: ignore[arg-type]
        assert not seen.continued
        for aside in path.parent.glob("autosave.toml.*"):
            aside.unlink()


def test_a_replay_without_placings_is_set_aside_and_replays_opens() -> None:
    data = encode("replay", hostile.replaced(good_documents()["replay"], ("placings", "ranks"), []))
    path = place("replay", data)  # type: ignore[arg-type]
    seen = tour()
    assert verdict(path, data, seen.told) == "set aside"  # type: ignore[arg-type]
    assert "ReplaysScreen" in seen.screens


def test_an_old_settings_file_in_a_folder_that_refuses_writes_starts_the_game(monkeypatch: pytest.MonkeyPatch) -> None:
    """Root ignores ``chmod``, so the folder's refusal is the OS error a read-only or full disk
    gives, raised by the atomic write."""
    place("settings", b"schema = 1\ntiles = \"clear\"\nvolume = 40\n")

    def refuse(path: Path, data: bytes) -> None:
        raise OSError(errno.EROFS, os.strerror(errno.EROFS), str(path))

    monkeypatch.setattr(atomic, "write_bytes", refuse)
    monkeypatch.setattr("game.persist.settings.write_toml", lambda path, data: refuse(path, b""))
    flow = MenuFlow(hostile.SIZE)
    assert flow.settings.tile_style == "clear" and flow.settings.sound_volume == 40  # migrated in memory
    title = flow.top
    assert isinstance(title, TitleScreen) and "could not save" in title.notice
    surface = pygame.Surface(hostile.SIZE)
    flow.draw(surface)


# --- every field of every schema ------------------------------------------------------------------

@pytest.mark.slow
@pytest.mark.parametrize("kind", KINDS)
def test_every_field_with_a_wrong_type_an_out_of_range_value_or_an_extreme_date(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, kind: str) -> None:
    doc = good_documents()[kind]
    outcomes: Counter[str] = Counter()
    n = 0
    for where in hostile.leaf_paths(doc):
        for value in (*hostile.values_for(where), "remove"):
            changed = hostile.removed(doc, where) if value == "remove" else hostile.replaced(doc, where, value)
            data = encode(kind, changed)
            if data is None:
                continue
            n += 1
            fresh(tmp_path, monkeypatch, n)
            outcomes[run_case(kind, data)] += 1
    assert n >= 10 * len(hostile.leaf_paths(doc))
    assert outcomes["set aside"] > 0, outcomes
    if os.environ.get("HOSTILE_COUNTS"):  # the figures of a run: files per kind and what became of them
        with open(os.environ["HOSTILE_COUNTS"], "a", encoding="utf-8") as out:
            out.write(json.dumps({"kind": kind, "files": n, **outcomes}) + "\n")


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("content", [b"", b"\xff\xfe\x00garbage", b"schema = [[[[", b"{" * 50_000, b"\x00" * 100],
                         ids=["empty", "binary", "truncated", "deep", "nuls"])
def test_damaged_bytes(kind: str, content: bytes) -> None:
    outcome = run_case(kind, content)
    assert outcome in ("set aside", "kept", "migrated", "resumed")


@pytest.mark.parametrize("kind", KINDS)
def test_a_folder_or_a_fifo_where_a_file_should_be(kind: str) -> None:
    path = hostile.target(kind)
    path.mkdir(parents=True)
    seen = tour()
    aside = [p for p in path.parent.iterdir() if p.name.startswith(f"{path.name}.")]
    assert len(aside) == 1 and aside[0].is_dir() and not path.exists()
    assert sum(aside[0].name in m for m in seen.told) == 1
    if hasattr(os, "mkfifo"):
        os.mkfifo(path)
        seen = tour()  # never blocks on the FIFO
        assert not path.exists() and sum(".not-a-file-" in m for m in seen.told) == 1


def test_every_message_is_in_every_language() -> None:
    """The notices the persistence layer hands over exist in every catalog."""
    keys = ("notice.autosave_set_aside", "notice.autosave_newer", "notice.save_set_aside",
            "notice.replay_set_aside", "notice.progress_set_aside", "notice.set_aside_failed", "notice.title",
            "viewer.import_not_file")
    for language in i18n.LANGUAGES:
        catalog = i18n.catalog(language)
        for key in keys:
            assert catalog.get(key), (language, key)


# --- levels ---------------------------------------------------------------------------------------


def test_broken_levels_beside_the_shipped_ones(tmp_path: Path) -> None:
    from game.tutorial.level import levels_dir
    from game.ui.tutorial.list_screen import TutorialListScreen

    shipped = sorted(levels_dir().glob("*.toml"))
    folder = tmp_path / "levels"
    folder.mkdir()
    for path in shipped:
        (folder / path.name).write_bytes(path.read_bytes())
    text = shipped[0].read_text()
    broken = {
        "deep": "profile = 'riichi'\nx = " + "[" * 30_000 + "]" * 30_000,
        "binary": "\udcff",
        "huge-text": text.replace('en = "', 'en = "' + "x" * 2_000_000, 1),
        "no-steps": text.split("[[steps]]")[0],
        "wrong-types": text.replace("learner = ", "learner = 'zero' # ", 1).replace("order = ", "order = [] # ", 1),
        "seat-out-of-range": text.replace("learner = ", "learner = 9 # ", 1),
    }
    for name, body in broken.items():
        (folder / f"zz-{name}.toml").write_bytes(body.encode("utf-8", "surrogateescape"))
    screen = TutorialListScreen(hostile.SIZE, folder=folder)
    assert len(screen.catalogue.levels) == len(shipped)
    assert {e.file for e in screen.catalogue.broken} >= {f"zz-{n}.toml" for n in broken} - {"zz-wrong-types.toml"}
    surface = pygame.Surface(hostile.SIZE)
    screen.draw(surface)
