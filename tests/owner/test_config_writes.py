"""Configuration written through MCP, as Home Assistant's editors write it, judged by the gate.

A real SDK client calls `save_config` / `delete_config` on the owner's
house; the files, the Helpers page's storage and the running automations
are checked, and guarded writes are approved or denied the way a person
does, from a Home Assistant login session.

A write is judged for what it sets off and what it stops: a written script
firing a tag scan or Home Assistant's own events, an automation set off by
Home MCP's own `home_mcp_config_written`, one cancelling the timer an
auto-lock waits for or stopping a running securing script; a new helper
given back a deleted entity's id is judged as that entity.

A written item lives on: an area, floor, label, device or old-style group
target counts with every entity of the action's domain that is not plain, as
a templated target does, since the owner may put the garden under it later.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from pytest_homeassistant_custom_component.common import MockUser, async_capture_events

from homeassistant.core import HomeAssistant
from homeassistant.setup import async_setup_component
from homeassistant.util.yaml import load_yaml
from tests.conftest import McpHarness, panel_sender

from .house import (
    BED_LIGHT_ON,
    DISARM,
    LINGERING_TIMERS,
    OPEN_GARAGE,
    UNLOCK_FRONT,
    Owner,
    assert_house,
    assert_refused,
    call_service,
    save_config as _save,
    state,
)

PORCH = {
    "alias": "Porch light when the doorbell rings",
    "triggers": [{"trigger": "event", "event_type": "doorbell"}],
    "actions": [BED_LIGHT_ON],
}
NIGHT_UNLOCK = {
    "alias": "Let the cleaner in",
    "triggers": [{"trigger": "time", "at": "03:00:00"}],
    "actions": [UNLOCK_FRONT],
}
SECURE = {
    "alias": "Secure the house at midnight",
    "triggers": [{"trigger": "time", "at": "00:00:00"}],
    "actions": [{"action": "lock.lock", "target": {"entity_id": "lock.front_door"}}],
}


def _file(hass: HomeAssistant, name: str) -> bytes:
    return Path(hass.config.path(name)).read_bytes()


def _automations(hass: HomeAssistant) -> list[dict[str, Any]]:
    loaded = load_yaml(hass.config.path("automations.yaml"))
    return list(loaded) if isinstance(loaded, list) else []


async def _decide(
    hass: HomeAssistant,
    hass_ws_client: Callable[..., Any],
    user: MockUser,
    confirmation_id: str,
    decision: str,
) -> dict[str, Any]:
    """Decide as an administrator logged in to Home Assistant's frontend."""
    panel = await panel_sender(hass, hass_ws_client, user)
    reply: dict[str, Any] = await panel(
        {
            "type": "home_mcp/confirmation/decide",
            "confirmation_id": confirmation_id,
            "decision": decision,
        }
    )
    return reply


async def test_a_harmless_automation_is_written_loaded_and_runs(
    hass: HomeAssistant, owner: Owner, mcp: McpHarness
) -> None:
    written = await mcp.data("save_config", {"kind": "automation", "config": PORCH})
    await hass.async_block_till_done()
    assert written["ok"] is True and written["written"] is True
    assert written["action"] == "created"
    entity_id = written["entity_id"]
    assert entity_id == "automation.porch_light_when_the_doorbell_rings"
    assert hass.states.get(entity_id) is not None
    # In automations.yaml as the editor writes it: its id first.
    assert _automations(hass) == [{"id": written["id"], **PORCH}]
    assert "+alias: Porch light when the doorbell rings" in written["diff"]
    hass.bus.async_fire("doorbell")
    await hass.async_block_till_done()
    assert hass.states.get("light.bed_light").state == "on"  # type: ignore[union-attr]

    again = await mcp.data("save_config", {"kind": "automation", "config": PORCH})
    assert again["id"] != written["id"]  # Two creations, two items.
    assert len(_automations(hass)) == 2


