"""Scripts over time: what a running script waits for, and what it does later.

A script the owner started that waits for a helper before opening makes the
helper guarded while it waits. What a script does after a delay is judged for
the house as it may be then (arming at home, toggling a valve), while arming
at once still runs. Toggling a running script that locks stops it, as turning
it off does.
"""

from __future__ import annotations

import pytest

from homeassistant.core import HomeAssistant
from tests.conftest import McpHarness

from .house import Owner, assert_refused, call_service, state

# -- toggling a running script ---------------------------------------------------------


@pytest.mark.redteam(1)
@pytest.mark.parametrize("action", ["script.toggle", "homeassistant.toggle"])
async def test_toggling_a_running_script_that_locks_is_refused(
    owner: Owner, mcp: McpHarness, hass: HomeAssistant, action: str
) -> None:
    """Near miss: toggling a running script that locks stops it: like turning it off."""
    helper = await owner.create_helper("input_boolean", "Ready")
    script = await owner.save_script(
        "lock_later",
        {"alias": "Lock later",
         "sequence": [{"wait_template": f"{{{{ is_state('{helper}', 'on') }}}}"},
                      {"action": "lock.lock", "target": {"entity_id": "lock.kitchen_door"}}]},
    )  # fmt: skip
    await hass.services.async_call("script", "turn_on", {"entity_id": script})
    for _ in range(20):
        await __import__("asyncio").sleep(0)
    assert state(hass, script) == "on"
    assert_refused(await call_service(mcp, action, target={"entity_id": script}))
    assert state(hass, script) == "on"
    await hass.services.async_call("script", "turn_off", {"entity_id": script}, blocking=True)
