"""The pygame application loop: the table, the human at the bottom against three AI seats."""

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
    import pygame

    pygame.init()
    try:
        window = pygame.display.set_mode((1280, 720), pygame.RESIZABLE)
        pygame.display.set_caption("Mahjong Atlas")
        from game.scene import RealClock
        from game.ui.table import TableScreen

        table = TableScreen(window.get_size())
        clock = RealClock(60)
        running = True
        while running:
            for event in pygame.event.get():
                if event.type == pygame.QUIT or (event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE
                                                 and not table.riichi_mode):
                    running = False
                elif event.type == pygame.VIDEORESIZE:
                    window = pygame.display.set_mode((max(1024, event.w), max(600, event.h)), pygame.RESIZABLE)
                    table.resize(window.get_size())
                else:
                    table.handle(event)
            table.update(clock.tick())
            table.draw(window)
            pygame.display.flip()
        if screenshot:
            pygame.image.save(window, screenshot)
    finally:
        pygame.quit()
    return 0
