"""The human's hand under the pointer and the keyboard: which tile is raised, which has the ring.

Why one place, recomputed every frame: the hover lift used to be a free tween started on the
sprite, and a tween outlives its reason. Clicked (or discarded in riichi) while still rising, the
tile went on rising in the river, and rested there 10 px high, its top cut off by the river's
cached picture. Here a lift is only ever a *target* for the tiles that are in the hand now: each
frame eases those toward their target, and a tile anywhere else is set down at once, whatever
raised it.

Three things raise a tile, and they look different, so the player always knows which is which:

* the mouse pointer over a tile (``hovered``): raised, nothing else;
* the keyboard cursor (``cursor``, an index into the hand as drawn, left to right, the drawn
  tile last): raised and ringed in gold. Every turn starts with the ring on the drawn tile (after
  a call, the rightmost tile), whatever was used before (a pause menu, a call chosen with the
  mouse), or on the hint's tile while a hint is shown (seen in a real window: "Hint · Discard
  [Green]" with the Green raised in blue, Enter, and the drawn tile under the gold ring went:
  a new player reads the tile the hint raises as the one Enter takes); Left and Right stop at
  the ends; a mouse move hides the ring until a key is pressed.
  The start is resolved against the hand as it is drawn *now*, not when the prompt came: the
  engine does not wait for the picture, so the prompt after a pon or a kan arrives while the
  tiles are still flying, and an index taken then pointed past the hand (no ring at all);
* the hint's suggestion (``suggested``, a tile id): raised a little less, ringed in blue.
"""

from __future__ import annotations

from collections.abc import Callable

from game.engine.tiles import is_red, kind_of
from game.scene import Node, Sprite

from . import pieces
from .pieces import HINT_LIFT, LIFT
from .presenter import Presenter, TileSprite

LIFT_SECONDS = 0.08  # from resting to fully raised
HINT_COLOUR = (150, 200, 236)


