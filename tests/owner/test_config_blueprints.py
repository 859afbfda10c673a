"""Blueprints installed, read, updated and deleted through the configuration tools (issue 36).

A real SDK client installs blueprints from YAML text into a real Home
Assistant (its `blueprint/save` command), writes automations from them, and
updates or deletes them; a blueprint write is judged as the edit of every
automation using it, and a guarded one is approved from the panel.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from pytest_homeassistant_custom_component.common import MockUser

from homeassistant.components.blueprint import BLUEPRINT_SCHEMA, Blueprint
from homeassistant.core import HomeAssistant
from homeassistant.util.yaml import parse_yaml
from tests.conftest import McpHarness, panel_sender

from .house import Owner, assert_refused

UNLOCK = """\
blueprint:
  name: Let someone in
  domain: automation
  input:
    door:
      name: Door
      selector:
        entity:
          domain: lock
    signal:
      default: knock_knock
triggers:
  - trigger: event
    event_type: !input signal
actions:
  - action: lock.unlock
    target:
      entity_id: !input door
"""
"""An invented blueprint that unlocks the door it is given."""
PORCH = """\
blueprint:
  name: Porch light on the doorbell
  domain: automation
  input:
    light:
      name: Light
      selector:
        entity:
          domain: light
triggers:
  - trigger: event
    event_type: doorbell
actions:
  - action: light.turn_on
    target:
      entity_id: !input light
"""
"""An invented harmless blueprint: the light it is given turns on when the doorbell rings."""
PORCH_AND_DOOR = (
    PORCH
    + """\
  - action: lock.unlock
    target:
      entity_id: lock.front_door
