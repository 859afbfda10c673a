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
from dataclasses import dataclass

from homeassistant.core import HomeAssistant, State


@dataclass(frozen=True, slots=True)
class Read:
    """One present state a judgement read: the very `State` (None: no such entity).

    only_name: only its name counted (what `trigger.to_state.name` shows).
    """

    entity_id: str
    state: State | None
    only_name: bool = False

    def holds(self, hass: HomeAssistant) -> bool:
        """Return True if reading it now would read the same."""
        now = hass.states.get(self.entity_id)
        if self.only_name:
            return _name(now) == _name(self.state)
        return now is self.state


_READS: ContextVar[list[Read] | None] = ContextVar("home_mcp_gate_reads", default=None)


def _name(state: State | None) -> str | None:
    return state.name if state is not None else None


def present(hass: HomeAssistant, entity_id: str) -> State | None:
    """Return `entity_id`'s state now, noted as read (`reading`)."""
    state = hass.states.get(entity_id)
    if (reads := _READS.get()) is not None:
        reads.append(Read(entity_id, state))
    return state


def present_name(hass: HomeAssistant, entity_id: str) -> str | None:
    """Return `entity_id`'s name now (None: no such entity), noted as read: only its name."""
    state = hass.states.get(entity_id)
    if (reads := _READS.get()) is not None:
        reads.append(Read(entity_id, state, only_name=True))
    return _name(state)


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
    return tuple({(read.entity_id, read.only_name): read for read in found}.values())


def still(hass: HomeAssistant, found: Iterable[Read]) -> bool:
    """Return True while each read would read the same now."""
    return all(read.holds(hass) for read in found)
