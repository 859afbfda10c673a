"""Home MCP's sensors: the requests waiting for a person, and the last decision."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from homeassistant.components.sensor import SensorDeviceClass, SensorEntity
from homeassistant.const import EntityCategory
from homeassistant.core import HomeAssistant, callback
from homeassistant.helpers.dispatcher import async_dispatcher_connect
from homeassistant.helpers.entity_platform import AddConfigEntryEntitiesCallback

from .approvals import SIGNAL_CONFIRMATIONS_UPDATED, Confirmation, ConfirmationState
from .entity import MAX_LISTED, HomeMcpEntity, decision_attributes, request_attributes
from .models import HomeMcpConfigEntry

PARALLEL_UPDATES = 0
DECISIONS = [
    ConfirmationState.APPROVED.value,
    ConfirmationState.DENIED.value,
    ConfirmationState.EXPIRED.value,
    ConfirmationState.FAILED.value,
]


async def async_setup_entry(
    hass: HomeAssistant,
    entry: HomeMcpConfigEntry,
    async_add_entities: AddConfigEntryEntitiesCallback,
) -> None:
    """Add the pending approvals and last decision sensors."""
    async_add_entities([PendingSensor(entry), LastDecisionSensor(entry)])


class PendingSensor(HomeMcpEntity, SensorEntity):
    """How many requests wait for a person; each one's effect, who asked and expiry."""

    def __init__(self, entry: HomeMcpConfigEntry) -> None:
        """Create the sensor."""
        super().__init__(entry, "pending")
        self._attr_native_value = 0
        self._attr_extra_state_attributes = {"requests": []}

    async def async_added_to_hass(self) -> None:
        """Count what waits now, and follow every change."""
        self._async_count()
        self.async_on_remove(
            async_dispatcher_connect(self.hass, SIGNAL_CONFIRMATIONS_UPDATED, self._async_changed)
        )

    @callback
    def _async_count(self) -> None:
        pending = [c for c in self._entry.runtime_data.confirmations.async_list() if c.is_pending]
        self._attr_native_value = len(pending)
        self._attr_extra_state_attributes = {
            "requests": [request_attributes(c) for c in reversed(pending)][:MAX_LISTED]
        }

    @callback
    def _async_changed(self, confirmation: Confirmation) -> None:
        # A request raised or expired follows from an MCP call alone.
        alone = confirmation.is_pending or confirmation.state is ConfirmationState.EXPIRED
        if alone and not self.async_may_show("a change of the requests waiting"):
            return
        self._async_count()
        self.async_write_ha_state()


class LastDecisionSensor(HomeMcpEntity, SensorEntity):
    """How the last request ended: approved, denied, expired or failed."""

    _attr_device_class = SensorDeviceClass.ENUM
    _attr_options = DECISIONS
    _attr_entity_category = EntityCategory.DIAGNOSTIC

    def __init__(self, entry: HomeMcpConfigEntry) -> None:
        """Create the sensor."""
        super().__init__(entry, "last_decision")
        self._attr_native_value = None
        self._last: datetime | None = None

    async def async_added_to_hass(self) -> None:
        """Show the last decision kept, and follow every new one."""
        ended = [
            c
            for c in self._entry.runtime_data.confirmations.async_list()
            if not c.is_pending and c.decided_at is not None
        ]
        if ended:
            self._async_show(max(ended, key=_decided_at))
        self.async_on_remove(
            async_dispatcher_connect(self.hass, SIGNAL_CONFIRMATIONS_UPDATED, self._async_changed)
        )

    @callback
    def _async_show(self, confirmation: Confirmation) -> None:
        self._attr_native_value = confirmation.state.value
        self._attr_extra_state_attributes: dict[str, Any] = decision_attributes(confirmation)
        self._last = confirmation.decided_at

    @callback
    def _async_changed(self, confirmation: Confirmation) -> None:
        if confirmation.is_pending or confirmation.decided_at is None:
            return
        if confirmation.state is ConfirmationState.EXPIRED and not self.async_may_show("an expiry"):
            return
        self._async_show(confirmation)
        self.async_write_ha_state()


def _decided_at(confirmation: Confirmation) -> datetime:
    assert confirmation.decided_at is not None
    return confirmation.decided_at
