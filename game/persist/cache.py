"""Things the game can rebuild, kept in the user's cache folder so a start does not rebuild them.

Each cached thing is one file of named byte strings (the sound effects, the music, ...) under a
**key** that names how it was made: a digest of the code that makes it (:func:`code_digest`) and
the inputs (a mixer format, a size). A file whose key differs is stale (the game was updated, or a
developer changed a recipe) and is silently made again; a file that does not read back whole (cut
short, bits flipped: its checksum fails) is corrupt and is set aside like any bad file
(:func:`~game.persist.atomic.move_aside`), logged, and made again. Nothing here ever stops the
game: a cache folder that cannot be read or written only means the thing is made every start.

The format is a first line ``ATLAS-CACHE 1``, the key, a JSON index of ``[name, length]`` pairs
and the payload's CRC-32 (each on its line), then the parts back to back. CRC-32 because the
threat is a torn or damaged file, not an adversary, and it costs a millisecond on megabytes.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import logging
import types
import zlib
from collections.abc import Callable, Iterable, Mapping
from pathlib import Path
from typing import Any, Final

from game import paths

from .atomic import move_aside, write_bytes

MAGIC: Final = b"ATLAS-CACHE 1\n"

log = logging.getLogger(__name__)


class CorruptCache(ValueError):
    """A cache file that does not read back as it was written."""


def encode(key: str, parts: Mapping[str, bytes]) -> bytes:
    payload = b"".join(parts.values())
    index = json.dumps([[name, len(data)] for name, data in parts.items()], separators=(",", ":"))
    header = f"{key}\n{index}\n{zlib.crc32(payload):08x}\n".encode()
    return MAGIC + header + payload


def decode(data: bytes) -> tuple[str, dict[str, bytes]]:
    """(key, parts) of a cache file's bytes; :class:`CorruptCache` when they are not whole."""
    if not data.startswith(MAGIC):
        raise CorruptCache("not a cache file")
    at = len(MAGIC)
    try:
        lines = []
        for _ in range(3):
            end = data.index(b"\n", at)
            lines.append(data[at:end].decode("ascii"))
            at = end + 1
        key, index_text, crc_text = lines
        index = json.loads(index_text)
        crc = int(crc_text, 16)
    except (ValueError, UnicodeDecodeError) as exc:
        raise CorruptCache(f"unreadable header: {exc}") from None
    payload = memoryview(data)[at:]
    if not isinstance(index, list) or sum(_length(entry) for entry in index) != len(payload):
        raise CorruptCache("the parts do not add up to the payload (cut short?)")
    if zlib.crc32(payload) != crc:
        raise CorruptCache("checksum mismatch")
    parts: dict[str, bytes] = {}
    for name, length in index:
        parts[str(name)] = bytes(payload[:length])
        payload = payload[length:]
    return key, parts


def _length(entry: Any) -> int:
    if not (isinstance(entry, list) and len(entry) == 2 and isinstance(entry[1], int) and entry[1] >= 0):
        raise CorruptCache(f"bad index entry {entry!r}")
    return entry[1]


def cached(name: str, key: str, make: Callable[[], Mapping[str, bytes]], *,
           folder: Path | None = None) -> dict[str, bytes]:
    """The parts cached as ``name`` under ``key``, or ``make()``'s, which are then kept.

    ``folder`` defaults to the user's cache folder (:func:`game.paths.cache_dir`)."""
    path = (folder if folder is not None else paths.cache_dir()) / name
    found = _read(path, key)
    if found is not None:
        return found
    parts = dict(make())
    try:
        write_bytes(path, encode(key, parts))
    except OSError as exc:  # a read-only or full disk: made again next start, no harm
        log.info("cache %s not kept: %s", path, exc)
    return parts


def kept(name: str, key: str, *, folder: Path | None = None) -> dict[str, bytes] | None:
    """The parts cached as ``name`` under ``key``, or None (missing, stale, or corrupt: then set
    aside as by :func:`cached`); nothing is made. For a caller that makes them elsewhere (the
    sounds: in a child process)."""
    return _read((folder if folder is not None else paths.cache_dir()) / name, key)


def _read(path: Path, key: str) -> dict[str, bytes] | None:
    try:
        data = path.read_bytes()
    except FileNotFoundError:
        return None
    except OSError as exc:
        log.info("cache %s unreadable (%s): made again", path, exc)
        return None
    try:
        found_key, parts = decode(data)
    except CorruptCache as exc:
        log.warning("cache %s is corrupt (%s): set aside and made again", path, exc)
        with contextlib.suppress(OSError):  # a read-only folder: the new file cannot be kept either
            move_aside(path)
        return None
    if found_key != key:
        return None  # stale: made again and written over
    return parts


def code_digest(modules: Iterable[types.ModuleType], *extra: object) -> str:
    """A digest of what the code of ``modules`` does (their bytecode and constants, not their
    file names or line numbers), and of ``extra`` values: a cache key that changes when a recipe
    does. Modules whose loader cannot give their code raise ``ValueError`` (nothing to key on)."""
    h = hashlib.sha256()
    for module in modules:
        loader = getattr(module, "__loader__", None)
        get_code = getattr(loader, "get_code", None)
        code = get_code(module.__name__) if callable(get_code) else None
        if not isinstance(code, types.CodeType):
            raise ValueError(f"no code object for {module.__name__}")
        h.update(module.__name__.encode())
        _digest_code(code, h)
    h.update(repr(extra).encode())
    return h.hexdigest()


def _digest_code(code: types.CodeType, h: Any) -> None:
    h.update(code.co_code)
    h.update(repr(code.co_names).encode())
    for const in code.co_consts:
        _digest_const(const, h)


def _digest_const(const: object, h: Any) -> None:
    if isinstance(const, types.CodeType):
        _digest_code(const, h)
    elif isinstance(const, tuple):
        h.update(b"(")
        for item in const:
            _digest_const(item, h)
        h.update(b")")
    elif isinstance(const, frozenset):  # set order follows string hashing, which varies by run
        h.update(repr(sorted(repr(item) for item in const)).encode())
    else:
        h.update(repr(const).encode())
