"""Home MCP's own entities: what the house's automations and dashboards can see of it.

One service device, "Home MCP", holds them (`sensor.py`, `event.py`): the
requests waiting for a person, each request's course, the last decision, and
the escapes the tripwire caught. They are for the person's automations and
dashboards, never for MCP callers: every MCP read leaves them out, as it
leaves out the audit (`exposure.async_own_entities`).

A change that follows from an MCP request alone (a request raised, a request
expired) could set off the owner's automations before any person acted: it
is written only when the gate finds nothing guarded waiting on the entity
(`HomeMcpEntity.async_may_show`); a person's decision is always written.
"""

from __future__ import annotations

import logging
from typing import Any

from homeassistant.helpers.device_registry import DeviceEntryType, DeviceInfo
from homeassistant.helpers.entity import Entity

from . import wording
from .approvals import Confirmation
from .const import DOMAIN, NAME, NAME_MAX_CHARS, TEXT_MAX_CHARS
from .models import HomeMcpConfigEntry
from .shaping import clean_text

_LOGGER = logging.getLogger(__name__)

MAX_LISTED = 20
"""Pending requests an attribute lists at most (each credential may keep 10 waiting)."""


class HomeMcpEntity(Entity):
    """An entity of the "Home MCP" service device."""

    _attr_has_entity_name = True
    _attr_should_poll = False

    def __init__(self, entry: HomeMcpConfigEntry, key: str) -> None:
        """Create the entity `key` of `entry`."""
        self._entry = entry
        self._attr_translation_key = key
        self._attr_unique_id = f"{entry.entry_id}_{key}"
        self._attr_device_info = DeviceInfo(
            identifiers={(DOMAIN, entry.entry_id)},
            name=NAME,
            entry_type=DeviceEntryType.SERVICE,
        )

    def async_may_show(self, what: str) -> bool:
        """Return True unless a change of this entity would set off something guarded.

        what: the change, for the log ("a new request").
        """
        gate = self._entry.runtime_data.gate
        if self.entity_id is None or not gate.async_is_guarded_entity(self.entity_id):
            return True
        _LOGGER.warning(
            "Home MCP did not show %s on %s: an automation that can open the house waits on it",
            what,
            self.entity_id,
        )
        return False


def request_attributes(confirmation: Confirmation) -> dict[str, Any]:
    """Return what an entity tells of one request: its effect, who asked, its expiry."""
    requester = confirmation.requester
    return {
        "confirmation_id": confirmation.confirmation_id,
        "effect": clean_text(confirmation.summary, TEXT_MAX_CHARS),
        "asked_by": clean_text(requester.user_name or requester.user_id, NAME_MAX_CHARS),
        "client": wording.quoted(requester.client_name or requester.credential_name),
        "expires_at": confirmation.expires_at.isoformat(),
    }


def decision_attributes(confirmation: Confirmation) -> dict[str, Any]:
    """Return a request's attributes and, once decided, who decided it and from where."""
    decided = confirmation.decided_by or {}
    return {
        **request_attributes(confirmation),
        "decided_by": decided.get("name"),
        "device": decided.get("device"),
        "decided_at": confirmation.decided_at.isoformat() if confirmation.decided_at else None,
    }
