"""What scenes set off: a scene `scene.create` makes is an entity an automation may wait for."""

from __future__ import annotations

import pytest

from homeassistant.core import HomeAssistant
from tests.conftest import McpHarness

from .house import LOCKED, UNLOCK_FRONT, Owner, assert_house, assert_refused, call_service

# -- a scene created where an automation waits for it ----------------------------------


@pytest.mark.redteam(round=1)
async def test_creating_the_scene_an_unlock_watches_is_refused(
    owner: Owner, mcp: McpHarness, hass: HomeAssistant
) -> None:
    """S11: an automation on a scene entity that does not exist yet; `scene.create` makes it."""
    await owner.save_automation(
        "welcome",
        {
            "alias": "Welcome scene",
            "triggers": [{"trigger": "state", "entity_id": "scene.welcome"}],
            "actions": [UNLOCK_FRONT],
        },
    )
    result = await call_service(
        mcp, "scene.create", data={"scene_id": "welcome", "entities": {"light.bed_light": "on"}}
    )
    assert_refused(result)
    await assert_house(hass, LOCKED)
    assert hass.states.get("scene.welcome") is None
