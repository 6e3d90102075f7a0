"""The hit-test tags of the result panels (a leaf module: the table imports it without the panels)."""

from __future__ import annotations

from typing import Final

FU_TAG: Final = ("result", "fu")  # the fu breakdown's button
