"""Response shaping: untrusted text, the list envelope and the byte budget (§6).

Every tool's result passes through `finalize`, once, at the end: a single
mechanism, not tool by tool.

- Text that comes from the house (names, aliases, states, attributes, error
  messages) is untrusted: control and bidirectional-override characters are
  stripped and its length is capped, so a device name cannot hide text,
  reorder what a person reads, or flood a model's context.
- Lists travel in one envelope `{total, offset, limit, has_more, next_offset,
  items}`.
- A result larger than the byte budget loses items from the end of its largest
  list until it fits (then, if it still does not, the end of its longest
  text), and says how many were left out and which argument narrows the
  request.
- A few fields are multi-line text by nature (a template's result, YAML):
  tools name them (`Tool.text_fields`) and they keep their line breaks and
  indentation; every other string is one line.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import datetime
from typing import Any, Final
import unicodedata

from pydantic_core import to_json

from homeassistant.util import dt as dt_util

from .const import NAME_MAX_CHARS, TEXT_MAX_CHARS

# Bidirectional embeddings, overrides and isolates, and invisible format
# characters that change how text is displayed without being seen.
_BIDI_AND_INVISIBLE: Final = frozenset(
    "\u061c\u200b\u200c\u200d\u200e\u200f\u202a\u202b\u202c\u202d\u202e"
    "\u2060\u2061\u2062\u2063\u2064\u2066\u2067\u2068\u2069\ufeff"
)
ELLIPSIS: Final = "…"
_NOTE_BYTES: Final = 128
"""Bytes of the `truncated` note besides the tool's hint."""


def clean_text(value: str, max_chars: int = NAME_MAX_CHARS, *, keep_lines: bool = False) -> str:
    """Return untrusted `value` without control or bidi characters, capped.

    Removed: Unicode categories Cc (controls, including newlines and tabs,
    which become spaces), Cs (lone surrogates) and the bidirectional and
    zero-width format characters above. Other format characters (Cf) are kept
    because scripts such as Persian need them. With `keep_lines`, line feeds
    and tabs stay (carriage returns go) and leading indentation is kept.
    Text longer than `max_chars` is cut and ends with "…".
    """
    if value.isascii() and value.isprintable():
        # Nothing to remove (controls are the only unprintable ASCII): the
        # common case, kept fast because every name passes here.
        text = value.rstrip() if keep_lines else value.strip()
        if len(text) > max_chars:
            text = text[: max_chars - 1].rstrip() + ELLIPSIS
        return text
    out: list[str] = []
    for char in value:
        if char in _BIDI_AND_INVISIBLE:
            continue
        category = unicodedata.category(char)
        if category == "Cc":
            if keep_lines and char in "\n\t":
                out.append(char)
            elif char in "\n\r\t" and out and out[-1] != " " and not keep_lines:
                out.append(" ")
            continue
        if category == "Cs":
            continue
        out.append(char)
    text = "".join(out).rstrip() if keep_lines else "".join(out).strip()
    if len(text) > max_chars:
        text = text[: max_chars - 1].rstrip() + ELLIPSIS
    return text


_MARKDOWN_SPECIAL: Final = frozenset("\\`*_{}[]()#+-.!|~>:/")


def escape_markdown(text: str, max_chars: int = NAME_MAX_CHARS) -> str:
    """Return untrusted `text` safe inside Home Assistant's markdown.

    Control and bidi characters are removed (`clean_text`); HTML is escaped;
    every markdown-significant ASCII character is backslash-escaped, so a
    name cannot open a link, an image, emphasis or a heading, and a URL in it
    is not turned into a link (its `:` and `/` are escaped).
    """
    cleaned = clean_text(text, max_chars)
    out: list[str] = []
    for char in cleaned:
        if char == "<":
            out.append("&lt;")
        elif char == ">":
            out.append("&gt;")
        elif char == "&":
            out.append("&amp;")
        elif char in _MARKDOWN_SPECIAL:
            out.append("\\" + char)
        else:
            out.append(char)
    return "".join(out)


