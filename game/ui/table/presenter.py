"""Engine events in, tweens out: one animation unit per event, and ``sync_to`` from the truth.

Why this shape: the engine has already moved on by the time an event is shown (it deals the next
hand inside the same ``apply``), so the presenter keeps its own picture of the table, the one the
player has seen so far, and changes it one event at a time. Each event becomes a ``Lazy`` unit on
the timeline, built when it starts from the picture as it is then, so a unit never needs to know
what the units before it will have done. ``sync_to(match)`` throws the picture away and rebuilds
every node from the engine state (after loading, or when the player skips).

The picture holds sprites, not tiles: a tile flying from the wall to a hand is the same sprite
moved, its image swapped for the new place (a back in the wall, a face in the river), so nothing is
scaled or turned per frame; turns are quarter turns, served from the surface cache.
"""

from __future__ import annotations

import functools
import random
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import pygame

from game.engine.events import (
    AbortiveDraw,
    Claimed,
    DeadWallSet,
    DiceRolled,
    Discarded,
    DoraRevealed,
    DrawReturned,
    Event,
    ExhaustiveDraw,
    FirstDealerRolled,
    FlowerSetAside,
    HandEnded,
    HandStarted,
    KanDeclared,
    MatchEnded,
    Penalty,
    PenaltyKind,
    RiichiAccepted,
    TailToDeadWall,
    TileDrawn,
    TilesDealt,
    WallBuilt,
    Win,
)
from game.engine.meld import Meld, MeldKind
from game.engine.rows import Unit
from game.engine.tiles import FLOWER_ID_BASE
from game.engine.wall import DiceRoll, Position
from game.i18n import t
from game.scene import Call, Delay, Node, Panel, Parallel, Sprite, Text, Timeline, Tween
from game.scene import Sequence as Seq
from game.scene.actions import Action
from game.scene.node import Transform
from game.ui import audio, results
from game.ui.audio import Cue, Sounds

from . import pieces
from .hud import Hud, wind_name
from .layers import CachedLayer
from .layout import SIDE_ROTATION, Place, TableLayout, side_of
from .words import Terms, table_terms

if TYPE_CHECKING:
    from game.engine import Match
    from game.engine.profile import RuleProfile

Z_WALL, Z_RIVER, Z_HAND, Z_FLYING = 0, 2, 3, 8
HOLD_UNTIL_DISMISSED = 1e9  # seconds: a result the player is reading stays up


class TileSprite(Sprite):
    """A tile on the table: its id (-1 while hidden), a hover ``lift`` in pixels, and whether it
    lies sideways in a river (the riichi tile)."""

    __slots__ = ("tile", "lift", "sideways", "base_opacity")

    def __init__(self, image: pygame.Surface | None, place: Place, tile: int = -1, **node: Any) -> None:
        super().__init__(image, place.x, place.y, rotation=place.rotation, **node)
        self.tile = tile
        self.lift = 0.0
        self.sideways = False

    def paint(self, surface: pygame.Surface, world: Transform) -> None:
        if self.lift:
            world = world._replace(y=world.y - self.lift)
        super().paint(surface, world)


class Lazy(Action):
    """An animation unit built when it starts, from the table as it is then."""

    def __init__(self, build: Callable[[], Action], name: str) -> None:
        super().__init__()
        self.build = build
        self.name = name
        self.inner: Action | None = None

    @property
    def duration(self) -> float:
        return self.inner.duration if self.inner is not None else 0.0

    @property
    def time_to_event(self) -> float:
        return self.inner.time_to_event if self.inner is not None else 0.0

    def wind_down(self) -> None:
        if self.inner is not None:
            self.inner.wind_down()

    def _start(self) -> None:
        self.inner = self.build()

    def _advance(self, dt: float) -> float | None:
        assert self.inner is not None
        leftover = self.inner.step(dt)
        return leftover if self.inner.done else None


class Hold(Action):
    """Wait up to ``seconds`` (a result on screen) or until ``release``-d by the player."""

    def __init__(self, seconds: float) -> None:
        super().__init__()
        self.seconds = seconds
        self.elapsed = 0.0
        self.released = False

    @property
    def duration(self) -> float:
        return self.seconds

    @property
    def time_to_event(self) -> float:
        return max(0.0, self.seconds - self.elapsed)

    def release(self) -> None:
        self.released = True

    def _advance(self, dt: float) -> float | None:
        if self.released:
            return dt
        self.elapsed += dt
        return self.elapsed - self.seconds if self.elapsed >= self.seconds else None


@dataclass
class SeatPicture:
    """What the player has seen of one seat: sprites in hand, the drawn one, river, melds."""

    hand: list[TileSprite] = field(default_factory=list)
    drawn: TileSprite | None = None
    river: list[TileSprite] = field(default_factory=list)
    melds: list[Meld] = field(default_factory=list)
    meld_sprites: list[dict[int, TileSprite]] = field(default_factory=list)
    flowers: list[TileSprite] = field(default_factory=list)
    revealed: bool = False
    next_sideways: bool = False  # a riichi tile was called away: the next discard lies sideways

    def concealed(self) -> list[TileSprite]:
        return self.hand + ([self.drawn] if self.drawn is not None else [])


def tai_scale_of(profile: RuleProfile) -> tuple[int, int] | None:
    """The rulebook's base and points a tai, where hands are valued in tai (the result's sum)."""
    return (profile.tai.base, profile.tai.tai_value) if profile.unit is Unit.TAI else None


