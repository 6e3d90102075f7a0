"""Check every action of mjai logs with Mortal's rules engine (``mjai`` 0.2.1's ``PlayerState``).

Run by tests/test_log_mortal.py under the ``mjai`` package's own venv (it pins an old
``mahjong``; ../shared/tools/README.md), never imported by the project:

    /tmp/mjai-venv/bin/python tests/mortal_validate.py LOG.mjson...

For each seat, the log's events update that seat's state and each action the seat takes is
first checked with ``validate_reaction``, the way Mortal's arena checks a bot's reply. The arena
writes a kan's indicator or a riichi's acceptance just before the action that answered the state
without them (``tsumo, dora, dahai``; ``dahai, reach_accepted, pon``), and checks every ron of a
double ron against the same discard: so does this. Prints one JSON object:
``{"checked": N, "errors": [[file, seat, event index, event, message], ...]}``.
"""

from __future__ import annotations

import json
import sys

from mjai.mlibriichi.state import PlayerState  # type: ignore[import-not-found]

ACTIONS = {"dahai", "chi", "pon", "daiminkan", "kakan", "ankan", "reach", "hora", "ryukyoku"}
BEFORE_ACTION = ("dora", "reach_accepted")


def check(path: str) -> tuple[int, list[list[object]]]:
    """How many actions of the log were checked, and the refusals."""
    with open(path, encoding="utf-8") as handle:
        events = [json.loads(line) for line in handle if line.strip()]
    checked = 0
    errors: list[list[object]] = []
    for seat in range(4):
        state = PlayerState(seat)
        i = 0
        while i < len(events):
            ev = events[i]
            if ev["type"] == "start_game":
                state.update(json.dumps({**ev, "id": seat}))
                i += 1
                continue
            group = [ev]
            while group[-1]["type"] in BEFORE_ACTION and i + len(group) < len(events):
                group.append(events[i + len(group)])
            while group[-1]["type"] == "hora" and i + len(group) < len(events) and events[i + len(group)]["type"] == "hora":
                group.append(events[i + len(group)])
            mine = [g for g in group if g["type"] == "hora" and g["actor"] == seat]
            action = mine[0] if mine else group[-1]
            if action["type"] == "ryukyoku":  # nine kinds: the seat that just drew declares it
                ours = i > 0 and events[i - 1]["type"] == "tsumo" and events[i - 1]["actor"] == seat
            else:
                ours = action["type"] in ACTIONS and action.get("actor") == seat
            if ours:
                try:
                    state.validate_reaction(json.dumps(action))
                    checked += 1
                except Exception as exc:  # the engine raises a plain RuntimeError with its reason
                    errors.append([path, seat, i, action, str(exc).splitlines()[0]])
            for g in group:
                try:
                    state.update(json.dumps(g))
                except Exception as exc:
                    errors.append([path, seat, i, g, "update: " + str(exc).splitlines()[0]])
            i += len(group)
    return checked, errors


def main() -> None:
    checked = 0
    errors: list[list[object]] = []
    for path in sys.argv[1:]:
        n, more = check(path)
        checked += n
        errors += more
    print(json.dumps({"checked": checked, "errors": errors}))


if __name__ == "__main__":
    main()