"""
)
"""The same blueprint, updated so that every automation using it also unlocks the front door."""
PORCH_BRIGHTER = PORCH + "    data:\n      brightness_pct: 100\n"
PORCH_LAMP = PORCH.replace("    light:\n      name: Light", "    lamp:\n      name: Lamp").replace(
    "!input light", "!input lamp"
)
"""The same blueprint with its input renamed: what its automations set is gone."""
PORCH_PATH = "owner/porch_light.yaml"
PORCH_ID = f"automation/{PORCH_PATH}"
MOTION_ID = "automation/homeassistant/motion_light.yaml"


def _written(text: str) -> str:
    """Return `text` as `blueprint/save` writes it: read by Home Assistant, dumped again."""
    return Blueprint(parse_yaml(text), schema=BLUEPRINT_SCHEMA).yaml()


def _file(hass: HomeAssistant, path: str) -> str | None:
    file = Path(hass.config.path("blueprints", "automation", path))
    return file.read_text(encoding="utf-8") if file.is_file() else None


async def _install(mcp: McpHarness, text: str, path: str) -> dict[str, Any]:
    made = await mcp.data(
        "save_config", {"kind": "blueprint", "config": {"yaml": text, "path": path}}
    )
    assert made["ok"] is True and made["written"] is True, made
    return made


async def _porch_automation(mcp: McpHarness) -> str:
    """Install the porch blueprint and an automation using it; return its entity id."""
    await _install(mcp, PORCH, PORCH_PATH)
    config = {
        "alias": "Porch light",
        "use_blueprint": {"path": PORCH_PATH, "input": {"light": "light.bed_light"}},
    }
    written = await mcp.data("save_config", {"kind": "automation", "config": config})
    assert written["written"] is True, written
    await mcp.hass.async_block_till_done()
    return str(written["entity_id"])


async def test_a_blueprint_installed_from_yaml_is_listed_and_read_back(
    hass: HomeAssistant, owner: Owner, mcp: McpHarness
) -> None:
    made = await _install(mcp, UNLOCK, "owner/let_in")
    assert made["action"] == "created" and made["id"] == "automation/owner/let_in.yaml"
    assert "+  event_type: !input signal" in made["diff"]
    assert _file(hass, "owner/let_in.yaml") is not None
    assert "confirmation_id" not in made  # Nobody uses it: nothing in the house changes.

    listed = await mcp.data("get_config", {"kind": "blueprint"})
    rows = {row["id"]: row for row in listed["items"]}
    assert rows["automation/owner/let_in.yaml"] == {
        "id": "automation/owner/let_in.yaml",
        "domain": "automation",
        "path": "owner/let_in.yaml",
        "name": "Let someone in",
        "inputs": {
            # The selector as Home Assistant's schema reads it.
            "door": {
                "name": "Door",
                "selector": {"entity": {"domain": ["lock"], "multiple": False, "reorder": False}},
            },
            "signal": {"default": "knock_knock"},
        },
        "users": [],
    }
    assert rows[MOTION_ID]["inputs"]["no_motion_wait"]["default"] == 120

    read = await mcp.data("get_config", {"kind": "blueprint", "id": "owner/let_in.yaml"})
    assert read["id"] == "automation/owner/let_in.yaml" and read["name"] == "Let someone in"
    assert (
        read["yaml"].strip() == _written(UNLOCK).strip()
        and read["config"]["inputs"]["door"]["name"] == "Door"
    )

    again = await mcp.data(
        "save_config", {"kind": "blueprint", "config": {"yaml": UNLOCK, "path": "owner/let_in"}}
    )
    assert again["error"] == "exists"


async def test_an_automation_from_the_motion_light_blueprint_runs_at_once(
    hass: HomeAssistant, owner: Owner, mcp: McpHarness
) -> None:
    # The demo has no motion sensor: a helper stands in for one (a state that turns on).
    motion = await owner.create_helper("input_boolean", "Hall motion")
    config = {
        "alias": "Hall light on motion",
        "use_blueprint": {
            "path": "homeassistant/motion_light.yaml",
            "input": {
                "motion_entity": motion,
                "light_target": {"entity_id": "light.bed_light"},
            },
        },
    }
    written = await mcp.data("save_config", {"kind": "automation", "config": config})
    assert written["written"] is True and "confirmation_id" not in written, written
    await hass.async_block_till_done()
    read = await mcp.data("get_config", {"kind": "blueprint", "id": MOTION_ID})
    assert read["config"]["users"] == [written["entity_id"]]


async def test_an_automation_from_an_unlock_blueprint_waits_and_shows_its_inputs(
    hass: HomeAssistant,
    owner: Owner,
    mcp: McpHarness,
    hass_ws_client: Callable[..., Any],
    hass_admin_user: MockUser,
) -> None:
    await _install(mcp, UNLOCK, "owner/let_in.yaml")
    config = {
        "alias": "Let the cleaner in",
        "use_blueprint": {"path": "owner/let_in.yaml", "input": {"door": "lock.front_door"}},
    }
    refused = await mcp.data("save_config", {"kind": "automation", "config": config})
    assert_refused(refused, reaching="lock.front_door")
    assert hass.states.get("automation.let_the_cleaner_in") is None

    panel = await panel_sender(hass, hass_ws_client, hass_admin_user)
    [row] = (await panel({"type": "home_mcp/confirmations"}))["result"]
    # The person reads the blueprint's inputs as given, and when it runs, filled in.
    assert "+    door: lock.front_door" in row["write"]["diff"]
    assert row["write"]["when"] == ["on the event “knock_knock”"]
    assert row["summary"].startswith("unlock Front Door")


async def test_a_blueprint_updated_so_its_automations_would_unlock_waits(
    hass: HomeAssistant,
    owner: Owner,
    mcp: McpHarness,
    hass_ws_client: Callable[..., Any],
    hass_admin_user: MockUser,
) -> None:
    entity_id = await _porch_automation(mcp)
    update = {"kind": "blueprint", "id": PORCH_ID, "config": {"yaml": PORCH_AND_DOOR}}
    refused = await mcp.data("save_config", update)
    assert_refused(refused, reaching="lock.front_door")
    assert _file(hass, PORCH_PATH) == _written(PORCH)  # Nothing changed until approved.

    panel = await panel_sender(hass, hass_ws_client, hass_admin_user)
    [row] = (await panel({"type": "home_mcp/confirmations"}))["result"]
    assert row["write"]["users"] == [entity_id]
    assert "+- action: lock.unlock" in row["write"]["diff"]
    # Which automation, and what it would do.
    summary = row["summary"]
    assert summary.startswith("unlock Front Door") and "through Porch light" in summary
    assert summary.endswith("— by saving blueprint “Porch light on the doorbell”")

    approved = await panel(
        {
            "type": "home_mcp/confirmation/decide",
            "confirmation_id": refused["confirmation_id"],
            "decision": "approve",
        }
    )
    assert approved["success"] and approved["result"]["state"] == "approved", approved
    assert _file(hass, PORCH_PATH) == _written(PORCH_AND_DOOR)


async def test_a_used_blueprint_updated_harmlessly_is_written_at_once_and_reloads_its_users(
    hass: HomeAssistant, owner: Owner, mcp: McpHarness
) -> None:
    entity_id = await _porch_automation(mcp)
    update = {"kind": "blueprint", "id": PORCH_ID, "config": {"yaml": PORCH_BRIGHTER}}
    written = await mcp.data("save_config", update)
    assert written["written"] is True and written["action"] == "updated", written
    assert written["users"] == [entity_id]
    await hass.async_block_till_done()
    assert _file(hass, PORCH_PATH) == _written(PORCH_BRIGHTER)
    hass.bus.async_fire("doorbell")
    await hass.async_block_till_done()
    light = hass.states.get("light.bed_light")
    assert light is not None and light.state == "on" and light.attributes["brightness"] == 255


async def test_deleting_a_used_blueprint_is_refused_with_its_users(
    hass: HomeAssistant, owner: Owner, mcp: McpHarness
) -> None:
    entity_id = await _porch_automation(mcp)
    refused = await mcp.data("delete_config", {"kind": "blueprint", "id": PORCH_ID})
    assert refused["error"] == "in_use", refused
    assert refused["users"] == [{"entity_id": entity_id, "problem": "uses it"}]
    assert _file(hass, PORCH_PATH) == _written(PORCH)

    await _install(mcp, UNLOCK, "owner/let_in.yaml")
    deleted = await mcp.data("delete_config", {"kind": "blueprint", "id": "owner/let_in.yaml"})
    assert deleted["written"] is True and deleted["action"] == "deleted", deleted
    assert _file(hass, "owner/let_in.yaml") is None


async def test_a_blueprint_that_is_not_one_is_refused_with_nothing_changed(
    hass: HomeAssistant, owner: Owner, mcp: McpHarness
) -> None:
    entity_id = await _porch_automation(mcp)
    for text in ("blueprint: [unclosed", "alias: Not a blueprint\n", "- a list\n"):
        refused = await mcp.data(
            "save_config", {"kind": "blueprint", "id": PORCH_ID, "config": {"yaml": text}}
        )
        assert refused["error"] == "invalid_config", (text, refused)
        assert "nothing was written" in refused["message"]
    escaping = await mcp.data(
        "save_config", {"kind": "blueprint", "config": {"yaml": PORCH, "path": "../../evil"}}
    )
    assert escaping["error"] == "invalid_config", escaping

    # An input its automation sets, renamed away: the automation is named, nothing written.
    renamed = await mcp.data(
        "save_config", {"kind": "blueprint", "id": PORCH_ID, "config": {"yaml": PORCH_LAMP}}
    )
    assert renamed["error"] == "in_use", renamed
    [user] = renamed["users"]
    assert user["entity_id"] == entity_id and "light" in user["problem"]
    assert _file(hass, PORCH_PATH) == _written(PORCH)
    assert not (Path(hass.config.path()).parent / "evil.yaml").exists()


@pytest.mark.parametrize(
    "tag", ["!include secrets.yaml", "!include_dir_named /etc", "!env_var HOME", "!secret key"]
)
async def test_a_blueprint_that_would_read_a_file_or_the_environment_is_refused(
    hass: HomeAssistant, mcp: McpHarness, tag: str
) -> None:
    """Home Assistant's YAML loader follows these tags; a client's blueprint never gets them."""
    text = PORCH.replace("name: Porch light on the doorbell", f"name: {tag}", 1)
    assert text != PORCH
    refused = await mcp.data(
        "save_config",
        {"kind": "blueprint", "config": {"yaml": text, "path": "homeassistant/leak.yaml"}},
    )
    assert refused["error"] == "invalid_config", refused
    assert "!input only" in refused["message"]
    listed = await mcp.data("get_config", {"kind": "blueprint"})
    assert "leak" not in str(listed)


async def test_a_blueprint_version_is_restored_from_the_panel(
    hass: HomeAssistant,
    owner: Owner,
    mcp: McpHarness,
    hass_ws_client: Callable[..., Any],
    hass_admin_user: MockUser,
) -> None:
    await _porch_automation(mcp)
    update = {"kind": "blueprint", "id": PORCH_ID, "config": {"yaml": PORCH_BRIGHTER}}
    assert (await mcp.data("save_config", update))["written"] is True

    panel = await panel_sender(hass, hass_ws_client, hass_admin_user)
    history = (await panel({"type": "home_mcp/config/history"}))["result"]["items"]
    [item] = [i for i in history if i["kind"] == "blueprint"]
    assert item["key"] == PORCH_ID and item["entity_id"] is None
    assert [v["action"] for v in item["versions"]] == ["updated", "created"]
    restored = await panel(
        {"type": "home_mcp/config/restore", "kind": "blueprint", "key": PORCH_ID, "version": 0}
    )
    assert restored["success"], restored
    assert restored["result"]["written"]["action"] == "updated"
    assert _file(hass, PORCH_PATH) == _written(PORCH)


async def test_blueprints_are_only_for_callers_allowed_config_tools(
    hass: HomeAssistant, owner: Owner, mcp: McpHarness
) -> None:
    data = hass.config_entries.async_entries("home_mcp")[0].runtime_data
    _, control = await data.keys.async_create("Kitchen tablet", "control")
    _, builder = await data.keys.async_create("Blueprint builder", "config")
    async with mcp.client(token=builder) as client:
        tools = {tool.name: tool for tool in (await client.list_tools()).tools}
        assert "blueprint" in tools["save_config"].input_schema["properties"]["kind"]["enum"]
    async with mcp.client(token=control) as client:
        names = {tool.name for tool in (await client.list_tools()).tools}
        assert not {"get_config", "save_config", "delete_config"} & names
        refused = await client.call_tool("get_config", {"kind": "blueprint"})
        assert refused.is_error is True


SECURE = """\
blueprint:
  name: Lock at night
  domain: automation
  input:
    door:
      selector:
        entity:
          domain: lock
