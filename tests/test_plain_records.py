"""``tt_organizer.plain.record`` behaves as ``dataclasses.dataclass`` where the deck check's
records use it: each class below is declared twice, once with each, and compared."""

from __future__ import annotations

import dataclasses
import pickle

import pytest

from tt_organizer.cards.model import Card
from tt_organizer.formats.model import FormatDefinition
from tt_organizer.plain import FrozenInstanceError, field, record, replace


def both(declare):  # type: ignore[no-untyped-def]
    """(the class made by record, the same class made by dataclass)."""
    return declare(record, field), declare(dataclasses.dataclass, dataclasses.field)


def _frozen(make, fld):  # type: ignore[no-untyped-def]
    @make(frozen=True, slots=True)
    class Frozen:
        number: str
        colors: tuple[str, ...]
        level: int | None = None
        tags: list[str] = fld(default_factory=list)

    return Frozen


def _keyword(make, fld):  # type: ignore[no-untyped-def]
    @make(kw_only=True)
    class Keyword:
        needed: str
        seen: list[str] = fld(default_factory=list)
        note: str = "x"

        def __post_init__(self) -> None:
            if not self.needed:
                raise ValueError("needed is empty")
            self.seen.append(self.needed)

    return Keyword


def _mutable(make, fld):  # type: ignore[no-untyped-def]
    @make
    class Mutable:
        a: int
        b: dict[str, int] = fld(default_factory=dict)

    return Mutable


def test_frozen_slotted_record_matches_a_dataclass() -> None:
    ours, theirs = both(_frozen)
    for args, kwargs in [(("BT1-010", ("Red",)), {}), (("BT1-010", ()), {"level": 3}),
                         (("X",), {"colors": ("Red", "Blue"), "tags": ["a"]})]:
        a, b = ours(*args, **kwargs), theirs(*args, **kwargs)
        assert repr(a) == repr(b)
        assert dataclasses.asdict(a) == dataclasses.asdict(b)
    assert ours("n", ("Red",)) == ours("n", ("Red",)) != ours("n", ("Blue",))
    assert ours("n", ("Red",)) != theirs("n", ("Red",))  # another class, as dataclasses has it
    assert hash(ours("n", ("Red",), 3, ())) == hash(ours("n", ("Red",), 3, ()))
    assert ours.__slots__ == theirs.__slots__ and not hasattr(ours("n", ()), "__dict__")
    card = ours("n", ("Red",))
    with pytest.raises(FrozenInstanceError):
        card.level = 4  # type: ignore[misc]
    with pytest.raises(dataclasses.FrozenInstanceError):
        theirs("n", ("Red",)).level = 4  # type: ignore[misc]
    with pytest.raises(TypeError):
        ours()  # type: ignore[call-arg]
    assert ours.__match_args__ == theirs.__match_args__


def test_keyword_record_with_post_init_matches_a_dataclass() -> None:
    ours, theirs = both(_keyword)
    a, b = ours(needed="q"), theirs(needed="q")
    assert repr(a) == repr(b) and a.seen == b.seen == ["q"]
    assert ours(needed="q").seen is not a.seen  # a fresh list for each
    with pytest.raises(TypeError):
        ours("q")  # type: ignore[misc]
    with pytest.raises(ValueError, match="needed is empty"):
        ours(needed="")
    assert ours.note == theirs.note == "x"  # plain defaults stay class attributes
    assert ours.__hash__ is None and theirs.__hash__ is None  # mutable: unhashable


def test_records_are_dataclasses_to_the_dataclasses_module_and_pydantic() -> None:
    from pydantic import TypeAdapter

    ours, theirs = both(_mutable)
    assert dataclasses.is_dataclass(ours)
    def described(cls: type) -> list[tuple[object, ...]]:
        return [(f.name, f.default, f.default_factory, f.kw_only)
                for f in dataclasses.fields(cls)]  # type: ignore[arg-type]

    assert described(ours) == described(theirs)
    # the types are evaluated (for pydantic, as the module imports typing names only for
    # type checkers); dataclasses leaves them as the annotation's text
    assert [f.type for f in dataclasses.fields(ours)] == [int, dict[str, int]]
    value = ours(1, {"x": 2})
    assert dataclasses.replace(value, a=5) == ours(5, {"x": 2}) == replace(value, a=5)
    with pytest.raises(TypeError):
        replace(value, c=1)
    assert TypeAdapter(ours).validate_python({"a": "3"}) == ours(3)
    keyword, _ = both(_keyword)
    with pytest.raises(ValueError, match="needed is empty"):  # __post_init__ runs there too
        TypeAdapter(keyword).validate_python({"needed": ""})


def test_the_shipped_records_copy_pickle_and_compare() -> None:
    card = Card("BT1-010", "Agumon", "Digimon", ("Red",), 3)
    assert pickle.loads(pickle.dumps(card)) == card
    assert replace(card, level=4).level == 4 and card.level == 3
    fmt = FormatDefinition.from_trusted({"id": "x", "name": "X", "zones": [
        {"id": "main", "label": "Main", "size": {"min": 50, "max": 50}, "size_code": "MAIN",
         "allowed_types": ["Digimon"]}]})
    assert fmt.model_copy(deep=True) == fmt and fmt.zones[0].size.text() == "exactly 50"
    assert FormatDefinition.model_validate(fmt.model_dump(mode="json")) == fmt
    with pytest.raises(ValueError, match="at least one zone"):
        FormatDefinition(id="x", name="X", zones=[])
