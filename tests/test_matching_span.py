"""The search index counts matching letters once per matchable span.

`matchable_span` cuts from a value's ends the letters the query does not
hold; values that differ only there ("Ceiling light 1", "Ceiling light 2")
share one count. These tests hold it to `SequenceMatcher`.
"""

from __future__ import annotations

from difflib import SequenceMatcher

from hypothesis import given, settings, strategies as st

from custom_components.home_mcp.matching import matchable_span, matching_letters


def _sequence_matcher(a: str, b: str) -> int:
    return sum(block.size for block in SequenceMatcher(None, a, b).get_matching_blocks())


@settings(max_examples=1000, deadline=None)
@given(
    alphabet=st.sampled_from(["ab", "abc", "livngromce", "寝室の照明"]),
    data=st.data(),
)
def test_a_span_keeps_the_matching_letters(alphabet: str, data: st.DataObject) -> None:
    """Letters the query does not hold, cut from a value's ends, change no count."""
    a = data.draw(st.text(alphabet, max_size=30))
    ends = st.text("xyz0123456789", max_size=4)
    b = data.draw(ends) + data.draw(st.text(alphabet + "xyz 1", max_size=40)) + data.draw(ends)
    span = matchable_span(b, set(a))
    assert span in b
    assert matching_letters(a, span) == matching_letters(a, b) == _sequence_matcher(a, b), (a, b)


def test_numbered_names_share_a_span_and_long_values_stay_whole() -> None:
    """What the index relies on, by hand; from 200 letters SequenceMatcher counts the value's letters."""
    query = "livingroomceilinglight"
    letters = set(query)
    assert (
        matchable_span("diningroomceilinglight12", letters)
        == matchable_span("diningroomceilinglight3", letters)
        == "iningroomceilinglight"  # The query has no "d" either.
    )
    assert matchable_span("2bedlight", set("bedlight")) == "bedlight"
    assert matchable_span("xyz", letters) == ""
    long = "diningroomceilinglight" + "9" * 200
    assert matchable_span(long, letters) == long
