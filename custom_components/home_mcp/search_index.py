"""A search index over names: the same answers as scoring every name, from candidates.

`TextIndex` holds, for each key (an entity id), the `(field, value)` pairs a
query is matched against. `search(query)` returns exactly what
`best_match(query, fields)` returns for every key (`matching.py` holds the
rules), but scores only the values that can match:

- **words** (rules exact, tokens): values whose words hold every query word,
  or a word starting with it (3 letters or more), from a word index kept
  sorted for prefixes;
- **contained** (rules exact, compact, contains): values holding the query
  without its spaces, found by one `str.find` scan over every value joined;
- **close** (rule fuzzy): `SequenceMatcher` finds M matching letters, and a
  fuzzy match needs 2M >= 0.72 (l + L) for a query of length l and a value of
  length L. M is at most min(l, L), at most the letters the two share
  (counted with repeats), at most their longest common subsequence: values
  are kept by length, then by shared letters, counted for every value at
  once on bit sets, then by common subsequence; only what is left is
  compared with `SequenceMatcher` (`matching_letters`). Both comparisons
  are made once per matchable span (`matchable_span`: the value without
  the letters at its ends that are not the query's), which values
  numbered at the end ("Ceiling light 1", "Ceiling light 2") share.

Each distinct folded value is stored once, with a number; the word, letter
and length indexes are Python integers used as bit sets of those numbers (a
house of 10,000 entities holds about 25,000 distinct values). Nothing here
knows Home Assistant.
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right, insort
from collections.abc import Callable, Collection, Container, Iterable, Iterator
from typing import Final

from .matching import (
    FUZZY_RATIO,
    Folded,
    Match,
    match_folded,
    match_fuzzy,
    matchable_span,
    matching_letters,
)

_BYTE_BITS: Final = tuple(tuple(bit for bit in range(8) if byte >> bit & 1) for byte in range(256))
_MIN_PREFIX: Final = 3
"""A query word this long or longer also matches the words that start with it."""
_SLACK: Final = 1e-9
"""Bounds compare with this much room: a candidate too many, never one too few."""
_GAP: Final = "\x00"
"""Between values in the joined text; folding never leaves it in a value."""


def _bits(bitmap: int) -> Iterator[int]:
    """Yield the numbers set in `bitmap`, in increasing order."""
    data = bitmap.to_bytes((bitmap.bit_length() + 7) // 8, "little")
    for index, byte in enumerate(data):
        if byte:
            base = index * 8
            for bit in _BYTE_BITS[byte]:
                yield base + bit


def _bitmap(numbers: list[int]) -> int:
    """Return the bit set of `numbers` (built as bytes: linear in the largest)."""
    bits = bytearray(max(numbers) // 8 + 1)
    for number in numbers:
        bits[number >> 3] |= 1 << (number & 7)
    return int.from_bytes(bits, "little")


def _letters(compact: str) -> list[tuple[str, int]]:
    """Return each letter with how many times it came before: the letters, with repeats."""
    seen: dict[str, int] = {}
    slots = []
    for char in compact:
        count = seen.get(char, 0)
        seen[char] = count + 1
        slots.append((char, count))
    return slots


def _positions(query: str) -> dict[str, int]:
    """Return, per letter of `query`, the bit set of where it stands (for `_common_subsequence`)."""
    positions: dict[str, int] = {}
    for index, char in enumerate(query):
        positions[char] = positions.get(char, 0) | 1 << index
    return positions


def _common_subsequence(positions: dict[str, int], size: int, value: str) -> int:
    """Return the length of the longest common subsequence of a query and `value`.

    Bit-parallel (Hyyrö 2004): `positions` of the query's letters
    (`_positions`), `size` its length.
    """
    full = (1 << size) - 1
    row = full
    for char in value:
        matched = row & positions.get(char, 0)
        row = ((row + matched) | (row - matched)) & full
    return size - row.bit_count()


def _least_matches(total: int) -> int:
    """Return the fewest matching letters that can make a fuzzy match of `total` letters."""
    matches = 0
    while 2 * matches < FUZZY_RATIO * total - _SLACK:
        matches += 1
    return matches


def _count(bitmaps: Iterable[int]) -> list[int]:
    """Return, bit-sliced, how many of `bitmaps` hold each number (planes, lowest first)."""
    planes: list[int] = []
    for bitmap in bitmaps:
        carry = bitmap
        for index, plane in enumerate(planes):
            if not carry:
                break
            planes[index], carry = plane ^ carry, plane & carry
        if carry:
            planes.append(carry)
    return planes


def _at_least(planes: list[int], least: int, among: int) -> int:
    """Return the numbers of `among` whose bit-sliced count in `planes` is >= `least`."""
    if least <= 0:
        return among
    if least >> len(planes):
        return 0
    greater, equal = 0, among
    for index in range(len(planes) - 1, -1, -1):
        if least >> index & 1:
            equal &= planes[index]
        else:
            greater |= equal & planes[index]
            equal &= ~planes[index]
    return greater | equal


class TextIndex:
    """Names by key, indexed for `matching`'s rules; see the module docstring."""

    def __init__(self) -> None:
        """Create an empty index."""
        self._fields: dict[str, tuple[str, ...]] = {}
        """Per key, its fields and values in turn: field, value, field, value..."""
        self._numbers_of: dict[str, tuple[int, ...]] = {}
        """Per key, the number of each of its values."""
        # Per value number (None once a number is free again):
        self._folded: list[Folded | None] = []
        self._users: list[str | list[str] | None] = []
        """The keys using a value, once per field that does: one key alone, or a list."""
        self._numbers: dict[str, int] = {}
        self._free: list[int] = []
        self._slot_ids: dict[tuple[str, int], int] = {}
        self._by_slot: list[int] = []
        self._by_word: dict[str, int] = {}
        self._words: list[str] = []
        self._by_length: dict[int, int] = {}
        # Bits to set at the next search (`_flush`): storing many values stays linear.
        self._pending_slots: dict[int, list[int]] = {}
        self._pending_words: dict[str, list[int]] = {}
        self._pending_lengths: dict[int, list[int]] = {}
        self._joined: str | None = None
        self._starts: list[int] = []

    def __len__(self) -> int:
        """Return how many keys the index holds."""
        return len(self._fields)

    def __iter__(self) -> Iterator[str]:
        """Iterate over the keys the index holds."""
        return iter(self._fields)

    @property
    def distinct_values(self) -> int:
        """Return how many distinct folded values are stored."""
        return len(self._numbers)

    def put(self, key: str, fields: Iterable[tuple[str, str | None]]) -> None:
        """Store `key`'s fields in order (empty values are left out, as `best_match` does)."""
        pairs = [(field, value) for field, value in fields if value]
        flat = tuple(text for pair in pairs for text in pair)
        stored = self._fields.get(key)
        if stored is not None:
            if stored == flat:
                return
            self.discard(key)
        self._fields[key] = flat
        self._numbers_of[key] = tuple(self._use(Folded.to_keep(value), key) for _, value in pairs)

    def discard(self, key: str) -> None:
        """Forget `key` (nothing happens if it is not there)."""
        self._fields.pop(key, None)
        for number in self._numbers_of.pop(key, ()):
            users = self._users[number]
            if isinstance(users, list):
                users.remove(key)
                if len(users) == 1:
                    self._users[number] = users[0]
            else:
                self._users[number] = None
                self._drop(number)

    def search(
        self,
        query: str,
        keys: Collection[str] | None = None,
        *,
        where: Callable[[str], bool] | None = None,
    ) -> dict[str, Match]:
        """Return the best match of `query` for each key that matches.

        Equal to `{key: best_match(query, fields(key))}` without the keys
        that do not match: the same score, kind, field and value, the first
        field winning a tie. Only the keys in `keys`, and for which `where`
        is true, if given.
        """
        folded = Folded.of(query)
        if not folded.text:
            return {}
        self._flush()
        found = self._scores(folded)
        users: set[str] = set()
        for number in found:
            if isinstance(users_of := self._users[number], list):
                users.update(users_of)
            elif users_of is not None:
                users.add(users_of)
        if keys is not None:
            users.intersection_update(keys)
        if where is not None:
            users = {key for key in users if where(key)}
        results: dict[str, Match] = {}
        for key in users:
            best: Match | None = None
            stored = self._fields[key]
            for index, number in enumerate(self._numbers_of[key]):
                field, text = stored[2 * index], stored[2 * index + 1]
                score = found.get(number)
                if score is not None and (best is None or score[0] > best.score):
                    best = Match(score[0], score[1], field, text)
            if best is not None:
                results[key] = best
        return results

    def keys_with_word(
        self,
        word: str,
        near: Callable[[str, str], bool],
        *,
        where: Callable[[str], bool] | None = None,
    ) -> set[str]:
        """Return the keys with a value holding a stored word `w` for which `near(word, w)`.

        Only the stored words starting with `word`'s first letter are tried,
        unless `word` is written without spaces (CJK, kana...): then every
        one is. Only the keys for which `where` is true, if given.
        """
        folded = Folded.of(word)
        if not folded.text:
            return set()
        self._flush()
        words = self._words
        if folded.unspaced:
            tried: Iterable[str] = words
        else:
            first = folded.text[0]
            end = len(words) if first == "\U0010ffff" else bisect_left(words, chr(ord(first) + 1))
            tried = words[bisect_left(words, first) : end]
        bitmap = 0
        for stored in tried:
            if near(folded.text, stored):
                bitmap |= self._by_word[stored]
        keys: set[str] = set()
        for number in _bits(bitmap):
            if isinstance(users := self._users[number], list):
                keys.update(users)
            elif users is not None:
                keys.add(users)
        return keys if where is None else {key for key in keys if where(key)}

    def folded(self, key: str, skip: Container[str] = ()) -> list[Folded]:
        """Return `key`'s values as stored, folded, but those of the fields in `skip`."""
        folded, stored = self._folded, self._fields.get(key, ())
        return [
            value
            for index, number in enumerate(self._numbers_of.get(key, ()))
            if stored[2 * index] not in skip and (value := folded[number]) is not None
        ]

    # --- Candidates -------------------------------------------------------

    def _scores(self, query: Folded) -> dict[int, tuple[float, str]]:
        """Return `match_folded(query, value)` for each value number that matches.

        Values outside the words and contained text fail every rule but the
        fuzzy one (exact and tokens need the query's words, compact and
        contains its text): `_close` ones are scored by it alone, once per
        span.
        """
        found: dict[int, tuple[float, str]] = {}
        worded = set(_bits(self._with_words(query.tokens)))
        worded.update(self._containing(query.compact))
        for number in worded:
            value = self._folded[number]
            if value is not None and (match := match_folded(query, value)) is not None:
                found[number] = match
        compact = query.compact
        letters_of: dict[str, int] = {}
        for number, span in self._close(query, worded):
            letters = letters_of.get(span)
            if letters is None:
                letters = letters_of[span] = matching_letters(compact, span)
            value = self._folded[number]
            assert value is not None
            if (match := match_fuzzy(compact, value.compact, letters)) is not None:
                found[number] = match
        return found

    def _with_words(self, words: tuple[str, ...]) -> int:
        """Values in which every word of `words` is a word, or starts one."""
        result = -1
        for word in words:
            found = self._by_word.get(word, 0)
            if len(word) >= _MIN_PREFIX:
                index = bisect_left(self._words, word)
                while index < len(self._words) and self._words[index].startswith(word):
                    found |= self._by_word[self._words[index]]
                    index += 1
            result &= found
            if not result:
                return 0
        return max(result, 0)

    def _containing(self, compact: str) -> Iterator[int]:
        """Values holding `compact` (the query without spaces)."""
        if self._joined is None:
            self._join()
        joined, starts = self._joined or "", self._starts
        position = joined.find(compact)
        while position != -1:
            number = bisect_right(starts, position) - 1
            yield number
            following = number + 1
            if following == len(starts):
                return
            position = joined.find(compact, starts[following])

    def _close(self, query: Folded, known: set[int]) -> Iterator[tuple[int, str]]:
        """Values, not in `known`, that `SequenceMatcher` may find close enough.

        Each with its span (`matchable_span`), whose common subsequence with
        the query is the value's: it is computed once per span.
        """
        compact = query.compact
        letters = set(compact)
        size = len(compact)
        by_least: dict[int, int] = {}
        for length, bitmap in self._by_length.items():
            total = size + length
            least = _least_matches(total)
            if min(size, length) >= least:
                by_least[least] = by_least.get(least, 0) | bitmap
        if not by_least:
            return
        planes = _count(
            self._by_slot[slot_id]
            for slot in _letters(compact)
            if (slot_id := self._slot_ids.get(slot)) is not None
        )
        positions = _positions(compact)
        common_of: dict[str, int] = {}
        for least, among in by_least.items():
            for number in _bits(_at_least(planes, least, among)):
                value = self._folded[number]
                if number in known or value is None:
                    continue
                span = matchable_span(value.compact, letters)
                common = common_of.get(span)
                if common is None:
                    common = common_of[span] = _common_subsequence(positions, size, span)
                if common >= least:
                    yield number, span

    # --- Storage ----------------------------------------------------------

    def _use(self, folded: Folded, key: str) -> int:
        """Return the number of `folded`, stored first if new; count `key` as a user."""
        number = self._numbers.get(folded.text)
        if number is None:
            number = self._store(folded)
        users = self._users[number]
        if users is None:
            self._users[number] = key  # Most values belong to one key: no list for them.
        elif isinstance(users, list):
            users.append(key)
        else:
            self._users[number] = [users, key]
        return number

    def _store(self, folded: Folded) -> int:
        if self._free:
            number = self._free.pop()
            self._folded[number] = folded
        else:
            number = len(self._folded)
            self._folded.append(folded)
            self._users.append(None)
        for slot in _letters(folded.compact):
            slot_id = self._slot_ids.get(slot)
            if slot_id is None:
                slot_id = self._slot_ids[slot] = len(self._by_slot)
                self._by_slot.append(0)
            self._pending_slots.setdefault(slot_id, []).append(number)
        for word in set(folded.tokens):
            if word not in self._by_word:
                insort(self._words, word)
                self._by_word[word] = 0
            self._pending_words.setdefault(word, []).append(number)
        self._pending_lengths.setdefault(len(folded.compact), []).append(number)
        self._numbers[folded.text] = number
        self._joined = None
        return number

    def _flush(self) -> None:
        """Set the bits of the values stored since the last flush, one index entry at a time."""
        for slot_id, numbers in self._pending_slots.items():
            self._by_slot[slot_id] |= _bitmap(numbers)
        for word, numbers in self._pending_words.items():
            self._by_word[word] |= _bitmap(numbers)
        for length, numbers in self._pending_lengths.items():
            self._by_length[length] = self._by_length.get(length, 0) | _bitmap(numbers)
        self._pending_slots.clear()
        self._pending_words.clear()
        self._pending_lengths.clear()

    def _drop(self, number: int) -> None:
        folded = self._folded[number]
        assert folded is not None
        self._flush()
        clear = ~(1 << number)
        for slot in _letters(folded.compact):
            self._by_slot[self._slot_ids[slot]] &= clear
        for word in set(folded.tokens):
            self._by_word[word] &= clear
            if not self._by_word[word]:
                del self._by_word[word]
                del self._words[bisect_left(self._words, word)]
        length = len(folded.compact)
        self._by_length[length] &= clear
        if not self._by_length[length]:
            del self._by_length[length]
        del self._numbers[folded.text]
        self._folded[number] = None
        self._free.append(number)
        self._joined = None

    def _join(self) -> None:
        """Join every value (without spaces) into one text, each after a `_GAP`."""
        parts = [folded.compact if folded is not None else "" for folded in self._folded]
        starts, position = [], 0
        for part in parts:
            starts.append(position)
            position += len(part) + 1
        self._starts = starts
        self._joined = "".join(f"{_GAP}{part}" for part in parts)
