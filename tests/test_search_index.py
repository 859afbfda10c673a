"""The search index answers exactly what scoring every name answers.

`TextIndex.search` scores only candidates (words, contained text, values
close enough for `SequenceMatcher`); these tests compare it with
`best_match` over every key, for generated houses in several scripts and
queries built to reach every rule (exact, compact, tokens, contains, fuzzy),
through additions, replacements and removals.
"""

from __future__ import annotations

from difflib import SequenceMatcher
import random
import unicodedata

from hypothesis import HealthCheck, given, settings, strategies as st

from custom_components.home_mcp.matching import Folded, Match, best_match, fold, matching_letters
from custom_components.home_mcp.search_index import TextIndex

WORDS = [
    "bed", "light", "lights", "living", "room", "kitchen", "window", "front", "door",
    "garage", "Büro", "Decke", "Küche", "salle", "à", "manger", "寝室", "の", "照明",
    "リビング", "ﾘﾋﾞﾝｸﾞ", "ห้องนอน", "ไฟ", "ＢＵＲＯ", "Ceiling", "lamp", "sensor", "1", "2",
    "temperature", "motion", "Mötion", "café", "e", "kit", "ß", "strasse",
]  # fmt: skip
FIELDS = ["name", "entity_id", "object_id", "original_name", "alias", "device"]


def _brute(fields: dict[str, list[tuple[str, str]]], query: str) -> dict[str, Match]:
    found = {key: best_match(query, pairs) for key, pairs in fields.items()}
    return {key: match for key, match in found.items() if match is not None}


def _misspell(rng: random.Random, text: str) -> str:
    chars = list(text)
    for _ in range(rng.randint(1, 2)):
        if len(chars) < 2:
            break
        index = rng.randrange(len(chars) - 1)
        operation = rng.choice(("drop", "swap", "double", "replace"))
        if operation == "drop":
            del chars[index]
        elif operation == "swap":
            chars[index], chars[index + 1] = chars[index + 1], chars[index]
        elif operation == "double":
            chars.insert(index, chars[index])
        else:
            chars[index] = rng.choice("aeiourstlnx")
    return "".join(chars)


def _queries(rng: random.Random, values: list[str]) -> list[str]:
    """Return queries that reach every rule: values as stored, cut, reordered, misspelled."""
    queries = ["", "   ", "zzzz qqqq", "e", "li"]
    for value in rng.sample(values, min(len(values), 8)):
        words = value.split()
        queries.append(value)
        queries.append(value.upper())
        queries.append(unicodedata.normalize("NFD", value))
        queries.append(value.replace(" ", ""))
        queries.append(" ".join(reversed(words)))
        queries.append(" ".join(word[:3] for word in words))
        queries.append(value[1:-1])
        queries.append(_misspell(rng, value))
        queries.append(" ".join(words[:1] * 2))
    return queries


