"""The house as the read tools see it: entities with their room, floor and names.

`House` reads Home Assistant in-process for one tool call: the state machine
(`hass.states`) and the entity, device, area, floor and label registries,
each entity's registry facts and names through the `EntityIndex` the entry
keeps current (`entity_index.py`). Nothing here goes through REST or
WebSocket.
"""

from __future__ import annotations

from collections.abc import Callable, Container, Iterable, Iterator
from dataclasses import dataclass, replace
from typing import Any, Final

from homeassistant.auth.models import User
from homeassistant.const import STATE_UNAVAILABLE
from homeassistant.core import HomeAssistant, State, split_entity_id
from homeassistant.helpers import (
    area_registry as ar,
    device_registry as dr,
    entity_registry as er,
    floor_registry as fr,
    label_registry as lr,
)

from ..exposure import readable, reads_all
from ..language import LanguageWords, language_words
from ..matching import Match, best_match, fold
from ..phrases import (
    AVAILABLE_PENALTY,
    CLOSEST_BASE,
    CLOSEST_SPAN,
    DEVICE_CLASS_WORDS,
    DOMAIN_MEASURES,
    EXACT_WORD,
    KIND_WEIGHT,
    NAME_WEIGHT,
    OCCASIONS,
    OFFLINE,
    OPPOSITE_PENALTY,
    PLACE_WEIGHT,
    QUESTION_PENALTY,
    ROOM_KINDS,
    ROUTINE_DOMAINS,
    STATELESS_DOMAINS,
    SWITCH_PENALTY,
    SWITCHED_DOMAINS,
    FloorPlace,
    Phrase,
    Room,
    WordScorer,
    asked_clause,
    asks_state,
    asks_switching,
    closest_words,
    complaint_measures,
    device_classes_named,
    domains_named,
    except_clause,
    name_synonyms,
    name_words,
    opposites,
    powered_words,
    query_words,
    read_phrase,
    word_score,
)
from ..shaping import clean_text
from . import ToolError
from .entity_index import SUMMARY_DOMAINS, async_entity_index
from .entity_view import EntityView

__all__ = ["EntityView", "House", "state_summary"]


