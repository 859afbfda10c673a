"""What a judgement read of the house as it is now, so its answer can be kept while that holds.

A judgement depends on the house's configuration (the index: rebuilt, a new
snapshot, whenever it changes) and, judging an action that runs now, on
some present states: the lock it toggles, whether the automation it turns
off is on, whether a securing automation waits on a `for:`, whether a
script runs. Every such read in a judgement goes through `present` (and
`present_name`), which notes it while `reading` is on. The answer then
holds for as long as each state noted is the very one read (Home
Assistant makes a new `State` at every change of a state or an attribute)
and the snapshot is the same (`Gate.async_check_all`).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from typing import Final

from homeassistant.core import HomeAssistant, State

type Read = tuple[str, str, object]
"""(what: `state` or `name`, entity id, what was read: the `State` or the name)."""

_STATE: Final = "state"
_NAME: Final = "name"
_READS: ContextVar[list[Read] | None] = ContextVar("home_mcp_gate_reads", default=None)


def present(hass: HomeAssistant, entity_id: str) -> State | None:
    """Return `entity_id`'s state now, noted as read (`reading`)."""
    state = hass.states.get(entity_id)
    if (reads := _READS.get()) is not None:
        reads.append((_STATE, entity_id, state))
    return state


def present_name(hass: HomeAssistant, entity_id: str) -> str | None:
    """Return `entity_id`'s name now (None: no such entity), noted as read: only its name."""
    state = hass.states.get(entity_id)
    name = state.name if state is not None else None
    if (reads := _READS.get()) is not None:
        reads.append((_NAME, entity_id, name))
    return name


def mark() -> int:
    """Return where the reads noted so far end (for `since`)."""
    reads = _READS.get()
    return len(reads) if reads is not None else 0


def since(start: int) -> tuple[Read, ...]:
    """Return the reads noted after `mark` returned `start`."""
    reads = _READS.get()
    return tuple(reads[start:]) if reads is not None else ()


def replay(found: Iterable[Read]) -> None:
    """Note `found` again: a walk replayed read what it read when it was made (`Judge.once`)."""
    if (reads := _READS.get()) is not None:
        reads.extend(found)


@contextmanager
def reading() -> Iterator[list[Read]]:
    """Note every present state read inside; the outer reading (if any) notes them too."""
    outer = _READS.get()
    found: list[Read] = []
    token = _READS.set(found)
    try:
        yield found
    finally:
        _READS.reset(token)
        if outer is not None:
            outer.extend(found)


def distinct(found: Iterable[Read]) -> tuple[Read, ...]:
    """Return each read once (within one judgement, nothing changes)."""
    return tuple(
        {(what, entity_id): (what, entity_id, value) for what, entity_id, value in found}.values()
    )


def still(hass: HomeAssistant, found: Iterable[Read]) -> bool:
    """Return True while each read would read the same now."""
    for what, entity_id, value in found:
        state = hass.states.get(entity_id)
        if what == _STATE:
            if state is not value:
                return False
        elif (state.name if state is not None else None) != value:
            return False
    return True
