"""Matching of names, aliases and phrases, for any script.

Households name things in their own language: "Büro Decke", "リビング",
"salle à manger". Text is compared after `fold`: Unicode NFKC (full-width and
half-width forms become one), case folding (ß → ss), and removal of Latin,
Greek and Cyrillic diacritics (é → e). Kana voicing marks are kept: "ビ" and
"ヒ" are different sounds, not accents.

A query matches a value in one of these ways, best first; the score is what
`Match.score` reports and what callers rank by:

| kind     | score     | example (query → value)                              |
|----------|-----------|------------------------------------------------------|
| exact    | 1.00      | "front door" → "Front Door"                          |
| compact  | 0.95      | "bedlight" → "Bed Light"                             |
| tokens   | 0.80–0.90 | "light bed" → "Bed Light", "kitch win" → "Kitchen Window" |
| contains | 0.80–0.85 | "寝室" → "寝室の照明" (a script written without spaces) |
| contains | 0.70–0.80 | "itchen" → "Kitchen Window"                          |
| fuzzy    | 0.50–0.70 | "kichen window" → "Kitchen Window"                   |

Scores below `STRONG` are labelled weak.
"""

from __future__ import annotations

from collections.abc import Container, Iterable
from dataclasses import dataclass
from difflib import SequenceMatcher
from functools import lru_cache
import re
import sys
from typing import Final
import unicodedata

STRONG: Final = 0.75
"""Scores at or above this are strong matches; below, weak."""
FUZZY_FLOOR: Final = 0.5
"""The score of the weakest fuzzy match."""
FUZZY_RATIO: Final = 0.72
"""The least `SequenceMatcher` ratio (of the texts without spaces) that is a fuzzy match."""

_AUTOJUNK_FROM: Final = 200
"""From this many letters of its second text, `SequenceMatcher` ignores that text's frequent letters."""
_DIACRITICS: Final = re.compile(
    "[\u0300-\u036f\u1ab0-\u1aff\u1dc0-\u1dff\u20d0-\u20ff\ufe20-\ufe2f]"
)


def _combining_marks() -> str:
    """Return the combining marks of the Basic Multilingual Plane as a character class's ranges."""
    marks = [code for code in range(0x10000) if unicodedata.category(chr(code)).startswith("M")]
    ranges: list[tuple[int, int]] = []
    for code in marks:
        if ranges and ranges[-1][1] == code - 1:
            ranges[-1] = (ranges[-1][0], code)
        else:
            ranges.append((code, code))
    return "".join(
        re.escape(chr(first)) + ("-" + re.escape(chr(last)) if last > first else "")
        for first, last in ranges
    )


_SEPARATORS: Final = re.compile(rf"[^\w{_combining_marks()}]+|_+", re.UNICODE)
"""What separates words: neither a letter, a digit nor a combining mark. A combining mark is part
of its word (Devanagari's vowel signs: "जिम", the gym, is one word, not "ज" and "म")."""
_TRIPLED: Final = re.compile(r"([^\W\d_])\1{2,}")
"""A letter written three times or more in a row: a key held too long ("moood"); no word of
the languages read has one, so it is read as twice ("mood")."""
# Scripts written without spaces between words (kana, CJK ideographs, Thai,
# Lao, Khmer, Myanmar): a run of them is a phrase, so a query found inside
# one is a word of it, not a fragment.
_UNSPACED: Final = re.compile(
    "[\u0e00-\u0eff\u1000-\u109f\u1780-\u17ff\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]"
)


@lru_cache(maxsize=16384)
def fold(text: str) -> str:
    """Return `text` folded for comparison: NFKC, casefold, no accents, one space.

    A letter tripled (or more) is read as doubled ("moood": "mood"), on both
    sides of a comparison.

    Cached: the same names are folded on every search of the house.
    """
    return _fold(text)


def fold_once(text: str) -> str:
    """Return `text` folded as `fold` does, without its cache: for texts read once.

    Home Assistant's language data (`language.py`) folds thousands of words
    once; through the cache they would push the house's names out of it.
    """
    return _fold(text)


def _fold(text: str) -> str:
    text = unicodedata.normalize("NFKC", text).casefold()
    text = unicodedata.normalize("NFD", text)
    text = _DIACRITICS.sub("", text)
    text = _TRIPLED.sub(r"\1\1", unicodedata.normalize("NFC", text))
    return " ".join(_SEPARATORS.sub(" ", text).split())


@dataclass(frozen=True, slots=True)
class Match:
    """How well a query matched one value.

    score: 0..1, see the module table.
    kind: exact, compact, tokens, contains or fuzzy.
    field: which field of the candidate matched (name, alias, entity_id, ...).
    value: the value that matched, as stored.
    """

    score: float
    kind: str
    field: str
    value: str

    @property
    def weak(self) -> bool:
        """Return True for a match a person would not call obvious."""
        return self.score < STRONG


@dataclass(frozen=True, slots=True)
class Folded:
    """A text as the rules compare it: folded, without spaces, as words.

    text: `fold(value)`; tokens: its words
    (interned: a house repeats the same few hundred words); unspaced: it
    holds a script written without spaces (CJK, kana, Thai...).
    """

    text: str
    tokens: tuple[str, ...]
    unspaced: bool

    @property
    def compact(self) -> str:
        """Return the text without its spaces (computed: a stored index keeps only `text`)."""
        return self.text.replace(" ", "")

    @classmethod
    def of(cls, value: str) -> Folded:
        """Return `value` folded (cached, as `fold` is)."""
        return _folded(fold(value))

    @classmethod
    def to_keep(cls, value: str) -> Folded:
        """Return `value` folded, not cached: for an index that keeps every value it folds."""
        return _make_folded(_fold(value))


