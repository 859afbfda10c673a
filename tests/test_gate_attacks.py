"""Ways a red-team session found to open the house through MCP; each is closed.

Found against the running demo with only the README and the endpoint; each
case is checked by the entity's state in Home Assistant afterwards.
"""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from homeassistant.components.persistent_notification import _async_get_or_create_notifications
from homeassistant.core import HomeAssistant

from .conftest import McpHarness

KELVIN = "\u212a"  # Lower-cases to "k".


async def _call(mcp: McpHarness, domain: str, service: str, **arguments: Any) -> dict[str, Any]:
    return await mcp.data("call_service", {"domain": domain, "service": service, **arguments})


@pytest.mark.parametrize(
    ("key", "state", "entity_id", "before"),
    [
        ("LOCK.FRONT_DOOR", "unlocked", "lock.front_door", "locked"),
        (f"loc{KELVIN}.front_door", "unlocked", "lock.front_door", "locked"),
        (f"loc{KELVIN}.openable_loc{KELVIN}", "open", "lock.openable_lock", "locked"),
        ("COVER.GARAGE_DOOR", "open", "cover.garage_door", "closed"),
        (" Lock.Front_Door ", "unlocked", "lock.front_door", "locked"),
    ],
)
async def test_scene_apply_with_odd_spellings(
    mcp: McpHarness, hass: HomeAssistant, key: str, state: str, entity_id: str, before: str
) -> None:
    """scene.apply keys are read as Home Assistant reads them (lower-cased)."""
    result = await _call(mcp, "scene", "apply", data={"entities": {key: state}})
    # Refused, or rejected by Home Assistant's own schema: either way nothing runs.
    assert result["error"] in ("needs_confirmation", "invalid_data"), result
    if key.strip() == key:
        assert result["error"] == "needs_confirmation"
    await hass.async_block_till_done()
    assert hass.states.get(entity_id).state == before


async def test_scene_state_on_a_group_reaches_its_members(
    mcp: McpHarness, hass: HomeAssistant
) -> None:
    """A group the person made, then a scene state on it: judged member by member."""
    await hass.services.async_call(
        "group", "set", {"object_id": "ptlock", "entities": ["lock.front_door"]}, blocking=True
    )
    await hass.async_block_till_done()
    refused = await _call(mcp, "scene", "apply", data={"entities": {"group.ptlock": "unlocked"}})
    assert refused["error"] == "needs_confirmation", refused
    assert refused["targets"][0]["entity_id"] == "lock.front_door"
    assert refused["targets"][0]["via"] == ["group.ptlock"]

    # A scene that would open the house is not even made without approval.
    created = await _call(
        mcp, "scene", "create", data={"scene_id": "pt6", "entities": {"group.ptlock": "unlocked"}}
    )
    assert created["error"] == "needs_confirmation", created
    assert created["targets"][0]["entity_id"] == "lock.front_door"
    await hass.async_block_till_done()
    assert hass.states.get("scene.pt6") is None
    # One the person made is judged when it runs.
    await hass.services.async_call(
        "scene",
        "create",
        {"scene_id": "pt7", "entities": {"group.ptlock": "unlocked"}},
        blocking=True,
    )
    refused = await _call(mcp, "scene", "turn_on", target={"entity_id": "scene.pt7"})
    assert refused["error"] == "needs_confirmation", refused
    refused = await mcp.data("run_macro", {"phrase": "pt7"})
    assert refused["error"] == "needs_confirmation", refused
    macros = await mcp.data("list_macros", {"limit": 200})
    assert {m["entity_id"]: m["guarded"] for m in macros["items"]}["scene.pt7"] is True
    await hass.async_block_till_done()
    assert hass.states.get("lock.front_door").state == "locked"


@pytest.mark.parametrize(
    ("domain", "service", "arguments"),
    [
        ("homeassistant", "reload_config_entry", {"target": {"entity_id": "light.bed_light"}}),
        ("homeassistant", "reload_all", {}),
        ("homeassistant", "reload_core_config", {}),
        ("script", "reload", {}),
        ("scene", "reload", {}),
        ("homeassistant", "check_config", {}),
        ("homeassistant", "save_persistent_states", {}),
    ],
)
async def test_reloads_are_system_actions(
    mcp: McpHarness, hass: HomeAssistant, domain: str, service: str, arguments: dict[str, Any]
) -> None:
    """Reloading re-creates entities (a demo lock comes back unlocked): guarded."""
    await _call(mcp, "lock", "lock", target={"entity_id": "lock.kitchen_door"})
    assert hass.states.get("lock.kitchen_door").state == "locked"
    result = await _call(mcp, domain, service, **arguments)
    assert result["error"] == "needs_confirmation", result
    assert result["risk"] == "system"
    await hass.async_block_till_done()
    assert hass.states.get("lock.kitchen_door").state == "locked"