def clean_tree(
    value: Any, max_chars: int = TEXT_MAX_CHARS, text_fields: frozenset[str] = frozenset()
) -> Any:
    """Apply `clean_text` to every string (keys included) inside `value`.

    Strings directly under a top-level key named in `text_fields` keep their
    lines and are not capped here (the byte budget still applies).
    """
    if isinstance(value, Mapping):
        return {
            _clean_key(key): (
                clean_text(item, len(item), keep_lines=True)
                if key in text_fields and isinstance(item, str)
                else _clean_value(item, max_chars)
            )
            for key, item in value.items()
        }
    return _clean_value(value, max_chars)


def _clean_value(value: Any, max_chars: int) -> Any:
    """Return `value` with every string inside it cleaned (`clean_tree` below the top)."""
    kind = type(value)
    if kind is str:
        if value.isascii() and value.isprintable() and len(value) <= max_chars:
            if not value or (value[0] != " " and value[-1] != " "):
                return value  # What `clean_text` returns for it, without the call.
        return clean_text(value, max_chars)
    if kind is dict:
        return {_clean_key(key): _clean_value(item, max_chars) for key, item in value.items()}
    if kind is list or kind is tuple:
        return [_clean_value(item, max_chars) for item in value]
    if kind in _PLAIN:
        return value
    if isinstance(value, str):
        return clean_text(value, max_chars)
    if isinstance(value, Mapping):
        return {_clean_key(key): _clean_value(item, max_chars) for key, item in value.items()}
    if isinstance(value, (list, tuple)):
        return [_clean_value(item, max_chars) for item in value]
    return value


_PLAIN: Final = frozenset({int, float, bool, type(None)})
"""Types with no text in them: returned as they are."""


def _clean_key(key: Any) -> str:
    if type(key) is str and key.isascii() and key.isidentifier() and len(key) <= NAME_MAX_CHARS:
        return key  # A field name, as every key of a tool's own output is.
    return clean_text(str(key), NAME_MAX_CHARS)


def envelope(
    items: Sequence[Any], *, offset: int, limit: int, total: int | None = None
) -> dict[str, Any]:
    """Return one page of `items` in the standard list envelope.

    `items` is the whole list (or, with `total`, an already-cut page starting
    at `offset`). Shape: `{total, offset, limit, has_more, next_offset,
    items}`; `next_offset` is None on the last page.
    """
    if total is None:
        total = len(items)
        page = list(items[offset : offset + limit])
    else:
        page = list(items)
    end = offset + len(page)
    has_more = end < total
    return {
        "total": total,
        "offset": offset,
        "limit": limit,
        "has_more": has_more,
        "next_offset": end if has_more else None,
        "items": page,
    }


def local_iso(value: datetime | None) -> str | None:
    """Return `value` in Home Assistant's time zone as ISO 8601 with its offset."""
    return dt_util.as_local(value).isoformat() if value is not None else None


def json_text(payload: Any) -> str:
    """Return `payload` as the JSON text sent to clients (compact, UTF-8 as it is)."""
    return to_json(payload).decode()


def encoded_size(payload: Any) -> int:
    """Return the size in bytes of `payload` as the JSON text sent to clients (`json_text`)."""
    return len(to_json(payload))


def _largest_list(payload: Any, path: tuple[Any, ...] = ()) -> tuple[tuple[Any, ...], int]:
    """Return the path to, and encoded size of, the largest list in `payload`."""
    best: tuple[tuple[Any, ...], int] = ((), -1)
    if isinstance(payload, dict):
        children: Sequence[tuple[Any, Any]] = list(payload.items())
    elif isinstance(payload, list):
        if len(payload) > 1:
            best = (path, encoded_size(payload))
        children = list(enumerate(payload))
    else:
        return best
    for key, child in children:
        if isinstance(child, (dict, list)):
            found = _largest_list(child, (*path, key))
            if found[1] > best[1]:
                best = found
    return best


