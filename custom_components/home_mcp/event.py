"""Home MCP's events: each request's course, and the escapes the tripwire caught."""

from __future__ import annotations

from typing import Any, Final

from homeassistant.components.event import EventEntity
from homeassistant.core import HomeAssistant, callback
from homeassistant.helpers.dispatcher import async_dispatcher_connect
from homeassistant.helpers.entity_platform import AddConfigEntryEntitiesCallback

from .approvals import SIGNAL_CONFIRMATIONS_UPDATED, Confirmation, ConfirmationState
from .const import NAME_MAX_CHARS, SIGNAL_ESCAPE
from .entity import HomeMcpEntity, decision_attributes, request_attributes
from .models import HomeMcpConfigEntry
from .shaping import clean_text

PARALLEL_UPDATES = 0

REQUESTED: Final = "requested"
APPROVED: Final = "approved"
EXECUTED: Final = "executed"
FAILED: Final = "failed"
DENIED: Final = "denied"
EXPIRED: Final = "expired"
ESCAPED: Final = "escaped"

_ENDS: Final = {
    ConfirmationState.APPROVED: (APPROVED, EXECUTED),
    ConfirmationState.FAILED: (APPROVED, FAILED),
    ConfirmationState.DENIED: (DENIED,),
    ConfirmationState.EXPIRED: (EXPIRED,),
}
"""How a request ended -> the events it fires, in order."""


async def async_setup_entry(
    hass: HomeAssistant,
    entry: HomeMcpConfigEntry,
    async_add_entities: AddConfigEntryEntitiesCallback,
) -> None:
    """Add the requests and escapes event entities."""
    async_add_entities([RequestEvents(entry), EscapeEvents(entry)])


class RequestEvents(HomeMcpEntity, EventEntity):
    """Each request's course: requested, then approved and executed (or failed), denied or expired."""

    _attr_event_types = [REQUESTED, APPROVED, EXECUTED, FAILED, DENIED, EXPIRED]

    def __init__(self, entry: HomeMcpConfigEntry) -> None:
        """Create the entity."""
        super().__init__(entry, "requests")
        self._fired: dict[str, str] = {}

    async def async_added_to_hass(self) -> None:
        """Follow every request from now on."""
        await super().async_added_to_hass()
        for confirmation in self._entry.runtime_data.confirmations.async_list():
            self._fired[confirmation.confirmation_id] = confirmation.state.value
        self.async_on_remove(
            async_dispatcher_connect(self.hass, SIGNAL_CONFIRMATIONS_UPDATED, self._async_changed)
        )

    @callback
    def _async_changed(self, confirmation: Confirmation) -> None:
        cid = confirmation.confirmation_id
        if self._fired.get(cid) == confirmation.state.value:
            return
        self._fired[cid] = confirmation.state.value
        if confirmation.is_pending:
            if self.async_may_show("a new request"):
                self._trigger_event(REQUESTED, request_attributes(confirmation))
                self.async_write_ha_state()
            return
        if confirmation.state is ConfirmationState.EXPIRED and not self.async_may_show("an expiry"):
            return
        for event_type in _ENDS.get(confirmation.state, ()):
            self._trigger_event(event_type, decision_attributes(confirmation))
            self.async_write_ha_state()
        if len(self._fired) > 400:  # Forget the oldest ends.
            for old in list(self._fired)[:200]:
                self._fired.pop(old, None)


class EscapeEvents(HomeMcpEntity, EventEntity):
    """An opening the tripwire traced back to an MCP call the gate let through."""

    _attr_event_types = [ESCAPED]

    def __init__(self, entry: HomeMcpConfigEntry) -> None:
        """Create the entity."""
        super().__init__(entry, "escapes")

    async def async_added_to_hass(self) -> None:
        """Follow the tripwire."""
        await super().async_added_to_hass()
        self.async_on_remove(async_dispatcher_connect(self.hass, SIGNAL_ESCAPE, self._async_escape))

    @callback
    def _async_escape(self, escape: dict[str, Any]) -> None:
        self._trigger_event(
            ESCAPED,
            {
                key: clean_text(str(escape.get(key) or ""), NAME_MAX_CHARS)
                for key in ("entity_id", "from", "to", "action", "user", "client")
            },
        )
        self.async_write_ha_state()