async def test_the_wrong_item_is_refused_and_nothing_changes(
    hass: HomeAssistant, owner: Owner, mcp: McpHarness
) -> None:
    first = await mcp.data("save_config", {"kind": "automation", "config": PORCH})
    other = await mcp.data(
        "save_config", {"kind": "automation", "config": {**PORCH, "alias": "Other"}}
    )
    before = _file(hass, "automations.yaml")
    mismatched = await mcp.data(
        "save_config",
        {"kind": "automation", "id": first["id"], "config": {**PORCH, "id": other["id"]}},
    )
    assert mismatched["error"] == "id_mismatch"
    carried = await mcp.data(
        "save_config", {"kind": "automation", "config": {**PORCH, "id": first["id"]}}
    )
    assert carried["error"] == "exists"
    assert f"id={first['id']!r}" in carried["hint"]  # The exact update to make.
    placeholder = await mcp.data(
        "save_config", {"kind": "automation", "id": "new", "config": PORCH}
    )
    assert placeholder["error"] == "reserved_id"
    assert _file(hass, "automations.yaml") == before


@pytest.mark.parametrize("expected_lingering_timers", [True])  # Time triggers.
async def test_an_automation_that_unlocks_waits_for_a_person(
    hass: HomeAssistant,
    owner: Owner,
    mcp: McpHarness,
    hass_ws_client: Callable[..., Any],
    hass_admin_user: MockUser,
) -> None:
    before = _file(hass, "automations.yaml")
    written = async_capture_events(hass, "home_mcp_config_written")
    refused = await mcp.data("save_config", {"kind": "automation", "config": NIGHT_UNLOCK})
    assert_refused(refused, reaching="lock.front_door")
    assert "+- action: lock.unlock" in refused["diff"]
    assert _file(hass, "automations.yaml") == before
    assert hass.states.get("automation.let_the_cleaner_in") is None

    # The panel shows the write: the diff, what it is.
    data = hass.config_entries.async_entries("home_mcp")[0].runtime_data
    confirmation = data.confirmations.async_get(refused["confirmation_id"])
    assert confirmation is not None and confirmation.write is not None
    assert confirmation.write["diff"] == refused["diff"]
    assert confirmation.summary == (
        "unlock Front Door — by saving automation “Let the cleaner in”, "
        "which runs at 03:00:00 every day"
    )

    # Asked again: the same confirmation, not a second one.
    repeated = await mcp.data("save_config", {"kind": "automation", "config": NIGHT_UNLOCK})
    assert repeated["confirmation_id"] == refused["confirmation_id"]

    denied = await _decide(
        hass, hass_ws_client, hass_admin_user, refused["confirmation_id"], "deny"
    )
    assert denied["success"], denied
    assert _file(hass, "automations.yaml") == before

    again = await mcp.data("save_config", {"kind": "automation", "config": NIGHT_UNLOCK})
    approved = await _decide(
        hass, hass_ws_client, hass_admin_user, again["confirmation_id"], "approve"
    )
    assert approved["success"], approved
    stored = _automations(hass)
    assert len(stored) == 1 and {k: v for k, v in stored[0].items() if k != "id"} == NIGHT_UNLOCK
    assert hass.states.get("automation.let_the_cleaner_in") is not None
    assert [e.data["approved_by"] for e in written] == [hass_admin_user.id]
    assert written[0].data["action"] == "created"


async def test_a_helper_made_an_opening_path_is_guarded(
    hass: HomeAssistant, owner: Owner, mcp: McpHarness
) -> None:
    switch = await owner.create_helper("input_boolean", "Open sesame")
    config = {
        "alias": "Sesame",
        "triggers": [{"trigger": "state", "entity_id": switch, "to": "on"}],
        "actions": [OPEN_GARAGE],
    }
    refused = await mcp.data("save_config", {"kind": "automation", "config": config})
    assert_refused(refused, reaching="cover.garage_door")
    # A script that opens the garage, run by a new automation: the same.
    await owner.save_script("garage", {"alias": "Garage", "sequence": [OPEN_GARAGE]})
    config = {**PORCH, "actions": [{"action": "script.garage"}]}
    refused = await mcp.data("save_config", {"kind": "automation", "config": config})
    assert_refused(refused, reaching="cover.garage_door")


