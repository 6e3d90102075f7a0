"""The hit-test tags of the result panels (a leaf module: the table imports it without the panels)."""

from __future__ import annotations

from typing import Final

FU_TAG: Final = ("result", "fu")  # the fu breakdown's button
OK_TAG: Final = ("result", "ok")  # the OK button (any click on a result goes on; this one says so)
