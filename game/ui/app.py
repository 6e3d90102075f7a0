"""The pygame application loop (a placeholder title until the table lands)."""

from __future__ import annotations


def run_app(*, smoke: bool = False, frames: int = 120, screenshot: str = "") -> int:
    if smoke:
        # One AI hand drawn headless, a screenshot, exit 0: the proof a bundle works (game.ui.smoke).
        from game.ui.smoke import run_smoke

        return run_smoke(frames, screenshot)
    import pygame

    pygame.init()
    try:
        screen = pygame.display.set_mode((1280, 720), pygame.RESIZABLE)
        pygame.display.set_caption("Mahjong Atlas")
        font = pygame.font.Font(None, 64)
        small = pygame.font.Font(None, 28)
        clock = pygame.time.Clock()
        title = font.render("Mahjong Atlas", True, (240, 232, 210))
        hint = small.render("The table is being built. Press Esc to quit.", True, (200, 210, 200))
        frame = 0
        running = True
        while running:
            for event in pygame.event.get():
                if event.type == pygame.QUIT or (event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE):
                    running = False
            screen.fill((22, 78, 58))
            w, h = screen.get_size()
            screen.blit(title, title.get_rect(center=(w // 2, h // 2 - 30)))
            screen.blit(hint, hint.get_rect(center=(w // 2, h // 2 + 30)))
            pygame.display.flip()
            frame += 1
            if smoke and frame >= frames:
                running = False
            clock.tick(60 if not smoke else 0)
        if screenshot:
            pygame.image.save(screen, screenshot)
    finally:
        pygame.quit()
    return 0
