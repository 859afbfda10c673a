"""What a template entity the owner writes in YAML is computed from.

Owners keep many template entities in one `template:` block (an alarm
package's alerts, a room's sensors). Each is computed from its own templates
only: Home Assistant hands every entity of a block the block's whole raw
configuration too, which is not what that entity reads. An action that
changes what one of them reads is judged by what that one sets off.
"""

from __future__ import annotations

from homeassistant.core import HomeAssistant
from tests.conftest import McpHarness

from .house import (
    LOCKED,
    UNLOCK_FRONT,
    Owner,
    assert_house,
    assert_ran,
    assert_refused,
    call_service,
    house_state,
)


async def test_a_template_entity_reads_only_its_own_templates_not_its_neighbours_in_the_block(
    hass: HomeAssistant, owner: Owner, mcp: McpHarness
) -> None:
    """A light read by one sensor of a block runs; the helper its neighbour reads waits."""
    arrival = await owner.create_helper("input_boolean", "Arrival")
    await owner.save_templates(
        [
            {
                "binary_sensor": [
                    {
                        "name": "Reading lamp on",
                        "state": "{{ is_state('light.bed_light', 'on') }}",
                    },
                    {"name": "Someone arriving", "state": f"{{{{ is_state('{arrival}', 'on') }}}}"},
                ]
            }
        ]
    )
    assert hass.states.get("binary_sensor.someone_arriving") is not None
    await owner.save_automation(
        "welcome",
        {
            "alias": "Welcome home",
            "triggers": [
                {"trigger": "state", "entity_id": "binary_sensor.someone_arriving", "to": "on"}
            ],
            "actions": [UNLOCK_FRONT],
        },
    )
    before = house_state(hass)

    assert_ran(await call_service(mcp, "light.turn_on", target={"entity_id": "light.bed_light"}))
    refused = await call_service(mcp, "input_boolean.turn_on", target={"entity_id": arrival})
    assert_refused(refused, reaching="lock.front_door")
    await assert_house(hass, {**before, "light.bed_light": "on", **LOCKED})
