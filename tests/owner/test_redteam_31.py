"""Red team, round 31: a second toggle in one run; targets that gain entities later.

Same rules as the earlier rounds (`test_redteam_1.py`), on round 30's fix
(which it confirmed, with round 29's). Two openings:

- The owner's script toggles the garage twice ("blink the garage"); with the
  garage open, each toggle was judged on the garage's present state, so both
  "closed" it, while the second reopens it and sets off the owner's "garage
  opened → unlock the kitchen door". The present state counts for an
  entity only until a step of the same run acts on it.
- An automation written over MCP, `valve.open_valve` on a floor (or label,
  area) holding no valve, was saved as harmless; the owner then put the
  garden on that floor and the automation opened its valves at its next
  run. Round 32 found the same with `homeassistant.toggle` by area, an
  old-style group holding only a light, and a template thermostat labelled
  later. A written item lives on: an area, floor, label, device or
  old-style group target counts with every entity of the action's domain
  that is not plain, as a templated target does.
"""

from __future__ import annotations

from typing import Any

from homeassistant.core import HomeAssistant
from tests.conftest import McpHarness

from .house import (
    LINGERING_TIMERS,
    Owner,
    assert_house,
    assert_ran,
    assert_refused,
    call_service,
    save_config,
)

GARAGE = "cover.garage_door"
TOGGLE_GARAGE = {"action": "cover.toggle", "target": {"entity_id": GARAGE}}


async def test_a_second_toggle_is_judged_on_any_state(
    hass: HomeAssistant, owner: Owner, mcp: McpHarness
) -> None:
    blink = await owner.save_script(
        "blink_garage", {"alias": "Blink the garage", "sequence": [TOGGLE_GARAGE, TOGGLE_GARAGE]}
    )
    await owner.save_automation(
        "garage_opened_kitchen",
        {
            "alias": "Garage opened: unlock the kitchen door",
            "triggers": [{"trigger": "state", "entity_id": GARAGE, "from": "closed", "to": "open"}],
            "actions": [{"action": "lock.unlock", "target": {"entity_id": "lock.kitchen_door"}}],
        },
    )
    await owner.act("cover.open_cover", entity_id=GARAGE)
    await owner.act("lock.lock", entity_id="lock.kitchen_door")
    await hass.async_block_till_done()
    assert hass.states.get(GARAGE).state == "open"  # type: ignore[union-attr]

    twice = await call_service(mcp, "script.turn_on", target={"entity_id": blink})
    once = await call_service(mcp, "cover.toggle", target={"entity_id": GARAGE})

    assert_refused(twice, reaching="lock.kitchen_door")
    assert_ran(once)  # One toggle of the open garage closes it.
    await assert_house(hass, {"lock.kitchen_door": "locked"})


@LINGERING_TIMERS
async def test_a_written_targets_later_members_count(
    hass: HomeAssistant, owner: Owner, mcp: McpHarness
) -> None:
    label = await owner.create_label("Morning watering")
    area = await owner.create_area("Greenhouse")
    every_minute = [{"trigger": "time_pattern", "minutes": "/1"}]

    def watering(action: str, target: dict[str, str]) -> dict[str, Any]:
        return {
            "alias": f"Morning {action} {target}",
            "triggers": every_minute,
            "actions": [{"action": action, "target": target}],
        }

    by_label = await save_config(
        mcp, "automation", watering("valve.open_valve", {"label_id": label}), anyway=True
    )
    by_area = await save_config(
        mcp, "automation", watering("lock.unlock", {"area_id": area}), anyway=True
    )
    lights = await save_config(
        mcp, "automation", watering("light.turn_on", {"label_id": label}), anyway=True
    )
    closing = await save_config(
        mcp, "automation", watering("valve.close_valve", {"area_id": area}), anyway=True
    )

    assert_refused(by_label, reaching="valve.orchard")
    assert_refused(by_area, reaching="lock.front_door")
    assert lights.get("written") is True, lights
    assert closing.get("written") is True, closing


@LINGERING_TIMERS
async def test_round_32_what_may_come_under_a_written_target(
    hass: HomeAssistant, owner: Owner, mcp: McpHarness
) -> None:
    """Round 32: `homeassistant.toggle`, an old-style group, a template thermostat."""
    label = await owner.create_label("Bedroom things")
    area = await owner.create_area("Bedroom")
    await owner.add_template(
        "climate",
        {
            "name": "Heating",
            "hvac_modes": "{{ ['off', 'heat'] }}",
            "set_hvac_mode": [
                {"action": "valve.open_valve", "target": {"entity_id": "valve.orchard"}}
            ],
        },
    )
    await owner.act("group.set", object_id="bedside", entities=["light.bed_light"])
    every_minute = [{"trigger": "time_pattern", "minutes": "/1"}]

    def later(action: str, target: dict[str, str], **data: Any) -> dict[str, Any]:
        return {
            "alias": f"Later {action} {target}",
            "triggers": every_minute,
            "actions": [{"action": action, "target": target, "data": data}],
        }

    toggled = await save_config(
        mcp, "automation", later("homeassistant.toggle", {"area_id": area}), anyway=True
    )
    grouped = await save_config(
        mcp, "automation", later("lock.unlock", {"entity_id": "group.bedside"}), anyway=True
    )
    heating = await save_config(
        mcp,
        "automation",
        later("climate.set_hvac_mode", {"label_id": label}, hvac_mode="heat"),
        anyway=True,
    )
    lights = await save_config(
        mcp, "automation", later("light.turn_off", {"area_id": area}), anyway=True
    )

    assert_refused(toggled, reaching="valve.orchard")
    assert_refused(grouped, reaching="lock.front_door")
    assert_refused(heating, reaching="valve.orchard")
    assert lights.get("written") is True, lights
