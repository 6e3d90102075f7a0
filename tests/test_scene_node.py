"""The node tree: composed placement, drawing order, opacity, lookup and hit testing."""

from __future__ import annotations

import math

import pytest
from hypothesis import given
from hypothesis import strategies as st

from game.scene import IDENTITY, Node, Transform
from game.scene.node import cos_sin

coords = st.floats(-500, 500, allow_nan=False)
quarter_angles = st.sampled_from([0.0, 90.0, 180.0, 270.0, -90.0, 450.0])
angles = st.floats(-720, 720, allow_nan=False)
scales = st.floats(0.25, 4.0)


class Recorder(Node):
    """A node that notes the order it is painted in and the world it was painted at."""

    __slots__ = ("log", "painted_at")

    def __init__(self, log: list[str], name: str, **kwargs: object) -> None:
        super().__init__(name=name, **kwargs)
        self.log = log
        self.painted_at: Transform | None = None

    def paint(self, surface: object, world: Transform) -> None:
        self.log.append(self.name)
        self.painted_at = world


def test_quarter_turns_are_exact() -> None:
    assert cos_sin(90.0) == (0.0, 1.0)
    assert cos_sin(-90.0) == (0.0, -1.0)
    assert cos_sin(540.0) == (-1.0, 0.0)
    c, s = cos_sin(30.0)
    assert c == pytest.approx(math.sqrt(3) / 2) and s == pytest.approx(0.5)


def test_world_transform_composes_translation_rotation_scale() -> None:
    root = Node(100, 50)
    arm = root.add_child(Node(10, 0, rotation=90, scale=2))
    hand = arm.add_child(Node(5, 0, rotation=90, opacity=0.5))
    # arm turned clockwise: its x axis points down the screen, doubled
    assert arm.world_transform() == Transform(110, 50, 90, 2, 1.0)
    assert hand.world_transform() == Transform(110, 60, 180, 2, 0.5)
    assert hand.to_world(1, 0) == (108, 60)


@given(coords, coords, angles, scales, coords, coords, angles, scales, coords, coords)
def test_composition_equals_applying_parent_then_child(
    px: float, py: float, pr: float, ps: float, cx: float, cy: float, cr: float, cs: float, lx: float, ly: float
) -> None:
    parent = Node(px, py, rotation=pr, scale=ps)
    child = parent.add_child(Node(cx, cy, rotation=cr, scale=cs))
    direct = child.to_world(lx, ly)
    stepwise = parent.to_world(*Transform(cx, cy, cr, cs).apply(lx, ly))
    assert direct == pytest.approx(stepwise, abs=1e-6)


@given(coords, coords, quarter_angles, scales, coords, coords)
def test_to_local_inverts_to_world(x: float, y: float, rotation: float, scale: float, lx: float, ly: float) -> None:
    node = Node(x, y, rotation=rotation, scale=scale)
    back = node.to_local(*node.to_world(lx, ly))
    assert back == pytest.approx((lx, ly), abs=1e-9)


def test_children_draw_by_z_then_insertion_order_and_after_parent() -> None:
    log: list[str] = []
    root = Recorder(log, "root")
    for name, z in [("a", 1), ("b", 0), ("c", 1), ("d", -1), ("e", 0)]:
        root.add_child(Recorder(log, name, z=z))
    root.draw(None)
    assert log == ["root", "d", "b", "e", "a", "c"]

    log.clear()
    root.find("d").z = 5
    root.find("a").remove()
    root.add_child(Recorder(log, "f", z=0))
    root.draw(None)
    assert log == ["root", "b", "e", "f", "c", "d"]


def test_re_adding_moves_a_child_to_the_end_of_its_z_band() -> None:
    root = Node()
    a, b = root.add_child(Node(name="a")), root.add_child(Node(name="b"))
    root.add_child(a)
    assert [n.name for n in root.draw_order()] == ["b", "a"]
    other = Node()
    other.add_child(b)
    assert b.parent is other and root.children == (a,)
    with pytest.raises(ValueError):
        b.add_child(other)


