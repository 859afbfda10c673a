"""The options' entity lists follow a person's renames and removals in the entity registry.

Red team, round 27: a relay the owner marked guarded ("it opens the gate")
lost its guard when the owner gave it a better entity id in its settings;
the options still named the old id.
"""

from __future__ import annotations

from pytest_homeassistant_custom_component.common import MockConfigEntry

from homeassistant.core import HomeAssistant
from homeassistant.helpers import entity_registry as er

from .conftest import McpHarness, call_service, entity_state, set_options


async def _rename(hass: HomeAssistant, entity_id: str, new_entity_id: str) -> None:
    er.async_get(hass).async_update_entity(entity_id, new_entity_id=new_entity_id)
    await hass.async_block_till_done()  # The entry reloads with the new lists.


async def test_a_guarded_relay_stays_guarded_under_its_new_id(
    mcp: McpHarness, hass: HomeAssistant, home_mcp: MockConfigEntry
) -> None:
    await set_options(hass, home_mcp, guarded_entities=["switch.decorative_lights"])

    await _rename(hass, "switch.decorative_lights", "switch.gate_relay")
    refused = await call_service(mcp, "switch", "turn_off", {"entity_id": "switch.gate_relay"})

    assert home_mcp.options["guarded_entities"] == ["switch.gate_relay"]
    assert refused["error"] == "needs_confirmation", refused
    assert entity_state(hass, "switch.gate_relay") == "on"
    found = await mcp.data("get_entity", {"entity_id": "switch.gate_relay"})
    assert found["entity"]["guarded"] is True


async def test_a_pre_approval_follows_its_entity_and_goes_with_it(
    mcp: McpHarness, hass: HomeAssistant, home_mcp: MockConfigEntry
) -> None:
    await set_options(hass, home_mcp, allowed_entities=["valve.orchard"])
    await _rename(hass, "valve.orchard", "valve.fruit_trees")

    opened = await call_service(mcp, "valve", "open_valve", {"entity_id": "valve.fruit_trees"})

    assert home_mcp.options["allowed_entities"] == ["valve.fruit_trees"]
    assert opened["ok"] is True, opened
    assert entity_state(hass, "valve.fruit_trees") == "open"
    # Removed, its approval goes: nothing that takes the id later is approved.
    er.async_get(hass).async_remove("valve.fruit_trees")
    await hass.async_block_till_done()
    assert home_mcp.options["allowed_entities"] == []
