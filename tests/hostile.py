"""Hostile user folders, and the tour of the real menus a player would take through them.

Shared by ``test_hostile_files`` (every field of every schema, crafted) and ``test_file_corpus``
(a hypothesis-generated corpus). A case puts one file the game reads into fresh user folders
(the autosave, a named save, a replay, the settings, the tutorial progress), then :func:`tour`
starts the real menus on them as a player would: the title (Continue when offered, which opens
the real table), Load game (loading each save), Replays (opening each one in the viewer), the
tutorials and the settings, drawing every screen. :func:`verdict` then says what became of the
file: kept as it was (usable, or a newer game's), or set aside whole under a reason and told
once.
"""

from __future__ import annotations

import functools
import json
import re
import shutil
import tempfile
import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pygame
import tomli_w

from game import paths
from game.ai.baseline import RandomBot
from game.engine.match import Match
from game.match_options import MatchOptions, match_profile
from game.persist.replays import ReplayLibrary
from game.persist.saves import SaveStore, summary_of
from game.persist.settings import Settings, SettingsStore
from game.tutorial.progress import Progress
from game.ui.menus.flow import MenuFlow
from game.ui.menus.intents import Back, ContinueMatch, LoadGame, Open, OpenReplay
from game.ui.menus.load_screen import LoadScreen
from game.ui.menus.notice_screen import NoticeScreen
from game.ui.menus.replays_screen import ReplaysScreen
from game.ui.menus.title import TitleScreen
from game.ui.screens import Screen

SIZE = (1280, 720)
SEED = 11
SET_ASIDE = re.compile(r"^(?P<name>.+)\.(?P<why>[a-z-]+)-\d{8}T\d{6}Z(\.\d+)?$")
KINDS = ("autosave", "save", "replay", "settings", "progress")

# the values each field is tried with: wrong types, out-of-range numbers and sizes, and for the
# fields that hold a time, extreme dates
WRONG_TYPES: tuple[Any, ...] = ("x", 1.5, True, [], {"a": {"b": [[["deep"]]]}})
OUT_OF_RANGE: tuple[Any, ...] = (-1, 2**63 - 1, 10**6, "", "é" * 5000, ["x"] * 5000)
EXTREME_DATES: tuple[Any, ...] = ("0001-01-01T00:00:00+14:00", "9999-12-31T23:59:59-14:00",
                                  "1969-12-31T23:59:59+00:00", "2026-02-30T00:00:00+00:00", "2026-01-01T00:00:00",
                                  "not a date")


def values_for(where: tuple[Any, ...]) -> tuple[Any, ...]:
    """The hostile values tried in the field at ``where``."""
    dates = EXTREME_DATES if str(where[-1]).endswith("_at") else ()
    return (*WRONG_TYPES, *OUT_OF_RANGE, *dates)


@functools.cache
def good_documents() -> dict[str, Any]:
    """A valid table (or JSON object) of each kind: an autosave and a named save taken mid-match,
    the replay of a finished one-hand match, the settings, the tutorial progress."""
    options = MatchOptions(seed=SEED)
    match = Match(match_profile(options), SEED)
    bots = [RandomBot(SEED, s) for s in range(4)]
    for _ in range(40):
        seat = match.awaiting()[0]
        match.apply(bots[seat].decide(match.observe(seat)))
    # a folder of its own (never the user's cache: this may run before the test's user folders
    # are set, and two runs at once must not share it)
    scratch = Path(tempfile.mkdtemp(prefix="atlas-hostile-scratch-"))
    store = SaveStore(scratch)
    autosave = store.write("autosave", options, match.record, summary=summary_of(match), match_id="a" * 32)
    named = store.write("Named", options, match.record, summary=summary_of(match))
    short = MatchOptions(length="one_hand", seed=SEED)
    ended = Match(match_profile(short), SEED)
    while not ended.is_over:
        seat = ended.awaiting()[0]
        ended.apply(bots[seat].decide(ended.observe(seat)))
    replay = ReplayLibrary(scratch).add(short, ended, match_id="b" * 32)
    SettingsStore(scratch).save(Settings(language="fr", sound_volume=30))
    Progress({"riichi-01-chi-from-left": 2}, scratch / "tutorials.toml").save()
    docs = {
        "autosave": tomllib.loads(autosave.read_text()),
        "save": tomllib.loads(named.read_text()),
        "replay": json.loads(replay.read_text()),
        "settings": tomllib.loads((scratch / "settings.toml").read_text()),
        "progress": tomllib.loads((scratch / "tutorials.toml").read_text()),
    }
    shutil.rmtree(scratch, ignore_errors=True)
    return docs


def target(kind: str) -> Path:
    """Where the game keeps a file of ``kind`` (under the current user folders)."""
    return {
        "autosave": paths.saves_dir() / "saves" / "autosave.toml",
        "save": paths.saves_dir() / "saves" / "named.toml",
        "replay": paths.saves_dir() / "replays" / "20260101T000000000000Z.json",
        "settings": paths.settings_dir() / "settings.toml",
        "progress": paths.saves_dir() / "tutorials.toml",
    }[kind]