class HandFocus:
    """Lifts and rings for the human's concealed tiles; ``settle(dt)`` once a frame."""

    def __init__(self, presenter: Presenter, human: int, ring_parent: Node) -> None:
        self.presenter = presenter
        self.human = human
        lay = presenter.layout
        self.unit = lay.unit
        ha = lay.hand_art
        self.hovered: TileSprite | None = None
        self.cursor: int | None = None
        self.fresh = False  # a turn began and no key or pointer chose a tile yet: the start tile
        self.keyboard = False
        self.suggested: int | None = None
        self.allowed: Callable[[TileSprite], bool] = lambda sprite: True
        self.active = False  # the human may discard now (lifts and the ring only then)
        self._lifted: set[TileSprite] = set()
        self.moving = False  # a tile was still on its way up or down after the last settle
        size = (ha.width, ha.height + ha.depth)
        self.ring = ring_parent.add_child(Sprite(pieces.glow(*size), visible=False, name="hand focus"), z=-1)
        self.hint_ring = ring_parent.add_child(
            Sprite(pieces.glow(*size, HINT_COLOUR), visible=False, name="hand hint"), z=-1)

    # --- the hand ----------------------------------------------------------------------------

    def tiles(self) -> list[TileSprite]:
        return self.presenter.seats[self.human].concealed()

    def target(self) -> TileSprite | None:
        """The tile Enter acts on: under the cursor."""
        tiles = self.tiles()
        cursor = self._start_index(tiles) if self.fresh else self.cursor
        if cursor is None or not 0 <= cursor < len(tiles):
            return None
        return tiles[cursor]

    def _start_index(self, tiles: list[TileSprite]) -> int | None:
        """Where a turn starts: the hint's tile while one is shown, else the drawn tile, else the
        nearest tile to its left that may go (riichi: only some may; after a call there is no
        drawn tile: the rightmost)."""
        hint = self._hinted(tiles)
        if hint is not None and self.allowed(hint):
            return tiles.index(hint)
        drawn = self.presenter.seats[self.human].drawn
        if drawn is not None and drawn in tiles and self.allowed(drawn):
            return tiles.index(drawn)
        return next((i for i in range(len(tiles) - 1, -1, -1) if self.allowed(tiles[i])), None)

    def start_turn(self) -> None:
        """A new turn: the ring on the start tile (:meth:`_start_index`, read each frame until
        the player chooses), shown whatever was used before; a pointer resting on a tile since
        the last turn raises nothing until it moves."""
        self.cursor = None
        self.fresh = True
        self.hovered = None
        self.keyboard = True

    def carry(self, old: HandFocus) -> None:
        """The table was rebuilt (a new window size, a new tile style): the same choice on the new
        sprites, the cursor on the same tile (a turn not yet moved from keeps its start tile),
        ringed. Seen: after a window-size change in the middle of the turn the ring was gone and
        Enter did nothing (the new focus had no cursor), until an arrow key."""
        self.allowed = old.allowed
        self.suggested = old.suggested
        self.keyboard = True
        self.fresh = old.fresh
        chosen = None if old.fresh else old.target()
        tiles = self.tiles()
        self.cursor = next((i for i, s in enumerate(tiles) if chosen is not None and s.tile == chosen.tile), None)
        if self.cursor is None:
            self.fresh = True

    def _settle_cursor(self) -> None:
        """The start tile becomes the cursor: a key moves on from it."""
        if self.fresh:
            self.cursor = self._start_index(self.tiles())
            self.fresh = False

    def move(self, step: int) -> None:
        """Left (-1) or Right (+1) to the next tile that may go; the cursor stops at the ends."""
        tiles = self.tiles()
        self.keyboard = True
        self.hovered = None
        if not tiles:
            return
        self._settle_cursor()
        if self.cursor is None:
            self.cursor = self._start_index(tiles)
            return
        i = self.cursor + step
        while 0 <= i < len(tiles):
            if self.allowed(tiles[i]):
                self.cursor = i
                return
            i += step

    def to_end(self, last: bool) -> None:
        """Home (the leftmost tile) or End (the rightmost: the drawn tile)."""
        tiles = self.tiles()
        self.keyboard = True
        self.hovered = None
        self._settle_cursor()
        order = range(len(tiles) - 1, -1, -1) if last else range(len(tiles))
        self.cursor = next((i for i in order if self.allowed(tiles[i])), self.cursor)

    def _hinted(self, tiles: list[TileSprite]) -> TileSprite | None:
        """The tile of the hand the hint suggests (of its kind and colour, the rightmost)."""
        if self.suggested is None:
            return None
        klass = (kind_of(self.suggested), is_red(self.suggested))
        return next((s for s in reversed(tiles) if (kind_of(s.tile), is_red(s.tile)) == klass), None)

    def hover(self, sprite: TileSprite | None) -> None:
        """The pointer is over ``sprite`` (None: over no hand tile): it is raised, and the
        keyboard's cursor follows it, so Enter acts on what the player sees raised."""
        if sprite is not None and sprite not in self.tiles():
            sprite = None
        self.hovered = sprite
        if sprite is not None:
            self.keyboard = False
            self.fresh = False
            self.cursor = self.tiles().index(sprite)

    def pointer_moved(self) -> None:
        """Any mouse move: the ring hides until the keyboard is used again."""
        self.keyboard = False

    # --- every frame -------------------------------------------------------------------------

    def _targets(self) -> dict[TileSprite, float]:
        u = self.unit
        want: dict[TileSprite, float] = {}
        if not self.active:
            return want
        tiles = self.tiles()
        hint = self._hinted(tiles)
        if hint is not None:
            want[hint] = HINT_LIFT * u
        raised = self.hovered if self.hovered in tiles else (self.target() if self.keyboard else None)
        if raised is not None:
            want[raised] = LIFT * u
        return want

    def settle(self, dt: float) -> None:
        """Ease the hand's tiles toward their lifts; set down at once any tile that left it."""
        if not self.active and not self._lifted:  # the usual frame (others play, the deal): nothing to do
            self.ring.visible = self.hint_ring.visible = False
            self.moving = False
            return
        want = self._targets()
        self.moving = False
        hand = set(self.tiles())
        rate = LIFT * self.unit / LIFT_SECONDS * max(0.0, dt)
        for sprite in list(self._lifted):
            if sprite not in hand:  # discarded, called, revealed: it rests where it lies
                sprite.lift = 0.0
                self._lifted.discard(sprite)
        for sprite in hand:
            goal = want.get(sprite, 0.0)
            if sprite.lift != goal:
                step = goal - sprite.lift
                sprite.lift = goal if abs(step) <= rate else sprite.lift + rate * (1 if step > 0 else -1)
                self.moving = self.moving or sprite.lift != goal
            if sprite.lift:
                self._lifted.add(sprite)
            else:
                self._lifted.discard(sprite)
        self._place_ring(self.ring, self.target() if self.active and self.keyboard else None)
        hint = next((s for s, lift in want.items() if lift == HINT_LIFT * self.unit), None)
        self._place_ring(self.hint_ring, hint)

    @staticmethod
    def _place_ring(ring: Sprite, sprite: TileSprite | None) -> None:
        ring.visible = sprite is not None
        if sprite is not None:
            ring.x, ring.y = sprite.x, sprite.y - sprite.lift
