"""Events get a faster ``__init__`` than the frozen dataclass's (game.engine.events._quick_init): it
must take the same arguments, keep the defaults, fill every field and leave the event frozen."""

from __future__ import annotations

import dataclasses
import inspect
import pickle

import pytest

from game.engine import events


def _event_classes() -> list[type[events.Event]]:
    return [c for c in vars(events).values() if isinstance(c, type) and issubclass(c, events.Event) and c is not events.Event]


@pytest.mark.parametrize("cls", _event_classes(), ids=lambda c: c.__name__)
def test_an_event_is_built_as_its_dataclass_says(cls: type[events.Event]) -> None:
    fields = dataclasses.fields(cls)
    params = list(inspect.signature(cls).parameters.values())
    assert [p.name for p in params] == [f.name for f in fields]
    for p, f in zip(params, fields, strict=True):
        assert p.default == (inspect.Parameter.empty if f.default is dataclasses.MISSING else f.default)
    values = {f.name: (i, f.name) for i, f in enumerate(fields)}  # a distinct value per field
    event = cls(**values)
    assert {f.name: getattr(event, f.name) for f in fields} == values
    assert cls(*values.values()) == event and hash(cls(**values)) == hash(event)
    assert pickle.loads(pickle.dumps(event)) == event
    if fields:
        with pytest.raises(dataclasses.FrozenInstanceError):
            setattr(event, fields[0].name, None)
        changed = dataclasses.replace(event, **{fields[0].name: "x"})
        assert getattr(changed, fields[0].name) == "x" and getattr(event, fields[0].name) == (0, fields[0].name)
