"""Red team, round 15: an entity id a template reads from another entity's state.

Same rules as the earlier rounds (`test_redteam_1.py`); this round also went
through core's Model Context Protocol Server (`/api/mcp/home_mcp`, which
runs the same tools). One opening: the owner's "Guest arrival" automation
unlocked the front door when `is_state(states('input_text.guest_helper'),
'on')` became true, the text helper holding `input_boolean.guest_mode`. The
gate guarded the text helper but not the toggle it names, so turning the
toggle on over MCP unlocked the door (the tripwire reported it afterwards).
A state-reading function (`states`, `is_state`, `state_attr`, `expand`, …)
whose entity is not written in the template, but computed when it runs,
now reads every entity, as a bare `states` does; the entity the trigger
itself names (`trigger.entity_id`, `this.entity_id`) stays what it is.
"""

from __future__ import annotations

import pytest

from homeassistant.core import HomeAssistant
from homeassistant.setup import async_setup_component
from tests.conftest import McpHarness

from .house import Owner, assert_ran, assert_refused, call_service

UNLOCK_FRONT = {"action": "lock.unlock", "target": {"entity_id": "lock.front_door"}}


async def test_a_toggle_named_by_a_text_helper_is_part_of_the_unlock(
    hass: HomeAssistant, owner: Owner, mcp: McpHarness
) -> None:
    assert await async_setup_component(hass, "input_text", {})
    assert await async_setup_component(hass, "input_boolean", {})
    guest_mode = await owner.create_helper("input_boolean", "Guest mode")
    helper = await owner.create_helper("input_text", "Guest helper", max=100)
    await owner.act("input_text.set_value", entity_id=helper, value=guest_mode)
    await owner.save_automation(
        "guest_arrival",
        {
            "alias": "Guest arrival",
            "triggers": [
                {
                    "trigger": "template",
                    "value_template": f"{{{{ is_state(states('{helper}'), 'on') }}}}",
                }
            ],
            "actions": [UNLOCK_FRONT],
        },
    )

    turned_on = await call_service(mcp, "input_boolean.turn_on", target={"entity_id": guest_mode})

    assert_refused(turned_on)
    await hass.async_block_till_done()
    assert hass.states.get("lock.front_door").state == "locked"  # type: ignore[union-attr]
    assert hass.states.get(guest_mode).state == "off"  # type: ignore[union-attr]


@pytest.mark.parametrize(
    "template",
    [
        "{{ states(states('input_text.which')) == 'on' }}",
        "{{ state_attr(names[0], 'battery') | int(0) < 10 }}",
        "{{ expand(group_name) | selectattr('state', 'eq', 'on') | list | count > 0 }}",
        "{{ states[which].state == 'on' }}",
        "{{ which | has_value }}",
    ],
)
async def test_an_entity_computed_when_the_template_runs_reads_everything(
    hass: HomeAssistant, owner: Owner, mcp: McpHarness, template: str
) -> None:
    await owner.save_automation(
        "computed",
        {
            "alias": "Computed unlock",
            "variables": {"which": "light.bed_light", "names": [], "group_name": ""},
            "triggers": [{"trigger": "template", "value_template": template}],
            "actions": [UNLOCK_FRONT],
        },
    )
    assert_refused(
        await call_service(mcp, "light.turn_on", target={"entity_id": "light.ceiling_lights"})
    )


async def test_the_triggers_own_entity_is_not_everything(
    hass: HomeAssistant, owner: Owner, mcp: McpHarness
) -> None:
    """`is_state(trigger.entity_id, …)` reads what the trigger names, nothing more."""
    await owner.save_automation(
        "own",
        {
            "alias": "Unlock when the doorbell rings twice",
            "triggers": [{"trigger": "state", "entity_id": "input_boolean.doorbell"}],
            "conditions": [
                {
                    "condition": "template",
                    "value_template": "{{ is_state(trigger.entity_id, 'on') }}",
                }
            ],
            "actions": [UNLOCK_FRONT],
        },
    )
    assert_ran(
        await call_service(mcp, "light.turn_on", target={"entity_id": "light.ceiling_lights"})
    )