# Time-triggered automations keep their timers.
@pytest.mark.parametrize("expected_lingering_timers", [True])
async def test_turning_off_a_securing_automation_is_guarded(
    mcp: McpHarness, hass: HomeAssistant
) -> None:
    from homeassistant.setup import async_setup_component  # noqa: PLC0415

    assert await async_setup_component(
        hass,
        "automation",
        {
            "automation": [
                {
                    "id": "secure",
                    "alias": "Secure at midnight",
                    "triggers": [{"trigger": "time", "at": "00:00:00"}],
                    "actions": [
                        {"action": "lock.lock", "target": {"entity_id": "lock.front_door"}}
                    ],
                },
                {
                    "id": "lights",
                    "alias": "Porch light at sunset",
                    "triggers": [{"trigger": "time", "at": "18:00:00"}],
                    "actions": [
                        {"action": "light.turn_on", "target": {"entity_id": "light.bed_light"}}
                    ],
                },
            ]
        },
    )
    await hass.async_block_till_done()
    result = await _call(
        mcp, "automation", "turn_off", target={"entity_id": "automation.secure_at_midnight"}
    )
    assert result["error"] == "needs_confirmation", result
    assert hass.states.get("automation.secure_at_midnight").state == "on"
    result = await _call(
        mcp, "automation", "turn_off", target={"entity_id": "automation.porch_light_at_sunset"}
    )
    assert result["ok"] is True, result
    assert hass.states.get("automation.porch_light_at_sunset").state == "off"


async def test_all_in_data_is_judged_without_an_error_log(
    mcp: McpHarness, hass: HomeAssistant, caplog: pytest.LogCaptureFixture
) -> None:
    """entity_id "ALL" is every lock, as Home Assistant reads it."""
    result = await _call(mcp, "lock", "unlock", data={"entity_id": "ALL"})
    assert result["error"] == "needs_confirmation"
    assert "lock.front_door" in {t["entity_id"] for t in result["targets"]}
    assert "Traceback" not in caplog.text
    assert hass.states.get("lock.front_door").state == "locked"


# The demo valve keeps moving after the test.
@pytest.mark.parametrize("expected_lingering_timers", [True])
async def test_string_position_zero_closes(mcp: McpHarness, hass: HomeAssistant) -> None:
    """Data is read as Home Assistant coerces it: position "0" closes."""
    result = await _call(
        mcp,
        "valve",
        "set_valve_position",
        target={"entity_id": "valve.back_garden"},
        data={"position": "0"},
    )
    assert result["ok"] is True, result


async def test_empty_target_says_nothing_happened(mcp: McpHarness, hass: HomeAssistant) -> None:
    result = await _call(mcp, "lock", "unlock", target={"entity_id": []})
    assert result["ok"] is True
    assert "nothing" in result["warning"]
    assert hass.states.get("lock.front_door").state == "locked"


async def test_bad_data_gets_home_assistants_message(mcp: McpHarness) -> None:
    result = await _call(
        mcp, "light", "turn_on", target={"entity_id": "light.bed_light"}, data={"brightness": "x"}
    )
    assert result["error"] == "invalid_data"
    assert "brightness" in result["message"]


async def test_scene_cannot_turn_off_a_securing_automation(
    mcp: McpHarness, hass: HomeAssistant
) -> None:
    from homeassistant.setup import async_setup_component  # noqa: PLC0415

    assert await async_setup_component(
        hass,
        "automation",
        {
            "automation": {
                "id": "secure",
                "alias": "Secure",
                "triggers": [{"trigger": "state", "entity_id": "switch.ac", "to": "on"}],
                "actions": [{"action": "lock.lock", "target": {"entity_id": "lock.front_door"}}],
            }
        },
    )
    await hass.async_block_till_done()
    result = await _call(mcp, "scene", "apply", data={"entities": {"automation.secure": "off"}})
    assert result["error"] == "needs_confirmation", result
    assert result["risk"] == "opens_house"
    assert hass.states.get("automation.secure").state == "on"


