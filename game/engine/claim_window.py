"""The claim window: the seats asked about one discard (or added-kan tile) and their answers.

One window opens after each discard, and after an added kan for robbing it. Every seat that may
claim is asked at once; its answer stays hidden from the others until all have answered. What the
answers decide (who wins, who takes the tile) is the rulebook's: :mod:`.rules.calls`.
"""

from __future__ import annotations

from .actions import Action, ActionKind

# enum members as module names (a global is ~10x faster to read than ``ActionKind.RON`` on 3.11)
_A_PASS = ActionKind.PASS
_A_RON = ActionKind.RON


class ClaimWindow:
    """The seats asked about one tile, what each may answer, and the answers given."""

    def __init__(self, discarder: int, tile: int, *, chankan: bool, concealed_kan: bool = False) -> None:
        self.discarder = discarder
        self.tile = tile
        self.chankan = chankan  # the tile is a kan's, which only a win may take
        self.concealed_kan = concealed_kan  # a concealed kan's (robbed only for thirteen orphans)
        self._options: dict[int, list[Action]] = {}
        self._answers: dict[int, Action] = {}
        # kinds offered to a strict-table seat although it cannot make them (false declarations)
        self._false: dict[int, frozenset[ActionKind]] = {}

    def offer(self, seat: int, options: list[Action], false_kinds: frozenset[ActionKind] = frozenset()) -> None:
        self._options[seat] = options
        if false_kinds:
            self._false[seat] = false_kinds

    def is_false(self, action: Action) -> bool:
        """A declaration the seat may make at a strict table but that is not valid."""
        return action.kind in self._false.get(action.seat, ())

    def false_answers(self) -> list[Action]:
        """The false declarations given, nearest the discarder in turn first."""
        out = [a for a in self._answers.values() if self.is_false(a)]
        return sorted(out, key=lambda a: (a.seat - self.discarder) % 4)

    def offered(self) -> dict[int, list[Action]]:
        return self._options

    def waiting(self) -> list[int]:
        return [s for s in self._options if s not in self._answers]

    def has_answered(self, seat: int) -> bool:
        return seat in self._answers

    def options_for(self, seat: int) -> list[Action]:
        if seat in self._answers:
            return []
        return self._options.get(seat, [])

    def answer(self, action: Action) -> None:
        self._answers[action.seat] = action

    def can_ron(self, seat: int) -> bool:
        return _A_RON not in self._false.get(seat, ()) and any(
            a.kind is _A_RON for a in self._options.get(seat, ())
        )

    def rons(self) -> list[int]:
        """Seats that declared a valid ron."""
        return [s for s, a in self._answers.items() if a.kind is _A_RON and not self.is_false(a)]

    def passed_wins(self) -> list[int]:
        """Seats that were offered a valid ron and passed."""
        return [s for s, a in self._answers.items() if a.kind is _A_PASS and self.can_ron(s)]

    def valid_answers(self) -> list[Action]:
        """Every answer that is not a false declaration, in the order given."""
        return [a for a in self._answers.values() if not self.is_false(a)]

    def fingerprint(self) -> tuple[object, ...]:
        parts: tuple[object, ...] = (
            self.discarder,
            self.tile,
            self.chankan,
            tuple(sorted((s, tuple(str(a) for a in o)) for s, o in self._options.items())),
            tuple(sorted((s, str(a)) for s, a in self._answers.items())),
            tuple(sorted((s, tuple(sorted(k.value for k in f))) for s, f in self._false.items())),
        )
        return (*parts, "concealed_kan") if self.concealed_kan else parts  # older hashes hold
