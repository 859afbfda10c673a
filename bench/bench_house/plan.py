"""The benchmark house: a deterministic plan of floors, areas, labels and entities.

Pure Python (no Home Assistant import), so the plan is the same for a given
size and seed wherever it is computed. `bench_house` builds it in a real Home
Assistant: registries, real entity objects, recorded history.

Shape of the house, whatever its size:
- 3 floors (with aliases), 30 areas (10 per floor, each with aliases in
  several languages), 10 labels;
- entities in a fixed domain mix (mostly sensors, then binary sensors,
  lights, switches, covers, climate, media players, locks); lights, switches,
  covers, locks, climate and media players are each their own device,
  sensors and binary sensors share multisensor devices of 2 to 4;
- about 92 % of devices are in an area, 3 % of the named entities (sensors) have an area
  of their own, 20 % have aliases, 15 % labels, 2 % are hidden and 1 % of the
  sensors are unavailable;
- the light called by the benchmark is always `light.living_room_ceiling_light_1`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
import random
import re
from typing import Any, Final
import unicodedata

CALL_LIGHT: Final = "light.living_room_ceiling_light_1"
"""The light the benchmark turns on and off (always planned first)."""
CALL_LIGHT_AREA: Final = "Living room"

FLOORS: Final[list[dict[str, Any]]] = [
    {"name": "Basement", "level": -1, "aliases": ["cellar", "sous-sol", "Keller"]},
    {"name": "Ground floor", "level": 0, "aliases": ["downstairs", "rez-de-chaussée", "1階"]},
    {"name": "First floor", "level": 1, "aliases": ["upstairs", "premier étage", "2階"]},
]

AREAS: Final[list[tuple[str, str, list[str]]]] = [
    # (name, floor, aliases)
    ("Boiler room", "Basement", ["Chaufferie", "Heizungsraum"]),
    ("Workshop", "Basement", ["Atelier", "Werkstatt"]),
    ("Gym", "Basement", ["Fitness", "ジム"]),
    ("Wine cellar", "Basement", ["Cave à vin", "Weinkeller"]),
    ("Storage", "Basement", ["Débarras", "物置"]),
    ("Cinema", "Basement", ["Home cinema", "Kino"]),
    ("Sauna", "Basement", ["サウナ"]),
    ("Pantry", "Basement", ["Cellier", "Vorratskammer"]),
    ("Utility room", "Basement", ["Buanderie", "Hauswirtschaftsraum"]),
    ("Laundry", "Basement", ["Lingerie", "洗濯室"]),
    ("Living room", "Ground floor", ["Lounge", "Salon", "リビング"]),
    ("Kitchen", "Ground floor", ["Cuisine", "Küche", "台所"]),
    ("Dining room", "Ground floor", ["Salle à manger", "Esszimmer"]),
    ("Hall", "Ground floor", ["Hallway", "Couloir", "Flur"]),
    ("Entrance", "Ground floor", ["Front door area", "Entrée", "玄関"]),
    ("Guest toilet", "Ground floor", ["WC", "Toilettes"]),
    ("Office", "Ground floor", ["Bureau", "Büro", "書斎"]),
    ("Library", "Ground floor", ["Bibliothèque"]),
    ("Garage", "Ground floor", ["Carport", "ガレージ"]),
    ("Garden", "Ground floor", ["Jardin", "Garten", "庭"]),
    ("Master bedroom", "First floor", ["Parents' room", "Chambre parentale", "寝室"]),
    ("Bedroom 2", "First floor", ["Chambre 2", "Kinderzimmer"]),
    ("Bedroom 3", "First floor", ["Chambre 3", "Guest room"]),
    ("Nursery", "First floor", ["Chambre bébé", "子供部屋"]),
    ("Bathroom", "First floor", ["Salle de bain", "Badezimmer", "浴室"]),
    ("Ensuite", "First floor", ["Salle d'eau"]),
    ("Dressing room", "First floor", ["Dressing", "Ankleide"]),
    ("Landing", "First floor", ["Palier", "Treppenhaus"]),
    ("Study", "First floor", ["Étude", "Arbeitszimmer"]),
    ("Playroom", "First floor", ["Salle de jeux", "Spielzimmer"]),
]

LABELS: Final[list[str]] = [
    "Energy",
    "Security",
    "Night",
    "Holiday",
    "Outdoor",
    "Kids",
    "Guests",
    "Critical",
    "Battery",
    "Comfort",
]

ALIAS_WORDS: Final[list[str]] = [
    "Plafonnier",
    "Deckenlampe",
    "天井灯",
    "Luz del techo",
    "Lampe",
    "Capteur",
    "Fühler",
    "センサー",
    "Prise",
    "Volet",
]

# Share of each domain, per thousand entities.
DOMAIN_MIX: Final[dict[str, int]] = {
    "sensor": 485,
    "binary_sensor": 160,
    "light": 140,
    "switch": 90,
    "cover": 60,
    "climate": 25,
    "media_player": 25,
    "lock": 15,
}

KINDS: Final[dict[str, list[tuple[str, int]]]] = {
    # (kind, weight)
    "sensor": [
        ("temperature", 30),
        ("humidity", 20),
        ("power", 20),
        ("energy", 10),
        ("battery", 15),
        ("illuminance", 5),
    ],
    "binary_sensor": [("motion", 40), ("window", 30), ("door", 20), ("occupancy", 10)],
    "light": [("ceiling light", 45), ("lamp", 25), ("spots", 20), ("led strip", 10)],
    "switch": [("plug", 60), ("relay", 25), ("fan", 15)],
    "cover": [("blind", 55), ("shade", 20), ("window", 15), ("door", 5), ("garage door", 5)],
    "climate": [("thermostat", 1)],
    "media_player": [("speaker", 70), ("tv", 30)],
    "lock": [("door lock", 1)],
}

SENSOR_UNITS: Final[dict[str, tuple[str, str, float, float]]] = {
    # kind: (unit, state_class, low, high)
    "temperature": ("°C", "measurement", 17.0, 24.0),
    "humidity": ("%", "measurement", 30.0, 65.0),
    "power": ("W", "measurement", 0.0, 2000.0),
    "energy": ("kWh", "total_increasing", 0.0, 5000.0),
    "battery": ("%", "measurement", 5.0, 100.0),
    "illuminance": ("lx", "measurement", 0.0, 800.0),
}

HISTORY_KINDS: Final = ("temperature", "power", "humidity", "illuminance")
"""Sensor kinds that get a recorded day of history (they change often)."""


def slugify(text: str) -> str:
    """Return a lower-case ASCII slug, as Home Assistant makes object ids."""
    ascii_text = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode()
    return re.sub(r"[^a-z0-9]+", "_", ascii_text.lower()).strip("_") or "unnamed"


@dataclass(slots=True, kw_only=True)
class EntitySpec:
    """One planned entity and its device.

    name: the entity's own name (None: the device's main entity, whose
        friendly name is the device's name).
    area: the device's area name (None: in no area).
    own_area: an area of the entity's own, overriding the device's.
    values: the initial state (`is_on`, `value`, `position`, ...).
    """

    domain: str
    kind: str
    object_id: str
    unique_id: str
    name: str | None
    device_key: str
    device_name: str
    area: str | None
    own_area: str | None = None
    aliases: list[str] = field(default_factory=list)
    labels: list[str] = field(default_factory=list)
    hidden: bool = False
    available: bool = True
    values: dict[str, Any] = field(default_factory=dict)

    @property
    def entity_id(self) -> str:
        """Return the planned entity id."""
        return f"{self.domain}.{self.object_id}"

    @property
    def friendly_name(self) -> str:
        """Return the name Home Assistant will show."""
        return f"{self.device_name} {self.name}" if self.name else self.device_name


@dataclass(slots=True)
class HousePlan:
    """Every planned entity, in creation order."""

    entities: list[EntitySpec]

    def by_domain(self, domain: str) -> list[EntitySpec]:
        """Return the planned entities of one domain."""
        return [spec for spec in self.entities if spec.domain == domain]

    def history_sensors(self, count: int) -> list[EntitySpec]:
        """Return up to `count` sensors that get a day of recorded history."""
        return [
            spec
            for spec in self.entities
            if spec.domain == "sensor" and spec.kind in HISTORY_KINDS and spec.available
        ][:count]


def _domain_counts(total: int) -> dict[str, int]:
    """Split `total` entities over the domains by `DOMAIN_MIX` (largest remainder)."""
    weight = sum(DOMAIN_MIX.values())
    exact = {domain: total * share / weight for domain, share in DOMAIN_MIX.items()}
    counts = {domain: int(value) for domain, value in exact.items()}
    for domain in sorted(exact, key=lambda d: exact[d] - counts[d], reverse=True):
        if sum(counts.values()) >= total:
            break
        counts[domain] += 1
    # Every domain at least once when there is room (a small house has a lock too).
    if total >= len(DOMAIN_MIX):
        for domain in DOMAIN_MIX:
            if counts[domain] == 0:
                richest = max(counts, key=lambda d: counts[d])
                counts[richest] -= 1
                counts[domain] = 1
    return counts


def _pick(rng: random.Random, choices: list[tuple[str, int]]) -> str:
    kinds, weights = zip(*choices, strict=True)
    return str(rng.choices(kinds, weights=weights)[0])


def _values(rng: random.Random, domain: str, kind: str) -> dict[str, Any]:
    """Return a plausible initial state for an entity of `domain` and `kind`."""
    if domain == "sensor":
        unit, state_class, low, high = SENSOR_UNITS[kind]
        return {
            "value": round(rng.uniform(low, high), 1),
            "unit": unit,
            "state_class": state_class,
            "device_class": kind,
        }
    if domain == "binary_sensor":
        chance = {"motion": 0.1, "window": 0.08, "door": 0.05, "occupancy": 0.2}[kind]
        return {"is_on": rng.random() < chance, "device_class": kind}
    if domain == "light":
        on = rng.random() < 0.3
        return {"is_on": on, "brightness": rng.randint(30, 255) if on else None}
    if domain == "switch":
        return {
            "is_on": rng.random() < 0.4,
            "device_class": "outlet" if kind == "plug" else "switch",
        }
    if domain == "cover":
        device_class = {"garage door": "garage"}.get(kind, kind)
        return {"is_closed": rng.random() >= 0.4, "device_class": device_class}
    if domain == "lock":
        return {"is_locked": rng.random() < 0.85}
    if domain == "climate":
        return {
            "hvac_mode": "heat" if rng.random() < 0.7 else "off",
            "current_temperature": round(rng.uniform(17, 23), 1),
            "target_temperature": float(rng.choice([19, 20, 21, 22])),
        }
    if domain == "media_player":
        return {"state": rng.choices(["playing", "idle", "off"], weights=[30, 20, 50])[0]}
    raise ValueError(domain)


def build_plan(total: int, seed: int = 2026) -> HousePlan:
    """Return the plan of a house with `total` entities (deterministic for a seed)."""
    rng = random.Random(seed)
    counts = _domain_counts(total)
    area_names = [name for name, _, _ in AREAS]
    used_object_ids: set[str] = set()
    per_name: dict[str, int] = {}

    def device_name(area: str | None, noun: str) -> str:
        base = f"{area} {noun}" if area else noun.capitalize()
        per_name[base] = per_name.get(base, 0) + 1
        return f"{base} {per_name[base]}"

    def object_id(domain: str, name: str) -> str:
        slug = candidate = slugify(name)
        suffix = 2
        while f"{domain}.{candidate}" in used_object_ids:
            candidate = f"{slug}_{suffix}"
            suffix += 1
        used_object_ids.add(f"{domain}.{candidate}")
        return candidate

    def random_area() -> str | None:
        return rng.choice(area_names) if rng.random() < 0.92 else None

    entities: list[EntitySpec] = []
    serial = 0
    for domain, count in counts.items():
        made = 0
        while made < count:
            if domain in ("sensor", "binary_sensor"):
                # A multisensor device with 2 to 4 entities of this domain.
                area = random_area()
                dev_name = device_name(area, "multisensor" if domain == "sensor" else "detector")
                size = min(rng.randint(2, 4), count - made)
                kinds = [_pick(rng, KINDS[domain]) for _ in range(size)]
            else:
                first_light = domain == "light" and made == 0
                area = CALL_LIGHT_AREA if first_light else random_area()
                kinds = ["ceiling light" if first_light else _pick(rng, KINDS[domain])]
                dev_name = device_name(area, kinds[0])
            device_key = f"device_{serial}"
            seen_kinds: dict[str, int] = {}
            for kind in kinds:
                serial += 1
                entity_name: str | None = None
                if domain in ("sensor", "binary_sensor"):
                    seen_kinds[kind] = seen_kinds.get(kind, 0) + 1
                    entity_name = kind.capitalize() + (
                        f" {seen_kinds[kind]}" if seen_kinds[kind] > 1 else ""
                    )
                full_name = f"{dev_name} {entity_name}" if entity_name else dev_name
                spec = EntitySpec(
                    domain=domain,
                    kind=kind,
                    object_id=object_id(domain, full_name),
                    unique_id=f"bench_{serial}",
                    name=entity_name,
                    device_key=device_key,
                    device_name=dev_name,
                    area=area,
                    values=_values(rng, domain, kind),
                )
                entities.append(spec)
                made += 1

    call_light = next((spec for spec in entities if spec.domain == "light"), None)
    for spec in entities:
        if spec is call_light:
            spec.values = {"is_on": False, "brightness": None}
            spec.aliases = ["Plafonnier du salon", "リビングの照明"]
            continue
        if rng.random() < 0.03 and spec.name is not None:
            # Home Assistant gives an area of its own only to a named entity.
            spec.own_area = rng.choice(area_names)
        if rng.random() < 0.2:
            spec.aliases = [
                f"{rng.choice(ALIAS_WORDS)} {rng.randint(1, 99)}" for _ in range(rng.randint(1, 2))
            ]
        if rng.random() < 0.15:
            spec.labels = rng.sample(LABELS, rng.randint(1, 2))
        spec.hidden = rng.random() < 0.02
        if spec.domain == "sensor" and rng.random() < 0.01:
            spec.available = False
    return HousePlan(entities)
