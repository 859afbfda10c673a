"""Who follows what in the sessions benchmark, and what its storm changes.

Each follower follows `PER_FOLLOWER` resources: the `SHARED` entities every
client follows (`SHARED_RECIPE`: what a household's assistants all watch),
entities of its own drawn from a pool of `POOL`, and `ROOMS` rooms
(`ha://area/...`). The storm puts `HOT_SHARE` of its changes on the shared
entities, the rest evenly on the other followed entities.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field
import random
import time
from typing import Any, Final, Literal

PER_FOLLOWER: Final = 50
SHARED: Final = 10
ROOMS: Final = 5
POOL: Final = 400
HOT_SHARE: Final = 0.3
SHARED_RECIPE: Final = (
    # What every client of the household follows: (domain, device classes, count).
    ("sensor", ("power",), 4),
    ("light", (), 2),
    ("lock", (), 1),
    ("binary_sensor", ("door",), 1),
    ("climate", (), 1),
    ("cover", (), 1),
)


@dataclass(slots=True)
class Follower:
    """One client following resources, and when it heard of each."""

    name: str
    kind: Literal["session", "listen"]
    token: str
    uris: list[str]
    received: defaultdict[str, list[float]] = field(default_factory=lambda: defaultdict(list))
    errors: list[str] = field(default_factory=list)

    def note(self, uri: str) -> None:
        """Record a notification for `uri`, received now."""
        self.received[uri].append(time.monotonic())


@dataclass(slots=True)
class Layout:
    """Who follows what, and what the storm changes."""

    entities: dict[str, dict[str, Any]]
    """bench_house's description of each entity, by entity id."""
    shared: list[str]
    pool: list[str]
    followers: list[list[str]]
    """URIs of each follower: the sessions', then the listen stream's."""

    @property
    def followed_entities(self) -> list[str]:
        """Return the entity ids some follower follows, sorted."""
        prefix = "ha://entity/"
        ids = {uri.removeprefix(prefix) for uris in self.followers for uri in uris}
        return sorted(entity_id for entity_id in ids if entity_id in self.entities)


def choose_layout(rows: list[dict[str, Any]], followers: int, rng: random.Random) -> Layout:
    """Choose what each follower follows (see the module's docstring)."""
    usable = {
        row["entity_id"]: row
        for row in rows
        if row["changeable"] and row["available"] and not row["hidden"]
    }
    ids = sorted(usable)
    shared: list[str] = []
    for domain, classes, count in SHARED_RECIPE:
        candidates = [
            entity_id
            for entity_id in ids
            if usable[entity_id]["domain"] == domain
            and (not classes or usable[entity_id]["device_class"] in classes)
            and usable[entity_id]["area_id"] is not None
            and entity_id not in shared
        ]
        shared += rng.sample(candidates, min(count, len(candidates)))
    rest = [entity_id for entity_id in ids if entity_id not in shared]
    shared += rng.sample(rest, SHARED - len(shared)) if len(shared) < SHARED else []
    rest = [entity_id for entity_id in rest if entity_id not in shared]
    pool = rng.sample(rest, min(POOL, len(rest)))
    areas = sorted({row["area_id"] for row in rows if row["area_id"] is not None})
    own = PER_FOLLOWER - SHARED - ROOMS
    lists = []
    for _ in range(followers):
        uris = [f"ha://entity/{entity_id}" for entity_id in shared]
        uris += [f"ha://entity/{entity_id}" for entity_id in rng.sample(pool, own)]
        uris += [f"ha://area/{area_id}" for area_id in rng.sample(areas, ROOMS)]
        lists.append(uris)
    return Layout(usable, shared, pool, lists)


def storm_schedule(layout: Layout, rng: random.Random, rate: float, duration: float) -> list[str]:
    """Return the entity ids to change, one per 1/rate seconds.

    `HOT_SHARE` of the changes fall on the shared entities, the rest evenly on
    the other followed entities.
    """
    others = [entity_id for entity_id in layout.followed_entities if entity_id not in layout.shared]
    count = round(rate * duration)
    return [
        rng.choice(layout.shared) if rng.random() < HOT_SHARE else rng.choice(others)
        for _ in range(count)
    ]


def changes_by_uri(
    changes: list[tuple[float, str]], entities: dict[str, dict[str, Any]]
) -> dict[str, list[float]]:
    """Return the change times of each resource: its entity's, or its room's visible ones."""
    times: defaultdict[str, list[float]] = defaultdict(list)
    for when, entity_id in changes:
        times[f"ha://entity/{entity_id}"].append(when)
        row = entities[entity_id]
        if row["room_visible"] and row["area_id"] is not None and not row["hidden"]:
            times[f"ha://area/{row['area_id']}"].append(when)
    return times
