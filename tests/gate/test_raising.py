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


LISTS_JINJA = """\
{%- macro sentence(items, title=false) -%}
{%- set words = items | join(', ') %}{{ (words | title) if title else words }}
{%- endmacro -%}
{%- macro whole(value) -%}{{ value | int }}{%- endmacro -%}
"""
"""Custom template macros: one that joins a list (its `title` parameter named like a
filter), one that makes its value a whole number."""


@pytest.mark.parametrize(
    ("template", "raises"),
    [
        (
            (
                "{% from 'lists.jinja' import sentence %}"
                f"{{% set names = {OPEN} | map(attribute='name') | list %}}"
                "{{ sentence(names, true) }}"
            ),
            False,
        ),
        (
            "{% from 'lists.jinja' import whole %}{{ whole(states('input_text.guests')) }}",
            True,
        ),
        ("{% from 'lists.jinja' import whole %}{{ whole('2') }}", False),
        ("{% from 'missing.jinja' import sentence %}{{ sentence(['a']) }}", True),
    ],
)
def test_a_custom_macro_raises_as_its_body_does_given_the_call(template: str, raises: bool) -> None:
    """A call renders the macro's body with its arguments: judged so, not as any function."""
    assert can_raise(template, macros={"lists.jinja": LISTS_JINJA}) is raises


@pytest.mark.parametrize(
    "template",
    [
        ("{% if is_state('input_boolean.guests', 'on') %}{% set words = 'a, b' %}{% endif %}"
        "{{ words.rsplit(', ', 1) | join(' and ') }}"),
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