def _value(rng: random.Random) -> str:
    return " ".join(rng.choice(WORDS) for _ in range(rng.randint(1, 4)))


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(rng=st.randoms(use_true_random=False))
def test_search_equals_scoring_every_name(rng: random.Random) -> None:
    """Through puts, replacements and removals, every query answers as best_match does."""
    index = TextIndex()
    fields: dict[str, list[tuple[str, str]]] = {}
    for _ in range(rng.randint(1, 60)):
        key = f"light.k{rng.randint(0, 40)}"
        if key in fields and rng.random() < 0.2:
            index.discard(key)
            del fields[key]
            continue
        pairs = [(rng.choice(FIELDS), _value(rng)) for _ in range(rng.randint(1, 6))]
        index.put(key, pairs)
        fields[key] = pairs
    values = [value for pairs in fields.values() for _, value in pairs] or ["bed light"]
    some = set(rng.sample(sorted(fields), len(fields) // 2)) if fields else set()
    odd = {key for key in fields if int(key.removeprefix("light.k")) % 2}
    for query in _queries(rng, values):
        every = _brute(fields, query)
        assert index.search(query) == every, query
        # Asking for some keys only answers as scoring only theirs (values
        # are shared between keys; a key that matched well skips fuzzy ones).
        assert index.search(query, some) == {k: m for k, m in every.items() if k in some}
        assert index.search(query, where=odd.__contains__) == {
            k: m for k, m in every.items() if k in odd
        }
    assert set(index) == set(fields)


@given(
    texts=st.lists(st.text(min_size=0, max_size=12), min_size=1, max_size=12),
    query=st.text(max_size=12),
)
@settings(max_examples=150, deadline=None)
def test_any_text_answers_as_best_match(texts: list[str], query: str) -> None:
    """Arbitrary Unicode (controls, marks, surrogates of no script) answers the same."""
    index = TextIndex()
    fields = {
        f"sensor.t{n}": [("name", text), ("alias", text[::-1])] for n, text in enumerate(texts)
    }
    for key, pairs in fields.items():
        index.put(key, pairs)
    for probe in (query, *texts):
        assert index.search(probe) == _brute(fields, probe), probe


def test_a_house_of_names() -> None:
    """Names people give, in several languages: each rule's answer, by hand."""
    index = TextIndex()
    index.put("light.bed_light", [("name", "Bed Light"), ("alias", "寝室の照明")])
    index.put("light.office", [("name", "Office RGBW Lights"), ("alias", "Büro Decke")])
    index.put("lock.front_door", [("name", "Front Door"), ("entity_id", "lock.front_door")])
    assert index.search("bedlight")["light.bed_light"].kind == "compact"
    assert index.search("light bed")["light.bed_light"].kind == "tokens"
    assert index.search("ＢＵＲＯ　ＤＥＣＫＥ")["light.office"] == Match(
        1.0, "exact", "alias", "Büro Decke"
    )
    assert index.search("寝室")["light.bed_light"].kind == "contains"
    assert index.search("frnt door")["lock.front_door"].kind == "fuzzy"
    assert index.search("front door", keys={"light.office"}) == {}
    index.put("lock.front_door", [("name", "Back Door")])
    assert "lock.front_door" not in index.search("front")
    index.discard("light.bed_light")
    assert index.search("bed light") == {}
    assert index.distinct_values == 3  # What is left: two office names and "back door".


def _sequence_matcher(a: str, b: str) -> int:
    return sum(block.size for block in SequenceMatcher(None, a, b).get_matching_blocks())


@settings(max_examples=2000, deadline=None)
@given(
    alphabet=st.sampled_from(["ab", "abc", "livngromce", "寝室の照明", "ßsẞ"]),
    data=st.data(),
)
def test_matching_letters_counts_what_sequence_matcher_finds(
    alphabet: str, data: st.DataObject
) -> None:
    """The same blocks as SequenceMatcher: few letters make many ties, broken as it breaks them."""
    a = data.draw(st.text(alphabet, max_size=30))
    b = data.draw(st.text(alphabet, max_size=45))
    assert matching_letters(a, b) == _sequence_matcher(a, b), (a, b)


@settings(max_examples=200, deadline=None)
@given(
    a=st.text(max_size=40), b=st.text(max_size=260), extra=st.text("ae ", min_size=0, max_size=240)
)
def test_matching_letters_for_any_text_and_long_values(a: str, b: str, extra: str) -> None:
    """Any text, and values long enough (200 letters) that SequenceMatcher ignores frequent letters."""
    # Its autojunk: "e" is frequent in the value, so no "e" of the query matches.
    assert (
        matching_letters("eeee", "porch" + "e" * 200)
        == 0
        == _sequence_matcher("eeee", "porch" + "e" * 200)
    )
    for value in (b, b + extra):
        assert matching_letters(a, value) == _sequence_matcher(a, value), (a, value)


@settings(max_examples=150, suppress_health_check=[HealthCheck.too_slow], deadline=None)
@given(
    st.lists(st.text(min_size=1, max_size=12), min_size=1, max_size=8),
    st.text(min_size=1, max_size=6),
)
def test_keys_with_a_word_are_those_of_every_word_tried(texts: list[str], word: str) -> None:
    """`keys_with_word` answers as trying every word sharing the first letter (any, unspaced)."""
    index = TextIndex()
    fields = {f"key{number}": [("name", text)] for number, text in enumerate(texts)}
    for key, pairs in fields.items():
        index.put(key, pairs)

    def near(query: str, stored: str) -> bool:
        return query[-1] in stored

    folded = Folded.of(word)
    expected = {
        key
        for key, pairs in fields.items()
        for _, text in pairs
        if folded.text
        and any(
            near(folded.text, stored) and (folded.unspaced or stored[0] == folded.text[0])
            for stored in Folded.of(text).tokens
        )
    }
    assert index.keys_with_word(word, near) == expected


def test_a_combining_mark_is_part_of_its_word() -> None:
    """Devanagari's vowel signs and marks are letters of their word, not separators.

    "जिम की लाइट" (Hindi: the gym's light) is three words; a name in Hindi matches as written.
    """
    assert fold("जिम की लाइट") == "जिम की लाइट"
    assert fold("Gäste-WC_1") == "gaste wc 1"  # Punctuation and underscores still separate.
    index = TextIndex()
    index.put("light.gym", [("name", "जिम की लाइट")])
    index.put("light.gym_2", [("name", "ज म")])  # The same letters without their vowel sign.
    assert index.search("जिम की लाइट")["light.gym"].kind == "exact"
    assert index.search("जिम लाइट")["light.gym"].kind == "tokens"
