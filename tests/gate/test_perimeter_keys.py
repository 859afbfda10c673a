"""What the perimeter is keyed by: an entity, or a cause of a kind (`gate/perimeter_keys.py`)."""

from __future__ import annotations

import copy
import pickle

import pytest

from custom_components.home_mcp.gate.perimeter_keys import (
    ANY_TIMER,
    EVERYTHING,
    Key,
    KeyKind,
    is_entity_key,
    is_state_key,
    kind_of,
    name_of,
)


@pytest.mark.parametrize("kind", list(KeyKind))
def test_a_key_reads_back_as_its_kind_and_name_even_as_plain_text(kind: KeyKind) -> None:
    """A key that comes back from a map as plain text keeps its kind and name."""
    key = Key(kind, "light.kitchen:tap")
    for seen in (key, str(key), copy.deepcopy(key), pickle.loads(pickle.dumps(key))):
        assert kind_of(seen) is kind
        assert name_of(seen, kind) == "light.kitchen:tap"
        assert seen == key
        assert not is_entity_key(seen)


def test_a_key_of_a_kind_names_any_of_that_kind_when_given_no_name() -> None:
    assert name_of(Key(KeyKind.EVENT), KeyKind.EVENT) == EVERYTHING
    assert name_of(Key(KeyKind.EVENT), KeyKind.SERVICE) is None


@pytest.mark.parametrize(
    ("key", "entity", "states"),
    [
        ("lock.front_door", True, True),
        (EVERYTHING, False, True),
        (ANY_TIMER, False, True),
        (Key(KeyKind.RUN, "script.goodnight"), False, False),
        (Key(KeyKind.SERVICE, "lock.unlock"), False, False),
    ],
)
def test_an_entity_a_domain_and_everything_stand_for_states_and_causes_do_not(
    key: str, entity: bool, states: bool
) -> None:
    assert (kind_of(key) is None) is (entity or key == EVERYTHING)
    assert is_entity_key(key) is entity
    assert is_state_key(key) is states
