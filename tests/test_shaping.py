"""Every string of a result is cleaned, keys included, however the result is built.

`clean_tree` walks a tool's result once per call and skips the work for
text with nothing to remove; these tests hold it to its definition,
`clean_text` applied to every string, for any text (controls, bidi
overrides, zero-width characters, surrounding spaces, text over the cap).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from hypothesis import given, settings, strategies as st

from custom_components.home_mcp.const import NAME_MAX_CHARS
from custom_components.home_mcp.shaping import clean_text, clean_tree

TRICKY = st.sampled_from(
    [" ", "\n", "\t", "\r", "\x00", "\x1b", "\u202e", "\u200b", "\ufeff", "é", "寝", "\ud800"]
)
TEXT = st.one_of(
    st.text(max_size=20),
    st.text(st.one_of(st.characters(codec="ascii"), TRICKY), max_size=20),
    st.text(st.characters(codec="ascii"), min_size=NAME_MAX_CHARS - 2, max_size=NAME_MAX_CHARS + 3),
)
LEAF = st.one_of(TEXT, st.integers(), st.floats(allow_nan=False), st.booleans(), st.none())
TREE = st.recursive(
    LEAF,
    lambda children: st.one_of(
        st.lists(children, max_size=4),
        st.lists(children, max_size=4).map(tuple),
        st.dictionaries(TEXT, children, max_size=4),
    ),
    max_leaves=25,
)


def _every_string_cleaned(value: Any, max_chars: int) -> Any:
    """Return `value` by the definition: `clean_text` on every string, keys (as names) included."""
    if isinstance(value, str):
        return clean_text(value, max_chars)
    if isinstance(value, Mapping):
        return {
            clean_text(str(key), NAME_MAX_CHARS): _every_string_cleaned(item, max_chars)
            for key, item in value.items()
        }
    if isinstance(value, (list, tuple)):
        return [_every_string_cleaned(item, max_chars) for item in value]
    return value


@settings(max_examples=400, deadline=None)
@given(tree=st.dictionaries(TEXT, TREE, max_size=5), max_chars=st.sampled_from([5, 40, 2000]))
def test_every_string_and_key_is_cleaned(tree: dict[str, Any], max_chars: int) -> None:
    assert clean_tree(tree, max_chars) == _every_string_cleaned(tree, max_chars)


@given(text=TEXT)
def test_text_fields_keep_their_lines(text: str) -> None:
    """A named text field keeps its line breaks; a field beside it is one line."""
    cleaned = clean_tree({"yaml": text, "name": text}, text_fields=frozenset({"yaml"}))
    assert cleaned["yaml"] == clean_text(text, len(text), keep_lines=True)
    assert cleaned["name"] == clean_text(text, 2000)


def test_what_is_removed() -> None:
    cleaned = clean_tree(
        {"na\u202eme": [" Front\u200b Door\n", ("x" * 90,)], "ok": True, "n": 1.5}, 80
    )
    assert cleaned == {"name": ["Front Door", ["x" * 79 + "…"]], "ok": True, "n": 1.5}