class Presenter:
    """Owns the node tree of the table and turns events into units on ``timeline``."""

    face_up = False  # every seat's hand shown face up (a tutorial: it must see the tiles in its events)
    discard_beat = 0.0  # seconds the table rests on another seat's discard (auto-pass off: time to follow)
    hand_started: Callable[[], object] | None = None  # called as each hand's picture starts (its deal)

    def __init__(self, layout: TableLayout, human: int, hud: Hud, timeline: Timeline, *, sets: int = 4,
                 names: Sequence[str] | None = None, hold_seconds: float | None = 6.0,
                 terms: Terms | None = None, sounds: Sounds | None = None,
                 tai_scale: tuple[int, int] | None = None) -> None:
        """``sounds``: where the table's sounds go (None: the app's board, :func:`audio.current`);
        ``tai_scale``: :func:`tai_scale_of` the rulebook (a table that starts by animating its first
        deal never syncs: the Taiwanese sum was missing from every result until a resize);
        ``hold_seconds``: how long (in the timeline's time) a result stays before the table goes
        on by itself, None: until the player goes on."""
        self.layout = layout
        self.human = human
        self.hud = hud
        self.timeline = timeline
        self.sets = sets
        self.names = list(names) if names is not None else [wind_name(w) for w in range(4)]
        self.terms = terms if terms is not None else table_terms()
        self.hold_seconds = hold_seconds
        self.sounds = sounds
        self.root = Node(name="table root")
        w, h = layout.size
        self.root.add_child(Sprite(pieces.felt(layout.size), w / 2, h / 2, name="felt"))
        self.root.add_child(hud.under)
        self.table = self.root.add_child(Node(name="tiles"))
        self.fx = self.root.add_child(Node(name="fx"))
        self.root.add_child(hud.narration)
        self.flight = self.root.add_child(Node(name="tiles in flight"))  # over the narration, under the HUD
        self.root.add_child(hud.over)
        self.units: list[str] = []  # the name of every unit started, in order (tests, captions)
        self.hold: Hold | None = None
        self.reviewable = True  # a result offers R, the hand's review (a lesson's table does not)
        self.result: results.ResultPanel | None = None  # the result on screen
        self.result_maker: results.SheetMaker | None = None  # its sheet, written again on a rebuild
        self.tai_scale = tai_scale  # Taiwanese: the base and the points a tai (the result's sum)
        self.counting: Action | None = None  # its points counting up
        self._win_orders: dict[int, str] = {}
        self.scores = [0, 0, 0, 0]
        self.sticks = 0
        self.stop_after_hands: int | None = None
        self.hands_ended = 0
        self._rng = random.Random(7)
        self._reset_hand()

    # --- the picture ---------------------------------------------------------------------------

    def _reset_hand(self) -> None:
        self.table.clear()
        self.flight.clear()
        self.fx.clear()
        self.hud.keep_caption_off(None)
        lay = self.layout
        screen = pygame.Rect(0, 0, *lay.size)
        # one layer per wall, so a tile leaving one wall redraws only that wall's picture
        self.walls = [self.table.add_child(CachedLayer(lay.wall_area(side).clip(screen), name="wall"), z=Z_WALL)
                      for side in range(4)]
        self.river_layers = [self.table.add_child(CachedLayer(lay.river_area(self.side(s)).clip(screen)), z=Z_RIVER)
                             for s in range(4)]
        self.hand_layers: list[Node | None] = [
            None if s == self.human else self.table.add_child(CachedLayer(lay.hand_area(self.side(s)).clip(screen)),
                                                              z=Z_RIVER)
            for s in range(4)]
        self.seats = [SeatPicture(revealed=self.face_up) for _ in range(4)]
        self.wall: dict[Position, TileSprite] = {}
        self.dead: set[int] = set()  # ring stacks set apart (dead wall or hill)
        self.tiles_left = 0
        self.dealer = 0
        self.badges: list[Node] = []
        self.indicators: list[int] = []
        ra = self.layout.river_art
        ring = pieces.outline(ra.width, ra.height + ra.depth)
        self.pointer = self.fx.add_child(Sprite(ring, visible=False, z=6, name="last discard"))
        self._last_ron: tuple[tuple[int, int], TileSprite] | None = None

    def side(self, seat: int) -> int:
        return side_of(seat, self.human)

    @property
    def idle(self) -> bool:
        """No animation unit plays or waits (hover lifts and other free actions do not count:
        they never hold the table up)."""
        return self.timeline.pending_units == 0

    def feed(self, events: Iterable[Event]) -> None:
        """Queue one unit per event (events after the last hand to show are dropped)."""
        events = list(events)
        results.number_wins(events, self._win_orders)
        for event in events:
            if self.stop_after_hands is not None and self.hands_ended >= self.stop_after_hands:
                return
            if isinstance(event, HandEnded):
                self.hands_ended += 1
            name = type(event).__name__
            self.timeline.enqueue(Lazy(functools.partial(self._start_unit, name, event), name))

    def _start_unit(self, name: str, event: Event) -> Action:
        self.units.append(name)
        handler = getattr(self, "_on_" + name)
        action: Action = handler(event)
        return action

    def sound(self, cue: Cue) -> None:
        """Play ``cue`` now (units call this as their animation starts, or as a tile lands)."""
        (self.sounds if self.sounds is not None else audio.current()).play(cue)

    def finish_count(self) -> bool:
        """A result still counting up shows its end at once (the first click or Enter on it)."""
        if self.counting is not None and self.counting.started and not self.counting.done:
            self.counting.finish()
            return True
        return False

    def _hold(self, times: float = 1.0) -> Hold:
        """The wait on a result (``times`` the usual one: the match's standings are read longer)."""
        return Hold(HOLD_UNTIL_DISMISSED if self.hold_seconds is None else self.hold_seconds * times)

    def wait_results(self, seconds: float | None) -> None:
        """From now on a result waits for the player (None) or goes on after ``seconds``; the
        result on screen follows at once (the player changed the speed while reading it)."""
        self.hold_seconds = seconds
        hold = self.hold
        if hold is not None and not hold.done:
            hold.seconds = HOLD_UNTIL_DISMISSED if seconds is None else hold.elapsed + seconds

    def show_countdown(self) -> None:
        """The OK button of the result on screen says how long before the table goes on by
        itself (in real seconds: the hold runs at the animation speed), or nothing."""
        hold, panel = self.hold, self.result
        if panel is None or hold is None:
            return
        if hold.done or hold.seconds >= HOLD_UNTIL_DISMISSED:
            panel.set_countdown(None)
        else:
            panel.set_countdown(hold.time_to_event / max(1e-6, self.timeline.speed))

    @property
    def waiting_for_player(self) -> bool:
        """A result is up and stays until the player dismisses it (Enter, a click, its OK)."""
        hold = self.hold
        return (self.result is not None and hold is not None and not hold.done and not hold.released
                and hold.seconds >= HOLD_UNTIL_DISMISSED)

    def release_hold(self) -> bool:
        """The player dismissed a result: let the table go on."""
        self.finish_count()
        if self.hold is not None and not self.hold.done:
            self.hold.release()
            return True
        return False

    # --- sprite moves --------------------------------------------------------------------------

    def _new(self, image: pygame.Surface | None, place: Place, tile: int = -1, z: int = Z_WALL) -> TileSprite:
        return self.table.add_child(TileSprite(image, place, tile), z=z)

    @staticmethod
    def _live(layers: Sequence[CachedLayer], action: Action) -> Action:
        """Draw layers' children directly while ``action`` animates them in place."""

        def step(by: int) -> None:
            for layer in layers:
                layer.live += by

        return Seq(Call(step, 1), action, Call(step, -1))

    def _wall_layer(self, ring: int) -> CachedLayer:
        return self.walls[self.side(ring // self.layout.stacks)]

    def _new_in_wall(self, image: pygame.Surface, place: Place, ring: int, level: int) -> TileSprite:
        """A wall tile: drawn with the others from the wall layer's cached picture."""
        return self._wall_layer(ring).add_child(TileSprite(image, place), z=Z_WALL + (1 - level))

    def _from_wall(self, pos: Position) -> TileSprite:
        """The tile leaving a wall place, now a sprite of the table (so the walls stay still)."""
        sprite = self.wall.pop(pos, None)
        if sprite is None:
            return self._new(None, self._wall_place(pos))
        return self.table.add_child(sprite, z=Z_HAND)

    def _move(self, sprite: TileSprite, place: Place, image: pygame.Surface | None, z: float,
              duration: float = 0.25, ease: str = "out_cubic", home: Node | None = None) -> Action:
        """Send a sprite to ``place`` showing ``image``: turned and re-imaged at once, then slid.

        It flies as a sprite of the table and, once at rest, joins ``home`` (a seat's cached
        river or hand layer), which draws it from one picture until something there changes."""
        home = self.table if home is None else home
        changed = sprite.image is not image or sprite.rotation != place.rotation
        sprite.image = image
        sprite.rotation = place.rotation
        if duration <= 0 or (abs(sprite.x - place.x) < 0.5 and abs(sprite.y - place.y) < 0.5):
            changed = changed or sprite.x != place.x or sprite.y != place.y
            sprite.x, sprite.y = place.x, place.y
            if sprite.parent is not home or sprite.z != z:
                home.add_child(sprite, z=z)
            elif changed and isinstance(home, CachedLayer):
                home.touch()
            return Delay(0.0)
        self.flight.add_child(sprite, z=Z_FLYING)
        return Seq(Tween(sprite, {"x": place.x, "y": place.y}, duration=duration, ease=ease),
                   Call(functools.partial(home.add_child, sprite, z=z)))

    def _hand_image(self, seat: int, tile: int) -> pygame.Surface:
        lay = self.layout
        pic = self.seats[seat]
        if seat == self.human and tile >= 0:
            return lay.hand_art.standing(tile)
        if pic.revealed and tile >= 0:
            return lay.river_art.lying(tile)
        return lay.river_art.lying(None)

    def layout_seat(self, seat: int, duration: float = 0.25) -> Action:
        """Every sprite of a seat's hand, melds and flowers to its place (the human's hand sorted)."""
        lay = self.layout
        pic = self.seats[seat]
        side = self.side(seat)
        if seat == self.human or pic.revealed:
            pic.hand.sort(key=lambda s: s.tile)
        slots = lay.seat_slots(side, seat, len(pic.hand), pic.drawn is not None, pic.melds, len(pic.flowers))
        moves: list[Action] = []
        home = self.hand_layers[seat]
        for sprite, place in zip(pic.concealed(), slots.hand, strict=True):
            sprite.tag = ("hand", sprite.tile) if seat == self.human else None
            sprite.hittable = seat == self.human
            moves.append(self._move(sprite, place, self._hand_image(seat, sprite.tile), Z_HAND, duration, home=home))
        art = lay.row_art(side)
        for tiles, sprites in zip(slots.melds, pic.meld_sprites, strict=True):
            for mt in tiles:
                sprite = sprites[mt.tile]
                sprite.hittable = False
                image = art.lying(None if mt.face_down else mt.tile)
                moves.append(self._move(sprite, mt.place, image, Z_RIVER, duration, home=home))
        for sprite, place in zip(pic.flowers, slots.flowers, strict=True):
            sprite.hittable = False
            moves.append(self._move(sprite, place, art.lying(sprite.tile), Z_RIVER, duration, home=home))
        return Parallel(*moves)

    def layout_river(self, seat: int, duration: float = 0.25) -> Action:
        pic = self.seats[seat]
        places = self.layout.river_places(self.side(seat), [s.sideways for s in pic.river])
        ra = self.layout.river_art
        home = self.river_layers[seat]
        if seat == self.human:
            self.hud.keep_caption_off(_rest_rect(places, ra.height + ra.depth))
        return Parallel(*(self._move(s, p, ra.lying(s.tile), Z_RIVER, duration, home=home)
                          for s, p in zip(pic.river, places, strict=True)))

    def point_at_last_discard(self, seat: int) -> None:
        """A gold ring around a seat's newest discard (the tile a claim would take)."""
        river = self.seats[seat].river
        self.pointer.visible = bool(river)
        if river:
            last = river[-1]
            self.pointer.x, self.pointer.y, self.pointer.rotation = last.x, last.y, last.rotation

    def _wall_place(self, pos: Position) -> Place:
        s = self.layout.stacks
        ring, level = pos
        owner, index = divmod(ring, s)
        opened = self.layout.wall_art.width * 0.5 if ring in self.dead else 0.0
        return self.layout.wall_place(self.side(owner), index, level, opened)

    def _wall_image(self, pos: Position, face: int | None = None) -> pygame.Surface:
        return self.layout.wall_art.lying(face)

    def _take(self, seat: int, tiles: Sequence[int]) -> list[TileSprite]:
        """Sprites leaving a seat's concealed tiles: by id when known, else any (given the ids)."""
        pic = self.seats[seat]
        if pic.drawn is not None:
            pic.hand.append(pic.drawn)
            pic.drawn = None
        out: list[TileSprite] = []
        for tile in tiles:
            found = next((s for s in pic.hand if s.tile == tile), None)
            if found is None:
                hidden = [s for s in pic.hand if s.tile < 0] or pic.hand
                found = hidden[(tile * 7 + len(hidden)) % len(hidden)]
            pic.hand.remove(found)
            found.tile = tile
            out.append(found)
        return out

    # --- ceremony ------------------------------------------------------------------------------

    def _dice(self, roll: DiceRoll, start: tuple[float, float], end: tuple[float, float]) -> tuple[Action, list[Sprite]]:
        """Two dice tumbling from ``start`` and landing on the engine's values at ``end``."""
        size = max(16, round(50 * self.layout.unit))
        sprites: list[Sprite] = []
        actions: list[Action] = []
        for k, value in enumerate((roll.d1, roll.d2)):
            dx = (k - 0.5) * size * 1.35
            sprite = self.fx.add_child(Sprite(pieces.die(1, size), start[0] + dx, start[1], z=5))
            swaps: list[Action] = []
            for _ in range(9):
                face = pieces.die(self._rng.randint(1, 6), size, self._rng.choice(pieces.DIE_TILTS))
                swaps += [Call(setattr, sprite, "image", face), Delay(0.055)]
            swaps.append(Call(setattr, sprite, "image", pieces.die(value, size, (-8, 6)[k])))
            actions.append(Parallel(Tween(sprite, {"x": end[0] + dx, "y": end[1]}, duration=0.5, ease="out_cubic"),
                                    Seq(*swaps)))
            sprites.append(sprite)
        return Parallel(*actions), sprites

    def _on_FirstDealerRolled(self, e: FirstDealerRolled) -> Action:
        lay = self.layout
        self.hud.show_centre(False)
        steps: list[Action] = []
        for round_, rolls in enumerate(e.rounds):
            tumbles: list[Action] = []
            shown: list[Node] = []
            for seat, roll in rolls:
                side = self.side(seat)
                start = lay.to_screen(side, 0, lay.wall_row + 40 * lay.unit)
                end = lay.to_screen(side, 0, lay.wall_half * 0.55)
                action, sprites = self._dice(roll, start, end)
                label = Text(t("table.caption.roll", name=self.names[seat], d1=roll.d1, d2=roll.d2, total=roll.total),
                             pieces.font(round(15 * lay.unit), True),
                             pieces.INK, end[0], end[1] + 34 * lay.unit, visible=False)
                self.fx.add_child(label)
                tumbles.append(Seq(action, Call(setattr, label, "visible", True)))
                shown += [*sprites, label]
            who = t("table.caption.who_deals_tie") if round_ + 1 < len(e.rounds) else t("table.caption.who_deals")
            steps += [Call(self.hud.caption, who), Call(self.sound, Cue.DICE), Parallel(*tumbles), Delay(0.8),
                      Call(_remove_all, shown)]
        first = (t("table.caption.deals_first_you") if e.dealer == self.human
                 else t("table.caption.deals_first", name=self.names[e.dealer]))
        steps += [Call(self.hud.caption, first), Delay(0.9)]
        return Seq(*steps)

    def _on_HandStarted(self, e: HandStarted) -> Action:
        self._reset_hand()
        if self.hand_started is not None:
            self.hand_started()
        self.dealer = e.dealer
        self.scores = list(e.scores)
        self.sticks = e.riichi_sticks
        hud = self.hud
        hud.hide_result()
        hud.set_round(e.round_wind, e.hand_number, e.honba, e.riichi_sticks, e.dealer)
        hud.set_scores(e.scores)
        hud.set_tiles_left(0)
        hud.set_turn(None)
        hud.set_dora([])
        for s in range(4):
            hud.set_riichi(s, False)
        hand = t("results.hand", wind=wind_name(e.round_wind % 4), number=e.hand_number + 1)
        hud.caption(t("table.caption.hand_you", hand=hand) if e.dealer == self.human
                    else t("table.caption.hand", hand=hand, dealer=self.names[e.dealer]))
        return Delay(0.5)

    def _on_WallBuilt(self, e: WallBuilt) -> Action:
        lay = self.layout
        s = e.stacks_per_side
        slides: list[Action] = []
        for ring in range(4 * s):
            owner, index = divmod(ring, s)
            side = self.side(owner)
            for level in (1, 0):
                place = self._wall_place((ring, level))
                ox, oy = lay.to_screen(side, 0, 60 * lay.unit)
                cx, cy = lay.to_screen(side, 0, 0)
                sprite = self._new_in_wall(self._wall_image((ring, level)), place, ring, level)
                sprite.x += ox - cx
                sprite.y += oy - cy
                sprite.opacity = 0.0
                self.wall[(ring, level)] = sprite
                slides.append(Seq(Delay(index * 0.025 + owner * 0.05),
                                  Tween(sprite, {"x": place.x, "y": place.y, "opacity": 1.0}, duration=0.35,
                                        ease="out_cubic")))
        self.tiles_left = 8 * s
        self.hud.caption(t("table.caption.walls", count=s))
        return self._live(self.walls, Seq(Parallel(*slides), Delay(0.2)))

    def _on_DiceRolled(self, e: DiceRolled) -> Action:
        lay = self.layout
        side = self.side(e.seat)
        start = lay.to_screen(side, 0, lay.wall_row)
        end = lay.to_screen(side, 0, lay.wall_half * 0.45)
        tumble, dice = self._dice(e.dice, start, end)
        total = e.dice.total
        own, mine = e.wall_owner == e.seat, e.seat == self.human
        which = ("own_you" if own and mine else "own" if own else "yours" if e.wall_owner == self.human
                 else "other_you" if mine else "other")
        caption = t(f"table.caption.break_{which}", name=self.names[e.seat], owner=self.names[e.wall_owner],
                    d1=e.dice.d1, d2=e.dice.d2, total=total, count=total)
        count: list[Action] = []
        s = lay.stacks
        owner_side = self.side(e.wall_owner)
        glow = pieces.glow(lay.wall_art.width, lay.stack_height)
        for k in range(1, total + 1):
            index = s - k
            place = lay.wall_place(owner_side, index, 0)
            light = Sprite(glow, place.x, place.y, rotation=place.rotation, z=3, opacity=0.9)
            bx, by = lay.count_badge(owner_side, index)
            badge = Text(str(k), pieces.font(round(13 * lay.unit), True), pieces.GOLD, bx, by, z=4)
            self.badges += [light, badge]
            count += [Call(self.fx.add_child, light), Call(self.fx.add_child, badge), Delay(0.11)]
        # the wall being counted, outlined (a plain panel turned with its wall, once)
        first = lay.wall_place(owner_side, 0, 0)
        last = lay.wall_place(owner_side, s - 1, 0)
        frame = Panel(round(s * lay.wall_art.width + 10 * lay.unit), round(lay.stack_height + 10 * lay.unit),
                      (240, 190, 80, 28), (first.x + last.x) / 2, (first.y + last.y) / 2, rotation=first.rotation,
                      radius=round(6 * lay.unit), border_color=pieces.GOLD, border_width=2, z=2)
        self.badges.append(frame)
        # the caption names the roll once the dice lie still on it (said while they tumbled, it
        # read "3 + 3" over faces still showing 5 and 4); the rattle sounds as they are thrown
        return Seq(Call(self.hud.show_centre, False), Call(self.sound, Cue.DICE), tumble, Call(self.hud.caption, caption),
                   Delay(0.3),
                   Call(self.fx.add_child, frame), *count, Delay(0.5), Call(_remove_all, dice))

    def _on_DeadWallSet(self, e: DeadWallSet) -> Action:
        rings = {ring for ring, _ in e.positions}
        self.dead |= rings
        moves = [self._move(self.wall[pos], self._wall_place(pos), self.wall[pos].image, self.wall[pos].z, 0.3,
                            home=self._wall_layer(pos[0]))
                 for pos in e.positions if pos in self.wall]
        self.tiles_left -= len(e.positions)
        self.hud.caption(t("table.caption.hill" if len(rings) > 7 else "table.caption.dead_wall", count=len(rings)))
        self.hud.set_tiles_left(self.tiles_left)
        return Seq(Parallel(*moves), Delay(0.6), Call(_remove_all, self.badges), Call(self.hud.show_centre, True))

    def _on_DoraRevealed(self, e: DoraRevealed) -> Action:
        self.indicators.append(e.indicator)
        sprite = self.wall.get(e.position)
        self.hud.show_dora_panel(True)
        steps: list[Action] = [Call(self.hud.caption, t("table.caption.dora"))] if len(self.indicators) == 1 else []
        if sprite is not None:
            face = self.layout.wall_art.lying(e.indicator)
            steps += [Tween(sprite, "stretch_x", 0.0, 0.1, "in_quad"), Call(setattr, sprite, "image", face),
                      Tween(sprite, "stretch_x", 1.0, 0.1, "out_quad")]
        steps += [Call(self.hud.set_dora, list(self.indicators)), Delay(0.25)]
        return self._live([self._wall_layer(e.position[0])], Seq(*steps))

    def _on_TilesDealt(self, e: TilesDealt) -> Action:
        pic = self.seats[e.seat]
        if not pic.hand and e.seat == self.dealer:
            self.hud.caption(t("table.caption.deal"))
        for tile, pos in zip(e.tiles, e.positions, strict=True):
            sprite = self._from_wall(pos)
            sprite.tile = tile
            pic.hand.append(sprite)
        self.tiles_left -= len(e.tiles)
        if len(pic.hand) == 3 * self.sets + 2:
            pic.drawn = pic.hand.pop()
        self.hud.set_tiles_left(self.tiles_left)
        dealt = Seq(self.layout_seat(e.seat, 0.2), Call(self.sound, Cue.TILE))
        if all(len(p.hand) >= 3 * self.sets + 1 for p in self.seats) and self.seats[self.dealer].drawn is not None:
            # the deal's narration ends with the deal: the dealer plays its first turn without a
            # draw, so no draw would wipe it (it stayed up through the dealer's first turn)
            return Seq(dealt, Call(self._end_caption, "table.caption.deal"))
        return dealt

    def _end_caption(self, key: str) -> None:
        """The caption goes if it still says ``key`` (a later word stays)."""
        if getattr(self.hud.caption_text.text, "key", None) == key:
            self.hud.caption("")

    def _on_FlowerSetAside(self, e: FlowerSetAside) -> Action:
        pic = self.seats[e.seat]
        if pic.drawn is not None and pic.drawn.tile in (e.tile, -1):
            sprite = pic.drawn
            pic.drawn = None
        else:
            sprite = self._take(e.seat, [e.tile])[0]
        sprite.tile = e.tile
        pic.flowers.append(sprite)
        self.hud.caption(t("table.caption.flower_you") if e.seat == self.human
                         else t("table.caption.flower", name=self.names[e.seat]))
        return Seq(self.layout_seat(e.seat, 0.25), Delay(0.1))

    def _on_TileDrawn(self, e: TileDrawn) -> Action:
        if self.hud.caption_panel.visible:
            self.hud.caption("")
        self.pointer.visible = False
        pic = self.seats[e.seat]
        if pic.drawn is not None:
            pic.hand.append(pic.drawn)
        sprite = self._from_wall(e.position)
        sprite.tile = e.tile
        pic.drawn = sprite
        if not e.replacement:
            self.tiles_left -= 1
        self.hud.set_tiles_left(self.tiles_left)
        self.hud.set_turn(e.seat)
        return Seq(self.layout_seat(e.seat, 0.16), Call(self.sound, Cue.TILE))

    def _on_DrawReturned(self, e: DrawReturned) -> Action:
        """A win claimed on the last discard after this seat drew (EMA RCR 2016 3.3.1): the drawn
        tile goes back to its wall place, face down."""
        pic = self.seats[e.seat]
        sprite, pic.drawn = pic.drawn, None
        if sprite is not None:
            sprite.remove()
        self.wall[e.position] = self._new_in_wall(self._wall_image(e.position), self._wall_place(e.position), *e.position)
        self.tiles_left += 1
        self.hud.set_tiles_left(self.tiles_left)
        return self.layout_seat(e.seat, 0.16)

    def _on_TailToDeadWall(self, e: TailToDeadWall) -> Action:
        self.tiles_left -= 1
        self.hud.set_tiles_left(self.tiles_left)
        self.dead.add(e.position[0])
        sprite = self.wall.get(e.position)
        if sprite is None:
            return Delay(0.0)
        return self._move(sprite, self._wall_place(e.position), sprite.image, sprite.z, 0.2,
                          home=self._wall_layer(e.position[0]))

    def _on_Discarded(self, e: Discarded) -> Action:
        if self.hud.caption_panel.visible:  # the deal's narration ends with the first discard too
            self.hud.caption("")
        pic = self.seats[e.seat]
        if pic.drawn is not None and (pic.drawn.tile == e.tile or (e.tsumogiri and pic.drawn.tile < 0)):
            sprite = pic.drawn
            pic.drawn = None
        else:
            sprite = self._take(e.seat, [e.tile])[0]
        if pic.drawn is not None:
            pic.hand.append(pic.drawn)
            pic.drawn = None
        sprite.tile = e.tile
        sprite.sideways = e.riichi or pic.next_sideways
        sprite.hittable = False
        sprite.tag = ("river", e.tile)
        sprite.lift = 0.0
        sprite.opacity = 1.0
        pic.next_sideways = False
        pic.river.append(sprite)
        self.hud.set_turn(e.seat)
        moves: list[Action] = [Seq(self.layout_river(e.seat, 0.22), Call(self.sound, Cue.DISCARD),
                                   Call(self.point_at_last_discard, e.seat)),
                                self.layout_seat(e.seat, 0.22)]
        if e.riichi:
            moves.append(self.hud.callout(e.seat, self.terms.riichi))
        if self.discard_beat > 0 and e.seat != self.human:
            return Seq(Parallel(*moves), Delay(self.discard_beat))
        return Parallel(*moves)

    def _on_RiichiAccepted(self, e: RiichiAccepted) -> Action:
        lay = self.layout
        side = self.side(e.seat)
        x, y = lay.to_screen(side, 0, lay.wall_half - 2 * lay.unit)
        stick = self.fx.add_child(Sprite(pieces.stick(round(48 * lay.unit)), x, y, rotation=SIDE_ROTATION[side],
                                         opacity=0.0, z=2))
        self.scores[e.seat] -= 1000
        self.sticks += 1
        self.hud.set_riichi(e.seat, True)
        self.hud.set_scores(self.scores)
        self.hud.set_sticks(self.sticks)
        self.sound(Cue.RIICHI)
        return Tween(stick, "opacity", 1.0, 0.3)

    def _on_Claimed(self, e: Claimed) -> Action:
        meld = e.meld
        assert meld.from_seat is not None and meld.called is not None
        giver = self.seats[meld.from_seat]
        called = giver.river.pop() if giver.river else self._new(None, Place(self.layout.cx, self.layout.cy, 0))
        if called.sideways:
            giver.next_sideways = True
        called.sideways = False
        called.tile = meld.called
        self.pointer.visible = False
        own = [t for t in meld.tiles if t != meld.called]
        sprites = self._take(e.seat, own)
        pic = self.seats[e.seat]
        pic.melds.append(meld)
        pic.meld_sprites.append({**{s.tile: s for s in sprites}, meld.called: called})
        self.hud.set_turn(e.seat)
        verb = {MeldKind.CHI: self.terms.chi, MeldKind.PON: self.terms.pon}.get(meld.kind, self.terms.kan)
        self.sound({MeldKind.CHI: Cue.CHI, MeldKind.PON: Cue.PON}.get(meld.kind, Cue.KAN))
        return Parallel(self.hud.callout(e.seat, verb), Seq(Delay(0.2), self.layout_seat(e.seat, 0.35)))

    def _on_KanDeclared(self, e: KanDeclared) -> Action:
        meld = e.meld
        pic = self.seats[e.seat]
        if meld.kind is MeldKind.KAKAN and meld.added is not None:
            added = self._take(e.seat, [meld.added])[0]
            for i, old in enumerate(pic.melds):
                if old.kind is MeldKind.PON and old.first_kind == meld.first_kind:
                    pic.melds[i] = meld
                    pic.meld_sprites[i][meld.added] = added
                    break
        else:
            sprites = self._take(e.seat, list(meld.tiles))
            pic.melds.append(meld)
            pic.meld_sprites.append({s.tile: s for s in sprites})
        self.sound(Cue.KAN)
        return Parallel(self.hud.callout(e.seat, self.terms.kan), Seq(Delay(0.2), self.layout_seat(e.seat, 0.35)))

    # --- endings -------------------------------------------------------------------------------

    def _reveal(self, seat: int, tiles: Sequence[int]) -> None:
        pic = self.seats[seat]
        if pic.drawn is not None:
            pic.hand.append(pic.drawn)
            pic.drawn = None
        for sprite, tile in zip(pic.hand, sorted(tiles), strict=False):
            sprite.tile = tile
            sprite.lift = 0.0
        pic.revealed = True

    def _seats(self) -> results.Seats:
        return results.Seats(self.names, self.human, self.terms)

    def _result(self, make: results.SheetMaker, deltas: Sequence[int], lead: float = 0.1) -> Action:
        """The result panel: built out of sight during the ``lead`` seconds (a frame's worth of
        work at a time), shown, counting up, then held until the player dismisses it. ``make``
        writes the sheet for the table's names and words (again after a resize or a new
        language: :meth:`kept_result`)."""
        sheet = make(self._seats())
        self.result_maker = make
        self.scores = [a + b for a, b in zip(self.scores, deltas, strict=True)]
        self.hold = self._hold()
        staged: list[results.ResultPanel] = []
        frame = 1.0 / 60.0
        fonts = [Seq(Call(step), Delay(frame)) for step in results.font_steps(self.layout.size)]
        return Seq(*fonts, Call(lambda: staged.append(self._panel(sheet))),
                   Lazy(lambda: self._stage(staged[0], lead), "stage result"),
                   Call(lambda: self.show_result(staged[0])), Call(self.hud.set_scores, list(self.scores)),
                   Lazy(self._count_up, "count up"), self.hold, Call(self.hide_result))

    def _panel(self, sheet: results.Sheet) -> results.ResultPanel:
        lay = self.layout
        return results.ResultPanel(None, lay.size, sheet, style=lay.hand_art.style, red_fives=lay.hand_art.red_fives,
                                   arts=(lay.hand_art, lay.river_art), reviewable=self.reviewable)

    @staticmethod
    def _stage(panel: results.ResultPanel, lead: float) -> Action:
        frame = 1.0 / 60.0
        steps = panel.staging_steps()
        return Seq(*(Seq(Delay(frame), Call(step)) for step in steps), Delay(max(0.0, lead - frame * (len(steps) + 5))))

    def show_result(self, sheet_or_panel: results.Sheet | results.ResultPanel) -> results.ResultPanel:
        panel = sheet_or_panel if isinstance(sheet_or_panel, results.ResultPanel) else self._panel(sheet_or_panel)
        panel.show_in(self.hud.overlay)
        self.result = panel
        self.hud.overlay.visible = True
        self.hud.overlay.opacity = 1.0
        return panel

    def _count_up(self) -> Action:
        self.counting = self.result.count_up() if self.result is not None else Delay(0.0)
        return self.counting

    def hide_result(self) -> None:
        self.hud.hide_result()
        self.result = None
        self.counting = None
        self.result_maker = None

    def kept_result(self) -> results.SheetMaker | None:
        """The result on screen, to show again on a table rebuilt at a new size or in a new
        language (:meth:`reshow`); None when none is up."""
        return self.result_maker if self.result is not None else None

    def reshow(self, make: results.SheetMaker) -> None:
        """Show a kept result again, counted to its end, held until the player goes on."""
        panel = self.show_result(make(self._seats()))
        for counter in panel.counters:
            counter.t = 1.0
        self.result_maker = make
        self.hold = self._hold()
        self.timeline.enqueue(Lazy(lambda: Seq(self.hold or Delay(0.0), Call(self.hide_result)), "kept result"))

    def relayout_result(self) -> None:
        """The result on screen made again from its sheet, in the words of now (a language switch:
        their widths decide the panel's columns, so writing the labels again is not enough). The
        count-up is shown at its end and an open fu breakdown stays open."""
        old, make = self.result, self.result_maker
        if old is None or make is None:
            return
        self.hud.overlay.clear()
        panel = self.show_result(make(self._seats()))
        for counter in panel.counters:
            counter.t = 1.0
        if old.fu_open:
            panel.toggle_fu()

    def toggle_fu(self) -> bool:
        """The fu breakdown of the result on screen, opened or closed (F, or its button); a player
        reading it keeps the result up until they go on."""
        if self.result is None or not self.result.toggle_fu():
            return False
        if self.hold is not None and not self.hold.done:
            self.hold.seconds = HOLD_UNTIL_DISMISSED
        return True

    def _on_Win(self, e: Win) -> Action:
        self.pointer.visible = False
        pic = self.seats[e.winner]
        won = self._winning_sprite(e)
        if pic.drawn is not None and pic.drawn is not won:
            pic.hand.append(pic.drawn)
        pic.drawn = None
        concealed = list(e.hand)
        if won is not None and e.tile in concealed:
            concealed.remove(e.tile)
        self._reveal(e.winner, concealed)
        if won is not None:
            won.tile = e.tile
            won.sideways = False
            pic.drawn = won
        steps: list[Action] = []
        how = self.terms.tsumo if e.discarder is None else self.terms.ron
        self.sound(Cue.TSUMO if e.discarder is None else Cue.RON)
        steps.append(Parallel(self.hud.callout(e.winner, how), self.layout_seat(e.winner, 0.3)))
        flowers = [f.tile for f in pic.flowers]
        before, order = list(self.scores), self._win_orders.pop(id(e), "")
        scale = self.tai_scale
        steps.append(self._result(lambda seats: results.win_sheet(e, seats, before, order, flowers, scale), e.deltas,
                                  lead=0.6))
        return Seq(*steps)

    def _winning_sprite(self, e: Win) -> TileSprite | None:
        """The tile that wins: the drawn one (tsumo), the last discard (ron), or a robbed kan tile
        (none for a flower win: the flowers lie on their plate)."""
        if e.tile >= FLOWER_ID_BASE:
            return None
        if e.discarder is None:
            return self.seats[e.winner].drawn
        if self._last_ron is not None and self._last_ron[0] == (e.discarder, e.tile):
            first = self._last_ron[1]  # a double ron: the second winner shows the tile too
            return self._new(first.image, Place(first.x, first.y, first.rotation), e.tile, Z_HAND)
        giver = self.seats[e.discarder]
        for i, meld in enumerate(giver.melds):
            if meld.kind is MeldKind.KAKAN and meld.added == e.tile:
                giver.melds[i] = Meld(MeldKind.PON, tuple(t for t in meld.tiles if t != e.tile), meld.called, meld.from_seat)
                return giver.meld_sprites[i].pop(e.tile)
        sprite = giver.river.pop() if giver.river else None
        if sprite is not None:
            self._last_ron = ((e.discarder, e.tile), sprite)
        return sprite

    def _on_ExhaustiveDraw(self, e: ExhaustiveDraw) -> Action:
        reveals: list[Action] = []
        for seat, hand in enumerate(e.hands):
            if hand is not None:
                self._reveal(seat, hand)
                reveals.append(self.layout_seat(seat, 0.3))
        melds = [list(self.seats[s].melds) for s in range(4)]
        before = list(self.scores)
        return Seq(Parallel(*reveals),
                   self._result(lambda seats: results.exhaustive_sheet(e, seats, before, melds), e.deltas, lead=0.5))

    def _on_AbortiveDraw(self, e: AbortiveDraw) -> Action:
        before = list(self.scores)
        shown = self._result(lambda seats: results.abortive_sheet(e, seats, before), (0, 0, 0, 0), lead=0.4)
        if e.seat is not None and e.hand:
            self._reveal(e.seat, list(e.hand))
            return Seq(self.layout_seat(e.seat, 0.3), shown)
        return shown

    def _on_Penalty(self, e: Penalty) -> Action:
        """A false declaration at a strict table: a chombo stops the hand, a dead hand is called out."""
        if e.kind is PenaltyKind.DEAD_HAND:
            return self.hud.callout(e.seat, t("table.penalty.dead_hand"))
        self.pointer.visible = False  # the hand is annulled: no discard is pointed at any more
        before = list(self.scores)
        return Seq(self.hud.callout(e.seat, t("table.penalty.chombo")),
                   self._result(lambda seats: results.penalty_sheet(e, seats, before), e.deltas))

    def _on_HandEnded(self, e: HandEnded) -> Action:
        self.scores = list(e.scores)
        self.hud.set_scores(e.scores)
        self.hud.set_turn(None)
        return Delay(0.2)

    def _on_MatchEnded(self, e: MatchEnded) -> Action:
        self.hold = self._hold(2.0)
        return Seq(Call(self._show_standings, e), self.hold)

    def _show_standings(self, e: MatchEnded) -> None:
        self.show_result(results.standings_sheet(e, self._seats()))
        self.result_maker = lambda seats: results.standings_sheet(e, seats)

    # --- the truth -----------------------------------------------------------------------------

    def sync_to(self, match: Match) -> None:
        """Throw the picture away and rebuild every node from the engine state, at once."""
        self.timeline.clear()
        self.hold = None
        self.result = None
        self.counting = None
        self._reset_hand()
        lay = self.layout
        hud = self.hud
        hud.hide_result()
        hud.caption("")
        hud.callouts.clear()  # a callout cut short with the timeline (Space) would stay up for good
        hud.show_centre(True)
        self.dealer = match.dealer
        self.scores = list(match.scores)
        self.sticks = match.sticks
        self.tai_scale = tai_scale_of(match.profile)
        wall = match.wall
        hud.set_round(match.round_wind, match.hand_number, match.honba, match.sticks, match.dealer)
        hud.set_scores(match.scores)
        self.dead = {ring for ring, _ in wall.dead_pos}
        flipped = {match.indicator_position(k): t for k, t in enumerate(match.indicators)}
        present = wall.live_pos[wall.head : wall.tail] + wall.dead_pos[wall.rinshan_taken :]
        for pos in present:
            face = flipped.get(pos)
            sprite = self._new_in_wall(lay.wall_art.lying(face), self._wall_place(pos), *pos)
            self.wall[pos] = sprite
        self.tiles_left = wall.live_remaining
        self.indicators = list(match.indicators)
        hud.set_tiles_left(self.tiles_left)
        hud.set_dora(self.indicators)
        hud.show_dora_panel(match.profile.wall.max_dora_indicators > 0)
        hud.set_sticks(match.sticks)
        hud.set_turn(match.turn if not match.is_over else None)
        for seat, player in enumerate(match.players):
            pic = self.seats[seat]
            hud.set_riichi(seat, player.riichi)
            known = seat == self.human or self.face_up
            holding = len(player.hand) % 3 == 2
            drawn = match.drawn if holding and match.turn == seat and match.drawn in player.hand else None
            tiles = sorted(player.hand)
            if drawn is not None:
                tiles.remove(drawn)
            elif holding:
                drawn = tiles.pop()
            for tile in tiles:
                pic.hand.append(self._new(None, Place(0, 0, 0), tile if known else -1, Z_HAND))
            if drawn is not None:
                pic.drawn = self._new(None, Place(0, 0, 0), drawn if known else -1, Z_HAND)
            sideways_next = False
            for d in player.discards:
                if d.called:
                    sideways_next = sideways_next or d.riichi
                    continue
                sprite = self._new(None, Place(0, 0, 0), d.tile, Z_RIVER)
                sprite.sideways = d.riichi or sideways_next
                sprite.tag = ("river", d.tile)
                sideways_next = False
                pic.river.append(sprite)
            pic.next_sideways = sideways_next
            for meld in player.melds:
                pic.melds.append(meld)
                pic.meld_sprites.append({t: self._new(None, Place(0, 0, 0), t, Z_RIVER) for t in meld.tiles})
            pic.flowers = [self._new(None, Place(0, 0, 0), t, Z_RIVER) for t in player.flowers]
            self.layout_seat(seat, 0.0)
            self.layout_river(seat, 0.0)
            if player.riichi:
                x, y = lay.to_screen(self.side(seat), 0, lay.wall_half - 2 * lay.unit)
                self.fx.add_child(Sprite(pieces.stick(round(48 * lay.unit)), x, y,
                                         rotation=SIDE_ROTATION[self.side(seat)], z=2))
        if match.is_over and match.final is not None:
            self._show_standings(match.final)

    # --- reading the picture (tests, hit testing) ------------------------------------------------

    def picture_counts(self) -> dict[str, Any]:
        """How many sprites the picture holds where: to compare with the engine state."""
        return {
            "wall": len(self.wall),
            "hands": [len(p.concealed()) for p in self.seats],
            "rivers": [len(p.river) for p in self.seats],
            "melds": [len(p.melds) for p in self.seats],
            "flowers": [len(p.flowers) for p in self.seats],
            "tiles_left": self.tiles_left,
        }

    def human_tiles(self) -> list[int]:
        return [s.tile for s in self.seats[self.human].concealed()]


def _rest_rect(places: Sequence[Place], reach: float) -> pygame.Rect | None:
    """The screen rectangle tiles at ``places`` cover (each within a square of ``reach``)."""
    if not places:
        return None
    xs, ys = [p.x for p in places], [p.y for p in places]
    half = reach / 2
    return pygame.Rect(round(min(xs) - half), round(min(ys) - half), round(max(xs) - min(xs) + reach),
                       round(max(ys) - min(ys) + reach))


def _remove_all(nodes: Iterable[Node]) -> None:
    for node in list(nodes):
        node.remove()


def is_flower(tile: int) -> bool:
    return tile >= FLOWER_ID_BASE