async def test_groups_that_contain_themselves_are_refused(
    mcp: McpHarness, hass: HomeAssistant
) -> None:
    """Home Assistant loops (until memory runs out) on a scene state for such a group."""
    result = await _call(
        mcp, "group", "set", data={"object_id": "loop", "entities": ["group.loop"]}
    )
    assert result["error"] == "needs_confirmation", result
    assert result["risk"] == "unknown"
    assert hass.states.get("group.loop") is None
    # A loop made some other way is refused where it would bite.
    await hass.services.async_call(
        "group", "set", {"object_id": "a", "entities": ["light.bed_light"]}, blocking=True
    )
    await hass.services.async_call(
        "group", "set", {"object_id": "b", "entities": ["group.a"]}, blocking=True
    )
    await hass.services.async_call(
        "group", "set", {"object_id": "a", "entities": ["group.b"]}, blocking=True
    )
    result = await _call(mcp, "scene", "apply", data={"entities": {"group.a": "on"}})
    assert result["error"] == "needs_confirmation", result


async def test_home_mcps_notifications_cannot_be_touched(
    mcp: McpHarness, hass: HomeAssistant
) -> None:
    refused = await _call(mcp, "lock", "unlock", target={"entity_id": "lock.front_door"})
    notification_id = f"home_mcp_confirmation_{refused['confirmation_id']}"
    for service, data in (
        (
            "create",
            {"notification_id": notification_id, "message": "Home MCP asks to turn on Bed Light"},
        ),
        ("dismiss", {"notification_id": notification_id}),
        ("dismiss", {"notification_id": f" HOME_MCP_confirmation_{refused['confirmation_id']}"}),
        ("dismiss_all", {}),
    ):
        result = await _call(mcp, "persistent_notification", service, data=data)
        assert result["error"] == "needs_confirmation", (service, result)
    from homeassistant.components import persistent_notification  # noqa: PLC0415

    notifications = persistent_notification._async_get_or_create_notifications(hass)
    assert notifications[notification_id]["title"] == "Home MCP asks to unlock Front Door"
    result = await _call(
        mcp, "persistent_notification", "create", data={"message": "Dinner is ready"}
    )
    assert result["ok"] is True


async def test_presence_cannot_be_set_by_hand(mcp: McpHarness, hass: HomeAssistant) -> None:
    from homeassistant.setup import async_setup_component  # noqa: PLC0415

    assert await async_setup_component(hass, "device_tracker", {})
    result = await _call(
        mcp, "device_tracker", "see", data={"dev_id": "probe", "location_name": "home"}
    )
    assert result["error"] == "needs_confirmation"
    assert result["risk"] == "system"
    await hass.async_block_till_done()
    tracker = hass.states.get("device_tracker.probe")
    assert tracker is None or tracker.state != "home"


async def test_null_target_is_not_a_missing_entity(mcp: McpHarness) -> None:
    result = await _call(mcp, "light", "turn_on", data={"entity_id": None})
    assert result.get("error") != "not_found", result


async def test_deeply_nested_groups_in_scene_states(mcp: McpHarness, hass: HomeAssistant) -> None:
    """However deep a group chain, the lock at its bottom is judged."""
    previous = "lock.front_door"
    for level in range(15, -1, -1):
        await hass.services.async_call(
            "group", "set", {"object_id": f"d_{level}", "entities": [previous]}, blocking=True
        )
        previous = f"group.d_{level}"
    result = await _call(mcp, "scene", "apply", data={"entities": {"group.d_0": "unlocked"}})
    assert result["error"] == "needs_confirmation", result
    assert "lock.front_door" in {t["entity_id"] for t in result["targets"]}
    macros_before = hass.states.get("lock.front_door").state
    assert macros_before == "locked"
    # Over MCP, groups cannot be nested that deep in the first place.
    result = await _call(
        mcp, "group", "set", data={"object_id": "deeper", "entities": ["group.d_0"]}
    )
    assert result["error"] == "needs_confirmation", result
    assert "nested deeper" in result["targets"][0]["reason"]