class House:
    """A read-only view of the registries and states for one tool call.

    user: the caller's Home Assistant user; entities their permissions do
        not let them read are left out, as Home Assistant's own APIs do.
    """

    def __init__(self, hass: HomeAssistant, user: User | None = None) -> None:
        """Take the registries of `hass`, seen by `user`."""
        self.hass = hass
        self.readable = readable(user, hass)
        self.reads_all = reads_all(user, hass)
        self.index = async_entity_index(hass)
        self.entities = er.async_get(hass)
        self.devices = dr.async_get(hass)
        self.areas = ar.async_get(hass)
        self.floors = fr.async_get(hass)
        self.labels = lr.async_get(hass)
        self._area_names: dict[str, str | None] = {}

    def readable_ids(self, entity_ids: list[str]) -> list[str]:
        """Return those of `entity_ids` the caller may read (the same list when all)."""
        return entity_ids if self.reads_all else [e for e in entity_ids if self.readable(e)]

    def view(self, state: State) -> EntityView:
        """Return the `EntityView` of a state."""
        return self.index.async_view(state)

    def get(self, entity_id: str) -> EntityView | None:
        """Return the view of one entity, or None if it has no state or is not readable."""
        state = self.hass.states.get(entity_id)
        if state is None or not self.readable(entity_id):
            return None
        return self.index.async_view(state)

    def all(self, domain: str | None = None) -> Iterator[EntityView]:
        """Yield every readable entity that has a state (of `domain`), in entity id order."""
        if domain:
            entity_ids: list[str] = sorted(self.hass.states.async_entity_ids(domain))
        else:
            entity_ids = self.index.async_entity_ids()
        get_state = self.hass.states.get
        view = self.index.async_view
        for entity_id in entity_ids:
            if (state := get_state(entity_id)) is not None and self.readable(entity_id):
                yield view(state)

    def search(self, query: str) -> list[tuple[EntityView, Match]]:
        """Return the readable entities `query` matches, best first (then by entity id).

        The names' matches (`best_match(query, view.search_fields())` over
        every entity, from the index's candidates only), and the entities
        the query names as device words in a room (`phrases.py`), each with
        its better match (words without a room only improve on a weak one).
        """
        query, left_out = self._excepting(query)
        query = self._asked(query)
        matches = self.index.async_search(query)
        words = " ".join(query_words(query))
        if words and words != fold(query):
            # The names' search again without the fillers ("roof of the pergola": "roof
            # pergola"), each entity keeping its better match.
            for entity_id, match in self.index.async_search(words).items():
                named = matches.get(entity_id)
                if named is None or match.score > named.score:
                    matches[entity_id] = match
        for entity_id, match in self._phrase_matches(query, matches).items():
            # Words without a room only improve on a weak match of the names.
            named = matches.get(entity_id)
            if named is None or (
                match.score > named.score and (match.kind in _PLACES or named.weak)
            ):
                matches[entity_id] = match
        question = asks_state(query)
        # A side named ("the back door") is not the other ("Front Door": `OPPOSITES`).
        said = query_words(query)
        other_side = opposites(said)
        # Asking what is offline ("which sensor has gone offline?"): what is available is not.
        offline = not OFFLINE.isdisjoint(said)
        # Turning on or off what names no kind ("turn everything off in the kitchen"): what it
        # acts on before a window or a lock.
        switching = asks_switching(query) and not self._names_kind(query)
        found = []
        for entity_id, match in matches.items():
            state = self.hass.states.get(entity_id)
            if state is not None and self.readable(entity_id):
                view = self.index.async_view(state)
                if left_out and view.area_id in left_out:
                    continue  # In a place the query leaves out ("every light but the bedroom's").
                if question and split_entity_id(entity_id)[0] in STATELESS_DOMAINS:
                    match = replace(match, score=round(match.score - QUESTION_PENALTY, 3))
                if offline and state.state != STATE_UNAVAILABLE:
                    match = replace(match, score=round(match.score - AVAILABLE_PENALTY, 3))
                if other_side and self._says(entity_id, other_side):
                    match = replace(match, score=round(match.score - OPPOSITE_PENALTY, 3))
                if switching and view.domain not in SWITCHED_DOMAINS:
                    match = replace(match, score=round(match.score - SWITCH_PENALTY, 3))
                found.append((view, match))
        # On a tie, an entity found by its own names before one found by its device's: "outside
        # temperature" is the sensor called so, before the device's battery-charging sensor.
        found.sort(key=lambda item: (-item[1].score, item[1].field == "device", item[0].entity_id))
        return found

    def _names_kind(self, query: str) -> bool:
        """Return True when the words of `query` besides its place name a domain or a class."""
        words = self._read_phrase(query)[0].words
        if not words:
            return False
        language = language_words(self.hass)
        return bool(
            domains_named(words, commands=False)
            or device_classes_named(words)
            or (language is not None and language.domains_named(words))
            or (language is not None and language.device_classes_named(words))
        )

    def _says(self, entity_id: str, words: Container[str]) -> bool:
        """Return True when a word of the entity's names is one of `words`."""
        return any(
            word in words
            for name in self.index.async_folded_names(entity_id)
            for word in name_words(name)
        )

    def _phrase_matches(self, query: str, named: dict[str, Match]) -> dict[str, Match]:
        """Return the entities `query` names as device words, in the room it names if any.

        A floor named ("upstairs", "rez-de-chaussée", "2階") stands for the
        rooms on it; what the names' search found (`named`) outside those
        rooms is tried with every word of the query, the room's too. Without
        a room or floor, the words are tried on the entities of the domains
        they name ("lamp") and on those the names' search found. Home
        Assistant's words for devices in its languages (`language.py`) name
        kinds here too, as written ("luzes", "Fenster").
        """
        language = language_words(self.hass)
        exact: Callable[[str | None, str | None], Container[str]] | None = (
            language.kind_words if language is not None else None
        )
        phrase, area_ids = self._read_phrase(query)
        outside: set[str] = set()
        if area_ids:
            members = self.index.async_rooms(SUMMARY_DOMAINS).members
            candidates: list[str] = [
                entity_id for area_id in area_ids for entity_id in members.get(area_id, ())
            ]
            if phrase.floor_ids:
                # An entity in no room whose name says the floor ("Demo vacuum 0 ground floor")
                # is on it: "start the vacuum downstairs".
                candidates += self._named_on_floors(phrase, named, language)
            # What the names' search found outside those rooms is read with every word, the
            # room's among them: "lock the kitchen door" is the lock called Kitchen Door,
            # wherever it is.
            outside = set(named).difference(candidates)
            candidates.extend(sorted(outside))
        elif phrase.words:
            domains = domains_named(phrase.words)
            if language is not None:
                domains |= language.domains_named(phrase.words)
            candidates = [
                entity_id
                for domain in sorted(domains)
                for entity_id in self.hass.states.async_entity_ids(domain)
            ]
            if not domains:
                # No word names a domain; one may name a device class: "something to dry the
                # laundry" is the dehumidifier.
                candidates += self._of_classes(phrase.words, language)
            if not candidates and language is not None and asks_state(query):
                # No word names a kind; in a question, one may name a state of some (a weak
                # hint, the last one: "är ytterdörren låst?", a lock's `locked`): those
                # domains' entities, the state word read as a kind, the sentence's words that
                # name nothing ("är") left out. Not in a request: "something to dry the
                # laundry" is no climate entity's `dry` mode.
                in_state = language.domains_in_state(phrase.words)
                candidates = [
                    entity_id
                    for domain in sorted(in_state)
                    for entity_id in self.hass.states.async_entity_ids(domain)
                ]
                if candidates:
                    exact = _with_states(language)
                    phrase = replace(
                        phrase, words=tuple(w for w in phrase.words if w not in language.skip)
                    )
            # The entities whose names hold a household's other word for one of the query's
            # ("the fairy lights": the switch called Decorative Lights; `NAME_WORDS`).
            candidates += sorted(self._named_otherwise(phrase.words))
            if not OCCASIONS.isdisjoint(phrase.words):
                # A routine named for its occasion, said another way ("movie night": the scene
                # called Movie time): the routines, read with the words.
                candidates += [
                    entity_id
                    for domain in sorted(ROUTINE_DOMAINS)
                    for entity_id in self.hass.states.async_entity_ids(domain)
                ]
            candidates = list(dict.fromkeys([*candidates, *named]))
        else:
            return {}
        commands = not asks_state(query)
        in_rooms = WordScorer(phrase.words, exact_kinds=exact, commands=commands)
        # Every word as read: a compound naming the room split ("keukendeur": the lock called
        # Kitchen Door is read with keuken and deur, not the compound).
        said = list(phrase.said) or query_words(query)
        every_word = WordScorer(said, exact_kinds=exact, commands=commands) if outside else in_rooms
        found = self._score_words(candidates, outside, phrase, area_ids, in_rooms, every_word)
        if (
            area_ids
            and not set(found).difference(outside)
            and (powered := powered_words(query, phrase.words)) is not None
        ):
            # A place asked to be warmed (or cooled) holds no heater of its own ("warm up the
            # sauna"): what powers one there, its switch (the sauna's plug).
            found.update(
                self._score_words(
                    candidates,
                    outside,
                    replace(phrase, words=powered),
                    area_ids,
                    WordScorer(powered, exact_kinds=exact, commands=commands),
                    every_word,
                )
            )
        if (
            area_ids
            and not set(found).difference(outside)
            and (measures := complaint_measures(query, phrase.words)) is not None
        ):
            # A place complained of holds nothing to remedy it ("the wine is getting too
            # warm": the wine cellar has no cooling): what the complaint is about, there (its
            # temperature).
            phrase = replace(phrase, words=measures)
            in_rooms = WordScorer(measures, exact_kinds=exact, commands=commands)
            found.update(
                self._score_words(
                    candidates,
                    outside,
                    phrase,
                    area_ids,
                    in_rooms,
                    every_word if outside else in_rooms,
                )
            )
        if area_ids and phrase.words and not set(found).difference(outside):
            # Nothing in those rooms is what the words name, and the room is of a kind others
            # are particular ones of (`ROOM_KINDS`: "the lamp in our bathroom", the bathroom
            # having none): what is in those, read with the words (the ensuite's lamp).
            kindred = self._kindred(area_ids)
            members = self.index.async_rooms(SUMMARY_DOMAINS).members
            found.update(
                self._score_words(
                    [entity_id for area_id in kindred for entity_id in members.get(area_id, ())],
                    set(),
                    replace(phrase, area_ids=kindred),
                    kindred,
                    in_rooms,
                    in_rooms,
                )
            )
        if area_ids and phrase.words:
            # Nothing in those rooms is of a kind the words name ("玄関の鍵": the entrance's
            # lock, which is in no room; "is the kitchen door locked": the kitchen has a
            # window, its door's lock is in no room): the entities of those kinds, wherever
            # they are, read with every word, the room's too ("speaker in the kitchen": the
            # player called Kitchen first), not each required.
            in_place = {split_entity_id(entity_id)[0] for entity_id in set(found) - outside}
            # With something found there, only the kinds the words name (not those a command
            # word acts on: "is the kitchen window open?" asks no lock).
            domains = domains_named(phrase.words, commands=not in_place)
            if language is not None:
                domains |= language.domains_named(phrase.words)
            domains -= in_place
            elsewhere = {
                entity_id
                for domain in sorted(domains)
                for entity_id in self.hass.states.async_entity_ids(domain)
            }
            # So are the entities whose names hold a household's other word for one of the
            # query's (`NAME_WORDS`: "we're watching a film in the cinema" is the script called
            # Movie time, in no room or another).
            elsewhere = elsewhere.union(self._named_otherwise(phrase.words)).difference(found)
            if elsewhere:
                kinds = WordScorer(said, exact_kinds=exact, commands=commands)
                found.update(
                    self._score_words(
                        sorted(elsewhere), elsewhere, phrase, (), kinds, kinds, every=False
                    )
                )
        return found

    def _named_otherwise(self, words: Iterable[str]) -> set[str]:
        """Return the entities whose names hold another word of `NAME_WORDS` for one of `words`."""
        return {
            entity_id
            for word in words
            for synonym in sorted(name_synonyms(word))
            for entity_id in self.index.async_with_word(synonym, _same)
        }

    def _named_on_floors(
        self, phrase: Phrase, named: Iterable[str], language: LanguageWords | None
    ) -> list[str]:
        """Return the entities in no area whose names name one of the floors `phrase` names.

        Among those the names' search found (`named`) and those of the domains the words name.
        """
        domains = domains_named(phrase.words)
        if language is not None:
            domains |= language.domains_named(phrase.words)
        tried = dict.fromkeys(
            [
                *named,
                *(
                    entity_id
                    for domain in sorted(domains)
                    for entity_id in self.hass.states.async_entity_ids(domain)
                ),
            ]
        )
        floors = self._floor_places()
        wanted = set(phrase.floor_ids)
        found = []
        get_state = self.hass.states.get
        for entity_id in tried:
            if (state := get_state(entity_id)) is None:
                continue
            view = self.index.async_view(state)
            if view.area_id is not None or view.hidden:
                continue
            if any(
                wanted.intersection(read_phrase(name.text, (), floors).floor_ids)
                for name in self.index.async_folded_names(entity_id)
            ):
                found.append(entity_id)
        return found

    def _floor_places(self) -> list[FloorPlace]:
        """Return the house's floors as a query may name them."""
        return [
            FloorPlace(floor.floor_id, (floor.name, *sorted(floor.aliases)), floor.level)
            for floor in self.floors.async_list_floors()
        ]

    def _of_classes(self, words: Iterable[str], language: LanguageWords | None) -> list[str]:
        """Return the entities (of `_CLASSED_DOMAINS`) of the device classes `words` name."""
        classes = device_classes_named(words)
        if language is not None:
            classes |= language.device_classes_named(words)
        if not classes:
            return []
        get_state = self.hass.states.get
        return [
            entity_id
            for domain in _CLASSED_DOMAINS
            for entity_id in self.hass.states.async_entity_ids(domain)
            if (state := get_state(entity_id)) is not None
            and self.index.async_view(state).device_class in classes
        ]

    def _score_words(
        self,
        candidates: list[str],
        outside: set[str],
        phrase: Phrase,
        area_ids: tuple[str, ...],
        in_rooms: WordScorer,
        every_word: WordScorer,
        *,
        every: bool = True,
    ) -> dict[str, Match]:
        """Return the matches of `_phrase_matches`'s candidates, scored by their words.

        Those in `outside` (out of the rooms named) with `every_word`, each
        word required with `every`; the others with `in_rooms`.
        """
        place = "room" if phrase.area_ids else "floor" if area_ids else "words"
        found: dict[str, Match] = {}
        get_state = self.hass.states.get
        for entity_id in candidates:
            if (state := get_state(entity_id)) is None:
                continue
            view = self.index.async_view(state)
            if view.hidden:
                continue
            if not phrase.words and entity_id not in outside:
                score, field = 0.6 + 0.1 * phrase.room_score, "area"
                found[entity_id] = Match(round(score, 3), place, field, view.name)
                continue
            tokens = [
                word
                for name in self.index.async_folded_names(entity_id)
                for word in name_words(name)
            ]
            if entity_id in outside:
                # Every word, the room's too, in its names or kind: not another room's light.
                scored = every_word.score(tokens, view.domain, view.device_class, every=every)
            else:
                scored = in_rooms.score(tokens, view.domain, view.device_class)
            if scored is None:
                continue
            mean, field = scored
            # Strong only when the room and the words are: a typo in each is weak. Words
            # alone (no room) count as a room matched at 0.6; an entity outside the rooms
            # whose names say every word, the room's too, as well as the room is said.
            room = phrase.room_score if area_ids else 0.6
            if entity_id in outside:
                room = max(room, 0.6) if every_word is not in_rooms else 0.6
            kind = "words" if entity_id in outside else place
            found[entity_id] = Match(round(0.45 + 0.5 * room * mean, 3), kind, field, view.name)
        return found

    def _kindred(self, area_ids: tuple[str, ...]) -> tuple[str, ...]:
        """Return the rooms that are particular kinds of the rooms `area_ids` (`ROOM_KINDS`).

        The rooms named by a particular kind's word as written ("ensuite"), when
        the general kind's word ("bathroom") names one of `area_ids`.
        """
        kindred: set[str] = set()
        for general, particulars in ROOM_KINDS:
            phrase, named = self._read_phrase(general)
            if phrase.room_score < 1.0 or not set(named).intersection(area_ids):
                continue
            for particular in particulars:
                phrase, named = self._read_phrase(particular)
                if phrase.room_score >= 1.0:
                    kindred.update(named)
        return tuple(sorted(kindred.difference(area_ids)))

    def _excepting(self, query: str) -> tuple[str, frozenset[str]]:
        """Return `query` without the place it leaves out (`except_clause`), and that place's areas.

        "turn off every light except the bedroom one": "turn off every light",
        and the bedroom; a floor left out stands for its rooms. When the words
        left out name no place, `query` as it is and no area.
        """
        kept, left_out = except_clause(query)
        if not left_out or not (area_ids := self._read_phrase(left_out)[1]):
            return query, frozenset()
        return kept, frozenset(area_ids)

    def _asked(self, query: str) -> str:
        """Return `query` without a circumstance said before what it asks (`asked_clause`)."""
        return asked_clause(query, lambda text: bool(self._read_phrase(text)[1]))

    def _read_phrase(self, query: str) -> tuple[Phrase, tuple[str, ...]]:
        """Return `read_phrase` over the house's areas and floors, and the areas it names.

        The areas: the rooms named, else those on the floors named.
        """
        rooms = [
            Room(area.id, (area.name, *sorted(area.aliases)))
            for area in self.areas.async_list_areas()
        ]
        phrase = read_phrase(query, rooms, self._floor_places())
        area_ids = phrase.area_ids or tuple(
            area.id
            for floor_id in phrase.floor_ids
            for area in ar.async_entries_for_floor(self.areas, floor_id)
        )
        return phrase, area_ids

    def closest(self, query: str, where: Callable[[EntityView], bool] | None = None) -> Closest:
        """Return the entities matching some of `query`'s words, best first: the closest matches.

        For when no entity matches every word (`search` finds nothing). Each
        candidate is scored by the words it matches: the room or floor the
        query names when the entity is there (`PLACE_WEIGHT`), each other
        word found in its names (`NAME_WEIGHT`; the room's words too) or
        naming its kind (`KIND_WEIGHT`: its domain, device class, what it
        measures, a command for it; and Home Assistant's words for them in
        its languages, `language.py`). A word no entity matches is left out
        (it is in `Closest.ignored`); with none matching, nothing is found.
        Every match is weak, of kind "closest". Only the entities for which
        `where` is true, if given.
        """
        language = language_words(self.hass)
        skip = language.skip if language is not None else frozenset()
        query, left_out = self._excepting(query)
        query = self._asked(query)
        phrase, area_ids = self._read_phrase(query)
        all_words = closest_words(query_words(query), skip)
        words = closest_words(phrase.words, skip)
        place_words = list(all_words)
        for word in words:
            if word in place_words:
                place_words.remove(word)
        if not area_ids:
            place_words = []
        if not words and not area_ids:
            return Closest([], tuple(all_words))

        def measured(domain: str, _: str | None) -> list[str]:
            return [
                word
                for measure in DOMAIN_MEASURES.get(domain, ())
                for word in DEVICE_CLASS_WORDS.get(measure, ())
            ]

        scorer = WordScorer(
            [*place_words, *words], measured, language.kind_words if language else None
        )
        candidates: set[str] = set()
        if area_ids:
            members = self.index.async_rooms(SUMMARY_DOMAINS).members
            for area_id in area_ids:
                candidates.update(members.get(area_id, ()))
        # Those whose names (or ids) hold a word near one of the query's.
        worded: set[str] = set()
        for word in dict.fromkeys([*place_words, *words]):
            worded |= self.index.async_with_word(word, _near)
        candidates |= worded
        domains = domains_named(words)
        classes = device_classes_named(words)
        if language is not None:
            domains |= language.domains_named(words)
            classes |= language.device_classes_named(words)
        domains.update(
            domain for domain, measures in DOMAIN_MEASURES.items() if classes.intersection(measures)
        )
        for domain in sorted(domains):
            candidates.update(self.hass.states.async_entity_ids(domain))
        get_state = self.hass.states.get
        if classes:
            for domain in _CLASSED_DOMAINS:
                for entity_id in self.hass.states.async_entity_ids(domain):
                    state = get_state(entity_id)
                    if state is not None and self.view(state).device_class in classes:
                        candidates.add(entity_id)
        place = len(place_words)
        scored: list[tuple[EntityView, list[tuple[float, str]]]] = []
        for entity_id in sorted(candidates):
            if (state := get_state(entity_id)) is None or not self.readable(entity_id):
                continue
            view = self.index.async_view(state)
            if view.hidden or view.area_id in left_out or (where is not None and not where(view)):
                continue
            # Names holding no word near the query's match none of them: not read.
            tokens = (
                [
                    word
                    for name in self.index.async_folded_names(entity_id)
                    for word in name_words(name)
                ]
                if entity_id in worded
                else []
            )
            each = scorer.word_scores(tokens, view.domain, view.device_class)
            units: list[tuple[float, str]] = []
            if area_ids:
                in_place = phrase.room_score * PLACE_WEIGHT if view.area_id in area_ids else 0.0
                # The room said as it is called ("il garage") is no typo of another name
                # ("Back garden"): elsewhere, its words count only as written.
                exactly = phrase.room_score >= 1.0
                named = (
                    NAME_WEIGHT
                    * sum(name for name, _ in each[:place] if not exactly or name >= EXACT_WORD)
                    / max(place, 1)
                )
                units.append((in_place, "area") if in_place >= named else (named, "name"))
            for in_names, in_kind in each[place:]:
                named, kind = NAME_WEIGHT * in_names, KIND_WEIGHT * in_kind
                units.append((named, "name") if named >= kind else (kind, "domain"))
            if any(score for score, _ in units):
                scored.append((view, units))
        if not scored:
            return Closest([], tuple(all_words))
        count = len(scored[0][1])
        matched = [index for index in range(count) if any(units[index][0] for _, units in scored)]
        ignored = tuple(
            word
            for index, word in enumerate(words, start=1 if area_ids else 0)
            if index not in matched
        )
        found = []
        for view, units in scored:
            total = sum(units[index][0] for index in matched)
            field = max(units, key=lambda unit: unit[0])[1]
            score = round(CLOSEST_BASE + CLOSEST_SPAN * total / len(matched), 3)
            found.append((view, Match(score, "closest", field, view.name)))
        found.sort(key=lambda item: (-item[1].score, item[0].entity_id))
        return Closest(found, ignored)

    def area_name(self, area_id: str | None) -> str | None:
        """Return the name of an area id, cleaned, or None (remembered for this call)."""
        if not area_id:
            return None
        if area_id not in self._area_names:
            area = self.areas.async_get_area(area_id)
            self._area_names[area_id] = clean_text(area.name) if area is not None else None
        return self._area_names[area_id]

    def resolve_area(self, value: str) -> list[str]:
        """Return the area ids `value` names.

        An exact area id means that area only. Otherwise names and aliases are
        matched (accent-, case- and width-insensitive); every area sharing the
        best strong score is returned, so two areas sharing an alias come back
        together and the caller can refuse to guess. Raises `ToolError`
        (`not_found`) when nothing matches.
        """
        if self.areas.async_get_area(value) is not None:
            return [value]
        candidates = [
            (area.id, best_match(value, _named(area.name, area.aliases)))
            for area in self.areas.async_list_areas()
        ]
        return _best_ids(value, "area", candidates, [a.name for a in self.areas.async_list_areas()])

    def resolve_floor(self, value: str) -> list[str]:
        """Return the floor ids `value` names (id, name or alias); see `resolve_area`."""
        if self.floors.async_get_floor(value) is not None:
            return [value]
        floors = list(self.floors.async_list_floors())
        candidates = [
            (floor.floor_id, best_match(value, _named(floor.name, floor.aliases)))
            for floor in floors
        ]
        return _best_ids(value, "floor", candidates, [f.name for f in floors])

    def resolve_label(self, value: str) -> list[str]:
        """Return the label ids `value` names (id or name); see `resolve_area`."""
        if self.labels.async_get_label(value) is not None:
            return [value]
        labels = list(self.labels.async_list_labels())
        candidates = [
            (label.label_id, best_match(value, [("name", label.name)])) for label in labels
        ]
        return _best_ids(value, "label", candidates, [label.name for label in labels])


