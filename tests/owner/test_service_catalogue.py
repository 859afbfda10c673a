"""What the catalogue (`list_services`) says of an action whose risk lies in its data.

`scene.apply`, `scene.create` and `group.set` act on no entity of their
own: what they risk is in what a call sets or brings into a group. The
catalogue says so (`rules.CATALOGUE_NOTES`): the action is listed guarded,
saying when; a call with such data waits for a person, one without runs.
Each row of the table has its scenario here, or the test of that row fails.
"""

from __future__ import annotations

from typing import Any, Final

import pytest

from custom_components.home_mcp.gate.rules import CATALOGUE_NOTES
from homeassistant.core import HomeAssistant
from tests.conftest import McpHarness

from .house import LOCKED, assert_house, assert_ran, assert_refused, call_service

_FRONT_DOOR_UNLOCKED: Final = {"lock.front_door": "unlocked"}
_BED_LIGHT_ON: Final = {"light.bed_light": "on"}

_SCENARIOS: Final[dict[str, tuple[dict[str, Any], dict[str, Any]]]] = {
    "scene.apply": ({"entities": _FRONT_DOOR_UNLOCKED}, {"entities": _BED_LIGHT_ON}),
    "scene.create": (
        {"scene_id": "welcome", "entities": _FRONT_DOOR_UNLOCKED},
        {"scene_id": "welcome", "entities": _BED_LIGHT_ON},
    ),
    "group.set": (
        {"object_id": "entrance", "entities": ["lock.front_door"]},
        {"object_id": "reading", "entities": ["light.bed_light"]},
    ),
}
"""Each catalogue note's action: data that does what the note says, data that does not."""


def test_each_catalogue_note_has_a_scenario() -> None:
    """A scenario for an action the table no longer notes fails too."""
    assert set(_SCENARIOS) == set(CATALOGUE_NOTES)


@pytest.mark.parametrize("action", list(CATALOGUE_NOTES))
async def test_an_action_whose_risk_is_in_its_data_is_listed_guarded_saying_when(
    mcp: McpHarness, hass: HomeAssistant, action: str
) -> None:
    """The catalogue shows the note's risk and reason; the call waits only with such data."""
    risk, reason = CATALOGUE_NOTES[action]
    opening, harmless = _SCENARIOS[action]
    domain, service = action.split(".")

    listed = await mcp.data("list_services", {"domain": domain, "service": service})

    [row] = listed["items"]
    assert (row["risk"], row["guarded"], row["why"]) == (risk.value, True, reason), row
    assert_refused(await call_service(mcp, action, data=opening), risk.value)
    await assert_house(hass, LOCKED)
    assert_ran(await call_service(mcp, action, data=harmless))
    await assert_house(hass, LOCKED)
