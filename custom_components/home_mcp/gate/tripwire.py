"""The tripwire: defense in depth for what the gate's static analysis misses.

Every action the gate lets through runs with a `Context` the tripwire is told
of (`async_watch`). Home Assistant carries that context on: the state
changes it causes carry it, and an automation they trigger runs in a new
context whose parent it is. The tripwire follows those parent links on
every event, and watches every change of a lock, an entrance cover, a valve
or an alarm panel to a more open state (`rules.more_open`). A change whose
context leads back to an action the gate let through, on an entity that was
not pre-approved for it, is an escape: it is recorded (`on_escape`, the
audit), notified to the person, fired as `home_mcp_escape` (entity, action,
who asked, the chain of what ran) for automations to react to, and kept for
the panel. Actions a person approved run in contexts the tripwire was never
told of, so they never trip it.
"""

from __future__ import annotations

from collections import OrderedDict, deque
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import Any, Final

from homeassistant.components import persistent_notification
from homeassistant.const import EVENT_CALL_SERVICE, EVENT_STATE_CHANGED, MATCH_ALL
from homeassistant.core import (
    CALLBACK_TYPE,
    Context,
    Event,
    EventStateChangedData,
    HomeAssistant,
    callback,
)
from homeassistant.helpers import entity_registry as er

from ..const import DOMAIN
from ..shaping import escape_markdown
from .expansion import natural_class
from .model import Decision
from .rules import EntityClass, more_open

EVENT_ESCAPE: Final = f"{DOMAIN}_escape"
NOTIFICATION_PREFIX: Final = f"{DOMAIN}_escape_"
MAX_CONTEXTS: Final = 4096
"""Contexts followed at once; the oldest are forgotten first."""
MAX_CHAIN: Final = 12
MAX_KEPT: Final = 20
"""Escapes kept for the panel."""
_WATCHED: Final = ("lock.", "cover.", "valve.", "alarm_control_panel.")
_OPENED: Final = {
    EntityClass.LOCK: "unlocked",
    EntityClass.ENTRANCE: "opened",
    EntityClass.VALVE: "opened",
    EntityClass.ALARM: "disarmed",
}


@dataclass(frozen=True, slots=True)
class _Origin:
    """An action the gate let through, and what has run since because of it."""

    action: str
    details: Mapping[str, Any]
    allowed: frozenset[str]
    chain: tuple[str, ...]

    def then(self, step: str) -> _Origin:
        chain = (*self.chain, step)[-MAX_CHAIN:]
        return _Origin(self.action, self.details, self.allowed, chain)