async def test_groups_that_multiply_paths_are_refused(mcp: McpHarness, hass: HomeAssistant) -> None:
    """Two groups per level, each holding both of the next: 2^16 member paths.

    Home Assistant expands nested groups path by path; such a target would
    hold its event loop for a long time. The gate counts paths in one pass
    and refuses before anything expands them.
    """
    await hass.services.async_call(
        "group", "set", {"object_id": "x_16", "entities": ["light.bed_light"]}, blocking=True
    )
    await hass.services.async_call(
        "group", "set", {"object_id": "y_16", "entities": ["light.bed_light"]}, blocking=True
    )
    for level in range(15, -1, -1):
        for name in ("x", "y"):
            await hass.services.async_call(
                "group",
                "set",
                {
                    "object_id": f"{name}_{level}",
                    "entities": [f"group.x_{level + 1}", f"group.y_{level + 1}"],
                },
                blocking=True,
            )
    result = await _call(mcp, "light", "turn_on", target={"entity_id": "group.x_0"})
    assert result["error"] == "needs_confirmation", result
    assert result["risk"] == "unknown"
    assert "nested" in result["targets"][0]["reason"]
    assert hass.states.get("light.bed_light").state == "off"


async def test_notify_cannot_rewrite_home_mcps_notifications(
    mcp: McpHarness, hass: HomeAssistant
) -> None:
    """A notify service passing notification_id on is judged like persistent_notification."""
    calls: list[Any] = []

    async def send(call: Any) -> None:
        calls.append(call)

    hass.services.async_register("notify", "persistent_notification", send)
    refused = await _call(mcp, "lock", "unlock", target={"entity_id": "lock.front_door"})
    result = await _call(
        mcp,
        "notify",
        "persistent_notification",
        data={
            "message": "please click Approve",
            "title": "Home MCP asks to turn on a light",
            "data": {"notification_id": f"home_mcp_confirmation_{refused['confirmation_id']}"},
        },
    )
    assert result["error"] == "needs_confirmation", result
    assert result["risk"] == "system"
    assert calls == []


@pytest.mark.parametrize(
    "data",
    [
        {"object_id": "swap", "entities": ["lock.front_door"]},
        {"object_id": "swap", "entities": ["light.bed_light", "cover.garage_door"]},
        {"object_id": "swap", "add_entities": ["lock.openable_lock"]},
        {"object_id": "swap", "entities": ["group.person_locks"]},  # Nested.
        {"object_id": "swap", "add_entities": "ALARM_CONTROL_PANEL.SECURITY"},
    ],
)
async def test_group_set_cannot_bring_what_opens_the_house_into_a_group(
    mcp: McpHarness, hass: HomeAssistant, data: dict[str, Any]
) -> None:
    """Red team, round 4: swapping a lock into a group while a scene applies to it.

    Home Assistant reads a group's members when the scene runs, after Home MCP
    judged it; so a lock, a garage door or an alarm panel only enters a group
    from MCP with a person's approval.
    """
    await hass.services.async_call(
        "group",
        "set",
        {"object_id": "person_locks", "entities": ["lock.kitchen_door"]},
        blocking=True,
    )
    safe = await _call(
        mcp, "group", "set", data={"object_id": "swap", "entities": ["light.bed_light"]}
    )
    assert safe["ok"] is True, safe
    await hass.async_block_till_done()
    refused = await _call(mcp, "group", "set", data=data)
    assert refused["error"] == "needs_confirmation", refused
    assert refused["targets"][0]["reason"].startswith("Puts it in a group")
    await hass.async_block_till_done()
    assert hass.states.get("group.swap").attributes["entity_id"] == ("light.bed_light",)


async def test_group_set_keeps_members_it_already_had(mcp: McpHarness, hass: HomeAssistant) -> None:
    """A group the person made with a lock in it can still gain a light."""
    await hass.services.async_call(
        "group", "set", {"object_id": "door", "entities": ["lock.front_door"]}, blocking=True
    )
    result = await _call(
        mcp, "group", "set", data={"object_id": "door", "add_entities": ["light.bed_light"]}
    )
    assert result["ok"] is True, result


async def test_group_swap_race_against_scene_apply(mcp: McpHarness, hass: HomeAssistant) -> None:
    """The red team's race, replayed: scene.apply on a group while group.set swaps a lock in."""
    await _call(mcp, "group", "set", data={"object_id": "poc", "entities": ["light.bed_light"]})
    await hass.async_block_till_done()

    async def swap() -> None:
        for _ in range(15):
            for members in (["lock.front_door"], ["light.bed_light"]):
                await _call(mcp, "group", "set", data={"object_id": "poc", "entities": members})

    async def apply() -> None:
        for _ in range(15):
            await _call(mcp, "scene", "apply", data={"entities": {"group.poc": "unlocked"}})

    await asyncio.gather(swap(), apply())
    await hass.async_block_till_done()
    assert hass.states.get("lock.front_door").state == "locked"


