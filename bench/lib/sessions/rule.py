"""The rule the sessions benchmark holds Home MCP to, and what each follower received against it.

"At most once per second per resource, coalescing bursts, the last change
always delivered": Home Assistant's `Debouncer(cooldown=1, immediate=True)`
replayed on each resource's change times.
"""

from __future__ import annotations

from bisect import bisect_left
from dataclasses import dataclass, field
import math
from typing import TYPE_CHECKING, Final, Literal

if TYPE_CHECKING:
    from lib.sessions.layout import Follower

COOLDOWN: Final = 1.0
"""The rule: a resource is announced at most once per this many seconds."""
ISOLATED_GAP: Final = 2.2
"""A change this long after the previous one of its resource is announced at once
under the rule (the previous one's notification came at most `COOLDOWN` after it,
and its cooldown ended `COOLDOWN` later)."""
TOO_SOON: Final = 0.8
"""Two notifications of one resource closer than this break the rule."""

type Group = Literal["sessions: entities", "sessions: rooms", "listen stream"]
GROUPS: Final[tuple[Group, ...]] = ("sessions: entities", "sessions: rooms", "listen stream")


def rule_schedule(
    changes: list[float], cooldown: float = COOLDOWN
) -> tuple[list[float], list[float]]:
    """Replay `Debouncer(cooldown, immediate=True)` on sorted change times.

    Returns the times the rule announces the resource, and for each change
    the time it is announced: at once when no cooldown runs, else at the end
    of the cooldown, which then starts again.
    """
    notes: list[float] = []
    due: list[float] = [math.nan] * len(changes)
    window_end: float | None = None
    pending: list[int] = []
    for index, when in enumerate(changes):
        while window_end is not None and window_end <= when:
            if pending:
                notes.append(window_end)
                for waiting in pending:
                    due[waiting] = window_end
                pending = []
                window_end += cooldown
            else:
                window_end = None
        if window_end is None:
            notes.append(when)
            due[index] = when
            window_end = when + cooldown
        else:
            pending.append(index)
    if pending and window_end is not None:
        notes.append(window_end)
        for waiting in pending:
            due[waiting] = window_end
    return notes, due


@dataclass(slots=True)
class Delivery:
    """What one group of (follower, resource) pairs received against the rule."""

    pairs: int = 0
    changed_pairs: int = 0
    changes: int = 0
    expected: int = 0
    received: int = 0
    unexpected: int = 0
    """Notifications of a resource that did not change."""
    too_soon: int = 0
    min_interval: float = math.inf
    dropped: int = 0
    isolated_ms: list[float] = field(default_factory=list)
    any_ms: list[float] = field(default_factory=list)
    last_ms: list[float] = field(default_factory=list)
    read_back: int = 0
    read_back_ok: int = 0


def analyse(
    follower: Follower,
    uri: str,
    changes: list[float],
    delivery: Delivery,
    window: tuple[float, float],
) -> None:
    """Add one (follower, resource) pair to `delivery`.

    window: (start, end) of the storm on the monotonic clock; notifications
    outside it (plus a few seconds to drain) are not the storm's.
    """
    start, end = window
    received = sorted(t for t in follower.received.get(uri, []) if start <= t <= end)
    delivery.pairs += 1
    delivery.received += len(received)
    for before, after in zip(received, received[1:], strict=False):
        delivery.min_interval = min(delivery.min_interval, after - before)
        delivery.too_soon += after - before < TOO_SOON
    if not changes:
        delivery.unexpected += len(received)
        return
    delivery.changed_pairs += 1
    delivery.changes += len(changes)
    notes, _due = rule_schedule(changes)
    delivery.expected += len(notes)
    previous = -math.inf
    for when in changes:
        index = bisect_left(received, when)
        if index < len(received):
            latency = (received[index] - when) * 1000
            delivery.any_ms.append(latency)
            if when - previous > ISOLATED_GAP:
                delivery.isolated_ms.append(latency)
        previous = when
    index = bisect_left(received, changes[-1])
    if index < len(received):
        delivery.last_ms.append((received[index] - changes[-1]) * 1000)
    else:
        delivery.dropped += 1
