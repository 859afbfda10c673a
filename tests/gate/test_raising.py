"""What a template's value depends on (`raising.reads_house`), and what can make it raise."""

from __future__ import annotations

import pytest

from custom_components.home_mcp.gate.raising import can_raise, reads_house


@pytest.mark.parametrize(
    "template",
    [
        "{{ states('input_boolean.mood') }}",
        "{{ switches | select('is_state', 'on') | list }}",
        "{{ switches | reject('is_state', 'on') | list }}",
        "{{ locks | selectattr('entity_id', 'is_state', 'locked') | list }}",
        "{{ ids | map('states') | list }}",
        "{% import 'moods.jinja' as m %}{{ m.mood() }}",
        "{{ mood }}",
    ],
)
def test_a_template_reading_the_house_however_it_is_written_reads_it(template: str) -> None:
    assert reads_house(template, frozenset({"mood"}))


@pytest.mark.parametrize(
    "template",
    [
        "{{ target | default([]) | map(lower) | list }}",
        "{{ names | map('lower') | select('match', 'light') | list }}",
        "{{ 1 + 2 }}",
    ],
)
def test_a_template_of_names_and_text_alone_reads_nothing_of_the_house(template: str) -> None:
    assert not reads_house(template)


OPEN = "expand(state_attr('sensor.open', 'entities'))"
"""The states an attribute lists: any entity, as the gate reads it."""


@pytest.mark.parametrize(
    "template",
    [
        f"{{{{ {OPEN} | map(attribute='name') | sort }}}}",
        (
            f"{{% set open = {OPEN} | map(attribute='name') | sort %}}"
            "{% for name in open %}{{ name | replace('Alert', '') }}{% endfor %}"
        ),
        (
            f"{{% set open = {OPEN} | map(attribute='name') | list %}}"
            "{{ open | count }} open: {{ open | join(', ') }}"
        ),
        (
            "{{ states.light | selectattr('state', 'eq', 'on') | sort(attribute='name') "
            "| map(attribute='entity_id') | sort(reverse=true) | first }}"
        ),
        "{{ ['Kitchen', 'Hall'] | sort | join(', ') }}",
    ],
)
def test_sorting_what_every_state_has_as_text_never_raises(template: str) -> None:
    """Names, ids and states are text: however a client changes the house, they sort."""
    assert not can_raise(template)


@pytest.mark.parametrize(
    "template",
    [
        f"{{{{ {OPEN} | map(attribute='attributes.brightness') | sort }}}}",
        f"{{{{ {OPEN} | sort }}}}",
        "{{ states.light | sort(attribute='attributes.brightness') | first }}",
        "{{ state_attr('sensor.open', 'entities') | sort }}",
        "{% set open = state_attr('sensor.open', 'entities') %}{{ open | count }}",
    ],
)
def test_sorting_or_counting_what_a_client_can_make_of_mixed_kinds_can_raise(
    template: str,
) -> None:
    """A brightness is a number or missing (off), an attribute anything: they may not sort."""
    assert can_raise(template)


@pytest.mark.parametrize(
    "template",
    [
        (
            "{% if is_state('input_boolean.guests', 'on') %}{% set words = 'a, b' %}{% endif %}"
            "{{ words.rsplit(', ', 1) | join(' and ') }}"
        ),
        "{% if is_state('input_boolean.guests', 'on') %}{% set n = 2 %}{% endif %}{{ n + 1 }}",
    ],
)
def test_a_name_set_only_in_a_branch_a_client_decides_can_raise_where_it_is_computed_with(
    template: str,
) -> None:
    """Not taken, the branch leaves the name undefined: `.rsplit` of it, or `+ 1`, fails."""
    assert can_raise(template)


def test_a_name_set_before_any_branch_stays_what_it_was_set_to() -> None:
    """Set to text outside the branch, it is text whichever way the branch goes."""
    assert not can_raise(
        "{% set words = 'a, b' %}{% if is_state('input_boolean.guests', 'on') %}"
        "{{ words.rsplit(', ', 1) | join(' and ') }}{% endif %}"
    )


# -- red-team round 50 ----------------------------------------------------------------


MIXED_TEXT_METHODS = pytest.mark.xfail(
    strict=True,
    reason=(
        "red team 50: a method of text is judged safe whatever it is given: str.join of "
        "a list with no text, format of None, index of what is not there raise"
    ),
)


@pytest.mark.redteam(round=50)
@pytest.mark.parametrize(
    "template",
    [
        pytest.param(
            "{{ ', '.join(state_attr('sensor.open', 'entities')) }}",
            marks=MIXED_TEXT_METHODS,
            id="join",
        ),
        pytest.param(
            "{% set sep = ' and ' %}{{ sep.join(state_attr('sensor.open', 'entities')) }}",
            id="join by a name set to text",
        ),
        pytest.param(
            "{{ 'Set to {:.1f}'.format(state_attr('climate.hall', 'temperature')) }}",
            marks=MIXED_TEXT_METHODS,
            id="format",
        ),
        pytest.param(
            "{{ states('input_text.rooms').index(',') }}", marks=MIXED_TEXT_METHODS, id="index"
        ),
    ],
)
def test_a_method_of_text_given_what_the_house_decides_can_raise(template: str) -> None:
    """`', '.join([1, None])`, `'{:.1f}'.format(None)`, `'abc'.index(',')` raise."""
    assert can_raise(template)