@dataclass(frozen=True, slots=True)
class Closest:
    """The closest matches of a query (`House.closest`), and its words no entity matched."""

    found: list[tuple[EntityView, Match]]
    ignored: tuple[str, ...]


_CLASSED_DOMAINS: Final = (
    *("sensor", "binary_sensor", "cover", "switch", "media_player", "valve", "humidifier"),
)
"""The domains whose entities a device class word may name, among the closest matches."""


def _near(query_word: str, word: str) -> bool:
    """Return True when a word of a name may match a query word (`word_score`)."""
    return word_score(query_word, word) > 0


def _same(query_word: str, word: str) -> bool:
    """Return True when a word of a name is the query word itself."""
    return query_word == word


_PLACES = frozenset({"room", "floor"})
"""The match kinds of device words in a named place: they may beat a strong name match."""


def _named(name: str, aliases: set[str]) -> list[tuple[str, str | None]]:
    return [("name", name), *(("alias", alias) for alias in sorted(aliases))]


def _best_ids(
    value: str, kind: str, candidates: list[tuple[str, Match | None]], known: list[str]
) -> list[str]:
    scored = [(ident, match) for ident, match in candidates if match is not None and not match.weak]
    if not scored:
        names = ", ".join(sorted(clean_text(name) for name in known)[:30])
        raise ToolError(
            "not_found",
            f"No {kind} is called {clean_text(value)!r}",
            f"Known {kind}s: {names}" if names else f"This house has no {kind}s",
        )
    top = max(match.score for _, match in scored)
    return [ident for ident, match in scored if match.score == top]


def state_summary(view: EntityView) -> dict[str, Any]:
    """Return the minimal row a list shows for an entity."""
    return {
        "entity_id": view.entity_id,
        "name": view.name,
        "state": view.state.state,
    }


def _with_states(language: LanguageWords) -> Callable[[str | None, str | None], frozenset[str]]:
    """Return `language.kind_words` with the names of the domain's states."""

    def kinds(domain: str | None, device_class: str | None) -> frozenset[str]:
        return language.kind_words(domain, device_class) | language.state_words(domain)

    return kinds
