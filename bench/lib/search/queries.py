"""The queries of the search-quality benchmark, each with the entity a person means.

`DEMO_QUERIES` are written by hand for `script/demo`'s house
(`script/demo_setup.py`: its areas, aliases and names); `house_queries`
writes them for `bench_house`'s plan, from the entities that are the only
one of their kind in their room. Each query is labelled with what it tries:
typo, room + device, alias, language, plural, order.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Final


@dataclass(frozen=True, slots=True)
class Query:
    """One query, what it tries, and the entity a person means by it.

    also: other entities a person may equally mean ("upstairs lights": any
        light upstairs); the query is a hit when any of them comes.
    held_out: 0 for the tuned set; else the round of the held-out set
        (`held_out.py`) that wrote it, never tuned on.
    """

    house: str
    kind: str
    text: str
    expected: str
    also: tuple[str, ...] = ()
    held_out: int = 0

    @property
    def meant(self) -> tuple[str, ...]:
        """Return every entity the query may mean."""
        return (self.expected, *self.also)


def _demo(kind: str, text: str, expected: str) -> Query:
    return Query("demo", kind, text, expected)


DEMO_QUERIES: Final = [
    # The issue's own (issue 33, item 5).
    _demo("typo", "bedroom lite", "light.bed_light"),
    _demo("typo", "bedrom lite", "light.bed_light"),
    _demo("order", "light in the bedroom", "light.bed_light"),
    _demo("alias", "the chambre lamp", "light.bed_light"),
    _demo("typo", "ofice ceilng light", "light.office_rgbw_lights"),
    # Room + device.
    _demo("room", "bedroom light", "light.bed_light"),
    _demo("room", "office light", "light.office_rgbw_lights"),
    _demo("room", "kitchen window", "cover.kitchen_window"),
    _demo("room", "living room window", "cover.living_room_window"),
    _demo("room", "garage door", "cover.garage_door"),
    _demo("room", "bedroom fan", "fan.ceiling_fan"),
    _demo("room", "living room fan", "fan.living_room_fan"),
    _demo("room", "office thermostat", "climate.ecobee"),
    _demo("room", "living room heating", "climate.heatpump"),
    _demo("room", "entrance light", "light.entrance_color_white_lights"),
    _demo("room", "dining room light", "light.ceiling_lights"),
    # Word order and filler words.
    _demo("order", "the window in the kitchen", "cover.kitchen_window"),
    _demo("order", "lights of the office", "light.office_rgbw_lights"),
    _demo("order", "window living room", "cover.living_room_window"),
    _demo("order", "fan in the bedroom", "fan.ceiling_fan"),
    # Aliases of rooms and entities.
    _demo("alias", "salon window", "cover.living_room_window"),
    _demo("alias", "bureau lamp", "light.office_rgbw_lights"),
    _demo("alias", "hallway window", "cover.hall_window"),
    _demo("alias", "nightstand lamp", "light.bed_light"),
    _demo("alias", "mood lights", "light.living_room_rgbww_lights"),
    _demo("alias", "carport door", "cover.garage_door"),
    # Other languages.
    _demo("language", "lumière de la chambre", "light.bed_light"),
    _demo("language", "lampe du bureau", "light.office_rgbw_lights"),
    _demo("language", "寝室のライト", "light.bed_light"),
    _demo("language", "Küche Fenster", "cover.kitchen_window"),
    _demo("language", "chauffage", "climate.heatpump"),
    _demo("language", "Esszimmer Licht", "light.ceiling_lights"),
    _demo("language", "porte du garage", "cover.garage_door"),
    # Plurals.
    _demo("plural", "kitchen lights", "light.kitchen_lights"),
    _demo("plural", "bedroom lamps", "light.bed_light"),
    _demo("plural", "office lights", "light.office_rgbw_lights"),
    # Typos, one word and every word.
    _demo("typo", "kichen windw", "cover.kitchen_window"),
    _demo("typo", "livng rom windo", "cover.living_room_window"),
    _demo("typo", "garag dor", "cover.garage_door"),
    _demo("typo", "bedrom fann", "fan.ceiling_fan"),
    _demo("typo", "frnt door", "lock.front_door"),
    _demo("typo", "ofice lihgt", "light.office_rgbw_lights"),
]

TRANSLATED: Final[dict[str, str]] = {
    # A kind of bench_house's plan, in another language (French, German, Japanese).
    "ceiling light": "Deckenlicht",
    "lamp": "lampe",
    "spots": "spots",
    "led strip": "ライト",
    "plug": "prise",
    "blind": "volet",
    "shade": "store",
    "speaker": "enceinte",
    "tv": "télé",
    "thermostat": "Heizung",
    "door lock": "serrure",
}


def _typo(word: str) -> str:
    """Return `word` with one letter dropped (from its middle), if it has 4 or more."""
    return word if len(word) < 4 else word[: len(word) // 2] + word[len(word) // 2 + 1 :]


def _typos(text: str) -> str:
    return " ".join(_typo(word) for word in text.split())


def house_queries(
    rows: list[dict[str, Any]], areas: list[tuple[str, str, list[str]]]
) -> list[Query]:
    """Return the queries for `bench_house`'s entities (`list_entities` rows): 5 per entity chosen.

    Chosen: entities named "<room> <kind> 1" in that room (lights,
    switches, covers, thermostats, media players, locks), the only one of
    their kind there (so a person means that one), two of each kind, up to
    8 in all.
    """
    aliases = {name: names for name, _, names in areas}
    kinds: dict[str, tuple[str, str]] = {}
    counts: dict[tuple[str, str], int] = {}
    for row in rows:
        area, name = row.get("area"), row["name"]
        if area not in aliases or not name.startswith(f"{area} "):
            continue
        kind = name[len(area) + 1 :].rsplit(" ", 1)[0].lower()
        kinds[row["entity_id"]] = area, kind
        counts[area, kind] = counts.get((area, kind), 0) + 1
    queries: list[Query] = []
    per_kind: dict[str, int] = {}
    for entity_id, (area_name, kind) in kinds.items():
        if counts[area_name, kind] != 1 or per_kind.get(kind, 0) >= 2:
            continue
        per_kind[kind] = per_kind.get(kind, 0) + 1
        area = area_name.lower()
        latin_aliases = [alias for alias in aliases[area_name] if alias.isascii()]
        alias = latin_aliases[0] if latin_aliases else aliases[area_name][0]
        other = [a for a in aliases[area_name] if a != alias]
        queries += [
            Query("bench", "order", f"the {kind} in the {area}", entity_id),
            Query("bench", "alias", f"{alias} {kind}", entity_id),
            Query("bench", "typo", _typos(f"{area} {kind}"), entity_id),
            Query("bench", "plural", f"{kind}s {area}", entity_id),
            Query(
                "bench",
                "language",
                f"{TRANSLATED.get(kind, kind)} {other[0] if other else alias}",
                entity_id,
            ),
        ]
        if len(queries) == 40:
            break
    return queries