@pytest.mark.parametrize("expected_lingering_timers", [True])  # Time triggers.
async def test_deleting_or_weakening_what_secures_the_house_needs_approval(
    hass: HomeAssistant, owner: Owner, mcp: McpHarness
) -> None:
    await owner.save_automation("secure_midnight", SECURE)
    harmless = await mcp.data("save_config", {"kind": "automation", "config": PORCH})
    before = _file(hass, "automations.yaml")
    deleted = await mcp.data("delete_config", {"kind": "automation", "id": "secure_midnight"})
    assert_refused(deleted, risk="system")
    weaker = {
        **SECURE,
        "conditions": [{"condition": "state", "entity_id": "light.bed_light", "state": "x"}],
    }
    weakened = await mcp.data(
        "save_config", {"kind": "automation", "id": "secure_midnight", "config": weaker}
    )
    # Changing what secures is `system`; its new condition also makes the
    # porch light's automation (the doorbell) keep it from locking.
    assert_refused(weakened, risk="opens_house")
    assert "system" in [target["risk"] for target in weakened["targets"]], weakened
    assert _file(hass, "automations.yaml") == before

    gone = await mcp.data("delete_config", {"kind": "automation", "id": harmless["id"]})
    assert gone["ok"] is True and gone["action"] == "deleted"
    await hass.async_block_till_done()
    assert [a["id"] for a in _automations(hass)] == ["secure_midnight"]
    assert hass.states.get(harmless["entity_id"]) is None


async def test_errors_name_the_path_and_unknown_names_are_warnings(
    hass: HomeAssistant, owner: Owner, mcp: McpHarness
) -> None:
    before = _file(hass, "automations.yaml")
    broken = {**PORCH, "actions": [{"action": "light.turn_on", "target": {"entity_id": "x y"}}]}
    invalid = await mcp.data("save_config", {"kind": "automation", "config": broken})
    assert invalid["error"] == "invalid_config", invalid
    assert invalid["path"] == "actions[0].target.entity_id", invalid
    odd = {**PORCH, "actions": [{"action": "light.turn_on", "target": {"entity_id": 5}}]}
    refused = await mcp.data("save_config", {"kind": "automation", "config": odd})
    assert refused["error"] == "invalid_config", refused
    typo = {
        **PORCH,
        "actions": [{"action": "light.turn_on", "target": {"entity_id": "light.bed_lihgt"}}],
    }
    arguments = {"kind": "automation", "config": typo}
    warned = await mcp.data("save_config", arguments)
    assert warned["error"] == "unknown_references"
    [warning] = warned["warnings"]
    assert warning["kind"] == "entity" and warning["value"] == "light.bed_lihgt"
    assert warning["close_matches"][0] == "light.bed_light"  # The closest first.
    assert _file(hass, "automations.yaml") == before
    dry = await mcp.data("save_config", {**arguments, "dry_run": True})
    assert dry["written"] is False and dry["warnings"] == warned["warnings"]
    assert _file(hass, "automations.yaml") == before
    saved = await mcp.data("save_config", arguments)  # The same call, repeated: saved.
    assert saved["written"] is True
    assert len(_automations(hass)) == 1


async def test_helpers_are_made_where_the_helpers_page_keeps_them(
    hass: HomeAssistant, owner: Owner, mcp: McpHarness
) -> None:
    assert await async_setup_component(hass, "timer", {})
    made = await mcp.data(
        "save_config", {"kind": "input_boolean", "config": {"name": "Guest mode"}}
    )
    assert made["written"] is True and made["entity_id"] == "input_boolean.guest_mode"
    timer = await mcp.data(
        "save_config", {"kind": "timer", "config": {"name": "Porch", "duration": "00:05:00"}}
    )
    await hass.async_block_till_done()
    assert hass.states.get(timer["entity_id"]).attributes["duration"] == "0:05:00"  # type: ignore[union-attr]
    listed = await owner.ws_command({"type": "input_boolean/list"})
    assert [item["name"] for item in listed] == ["Guest mode"]
    # The Helpers page edits it with its own command, and Home MCP reads that.
    await owner.ws_command(
        {"type": "input_boolean/update", "input_boolean_id": made["id"], "name": "Guests"}
    )
    read = await mcp.data("get_config", {"kind": "input_boolean", "id": made["entity_id"]})
    assert read["config"]["name"] == "Guests"
    updated = await mcp.data(
        "save_config",
        {"kind": "input_boolean", "id": made["id"], "config": {"icon": "mdi:account"}},
    )
    assert updated.get("action") == "updated", updated
    assert "+icon: mdi:account" in updated["diff"]
    gone = await mcp.data("delete_config", {"kind": "timer", "id": timer["id"]})
    assert gone["action"] == "deleted"
    await hass.async_block_till_done()
    assert hass.states.get(timer["entity_id"]) is None


