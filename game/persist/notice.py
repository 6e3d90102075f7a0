"""A message for the player from the persistence layer, as a catalog key and its values.

Persistence never shows anything itself (it does not import pygame nor the catalogs); it hands a
``Notice`` to the UI, which translates it with ``t(notice.key, **notice.values)`` and shows it once.
"""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True)
class Notice:
    key: str
    values: dict[str, str] = field(default_factory=dict)
