"""Settings: round trips, atomic writes, corrupt and newer files, migrations, the default language."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest
import tomli_w
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from user_dirs import point_user_dirs

from game import paths
from game.persist import atomic
from game.persist.settings import CHOICES, FIELDS, SCHEMA, Settings, SettingsStore, system_language


@pytest.fixture(autouse=True)
def user_dirs(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Tests never touch a real profile."""
    return point_user_dirs(tmp_path, monkeypatch)


any_settings = st.builds(
    Settings,
    **{name: st.sampled_from(CHOICES[name]) for name in FIELDS
       if name not in ("sound_volume", "music_volume", "external_bots")},
    sound_volume=st.integers(0, 100),
    music_volume=st.integers(0, 100),
    external_bots=st.tuples(*[st.text(st.characters(min_codepoint=32, max_codepoint=0x2FFF,
                                                    blacklist_categories=("Cs", "Cn", "Co", "Zs", "Zl", "Zp", "Cc", "Cf"), whitelist_characters=" "),
                                      max_size=40)] * 3),
)


@settings(max_examples=40, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(any_settings)
def test_settings_round_trip(tmp_path: Path, s: Settings) -> None:
    store = SettingsStore(tmp_path / "rt")
    assert store.save(s)
    again = SettingsStore(tmp_path / "rt")
    assert again.load() == s
    assert again.take_notice() is None


def test_the_default_store_writes_under_the_settings_folder(user_dirs: Path) -> None:
    store = SettingsStore()
    store.save(Settings(tile_style="clear"))
    assert store.path == paths.settings_dir() / "settings.toml"
    assert store.path.is_relative_to(user_dirs)
    assert SettingsStore().load().tile_style == "clear"


def test_no_file_gives_the_defaults_silently(tmp_path: Path) -> None:
    store = SettingsStore(tmp_path)
    assert store.load() == Settings()
    assert store.take_notice() is None
    assert not (tmp_path / "settings.toml").exists()  # reading writes nothing


def test_a_write_failing_before_the_rename_leaves_the_old_file_whole(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    store = SettingsStore(tmp_path)
    store.save(Settings(language="fr"))
    before = store.path.read_bytes()

    def crash(src: object, dst: object) -> None:
        raise OSError("power cut")

    monkeypatch.setattr(atomic.os, "replace", crash)
    with pytest.raises(OSError, match="power cut"):
        store.save(Settings(language="ru"))
    monkeypatch.undo()
    assert store.path.read_bytes() == before
    assert [p.name for p in tmp_path.iterdir()] == ["settings.toml"]  # no temporary file left
    assert SettingsStore(tmp_path).load().language == "fr"


def test_an_interrupted_fsync_also_leaves_the_old_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    target = tmp_path / "f.toml"
    atomic.write_toml(target, {"a": 1})

    def crash(fd: int) -> None:
        raise OSError("disk full")

    monkeypatch.setattr(atomic.os, "fsync", crash)
    with pytest.raises(OSError):
        atomic.write_toml(target, {"a": 2})
    monkeypatch.undo()
    assert atomic.read_toml(target) == {"a": 1}
    assert sorted(p.name for p in tmp_path.iterdir()) == ["f.toml"]


@pytest.mark.parametrize(
    "content",
    [b"language = \"fr\"\nschema = [", b"\xff\xfe not utf-8", b"", b"schema = \"two\"\n", b"schema = -3\n"],
    ids=["truncated", "binary", "empty-no-schema-ok", "schema-text", "schema-negative"],
)
def test_a_corrupt_file_is_moved_aside_and_the_player_told_once(tmp_path: Path, content: bytes) -> None:
    path = tmp_path / "settings.toml"
    path.write_bytes(content)
    store = SettingsStore(tmp_path)
    loaded = store.load()
    assert loaded == Settings()
    if content == b"":  # an empty table is a valid schema-1 file: all defaults, migrated, silent
        assert store.take_notice() is None
        return
    notice = store.take_notice()
    assert notice is not None and notice.key == "notice.settings_corrupt"
    assert store.take_notice() is None  # told once
    aside = [p for p in tmp_path.iterdir() if p.name.startswith(("settings.toml.corrupt-", "settings.toml.invalid-"))]
    assert len(aside) == 1 and aside[0].read_bytes() == content
    assert notice.values["file"] == aside[0].name
    assert not path.exists()
    again = SettingsStore(tmp_path)  # the next start is quiet
    assert again.load() == Settings() and again.take_notice() is None


def test_a_newer_file_is_left_untouched(tmp_path: Path) -> None:
    path = tmp_path / "settings.toml"
    content = tomli_w.dumps({"schema": SCHEMA + 1, "language": "ru", "hologram": True}).encode()
    path.write_bytes(content)
    store = SettingsStore(tmp_path)
    assert store.load() == Settings()
    notice = store.take_notice()
    assert notice is not None and notice.key == "notice.settings_newer"
    assert not store.save(Settings(language="fr"))
    assert path.read_bytes() == content
    assert sorted(p.name for p in tmp_path.iterdir()) == ["settings.toml"]


def test_schema_1_is_migrated_and_written_back(tmp_path: Path) -> None:
    path = tmp_path / "settings.toml"
    path.write_text('tiles = "clear"\nvolume = 30\nwindow_width = 1600\nwindow_height = 900\nlanguage = "ru"\n')
    store = SettingsStore(tmp_path)
    s = store.load()
    assert (s.tile_style, s.sound_volume, s.music_volume, s.window_size, s.language) == (
        "clear", 30, 30, (1600, 900), "ru"
    )
    assert store.take_notice() is None
    data = atomic.read_toml(path)
    assert data["schema"] == SCHEMA and "tiles" not in data and data["window_size"] == [1600, 900]


def test_a_bad_value_resets_only_that_setting(tmp_path: Path) -> None:
    (tmp_path / "settings.toml").write_text(
        f'schema = {SCHEMA}\nlanguage = "fr"\nclaim_countdown = 7\nfullscreen = 1\nsound_volume = 40\n'
    )
    store = SettingsStore(tmp_path)
    s = store.load()
    assert (s.language, s.claim_countdown, s.fullscreen, s.sound_volume) == ("fr", Settings().claim_countdown, False, 40)
    notice = store.take_notice()
    assert notice is not None and notice.settings == ("claim_countdown", "fullscreen")
    again = SettingsStore(tmp_path)  # written back with the defaults: told once, the rest kept
    assert again.load() == s and again.take_notice() is None


def test_a_reset_setting_is_named_by_its_label_in_every_language(tmp_path: Path) -> None:
    from game import i18n
    from game.persist.notice import Notice
    from game.ui.menus.notice_screen import notice_text

    notice = Notice("notice.settings_reset", settings=("sound_volume", "tile_style"))
    try:
        for language in i18n.LANGUAGES:
            i18n.set_language(language)
            text = notice_text(notice)
            assert i18n.t("settings.sound_volume") in text and i18n.t("settings.tile_style") in text, text
            assert "sound_volume" not in text and "tile_style" not in text, text
    finally:
        i18n.set_language("en")


def test_none_values_are_omitted_not_refused(tmp_path: Path) -> None:
    path = tmp_path / "x.toml"
    atomic.write_toml(path, {"a": None, "b": {"c": None, "d": 1}, "e": [1, None, 2]})
    assert atomic.read_toml(path) == {"b": {"d": 1}, "e": [1, 2]}


@pytest.mark.parametrize(
    ("env", "expected"),
    [("fr_FR.UTF-8", "fr"), ("ru_RU.UTF-8", "ru"), ("de_DE.UTF-8", "en"), ("en_GB.UTF-8", "en"), ("C", "en")],
)
def test_the_default_language_follows_the_system(monkeypatch: pytest.MonkeyPatch, env: str, expected: str) -> None:
    for var in ("LANGUAGE", "LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(var, raising=False)
    monkeypatch.setenv("LANG", env)
    monkeypatch.setattr("locale.getlocale", lambda: (None, None))
    assert system_language() == expected
    assert Settings().language == expected


def test_settings_are_frozen() -> None:
    with pytest.raises(dataclasses.FrozenInstanceError):
        Settings().language = "fr"  # type: ignore[misc]