async def test_a_helper_that_can_open_the_house_is_changed_only_with_approval(
    hass: HomeAssistant, owner: Owner, mcp: McpHarness
) -> None:
    switch = await owner.create_helper("input_boolean", "Open sesame")
    await owner.save_automation(
        "sesame",
        {
            "alias": "Sesame",
            "triggers": [{"trigger": "state", "entity_id": switch, "to": "on"}],
            "actions": [OPEN_GARAGE],
        },
    )
    item = switch.split(".", 1)[1]
    changed = await mcp.data(
        "save_config", {"kind": "input_boolean", "id": item, "config": {"initial": True}}
    )
    assert_refused(changed, reaching=switch)
    deleted = await mcp.data("delete_config", {"kind": "input_boolean", "id": item})
    assert_refused(deleted, reaching=switch)
    assert hass.states.get(switch) is not None


_DAYS = ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday")


@pytest.mark.redteam(round=53)
@LINGERING_TIMERS
@pytest.mark.parametrize(
    ("kind", "blocks"),
    [
        pytest.param("schedule", []),
        pytest.param(
            "schedule",
            [{"from": "12:00:00", "to": "12:01:00"}],
        ),
        pytest.param("schedule", None),
        pytest.param("input_boolean", None),
    ],
    ids=["schedule-emptied", "schedule-moved-to-noon", "schedule-deleted", "toggle-deleted"],
)
async def test_rewriting_or_deleting_the_helper_that_sets_off_the_lock_up_is_refused(
    hass: HomeAssistant,
    owner: Owner,
    mcp: McpHarness,
    kind: str,
    blocks: list[dict[str, str]] | None,
) -> None:
    """The owner's "Night" helper sets off "Lock at night", which locks the front door.

    A Schedule helper (22:00 to midnight, every day) turning on, as its
    documentation suggests, or a toggle another automation turns on at
    night. Rewriting the schedule's blocks through the Helpers page (none
    left, or a minute at noon), or deleting the helper, keeps the lock-up
    from ever being set off: the door stays unlocked every night, as
    deleting the lock-up itself would leave it. The write waits for a person.
    """
    assert await async_setup_component(hass, "schedule", {})
    night = [{"from": "22:00:00", "to": "23:59:59"}]
    fields = dict.fromkeys(_DAYS, night) if kind == "schedule" else {}
    helper = await owner.create_helper(kind, "Night", **fields)
    await owner.save_automation(
        "lock_at_night",
        {
            "alias": "Lock at night",
            "triggers": [{"trigger": "state", "entity_id": helper, "to": "on"}],
            "actions": [{"action": "lock.lock", "target": {"entity_id": "lock.front_door"}}],
        },
    )
    item = helper.split(".", 1)[1]

    if blocks is None:
        changed = await mcp.data("delete_config", {"kind": kind, "id": item})
    else:
        changed = await _save(mcp, kind, dict.fromkeys(_DAYS, blocks), id=item)

    assert_refused(changed, risk=None, reaching=helper)


@pytest.mark.parametrize("expected_lingering_timers", [True])  # Time triggers.
async def test_a_write_approved_after_the_item_changed_writes_nothing(
    hass: HomeAssistant,
    owner: Owner,
    mcp: McpHarness,
    hass_ws_client: Callable[..., Any],
    hass_admin_user: MockUser,
) -> None:
    await owner.save_automation("secure_midnight", SECURE)
    refused = await mcp.data("delete_config", {"kind": "automation", "id": "secure_midnight"})
    # Meanwhile the owner edits it in the UI.
    await owner.save_automation("secure_midnight", {**SECURE, "alias": "Lock up"})
    before = _file(hass, "automations.yaml")
    approved = await _decide(
        hass, hass_ws_client, hass_admin_user, refused["confirmation_id"], "approve"
    )
    assert approved["success"], approved
    assert approved["result"]["state"] == "failed"
    assert "changed since" in approved["result"]["outcome"]["message"]
    assert _file(hass, "automations.yaml") == before