@lru_cache(maxsize=16384)
def _folded(text: str) -> Folded:
    return _make_folded(text)


def _make_folded(text: str) -> Folded:
    tokens = tuple(sys.intern(token) for token in text.split())
    return Folded(text, tokens, bool(_UNSPACED.search(text)))


def match_folded(query: Folded, value: Folded) -> tuple[float, str] | None:
    """Return `(score, kind)` of how `query` matches `value`, or None.

    The rules of the module table, in order; `match_value` and the search
    index both answer with this function.
    """
    if not query.text or not value.text:
        return None
    if query.text == value.text:
        return 1.0, "exact"
    q_compact, v_compact = query.compact, value.compact
    if q_compact == v_compact:
        return 0.95, "compact"
    q_tokens, v_tokens = query.tokens, value.tokens
    if (
        len(q_tokens) > 1
        and len(q_tokens) == len(v_tokens)
        and sorted(q_tokens) == sorted(v_tokens)
    ):
        return 0.9, "tokens"
    if all(any(t == v or (len(t) >= 3 and v.startswith(t)) for v in v_tokens) for t in q_tokens):
        coverage = len(q_compact) / max(len(v_compact), 1)
        return round(0.8 + 0.05 * coverage, 3), "tokens"
    if q_compact in v_compact:
        coverage = len(q_compact) / len(v_compact)
        base = 0.8 if query.unspaced else 0.7
        return round(base + (0.05 if base > 0.7 else 0.1) * coverage, 3), "contains"
    return match_fuzzy(q_compact, v_compact, matching_letters(q_compact, v_compact))


def match_fuzzy(q_compact: str, v_compact: str, letters: int) -> tuple[float, str] | None:
    """Return `(score, "fuzzy")` for texts (without spaces) sharing `letters`, or None.

    `letters` is `matching_letters(q_compact, v_compact)`; the last rule of
    `match_folded`, for a caller that knows the texts match by no other rule.
    """
    ratio = 2.0 * letters / (len(q_compact) + len(v_compact))
    if ratio >= FUZZY_RATIO:
        return min(round(FUZZY_FLOOR + (ratio - FUZZY_RATIO) * 0.7, 3), 0.7), "fuzzy"
    return None


def matching_letters(a: str, b: str) -> int:
    """Return how many letters `SequenceMatcher(None, a, b)` finds matching.

    The sum of its matching blocks' sizes, so `2 * matching_letters(a, b) /
    (len(a) + len(b))` is its `ratio()`, computed with `str.find` instead of
    its pure-Python dictionaries (about four times faster on names). The
    same blocks: the longest common substring of each range, the earliest in
    `a` then in `b` among the longest, then the ranges left and right of it.
    From 200 letters on, `SequenceMatcher` treats frequent letters of `b` as
    junk (`autojunk`); such texts are left to it.
    """
    if len(b) >= _AUTOJUNK_FROM:
        return sum(block.size for block in SequenceMatcher(None, a, b).get_matching_blocks())
    find = b.find
    total = 0
    ranges = [(0, len(a), 0, len(b))]
    while ranges:
        a_low, a_high, b_low, b_high = ranges.pop()
        size, start = 0, a_low
        index = a_low
        # A block longer than `size` starting at `index`: grow it while `b` holds it.
        while index + size < a_high:
            if find(a[index : index + size + 1], b_low, b_high) != -1:
                grown = size + 2
                while (
                    index + grown <= a_high and find(a[index : index + grown], b_low, b_high) != -1
                ):
                    grown += 1
                size, start = grown - 1, index
            index += 1
        if not size:
            continue
        at = find(a[start : start + size], b_low, b_high)
        total += size
        if a_low < start and b_low < at:
            ranges.append((a_low, start, b_low, at))
        if start + size < a_high and at + size < b_high:
            ranges.append((start + size, a_high, at + size, b_high))
    return total


def matchable_span(b: str, letters: Container[str]) -> str:
    """Return `b` without the letters at its ends that are not in `letters`.

    With `letters` the letters of `a`, the matching letters are the same:
    `matching_letters(a, matchable_span(b, set(a))) == matching_letters(a, b)`.
    Such a letter is in no block, and the offset its removal gives the rest
    of `b` changes no comparison of positions, so the same blocks are found.
    Values of 200 letters or more (`autojunk`, which counts `b`'s letters)
    are returned whole. Names that differ only by a number at the end
    ("Ceiling light 1", "Ceiling light 2") share their span.
    """
    if len(b) >= _AUTOJUNK_FROM:
        return b
    start, end = 0, len(b)
    while start < end and b[start] not in letters:
        start += 1
    while end > start and b[end - 1] not in letters:
        end -= 1
    return b[start:end]


def match_value(query: str, value: str, field: str) -> Match | None:
    """Return how `query` matches `value`, or None."""
    found = match_folded(Folded.of(query), Folded.of(value))
    return Match(found[0], found[1], field, value) if found is not None else None


def best_match(query: str, fields: Iterable[tuple[str, str | None]]) -> Match | None:
    """Return the best match of `query` over `(field, value)` pairs."""
    best: Match | None = None
    for field, value in fields:
        if not value:
            continue
        found = match_value(query, value, field)
        if found is not None and (best is None or found.score > best.score):
            best = found
    return best
