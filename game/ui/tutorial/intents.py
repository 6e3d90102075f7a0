"""What the tutorial screens ask the menu flow to do (kept light: the flow imports it at start)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True, eq=False)
class PushScreen:
    """Show ``screen`` over the current one (a tutorial level over the list)."""

    screen: Any