def test_opacity_multiplies_and_hidden_subtrees_are_skipped() -> None:
    log: list[str] = []
    root = Recorder(log, "root", opacity=0.5)
    mid = root.add_child(Recorder(log, "mid", opacity=0.5))
    leaf = mid.add_child(Recorder(log, "leaf", opacity=0.8))
    hidden = root.add_child(Recorder(log, "hidden", visible=False))
    hidden.add_child(Recorder(log, "under-hidden"))
    clear = root.add_child(Recorder(log, "clear", opacity=0.0))
    clear.add_child(Recorder(log, "under-clear"))
    root.draw(None)
    assert log == ["root", "mid", "leaf"]
    assert leaf.painted_at is not None and leaf.painted_at.opacity == pytest.approx(0.2)
    assert leaf.world_transform().opacity == pytest.approx(0.2)


def test_drawing_a_subtree_uses_its_place_in_the_world() -> None:
    log: list[str] = []
    root = Node(10, 20, rotation=90)
    leaf = root.add_child(Recorder(log, "leaf", x=5))
    leaf.draw(None)
    assert leaf.painted_at == Transform(10, 25, 90, 1, 1)


def test_find_by_name_and_tag() -> None:
    root = Node(name="table")
    seat = root.add_child(Node(name="seat"))
    t1 = seat.add_child(Node(name="t1", tag=7))
    t2 = root.add_child(Node(name="t2", tag=7))
    assert root.find("t1") is t1 and root.find("nope") is None
    assert root.find_all(7) == [t1, t2]
    assert list(root.walk()) == [root, seat, t1, t2]
    root.clear()
    assert root.children == () and seat.parent is None


def box(x: float, y: float, w: float, h: float, **kwargs: object) -> Node:
    return Node(x, y, size=(w, h), hittable=True, **kwargs)


def test_hit_testing_picks_the_top_most_hittable_node() -> None:
    root = Node()
    back = root.add_child(box(50, 50, 100, 100, name="back", z=0))
    front = root.add_child(box(60, 60, 20, 20, name="front", z=1))
    group = root.add_child(Node(200, 0))  # not hittable itself
    inner = group.add_child(box(10, 10, 10, 10, name="inner"))
    assert root.node_at((60, 60)) is front
    assert root.node_at((30, 30)) is back
    assert root.node_at((210, 10)) is inner
    assert root.node_at((200, 0)) is None
    assert root.node_at((101, 50)) is None  # right edge is exclusive: 0..99.99
    front.z = -1
    assert root.node_at((60, 60)) is back
    back.visible = False
    assert root.node_at((60, 60)) is front
    back.visible = True
    back.hittable = False
    front.z = -1
    assert root.node_at((60, 60)) is front


def test_hit_testing_follows_nested_rotation_and_scale() -> None:
    root = Node(400, 300)
    seat = root.add_child(Node(0, 100, rotation=90, scale=2))  # x axis points down, doubled
    # a 30x40 tile anchored at its top-left corner, 10 units along the seat's x axis
    tile = seat.add_child(box(10, 0, 30, 40, anchor=(0.0, 0.0), name="tile"))
    # in the world the tile's top-left is at (400, 420); turned, it spans 80 wide (x: 320..400)
    # and 60 tall (y: 420..480)
    assert root.node_at((399, 421)) is tile
    assert root.node_at((321, 479)) is tile
    assert root.node_at((401, 421)) is None
    assert root.node_at((399, 419)) is None
    assert root.node_at((319, 450)) is None
    assert root.node_at((350, 481)) is None
    seat.scale = 0.0
    assert root.node_at((399, 421)) is None


def test_identity_is_the_default_world() -> None:
    assert Node().world_transform() == IDENTITY
    assert repr(Node(1, 2, name="n")) == "<Node 'n' at (1, 2) z=0>"