@pytest.mark.parametrize("expected_lingering_timers", [True])  # Time triggers.
async def test_the_panel_restores_a_version_through_the_gate(
    hass: HomeAssistant,
    owner: Owner,
    mcp: McpHarness,
    hass_ws_client: Callable[..., Any],
    hass_admin_user: MockUser,
) -> None:
    panel = await panel_sender(hass, hass_ws_client, hass_admin_user)
    made = await mcp.data("save_config", {"kind": "automation", "config": PORCH})
    await mcp.data(
        "save_config",
        {"kind": "automation", "id": made["id"], "config": {**PORCH, "alias": "Porch lamp"}},
    )
    history = (await panel({"type": "home_mcp/config/history"}))["result"]["items"]
    [item] = history
    assert [v["action"] for v in item["versions"]] == ["updated", "created"]
    assert item["versions"][0]["config"]["alias"] == PORCH["alias"]
    restored = await panel(
        {"type": "home_mcp/config/restore", "kind": "automation", "key": made["id"], "version": 0}
    )
    assert restored["success"], restored
    assert _automations(hass)[0]["alias"] == PORCH["alias"]

    # A version that would open the house is a confirmation, even from the panel.
    night = await mcp.data("save_config", {"kind": "automation", "config": NIGHT_UNLOCK})
    approved = await panel(
        {
            "type": "home_mcp/confirmation/decide",
            "confirmation_id": night["confirmation_id"],
            "decision": "approve",
        }
    )
    assert approved["success"], approved
    key = approved["result"]["outcome"]["written"]["id"]
    await mcp.data(
        "save_config",
        {"kind": "automation", "id": key, "config": {**NIGHT_UNLOCK, "actions": [BED_LIGHT_ON]}},
    )
    asked = await panel(
        {"type": "home_mcp/config/restore", "kind": "automation", "key": key, "version": 0}
    )
    assert asked["success"], asked
    confirmation_id = asked["result"]["confirmation_id"]
    stored = {a["id"]: a for a in _automations(hass)}
    assert stored[key]["actions"] == [BED_LIGHT_ON]  # Nothing written yet.
    decided = await panel(
        {
            "type": "home_mcp/confirmation/decide",
            "confirmation_id": confirmation_id,
            "decision": "approve",
        }
    )
    assert decided["success"], decided
    assert {a["id"]: a for a in _automations(hass)}[key]["actions"] == [UNLOCK_FRONT]


async def test_restoring_needs_a_login_session(
    hass: HomeAssistant,
    owner: Owner,
    mcp: McpHarness,
    hass_ws_client: Callable[..., Any],
    hass_admin_user: MockUser,
) -> None:
    """A long-lived token cannot restore (restoring a guarded version is approving it)."""
    made = await mcp.data("save_config", {"kind": "automation", "config": PORCH})
    await mcp.data(
        "save_config",
        {"kind": "automation", "id": made["id"], "config": {**PORCH, "alias": "Porch lamp"}},
    )
    refresh = await hass.auth.async_create_refresh_token(
        hass_admin_user, client_name="Script", token_type="long_lived_access_token"
    )
    client = await hass_ws_client(access_token=hass.auth.async_create_access_token(refresh))
    await client.send_json_auto_id(
        {"type": "home_mcp/config/restore", "kind": "automation", "key": made["id"], "version": 0}
    )
    reply = await client.receive_json()
    assert reply["success"] is False and reply["error"]["code"] == "not_a_login_session"
    assert _automations(hass)[0]["alias"] == "Porch lamp"


