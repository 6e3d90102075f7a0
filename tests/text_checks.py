"""Where the words of a screen are drawn, and whether each fits: shared by the fitting tests.

A screen is a tree of scene nodes. Every visible ``Text`` node is measured where it is drawn (its
world rectangle), and checked against the box it belongs to: the nearest enclosing panel or
widget, and the window. Two texts that overlap anywhere on the screen are a failure too (a
paragraph running into the buttons under it, a label over its neighbour).
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from game.scene import Node, Panel, Text
from game.ui.menus.widgets import Widget

TOLERANCE = 1.0  # pixels: rounding of placement


@dataclass(frozen=True)
class Problem:
    text: str
    what: str

    def __str__(self) -> str:
        return f"{self.what}: {self.text!r}"


def _rect(node: Node, size: tuple[float, float]) -> pygame.FRect:
    world = node.world_transform()
    w, h = size[0] * world.scale, size[1] * world.scale
    x = world.x - node.anchor[0] * w
    y = world.y - node.anchor[1] * h
    return pygame.FRect(x, y, w, h)


def text_rect(node: Text) -> pygame.FRect:
    """Where the glyphs of a text are drawn: the ink of its image (the line box is taller than
    the letters: two lines of a paragraph may share line-box pixels, never ink), on the screen."""
    box = _rect(node, node.content_size())
    image = node.surface()
    ink = image.get_bounding_rect()
    if ink.width == 0 or image.get_width() == 0:
        return pygame.FRect(box.x, box.y, 0, 0)
    k = box.width / image.get_width()
    return pygame.FRect(box.x + ink.x * k, box.y + ink.y * k, ink.width * k, ink.height * k)


def _visible(node: Node) -> bool:
    while node is not None:
        if not node.visible:
            return False
        node = node.parent  # type: ignore[assignment]
    return True


def container_of(node: Node) -> tuple[Node, pygame.FRect] | None:
    """The panel or widget a text is drawn in, and its rectangle on the screen."""
    parent = node.parent
    while parent is not None:
        if isinstance(parent, Panel):
            return parent, _rect(parent, (parent.width, parent.height))
        if isinstance(parent, Widget):
            return parent, _rect(parent, (parent.width, parent.height))
        parent = parent.parent
    return None


def texts(root: Node) -> list[Text]:
    return [n for n in root.walk() if isinstance(n, Text) and n.text.strip() and _visible(n)]


def _covered(root: Node) -> set[int]:
    """The texts an opaque panel drawn after them hides (the claim bar over the keys' hint)."""
    order = [n for n in root.walk() if _visible(n)]
    panels = [(i, n, _rect(n, (n.width, n.height))) for i, n in enumerate(order)
              if isinstance(n, Panel) and (len(n.color) < 4 or n.color[3] >= 200)]  # type: ignore[misc]
    hidden: set[int] = set()
    for i, node in enumerate(order):
        if not isinstance(node, Text):
            continue
        rect = text_rect(node)
        ancestors = set()
        parent = node.parent
        while parent is not None:
            ancestors.add(id(parent))
            parent = parent.parent
        if any(j > i and id(panel) not in ancestors and box.contains(rect) for j, panel, box in panels):
            hidden.add(id(node))
    return hidden


def problems(root: Node, window: tuple[int, int], *, overlaps: bool = True) -> list[Problem]:
    """Every text of the tree that leaves its box or the window, or overlaps another text (a
    text hidden under an opaque panel drawn over it is not read, so not checked)."""
    found: list[Problem] = []
    screen = pygame.FRect(0, 0, *window)
    hidden = _covered(root)
    shown = [node for node in texts(root) if id(node) not in hidden]
    rects = [(node, text_rect(node)) for node in shown]
    for node, rect in rects:
        if not screen.inflate(2 * TOLERANCE, 2 * TOLERANCE).contains(rect):
            found.append(Problem(node.text, f"outside the window {window} at {tuple(round(v) for v in rect)}"))
        box = container_of(node)
        if box is not None and not box[1].inflate(2 * TOLERANCE, 2 * TOLERANCE).contains(rect):
            found.append(Problem(node.text, f"leaves its {type(box[0]).__name__} {box[0].name!r} "
                                            f"({tuple(round(v) for v in box[1])}) at {tuple(round(v) for v in rect)}"))
    if overlaps:
        for i, (a, ra) in enumerate(rects):
            inner = ra.inflate(-2 * TOLERANCE, -2 * TOLERANCE)
            for b, rb in rects[i + 1:]:
                if inner.colliderect(rb.inflate(-2 * TOLERANCE, -2 * TOLERANCE)):
                    found.append(Problem(a.text, f"overlaps {b.text!r}"))
    return found