triggers:
  - trigger: time
    at: "23:00:00"
actions:
  - action: lock.lock
    target:
      entity_id: !input door
"""
"""An invented blueprint that locks the door it is given at night."""
SECURE_NOTIFY_ONLY = SECURE.replace(
    "  - action: lock.lock\n    target:\n      entity_id: !input door\n",
    "  - action: persistent_notification.create\n    data:\n      message: !input door\n",
)


@pytest.mark.parametrize("expected_lingering_timers", [True])  # Time triggers.
async def test_a_blueprint_updated_so_its_automation_no_longer_locks_waits(
    hass: HomeAssistant, owner: Owner, mcp: McpHarness
) -> None:
    """Its automation secures the house: a version that stops securing weakens it."""
    await _install(mcp, SECURE, "owner/lock_at_night.yaml")
    config = {
        "alias": "Front door at night",
        "use_blueprint": {"path": "owner/lock_at_night.yaml", "input": {"door": "lock.front_door"}},
    }
    written = await mcp.data("save_config", {"kind": "automation", "config": config})
    assert written["written"] is True, written
    await hass.async_block_till_done()
    update = {
        "kind": "blueprint",
        "id": "automation/owner/lock_at_night.yaml",
        "config": {"yaml": SECURE_NOTIFY_ONLY},
    }
    refused = await mcp.data("save_config", update)
    assert_refused(refused, risk="system")
    assert _file(hass, "owner/lock_at_night.yaml") == _written(SECURE)


async def test_many_blueprints_are_listed_with_their_inputs_by_name_within_the_budget(
    hass: HomeAssistant, owner: Owner, mcp: McpHarness
) -> None:
    folder = Path(hass.config.path("blueprints", "automation", "owner"))

    def copy_many() -> None:
        folder.mkdir(parents=True, exist_ok=True)
        for number in range(80):
            text = UNLOCK.replace("Let someone in", f"Let someone in {number}")
            text = text.replace(
                "      name: Door\n", "      name: Door\n" + f"      description: {'x' * 300}\n"
            )
            (folder / f"let_in_{number}.yaml").write_text(text, encoding="utf-8")

    await hass.async_add_executor_job(copy_many)
    listed = await mcp.data("get_config", {"kind": "blueprint"})
    assert listed["ok"] is True, listed
    rows = {row["id"]: row for row in listed["items"]}
    assert rows["automation/owner/let_in_7.yaml"]["inputs"] == ["door", "signal"]
    assert "read one blueprint" in listed["hint"]
    read = await mcp.data("get_config", {"kind": "blueprint", "id": "owner/let_in_7.yaml"})
    assert read["config"]["inputs"]["door"]["description"] == "x" * 300


async def test_a_blueprint_written_where_an_unavailable_automation_looks_for_it_waits(
    hass: HomeAssistant, owner: Owner, mcp: McpHarness
) -> None:
    # The owner's porch automation uses a blueprint the owner later removed by hand
    # (tidying the blueprints folder): after the next reload it is "unavailable",
    # and Home Assistant lists it as using no blueprint at all.
    file = Path(hass.config.path("blueprints", "automation", PORCH_PATH))

    def place() -> None:
        file.parent.mkdir(parents=True, exist_ok=True)
        file.write_text(PORCH, encoding="utf-8")

    await hass.async_add_executor_job(place)
    config = {
        "alias": "Porch light",
        "use_blueprint": {"path": PORCH_PATH, "input": {"light": "light.bed_light"}},
    }
    entity_id = await owner.save_automation("porch_light", config)
    await hass.async_add_executor_job(file.unlink)
    await hass.services.async_call("automation", "reload", blocking=True)
    await hass.async_block_till_done()
    assert hass.states.get(entity_id).state == "unavailable"

    # The client puts a blueprint that also unlocks the front door at that path, and
    # writes it once more: a blueprint saved over another reloads every automation.
    installed = await mcp.data(
        "save_config", {"kind": "blueprint", "config": {"yaml": PORCH_AND_DOOR, "path": PORCH_PATH}}
    )
    again = await mcp.data(
        "save_config", {"kind": "blueprint", "id": PORCH_ID, "config": {"yaml": PORCH_AND_DOOR}}
    )
    await hass.async_block_till_done()
    hass.bus.async_fire("doorbell")  # Someone rings.
    await hass.async_block_till_done()
    assert hass.states.get("lock.front_door").state == "locked", (
        hass.states.get(entity_id).state,
        installed.get("written"),
        again.get("written"),
    )


async def test_a_blueprint_updated_under_a_disabled_automation_using_it_waits(
    hass: HomeAssistant, owner: Owner, mcp: McpHarness
) -> None:
    # The owner's porch automation, disabled in its entity settings for the season:
    # Home Assistant does not load it, so it is not among the blueprint's users.
    await _install(mcp, PORCH, PORCH_PATH)
    config = {
        "alias": "Porch light",
        "use_blueprint": {"path": PORCH_PATH, "input": {"light": "light.bed_light"}},
    }
    entity_id = await owner.save_automation("porch_light", config)
    await owner.ws_command(
        {"type": "config/entity_registry/update", "entity_id": entity_id, "disabled_by": "user"}
    )
    await hass.services.async_call("automation", "reload", blocking=True)
    await hass.async_block_till_done()
    assert hass.states.get(entity_id) is None

    update = {"kind": "blueprint", "id": PORCH_ID, "config": {"yaml": PORCH_AND_DOOR}}
    written = await mcp.data("save_config", update)

    # Later the owner turns the porch automation back on, and someone rings.
    await owner.ws_command(
        {"type": "config/entity_registry/update", "entity_id": entity_id, "disabled_by": None}
    )
    await hass.services.async_call("automation", "reload", blocking=True)
    await hass.async_block_till_done()
    hass.bus.async_fire("doorbell")
    await hass.async_block_till_done()
    assert hass.states.get("lock.front_door").state == "locked", written.get("written")


@pytest.mark.parametrize(
    "written_path",
    ["owner/./porch_light.yaml", "owner//porch_light.yaml", "./owner/porch_light.yaml"],
)
async def test_a_blueprint_updated_under_an_automation_naming_its_path_another_way_waits(
    hass: HomeAssistant, owner: Owner, mcp: McpHarness, written_path: str
) -> None:
    # The client writes a porch-light automation from the porch blueprint, naming its
    # file another way Home Assistant loads just the same: harmless, it runs at once.
    await _install(mcp, PORCH, PORCH_PATH)
    config = {
        "alias": "Porch light",
        "use_blueprint": {"path": written_path, "input": {"light": "light.bed_light"}},
    }
    made = await mcp.data("save_config", {"kind": "automation", "config": config})
    assert made["written"] is True, made
    await hass.async_block_till_done()

    # Then it updates the blueprint so that it also unlocks the front door.
    update = {"kind": "blueprint", "id": PORCH_ID, "config": {"yaml": PORCH_AND_DOOR}}
    written = await mcp.data("save_config", update)
    await hass.async_block_till_done()
    hass.bus.async_fire("doorbell")  # Someone rings.
    await hass.async_block_till_done()
    assert hass.states.get("lock.front_door").state == "locked", (
        written.get("written"),
        written.get("users"),
    )
