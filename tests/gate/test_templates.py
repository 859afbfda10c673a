"""Custom template macros written out as each call renders them (`templates.with_macros`)."""

from __future__ import annotations

import pytest

from custom_components.home_mcp.gate.templates import with_macros

SPEECH = """\
{%- macro sentence(items, title=false) -%}
{%- set words = items | join(', ') %}{{ (words | title) if title else words }}
{%- endmacro -%}
{%- macro named(entity, upper) -%}
{{ state_attr(entity, 'friendly_name') | upper if upper is upper else entity.upper }}
{%- endmacro -%}
"""


@pytest.mark.parametrize(
    ("call", "written", "kept"),
    [
        ("sentence(['a'], true)", "( true )", "| title"),
        ("named('light.hall', 'X')", "( 'light.hall' )", "| upper"),
        ("named('light.hall', 'X')", "( 'X' )", "is upper"),
        ("named('light.hall', 'X')", "( 'light.hall' )", ". upper"),
    ],
)
def test_a_macro_parameter_named_like_a_filter_a_test_or_an_attribute_stays_one(
    call: str, written: str, kept: str
) -> None:
    """`title` given `true`: `words | title` stays the filter, not `words | (true)`."""
    text = "{% from 'speech.jinja' import sentence, named %}{{ " + call + " }}"
    expanded, anything = with_macros(text, {"speech.jinja": SPEECH})
    body = " ".join(expanded[len(text) :].split())
    assert not anything
    assert written in body
    assert kept in body