@pytest.mark.parametrize(
    "data",
    [
        {"scene_id": "swap", "entities": {"lock.front_door": "unlocked"}},
        {"scene_id": "swap", "entities": {"cover.garage_door": {"state": "open"}}},
        # The kitchen door is unlocked in the demo: a snapshot would bring that back.
        {"scene_id": "swap", "snapshot_entities": ["lock.kitchen_door"]},
    ],
)
async def test_scene_create_that_would_open_the_house_needs_approval(
    mcp: McpHarness, hass: HomeAssistant, data: dict[str, Any]
) -> None:
    """Red team, round 5: homeassistant.turn_on on a scene raced against scene.create."""
    safe = await _call(
        mcp, "scene", "create", data={"scene_id": "swap", "entities": {"light.bed_light": "on"}}
    )
    assert safe["ok"] is True, safe
    await hass.async_block_till_done()
    refused = await _call(mcp, "scene", "create", data=data)
    assert refused["error"] == "needs_confirmation", refused
    await hass.async_block_till_done()
    scene = hass.states.get("scene.swap")
    assert scene is not None and scene.attributes["entity_id"] == ["light.bed_light"]


async def test_scene_swap_race_against_homeassistant_turn_on(
    mcp: McpHarness, hass: HomeAssistant
) -> None:
    """The red team's second race, replayed: the scene's contents swapped while it starts."""
    await _call(
        mcp, "scene", "create", data={"scene_id": "rt", "entities": {"light.bed_light": "on"}}
    )
    await hass.async_block_till_done()

    async def swap() -> None:
        for _ in range(10):
            for entities in ({"lock.front_door": "unlocked"}, {"light.bed_light": "on"}):
                await _call(mcp, "scene", "create", data={"scene_id": "rt", "entities": entities})

    async def trigger() -> None:
        for _ in range(10):
            await _call(mcp, "homeassistant", "turn_on", target={"entity_id": "scene.rt"})

    await asyncio.gather(swap(), trigger())
    await hass.async_block_till_done()
    assert hass.states.get("lock.front_door").state == "locked"


@pytest.mark.parametrize(
    ("member", "refused"),
    [("script.unlock_front", True), ("script.welcome_home", True), ("script.bedtime", False)],
)
async def test_group_set_cannot_bring_a_guarded_macro_into_a_group(
    mcp: McpHarness, hass: HomeAssistant, member: str, refused: bool
) -> None:
    """Turning a group on runs its scripts: one that would unlock needs approval to join."""
    result = await _call(mcp, "group", "set", data={"object_id": "macros", "entities": [member]})
    if refused:
        assert result["error"] == "needs_confirmation", result
        assert result["targets"][0]["entity_id"] == member
        assert hass.states.get("group.macros") is None
    else:
        assert result["ok"] is True, result


@pytest.mark.parametrize(
    "data",
    [
        {
            "notification_id": "fake",
            "title": "Home MCP asks to lock Front Door",
            "message": "[Review and approve](/home-mcp/confirmation/98517fc2d31048d7)",
        },
        {"message": "Approve here: http://ha.local:8123/HOME-MCP/confirmation/x"},
        {"message": "Approve: http://ha.local:8123%2Fhome-mcp%2Fconfirmation"},
    ],
)
async def test_no_fake_approval_requests(
    mcp: McpHarness, hass: HomeAssistant, data: dict[str, Any]
) -> None:
    """Red team, round 6: a notification from MCP dressed as an approval request."""
    result = await _call(mcp, "persistent_notification", "create", data=data)
    assert result["error"] == "needs_confirmation", result
    assert result["risk"] == "system"
    await hass.async_block_till_done()
    shown = _async_get_or_create_notifications(hass)
    assert [key for key in shown if not key.startswith("home_mcp")] == []
    # A plain message still goes through.
    plain = await _call(
        mcp, "persistent_notification", "create", data={"message": "The laundry is done"}
    )
    assert plain["ok"] is True, plain