async def test_scenes_are_written_as_the_scene_editor_writes_them(
    hass: HomeAssistant, owner: Owner, mcp: McpHarness
) -> None:
    assert await async_setup_component(hass, "scene", {})
    await hass.async_block_till_done()
    cosy = {"name": "Cosy", "entities": {"light.bed_light": {"state": "on", "brightness": 80}}}
    made = await mcp.data("save_config", {"kind": "scene", "config": cosy})
    assert made["written"] is True, made
    await hass.async_block_till_done()
    stored = load_yaml(hass.config.path("scenes.yaml"))
    assert stored == [{"id": made["id"], **cosy}]
    assert hass.states.get(made["entity_id"]) is not None
    read = await mcp.data("get_config", {"kind": "scene", "id": made["entity_id"]})
    assert read["config"]["entities"] == cosy["entities"]

    welcome = {"name": "Welcome", "entities": {"lock.front_door": "unlocked"}}
    refused = await mcp.data("save_config", {"kind": "scene", "config": welcome})
    assert_refused(refused, reaching="lock.front_door")
    assert load_yaml(hass.config.path("scenes.yaml")) == stored


# -- moved from red-team round 12: what a written script or automation sets off ---------


TAG_UNLOCK = {
    "alias": "Front door NFC tag",
    "triggers": [{"trigger": "tag", "tag_id": "front-door-tag"}],
    "actions": [UNLOCK_FRONT],
}
FIRE_TAG = {"event": "tag_scanned", "event_data": {"tag_id": "front-door-tag"}}


@pytest.fixture
async def tag_unlock(owner: Owner) -> str:
    """Return the owner's "unlock the front door with this NFC tag" automation."""
    assert await async_setup_component(owner.hass, "tag", {})
    return await owner.save_automation("own_tag", TAG_UNLOCK)


@pytest.mark.redteam(round=12)
async def test_a_written_script_firing_a_tag_scan_is_guarded(
    hass: HomeAssistant, owner: Owner, mcp: McpHarness, tag_unlock: str
) -> None:
    script = {"alias": "Tag test", "sequence": [FIRE_TAG]}
    assert_refused(await _save(mcp, "script", script), reaching="lock.front_door")
    dry = await _save(mcp, "script", script, dry_run=True)
    assert dry["guarded"] is True
    # Firing it from an existing script the gate lets run: the edit is guarded.
    await owner.save_script("evening", {"alias": "Evening", "sequence": []})
    edited = {"alias": "Evening", "sequence": [FIRE_TAG]}
    assert_refused(await _save(mcp, "script", edited, id="evening"), reaching="lock.front_door")
    assert (await call_service(mcp, "script.evening"))["ok"] is True
    await assert_house(hass, {"lock.front_door": "locked"})


@pytest.mark.redteam(round=12)
async def test_what_a_write_sets_off_through_home_mcp_config_written_is_judged(
    hass: HomeAssistant, owner: Owner, mcp: McpHarness, tag_unlock: str
) -> None:
    own = {
        "alias": "After a config change",
        "triggers": [{"trigger": "event", "event_type": "home_mcp_config_written"}],
        "actions": [FIRE_TAG],
    }
    assert_refused(await _save(mcp, "automation", own), reaching="lock.front_door")
    # The owner's automation that reacts to writes with a disarm: every
    # write through MCP would set it off, so each waits for a person.
    await owner.save_automation(
        "on_write",
        {
            "alias": "On write",
            "triggers": [{"trigger": "event", "event_type": "home_mcp_config_written"}],
            "actions": [DISARM],
        },
    )
    harmless = {"alias": "Harmless", "triggers": [], "actions": []}
    assert_refused(await _save(mcp, "automation", harmless))
    await assert_house(hass, {"lock.front_door": "locked"})


@pytest.mark.redteam(round=12)
async def test_home_assistants_own_events_cannot_be_fired_from_a_written_script(
    hass: HomeAssistant, owner: Owner, mcp: McpHarness
) -> None:
    for event in (
        {"event": "entity_registry_updated", "event_data": {"action": "remove"}},
        {"event": "state_changed"},
        {"event": "homeassistant_stop"},
        {"event": "core_config_updated"},
        {"event": "home_mcp_confirmation", "event_data": {"decision": "approved"}},
        {"event": "home_mcp_escape"},
        {"event": "{{ 'entity_registry_updated' }}"},
    ):
        result = await _save(mcp, "script", {"alias": "Forged", "sequence": [event]})
        assert result.get("error") == "needs_confirmation", (event, result)
    custom = await _save(mcp, "script", {"alias": "Doorbell", "sequence": [{"event": "ding"}]})
    assert custom["written"] is True  # A household's own event: nothing listens.


