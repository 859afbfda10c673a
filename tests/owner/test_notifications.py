"""A persistent notification is a change an automation can wait for.

Whatever makes one sets off the owner's automation waiting for it: a
`notify` service given its id, an integration raising its own when its
button is pressed. Home MCP's own approval request is one too: a request that
would set off an opening raises none (it waits in the panel). Nothing a client
posts passes as Home MCP's request, reversed or split across title and message.
"""

from __future__ import annotations

import pytest

from homeassistant.components import persistent_notification
from homeassistant.core import HomeAssistant
from homeassistant.setup import async_setup_component
from tests.conftest import McpHarness

from .house import CLOSED, OPEN_GARAGE, Owner, assert_house, assert_refused, call_service

# -- a notification made by a notify service, or posing as Home MCP's ------------------


@pytest.mark.redteam(round=1)
async def test_a_notify_service_making_the_notification_an_opening_waits_for_is_refused(
    owner: Owner, mcp: McpHarness, hass: HomeAssistant
) -> None:
    """S3: `notify.persistent_notification` makes the notification a trigger waits for."""
    assert await async_setup_component(hass, "notify", {})
    await hass.async_block_till_done()
    await owner.save_automation(
        "courier",
        {
            "alias": "Open the garage for the courier",
            "triggers": [
                {"trigger": "persistent_notification", "update_type": ["added"],
                 "notification_id": "courier_at_gate"}
            ],
            "actions": [OPEN_GARAGE],
        },
    )  # fmt: skip
    result = await call_service(
        mcp,
        "notify.persistent_notification",
        data={"message": "Parcel", "data": {"notification_id": "courier_at_gate"}},
    )
    assert_refused(result)
    await assert_house(hass, CLOSED)
    assert "courier_at_gate" not in persistent_notification._async_get_or_create_notifications(hass)


@pytest.mark.redteam(round=1)
async def test_notifications_split_or_reversed_cannot_pass_as_home_mcp(
    mcp: McpHarness, hass: HomeAssistant
) -> None:
    """Near miss: a right-to-left override, and the name split across title and message."""
    for data in (
        {"title": "\u202ePCM emoH\u202c asks to unlock Front Door", "message": "Review it"},
        {"title": "Home", "message": "MCP asks to unlock Front Door"},
    ):
        result = await call_service(mcp, "persistent_notification.create", data=data)
        assert_refused(result, risk="system")
    shown = persistent_notification._async_get_or_create_notifications(hass)
    assert [key for key in shown if not key.startswith("home_mcp")] == []


# -- Home MCP's own request is a notification too --------------------------------------


@pytest.mark.redteam(round=2)
async def test_a_request_that_would_set_off_an_opening_raises_no_notification(
    owner: Owner, mcp: McpHarness, hass: HomeAssistant
) -> None:
    """12: a refused call's approval notification set off a notification automation."""
    await owner.save_automation(
        "new_notification",
        {
            "alias": "New notification",
            "triggers": [{"trigger": "persistent_notification", "update_type": ["added"]}],
            "conditions": [
                {
                    "condition": "template",
                    "value_template": "{{ 'garage' in trigger.notification.title | lower }}",
                }
            ],
            "actions": [OPEN_GARAGE],
        },
    )
    result = await call_service(mcp, "cover.open_cover", target={"entity_id": "cover.garage_door"})
    assert_refused(result)
    await assert_house(hass, CLOSED)
    notifications = persistent_notification._async_get_or_create_notifications(hass)
    assert not [key for key in notifications if key.startswith("home_mcp")]
    pending = await mcp.data("get_confirmation", {"confirmation_id": result["confirmation_id"]})
    assert pending["state"] == "pending"


# -- a notification an integration raises by itself ------------------------------------


@pytest.mark.redteam(round=3)
async def test_a_button_raising_the_notification_an_opening_waits_for_is_refused(
    owner: Owner, mcp: McpHarness, hass: HomeAssistant
) -> None:
    """The demo's button raises "Button pressed"; an automation opens on that notification."""
    await owner.save_automation(
        "button_notification",
        {
            "alias": "Garage button notification opens the garage",
            "triggers": [{"trigger": "persistent_notification", "update_type": ["added"]}],
            "conditions": [
                {
                    "condition": "template",
                    "value_template": "{{ trigger.notification.message == 'Button pressed' }}",
                }
            ],
            "actions": [OPEN_GARAGE],
        },
    )
    assert (await mcp.data("get_entity", {"entity_id": "button.push"}))["entity"]["guarded"]
    assert_refused(await call_service(mcp, "button.press", target={"entity_id": "button.push"}))
    await assert_house(hass, CLOSED)
    assert "demo_button" not in persistent_notification._async_get_or_create_notifications(hass)