class Tripwire:
    """Follows the contexts of let-through actions to openings they cause.

    guarded_entities: the person's extra guarded entities (a cover marked
        guarded is watched like a garage door).
    on_escape: called with each escape (the audit log records it).
    """

    def __init__(
        self,
        hass: HomeAssistant,
        *,
        guarded_entities: Iterable[str] = (),
        on_escape: Callable[[dict[str, Any]], None] | None = None,
    ) -> None:
        """Create a tripwire; `async_start` arms it."""
        self._hass = hass
        self._guarded = frozenset(guarded_entities)
        self._on_escape = on_escape
        self._origins: OrderedDict[str, _Origin] = OrderedDict()
        self._reported: OrderedDict[tuple[str, str], None] = OrderedDict()
        self.escapes: deque[dict[str, Any]] = deque(maxlen=MAX_KEPT)

    @callback
    def async_watch(self, context: Context, decision: Decision, details: Mapping[str, Any]) -> None:
        """Follow what the action the gate let through, run with `context`, sets off.

        details: who asked (user, credential, client), shown with an escape.
        """
        allowed = frozenset(f.entity_id for f in decision.findings if f.allowed and f.entity_id)
        self._remember(context.id, _Origin(decision.action.name, dict(details), allowed, ()))

    def _remember(self, context_id: str, origin: _Origin) -> None:
        self._origins[context_id] = origin
        self._origins.move_to_end(context_id)
        while len(self._origins) > MAX_CONTEXTS:
            self._origins.popitem(last=False)

    @callback
    def async_start(self) -> CALLBACK_TYPE:
        """Arm the tripwire; return the function that disarms it."""
        stops = [
            self._hass.bus.async_listen(MATCH_ALL, self._async_follow),
            self._hass.bus.async_listen(
                EVENT_STATE_CHANGED, self._async_state_changed, event_filter=_is_watched
            ),
        ]

        @callback
        def stop() -> None:
            for unsubscribe in stops:
                unsubscribe()

        return stop

    @callback
    def _async_follow(self, event: Event[Any]) -> None:
        """Follow a context born of a followed one (an automation's run, ...)."""
        parent_id = event.context.parent_id
        if parent_id is None or not self._origins or event.context.id in self._origins:
            return
        if (origin := self._origins.get(parent_id)) is not None:
            self._remember(event.context.id, origin.then(_describe(event)))

    def _origin(self, context: Context) -> _Origin | None:
        if (origin := self._origins.get(context.id)) is not None:
            return origin
        return self._origins.get(context.parent_id) if context.parent_id else None

    @callback
    def _async_state_changed(self, event: Event[EventStateChangedData]) -> None:
        old, new = event.data["old_state"], event.data["new_state"]
        if old is None or new is None or not self._origins:
            return
        if (origin := self._origin(new.context)) is None or new.entity_id in origin.allowed:
            return
        entity_class = natural_class(new, er.async_get(self._hass))
        if new.domain == "cover" and new.entity_id in self._guarded:
            entity_class = EntityClass.ENTRANCE
        if not more_open(entity_class, old.state, new.state, old.attributes, new.attributes):
            return
        reported = (new.context.id, new.entity_id)
        if reported in self._reported:
            return  # One escape per opening, not one per step of its movement.
        self._reported[reported] = None
        while len(self._reported) > MAX_CONTEXTS:
            self._reported.popitem(last=False)
        escape: dict[str, Any] = {
            "entity_id": new.entity_id,
            "name": new.name,
            "from": old.state,
            "to": new.state,
            "at": new.last_changed.isoformat(),
            "action": origin.action,
            **origin.details,
            "chain": [origin.action, *origin.chain],
            "context_id": new.context.id,
        }
        self.escapes.appendleft(escape)
        self._notify(escape, _OPENED.get(entity_class, f"set to {new.state}"))
        self._hass.bus.async_fire(EVENT_ESCAPE, escape, context=new.context)
        if self._on_escape is not None:
            self._on_escape(escape)

    def _notify(self, escape: Mapping[str, Any], verb: str) -> None:
        name = escape_markdown(str(escape["name"]))
        who = escape_markdown(str(escape.get("user") or "an MCP client"))
        lines = [
            f"**{name}** was {verb} after an MCP call that Home MCP let through.",
            "",
            f"- Action asked: `{escape['action']}`",
            (
                f"- Asked by: {who} (credential "
                f"{escape_markdown(str(escape.get('credential') or '?'))})"
            ),
            f"- What ran: {escape_markdown(' → '.join(escape['chain']), 300)}",
            (
                f"- From {escape_markdown(str(escape['from']))} to "
                f"{escape_markdown(str(escape['to']))}"
            ),
            "",
            "Check the house, and mark what let it through as guarded in Home MCP's options.",
        ]
        persistent_notification.async_create(
            self._hass,
            "\n".join(lines),
            title=f"{escape['name']} was {verb} after an MCP call"[:120],
            notification_id=f"{NOTIFICATION_PREFIX}{escape['context_id']}_{escape['entity_id']}",
        )


@callback
def _is_watched(data: EventStateChangedData) -> bool:
    return data["entity_id"].startswith(_WATCHED)


def _describe(event: Event[Any]) -> str:
    """Return one step of the chain: what ran in a new context."""
    data = event.data
    if event.event_type in ("automation_triggered", "script_started"):
        return str(data.get("entity_id") or data.get("name") or event.event_type)
    if event.event_type == EVENT_CALL_SERVICE:
        return f"{data.get('domain')}.{data.get('service')}"
    if event.event_type == EVENT_STATE_CHANGED:
        return str(data.get("entity_id"))
    return str(event.event_type)