@pytest.mark.redteam(round=50)
@pytest.mark.parametrize(
    "template",
    [
        (
            "{% set states = state_attr('sensor.rooms', 'rooms') %}"
            "{{ states | sort(attribute='name') | map(attribute='name') | join(', ') }}"
        ),
        (
            "{% for states in [state_attr('sensor.rooms', 'rooms')] %}"
            "{{ states | map(attribute='name') | sort | join(', ') }}{% endfor %}"
        ),
    ],
    ids=["set", "loop"],
)
def test_a_name_set_as_states_sorts_as_what_it_is_set_to(template: str) -> None:
    """`[{'name': 1}, {'name': 'Hall'}]` sorted by name: a number and text do not sort."""
    assert can_raise(template)


@pytest.mark.redteam(round=50)
@pytest.mark.parametrize(
    "template",
    [
        "{{ 'Good night' + (', guests' if is_state('input_boolean.guests', 'on')) }}",
        "{% set who = 'guests' if is_state('input_boolean.guests', 'on') %}{{ who < 'kids' }}",
        (
            "{% set who = 'Ann, Bob' if is_state('input_boolean.guests', 'on') %}"
            "{{ ' and '.join(who.split(', ')) }}"
        ),
    ],
    ids=["joined", "compared", "looked into"],
)
def test_a_conditional_expression_without_else_is_undefined_when_its_test_fails(
    template: str,
) -> None:
    """Jinja's `x if test` gives undefined when the test fails: text only when it holds."""
    assert can_raise(template)


@pytest.mark.redteam(round=50)
@pytest.mark.xfail(
    strict=True,
    reason=(
        "red team 50: a name read in a branch a client decides before the template sets "
        "it is undefined there; read as what it is set to later"
    ),
)
def test_a_name_read_before_it_is_set_in_a_branch_a_client_decides_can_raise() -> None:
    """`n` is undefined until its `set`: the branch before it fails `n + 1` when taken."""
    assert can_raise(
        "{% if is_state('input_boolean.guests', 'on') %}{{ n + 1 }}{% endif %}"
        "{% set n = states('input_number.guests') | float(0) %}"
    )


@pytest.mark.redteam(round=50)
@pytest.mark.parametrize(
    "template",
    [
        (
            "{{ states.light | selectattr('name', 'search', states('input_text.room')) "
            "| map(attribute='name') | join(', ') }}"
        ),
        (
            f"{{{{ {OPEN} | map(attribute='name') | select('search', states('input_text.room')) "
            "| sort | join(', ') }}"
        ),
        "{{ 'Hall light' | regex_replace(states('input_text.room'), '') }}",
        "{{ 'Hall light' | regex_replace(find=states('input_text.room'), replace='') }}",
        "{{ states('sensor.where') is search(states('input_text.room')) }}",
    ],
    ids=["selectattr", "select then sort", "regex_replace", "regex_replace by name", "test"],
)
def test_a_regular_expression_a_client_writes_can_raise(template: str) -> None:
    """`re.compile('Hall (')` raises: the pattern is what the helper holds."""
    assert can_raise(template)


@pytest.mark.redteam(round=50)
@pytest.mark.xfail(
    strict=True,
    reason=(
        "red team 50: a namespace's value set only in a branch, not given in namespace(), "
        "is undefined when the branch is not taken; read as a number"
    ),
)
def test_a_namespace_value_set_only_in_a_branch_a_client_decides_can_raise() -> None:
    """`ns.guests` exists only once the branch ran: guest mode off, `+` fails on it."""
    assert can_raise(
        "{% set ns = namespace(total=2) %}"
        "{% if is_state('input_boolean.guest_mode', 'on') %}"
        "{% set ns.guests = states('input_number.guests') | float(0) %}{% endif %}"
        "{{ ns.total + ns.guests }} people tonight"
    )


@pytest.mark.redteam(round=50)
@pytest.mark.xfail(
    strict=True,
    reason=(
        "red team 50: states(), is_state() and state_attr() raise on an entity id that is "
        "no text (None.lower()); given an attribute, they are judged safe"
    ),
)
@pytest.mark.parametrize(
    "template",
    [
        "{{ states(state_attr('media_player.living_room', 'source_entity')) }}",
        "{{ is_state(state_attr('sensor.last_motion', 'entity_id'), 'on') }}",
        "{{ state_attr(state_attr('sensor.last_motion', 'entity_id'), 'friendly_name') }}",
        "{{ state_attr('sensor.last_motion', 'entity_id') | state_attr('friendly_name') }}",
        "{{ has_value(state_attr('sensor.last_motion', 'entity_id')) }}",
        "{{ entity_name(state_attr('sensor.last_motion', 'entity_id')) }}",
        "{{ floor_name(state_attr('sensor.last_motion', 'entity_id')) }}",
    ],
    ids=[
        "states",
        "is_state",
        "state_attr",
        "state_attr filter",
        "has_value",
        "entity_name",
        "floor_name",
    ],
)
def test_a_reader_given_an_entity_id_that_may_be_no_text_can_raise(template: str) -> None:
    """An attribute missing is None, or a list: `hass.states.get(None)` lower-cases it."""
    assert can_raise(template)
