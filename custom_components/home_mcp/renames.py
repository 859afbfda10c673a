"""The options that name entities follow what a person does to those entities.

The pre-approved and the extra guarded entities are stored by entity id, as
the options form's entity selectors give them. When a person changes an
entity's id in its settings, it keeps its place in both lists, so a relay
marked guarded stays guarded under its new id. When an entity is removed,
its pre-approval goes with it (whatever takes that id later is not
approved); its guard stays, which guards nothing until something takes the
id. Only Home Assistant's entity registry moves these lists: no MCP call
renames an entity.
"""

from __future__ import annotations

from homeassistant.config_entries import ConfigEntry
from homeassistant.core import CALLBACK_TYPE, Event, HomeAssistant, callback
from homeassistant.helpers import entity_registry as er

from .const import CONF_ALLOWED_ENTITIES, CONF_GUARDED_ENTITIES


@callback
def _concerns_options(data: er.EventEntityRegistryUpdatedData) -> bool:
    """Return True for a changed entity id or a removal (the event filter)."""
    return data["action"] == "remove" or (data["action"] == "update" and "old_entity_id" in data)


@callback
def async_follow_entities(hass: HomeAssistant, entry: ConfigEntry) -> CALLBACK_TYPE:
    """Keep the entry's entity lists on the entities they name; return the unsubscribe."""

    @callback
    def moved(event: Event[er.EventEntityRegistryUpdatedData]) -> None:
        data = event.data
        options = dict(entry.options)
        allowed = list(options.get(CONF_ALLOWED_ENTITIES, []))
        guarded = list(options.get(CONF_GUARDED_ENTITIES, []))
        if data["action"] == "update":
            old = data.get("old_entity_id")
            allowed = [data["entity_id"] if e == old else e for e in allowed]
            guarded = [data["entity_id"] if e == old else e for e in guarded]
        else:
            allowed = [e for e in allowed if e != data["entity_id"]]
        if allowed == options.get(CONF_ALLOWED_ENTITIES, []) and guarded == options.get(
            CONF_GUARDED_ENTITIES, []
        ):
            return
        options[CONF_ALLOWED_ENTITIES], options[CONF_GUARDED_ENTITIES] = allowed, guarded
        hass.config_entries.async_update_entry(entry, options=options)
        hass.config_entries.async_schedule_reload(entry.entry_id)  # The gate reads them at setup.

    return hass.bus.async_listen(
        er.EVENT_ENTITY_REGISTRY_UPDATED, moved, event_filter=_concerns_options
    )