def _at(payload: Any, path: tuple[Any, ...]) -> Any:
    for key in path:
        payload = payload[key]
    return payload


def _longest_text(payload: Any, path: tuple[Any, ...] = ()) -> tuple[tuple[Any, ...], int]:
    """Return the path to, and length of, the longest string in `payload`."""
    if isinstance(payload, str):
        return path, len(payload)
    best: tuple[tuple[Any, ...], int] = ((), -1)
    if isinstance(payload, dict):
        children: Sequence[tuple[Any, Any]] = list(payload.items())
    elif isinstance(payload, list):
        children = list(enumerate(payload))
    else:
        return best
    for key, child in children:
        found = _longest_text(child, (*path, key))
        if found[1] > best[1]:
            best = found
    return best


def _cut_longest_text(payload: dict[str, Any], excess: int) -> int:
    """Shorten the longest string in `payload` by about `excess` bytes; return chars cut."""
    path, length = _longest_text(payload)
    if length <= 1 or not path:
        return 0
    parent = _at(payload, path[:-1])
    text: str = parent[path[-1]]
    per_char = max(1, len(text.encode()) // length)
    keep = max(0, length - 1 - -(-excess // per_char))
    parent[path[-1]] = text[:keep] + ELLIPSIS
    return length - keep


def fit_budget(payload: dict[str, Any], budget: int, narrow_hint: str) -> dict[str, Any]:
    """Cut `payload` until its JSON encoding fits in `budget` bytes.

    Items are removed from the end of the largest list, repeatedly. When a
    list inside an envelope is cut, its `has_more`/`next_offset` are updated
    so paging still works. If no list is left to cut, the longest string is
    shortened (ending in "…"). The result then carries `truncated: {omitted,
    hint}` (`omitted`: list items left out; `chars_cut` when text was cut),
    where `hint` (from the tool) names the argument that narrows the request.
    A payload that fits is returned unchanged.
    """
    size = encoded_size(payload)
    if size <= budget:
        return payload
    omitted = 0
    chars_cut = 0
    # Leave room for the `truncated` note itself.
    target = max(budget - len(narrow_hint.encode()) - _NOTE_BYTES, budget // 2)
    while size > target:
        path, list_size = _largest_list(payload)
        if list_size < 0:
            cut = _cut_longest_text(payload, size - target)
            if not cut:
                break
            chars_cut += cut
            size = encoded_size(payload)
            continue
        items: list[Any] = _at(payload, path)
        # Remove a share proportional to the excess, at least one item.
        excess = size - target
        per_item = max(1, list_size // max(1, len(items)))
        drop = min(len(items) - 1, max(1, -(-excess // per_item)))
        del items[len(items) - drop :]
        omitted += drop
        if path and path[-1] == "items":
            parent = _at(payload, path[:-1])
            if isinstance(parent, dict) and "has_more" in parent:
                end = parent.get("offset", 0) + len(items)
                parent["has_more"] = end < parent.get("total", end)
                parent["next_offset"] = end if parent["has_more"] else None
        size = encoded_size(payload)
    payload["truncated"] = {
        "omitted": omitted,
        "hint": f"The answer was cut to fit {budget} bytes. {narrow_hint}",
    }
    if chars_cut:
        payload["truncated"]["chars_cut"] = chars_cut
    return payload


def finalize(
    payload: dict[str, Any],
    budget: int,
    narrow_hint: str,
    text_fields: frozenset[str] = frozenset(),
) -> dict[str, Any]:
    """Shape a tool result for a model: clean untrusted text, then fit the budget.

    `text_fields`: top-level keys whose text keeps its lines (`clean_tree`).
    """
    cleaned: dict[str, Any] = clean_tree(payload, text_fields=text_fields)
    return fit_budget(cleaned, budget, narrow_hint)