@pytest.fixture
async def auto_lock(owner: Owner) -> tuple[str, str]:
    """Return the owner's auto-lock: the door unlocked starts a timer; when it ends, lock."""
    hass = owner.hass
    assert await async_setup_component(hass, "timer", {})
    timer = await owner.create_helper("timer", "Autolock", duration="00:00:30")
    switch = await owner.create_helper("input_boolean", "Auto lock")
    await owner.act("input_boolean.turn_on", entity_id=switch)
    await owner.save_automation(
        "autolock_start",
        {
            "alias": "Start the auto-lock",
            "triggers": [{"trigger": "state", "entity_id": "lock.front_door", "to": "unlocked"}],
            "actions": [{"action": "timer.start", "target": {"entity_id": timer}}],
        },
    )
    await owner.save_automation(
        "autolock",
        {
            "alias": "Auto-lock",
            "triggers": [
                {
                    "trigger": "event",
                    "event_type": "timer.finished",
                    "event_data": {"entity_id": timer},
                }
            ],
            "actions": [
                {
                    "choose": [
                        {
                            "conditions": [
                                {"condition": "state", "entity_id": switch, "state": "on"}
                            ],
                            "sequence": [
                                {"action": "lock.lock", "target": {"entity_id": "lock.front_door"}}
                            ],
                        }
                    ]
                }
            ],
        },
    )
    return timer, switch


@pytest.mark.redteam(round=12)
@LINGERING_TIMERS
async def test_what_keeps_the_auto_lock_from_locking_is_guarded(
    hass: HomeAssistant, owner: Owner, mcp: McpHarness, auto_lock: tuple[str, str]
) -> None:
    timer, switch = auto_lock
    quiet = {
        "alias": "Quiet timer",
        "triggers": [{"trigger": "state", "entity_id": timer, "to": "active"}],
        "actions": [{"action": "timer.cancel", "target": {"entity_id": timer}}],
    }
    assert_refused(await _save(mcp, "automation", quiet))
    # Restarting the running timer for 99 hours is cancelling it too.
    await owner.act("lock.unlock", entity_id="lock.front_door")
    assert state(hass, timer) == "active"
    later = await call_service(
        mcp, "timer.start", target={"entity_id": timer}, data={"duration": "99:00:00"}
    )
    assert_refused(later)
    # The auto-lock's condition is inside a `choose` branch: still its condition.
    assert_refused(await call_service(mcp, "input_boolean.turn_off", target={"entity_id": switch}))
    assert state(hass, switch) == "on"


@pytest.mark.redteam(round=12)
@LINGERING_TIMERS
async def test_stopping_a_running_securing_script_from_a_written_automation_is_guarded(
    hass: HomeAssistant, owner: Owner, mcp: McpHarness
) -> None:
    await owner.save_script(
        "lock_up",
        {
            "alias": "Lock up",
            "sequence": [
                {"delay": {"minutes": 2}},
                {"action": "lock.lock", "target": {"entity_id": "lock.front_door"}},
            ],
        },
    )
    stop = {
        "alias": "Stop lock up",
        "triggers": [{"trigger": "state", "entity_id": "script.lock_up", "to": "on"}],
        "actions": [{"action": "script.turn_off", "target": {"entity_id": "script.lock_up"}}],
    }
    assert_refused(await _save(mcp, "automation", stop))


@pytest.mark.redteam(round=12)
@LINGERING_TIMERS
async def test_a_schedule_helper_can_be_written(
    hass: HomeAssistant, owner: Owner, mcp: McpHarness
) -> None:
    assert await async_setup_component(hass, "schedule", {})
    made = await _save(
        mcp,
        "schedule",
        {"name": "Office hours", "monday": [{"from": "09:00:00", "to": "17:00:00"}]},
    )
    assert made.get("written") is True, made
    assert hass.states.get(made["entity_id"]) is not None