def encode(kind: str, doc: Any) -> bytes | None:
    """The file's bytes for ``doc`` (None when TOML cannot hold it: None values, huge ints)."""
    if kind == "replay":
        try:
            return json.dumps(doc).encode("utf-8")
        except (ValueError, RecursionError, TypeError):
            return None
    try:
        return tomli_w.dumps(doc).encode("utf-8")
    except (TypeError, ValueError, AttributeError, RecursionError, UnicodeEncodeError, OverflowError):
        return None


def place(kind: str, data: bytes) -> Path:
    path = target(kind)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(data)
    return path


def leaf_paths(doc: Any, here: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every node of ``doc`` but the root (lists: their first two items)."""
    out: list[tuple[Any, ...]] = [here] if here else []
    if isinstance(doc, dict):
        for k, v in doc.items():
            out += leaf_paths(v, (*here, k))
    elif isinstance(doc, list):
        for i, v in enumerate(doc[:2]):
            out += leaf_paths(v, (*here, i))
    return out


def replaced(doc: Any, where: tuple[Any, ...], value: Any) -> Any:
    doc = json.loads(json.dumps(doc))
    parent = doc
    for key in where[:-1]:
        parent = parent[key]
    parent[where[-1]] = value
    return doc


def removed(doc: Any, where: tuple[Any, ...]) -> Any:
    doc = json.loads(json.dumps(doc))
    parent = doc
    for key in where[:-1]:
        parent = parent[key]
    del parent[where[-1]]
    return doc


@dataclass
class Tour:
    """What the player met: every message told (banners and notice cards), the screens drawn."""

    told: list[str] = field(default_factory=list)
    screens: list[str] = field(default_factory=list)
    continued: bool = False


def _draw(flow: MenuFlow, tour: Tour, surface: pygame.Surface) -> None:
    flow.update(1 / 60)
    top = flow.top
    assert top is not None
    flow.draw(surface)
    tour.screens.append(type(top).__name__)
    if isinstance(top, NoticeScreen):
        tour.told += top.notices
        flow.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_SPACE, unicode=" ", mod=0))
        flow.draw(surface)
        tour.screens.append(type(flow.top).__name__)
    elif isinstance(top, TitleScreen) and top.notice:
        tour.told.append(top.notice)


def _back_to_title(flow: MenuFlow) -> None:
    flow.act(Open("title"))
    title = flow.top
    assert isinstance(title, TitleScreen)
    title.notice = ""  # told already (the tour read it)


DOORS = {"autosave": (), "save": ("load",), "replay": ("replays",), "settings": ("settings",),
         "progress": ("tutorials",)}


def tour(kind: str | None = None, size: tuple[int, int] = SIZE) -> Tour:
    """Start the real menus on the user folders and go where a file is read: the title (and
    Continue when offered, to the real table) always, then Load game, Replays, the tutorials
    and the settings, or only the door that reads a file of ``kind``."""
    from game.ui.table import start_match

    surface = pygame.Surface(size)
    out = Tour()
    flow = MenuFlow(size, open_table=start_match)
    _draw(flow, out, surface)
    title = flow.top
    assert isinstance(title, TitleScreen)
    if title.continue_detail is not None:
        flow.act(ContinueMatch())
        _draw(flow, out, surface)
        out.continued = not isinstance(flow.top, TitleScreen)
    doors = DOORS[kind] if kind is not None else ("load", "replays", "tutorials", "settings")
    for door in doors:
        _back_to_title(flow)
        flow.act(Open(door))
        _draw(flow, out, surface)
        top = flow.top
        if isinstance(top, LoadScreen):
            for entry in list(top.entries):
                flow.act(LoadGame(entry.path))
                _draw(flow, out, surface)
                if not isinstance(flow.top, LoadScreen):
                    _back_to_title(flow)
                    flow.act(Open("load"))
                    _draw(flow, out, surface)
        elif isinstance(top, ReplaysScreen):
            for replay in list(top.entries):
                flow.act(OpenReplay(replay.path))
                _draw(flow, out, surface)
                if not isinstance(flow.top, ReplaysScreen):
                    flow.act(Back())
                    _draw(flow, out, surface)
    flow.saves.flush()
    return out


def verdict(path: Path, before: bytes, told: list[str]) -> str:
    """``kept`` (the file is there as it was), ``set aside`` (renamed beside itself under a
    reason, whole, and the player told once, naming the new file), ``migrated`` (the settings
    rewritten as a valid file of this version) or ``resumed`` (the autosave resumed on the table,
    which saved it again, as a valid save); anything else fails."""
    folder = path.parent
    siblings = sorted(p.name for p in folder.iterdir() if p.name != path.name and not p.name.startswith("."))
    aside = [n for n in siblings if (m := SET_ASIDE.match(n)) and m["name"] == path.name]
    if path.exists() and not aside:
        if path.read_bytes() == before:
            return "kept"
        if path.name == "autosave.toml":
            SaveStore(folder).load_path(path)
            return "resumed"
        assert path.name == "settings.toml", f"{path.name} was rewritten"
        tomllib.loads(path.read_text())
        return "migrated"
    assert len(aside) == 1, (siblings, path.name)
    assert (folder / aside[0]).read_bytes() == before, "the set-aside file is not the original, whole"
    naming = [m for m in told if aside[0] in m]
    assert len(naming) == 1, (aside[0], told)
    return "set aside"


def screen_names(screens: list[Screen]) -> list[str]:
    return [type(s).__name__ for s in screens]
