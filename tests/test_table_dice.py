"""The break's caption names the roll once the dice lie still on it. QA saw "You rolled 3 + 3 = 6"
over dice still tumbling on 5 and 4: the caption came with the throw."""

from __future__ import annotations

import pytest
from table_helpers import SIZE, display

from game.engine.events import DiceRolled
from game.scene import FixedClock, Sprite
from game.ui.table import TableScreen, pieces


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_the_caption_names_the_faces_the_dice_show(seed: int) -> None:
    display()
    screen = TableScreen(SIZE, seed=seed, autoplay=True, speed=1.0)
    roll = next(e for e in screen.match.events if isinstance(e, DiceRolled))
    size = max(16, round(50 * screen.layout.unit))
    final = [pieces.die(roll.dice.d1, size, -8), pieces.die(roll.dice.d2, size, 6)]
    clock = FixedClock()
    words = str(roll.dice.total)
    seen = False
    for _ in range(60 * 20):
        screen.update(clock.tick())
        caption = screen.hud.caption_text.text if screen.hud.caption_panel.visible else ""
        dice = [n for n in screen.presenter.fx.children if isinstance(n, Sprite) and n.z == 5]
        if dice and f"{roll.dice.d1} + {roll.dice.d2}" in caption and words in caption:
            assert [d.image for d in dice] == final, "the caption names a roll the dice do not show yet"
            seen = True
        if seen and not dice:
            break
    assert seen, "the break's caption never showed with the dice"