# -- moved from red-team round 13: a new helper given a deleted entity's id ------------


@pytest.mark.redteam(round=13)
async def test_a_new_helper_given_a_deleted_entitys_id_is_judged_as_that_entity(
    hass: HomeAssistant, owner: Owner, mcp: McpHarness
) -> None:
    porch = await owner.create_helper("input_boolean", "Porch")
    await owner.ws_command(
        {
            "type": "config/entity_registry/update",
            "entity_id": porch,
            "new_entity_id": "input_boolean.guest_entry",
        }
    )
    await owner.ws_command({"type": "input_boolean/delete", "input_boolean_id": "porch"})
    await owner.save_automation(
        "guest_entry",
        {
            "alias": "Guest entry",
            "triggers": [
                {"trigger": "state", "entity_id": "input_boolean.guest_entry", "to": "on"}
            ],
            "actions": [UNLOCK_FRONT],
        },
    )
    config = {"name": "Porch", "initial": True}
    dry = await _save(mcp, "input_boolean", config, dry_run=True)
    assert dry["entity_id"] == "input_boolean.guest_entry"
    assert_refused(await _save(mcp, "input_boolean", config), reaching="input_boolean.guest_entry")
    await assert_house(hass, {"lock.front_door": "locked"})


# -- moved from red-team rounds 31 and 32: a written target that gains entities later --


async def _write_every_minute(
    mcp: McpHarness, alias: str, action: str, target: dict[str, str], **data: Any
) -> dict[str, Any]:
    """Write an automation running `action` on `target` (with `data`) every minute.

    Saved anyway when it names what does not exist yet; return the answer.
    """
    step: dict[str, Any] = {"action": action, "target": target}
    if data:
        step["data"] = data
    config = {
        "alias": f"{alias} {action} {target}",
        "triggers": [{"trigger": "time_pattern", "minutes": "/1"}],
        "actions": [step],
    }
    return await _save(mcp, "automation", config, anyway=True)


@pytest.mark.redteam(round=31)
@LINGERING_TIMERS
async def test_a_written_targets_later_members_count(
    hass: HomeAssistant, owner: Owner, mcp: McpHarness
) -> None:
    """`valve.open_valve` on a label holding no valve yet: the owner may put the garden on it."""
    label = await owner.create_label("Morning watering")
    area = await owner.create_area("Greenhouse")

    by_label = await _write_every_minute(mcp, "Morning", "valve.open_valve", {"label_id": label})
    by_area = await _write_every_minute(mcp, "Morning", "lock.unlock", {"area_id": area})
    lights = await _write_every_minute(mcp, "Morning", "light.turn_on", {"label_id": label})
    closing = await _write_every_minute(mcp, "Morning", "valve.close_valve", {"area_id": area})

    assert_refused(by_label, reaching="valve.orchard")
    assert_refused(by_area, reaching="lock.front_door")
    assert lights.get("written") is True, lights
    assert closing.get("written") is True, closing


@pytest.mark.redteam(round=32)
@LINGERING_TIMERS
async def test_a_written_toggle_group_or_label_counts_what_may_come_under_it(
    hass: HomeAssistant, owner: Owner, mcp: McpHarness
) -> None:
    """`homeassistant.toggle` by area, an old-style group of a light, a thermostat labelled later."""
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

    toggled = await _write_every_minute(mcp, "Later", "homeassistant.toggle", {"area_id": area})
    grouped = await _write_every_minute(mcp, "Later", "lock.unlock", {"entity_id": "group.bedside"})
    heating = await _write_every_minute(
        mcp, "Later", "climate.set_hvac_mode", {"label_id": label}, hvac_mode="heat"
    )
    lights = await _write_every_minute(mcp, "Later", "light.turn_off", {"area_id": area})

    assert_refused(toggled, reaching="valve.orchard")
    assert_refused(grouped, reaching="lock.front_door")
    assert_refused(heating, reaching="valve.orchard")
    assert lights.get("written") is True, lights
