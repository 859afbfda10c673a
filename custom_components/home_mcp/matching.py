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

from collections.abc import Iterable
from dataclasses import dataclass
from difflib import SequenceMatcher
from functools import lru_cache
import re
from typing import Final
import unicodedata

STRONG: Final = 0.75
"""Scores at or above this are strong matches; below, weak."""
FUZZY_FLOOR: Final = 0.5
"""Fuzzy matches scoring below this are no match at all."""

_DIACRITICS: Final = re.compile(
    "[\u0300-\u036f\u1ab0-\u1aff\u1dc0-\u1dff\u20d0-\u20ff\ufe20-\ufe2f]"
)
_SEPARATORS: Final = re.compile(r"[\W_]+", re.UNICODE)
# Scripts written without spaces between words (kana, CJK ideographs, Thai,
# Lao, Khmer, Myanmar): a run of them is a phrase, so a query found inside
# one is a word of it, not a fragment.
_UNSPACED: Final = re.compile(
    "[\u0e00-\u0eff\u1000-\u109f\u1780-\u17ff\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]"
)


@lru_cache(maxsize=16384)
def fold(text: str) -> str:
    """Return `text` folded for comparison: NFKC, casefold, no accents, one space.

    Cached: the same names are folded on every search of the house.
    """
    text = unicodedata.normalize("NFKC", text).casefold()
    text = unicodedata.normalize("NFD", text)
    text = _DIACRITICS.sub("", text)
    text = unicodedata.normalize("NFC", text)
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


def match_value(query: str, value: str, field: str) -> Match | None:
    """Return how `query` matches `value`, or None."""
    q_fold, v_fold = fold(query), fold(value)
    if not q_fold or not v_fold:
        return None
    if q_fold == v_fold:
        return Match(1.0, "exact", field, value)
    q_compact, v_compact = q_fold.replace(" ", ""), v_fold.replace(" ", "")
    if q_compact == v_compact:
        return Match(0.95, "compact", field, value)
    q_tokens, v_tokens = q_fold.split(), v_fold.split()
    if len(q_tokens) > 1 and sorted(q_tokens) == sorted(v_tokens):
        return Match(0.9, "tokens", field, value)
    if all(any(t == v or (len(t) >= 3 and v.startswith(t)) for v in v_tokens) for t in q_tokens):
        coverage = len(q_compact) / max(len(v_compact), 1)
        return Match(round(0.8 + 0.05 * coverage, 3), "tokens", field, value)
    if q_compact in v_compact:
        coverage = len(q_compact) / len(v_compact)
        base = 0.8 if _UNSPACED.search(q_compact) else 0.7
        return Match(
            round(base + (0.05 if base > 0.7 else 0.1) * coverage, 3), "contains", field, value
        )
    ratio = SequenceMatcher(None, q_compact, v_compact).ratio()
    if ratio >= 0.72:
        score = round(FUZZY_FLOOR + (ratio - 0.72) * 0.7, 3)
        return Match(min(score, 0.7), "fuzzy", field, value)
    return None


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
