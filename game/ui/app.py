"""The application: the menus (title, new game, settings, ...) and, from them, the table."""

from __future__ import annotations


def run_app(*, smoke: bool = False, frames: int = 120, screenshot: str = "") -> int:
    if smoke:
        # One AI hand drawn headless, a screenshot, exit 0: the proof a bundle works (game.ui.smoke).
        from game.ui.smoke import Draw, run_smoke

        def table_draw() -> Draw:
            # Imported once the title is up: the table's imports take about a second.
            from game.ui.table.smoke import table_smoke_draw

            return table_smoke_draw()

        return run_smoke(frames, screenshot, make_draw=table_draw)
    # The title comes up first; the menus open the table when a match starts.
    from game.ui.menus.run import run_menus

    return run_menus(screenshot=screenshot)
