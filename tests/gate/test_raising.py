"""What a template's value depends on: the house's states, or not (`raising.reads_house`)."""

from __future__ import annotations

import pytest

from custom_components.home_mcp.gate.raising import reads_house


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
