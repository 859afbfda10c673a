"""Every write keeps what it replaced: per item, the last 20 versions, kept across restarts."""

from __future__ import annotations

from typing import Any

from pytest_homeassistant_custom_component.common import MockConfigEntry

from custom_components.home_mcp.configs import ConfigKind, Written
from custom_components.home_mcp.configs.history import KEEP, STORAGE_KEY, ConfigHistory
from homeassistant.core import HomeAssistant


def _written(action: str, before: dict[str, Any] | None) -> Written:
    return Written(ConfigKind.AUTOMATION, "porch", action, "automation.porch", before, None)


async def test_versions_are_kept_newest_first_and_survive_a_restart(
    hass: HomeAssistant, hass_storage: dict[str, Any]
) -> None:
    history = ConfigHistory(hass)
    await history.async_load()
    history.async_record(_written("created", None), "Claude")
    history.async_record(_written("updated", {"alias": "First"}), "Claude")
    history.async_record(_written("deleted", {"alias": "Second"}), "Cursor")
    versions = history.async_versions("automation", "porch")
    assert [(v["action"], v["config"], v["by"]) for v in versions] == [
        ("deleted", {"alias": "Second"}, "Cursor"),
        ("updated", {"alias": "First"}, "Claude"),
        ("created", None, "Claude"),
    ]
    await history.async_flush()
    assert STORAGE_KEY in hass_storage
    again = ConfigHistory(hass)
    await again.async_load()
    assert again.async_versions("automation", "porch") == versions
    assert again.async_versions("automation", "other") == []


async def test_only_the_last_versions_are_kept(hass: HomeAssistant) -> None:
    history = ConfigHistory(hass)
    await history.async_load()
    for number in range(KEEP + 5):
        history.async_record(_written("updated", {"alias": f"Version {number}"}), "Claude")
    versions = history.async_versions("automation", "porch")
    assert len(versions) == KEEP
    assert versions[0]["config"] == {"alias": f"Version {KEEP + 4}"}
    assert versions[-1]["config"] == {"alias": "Version 5"}


async def test_a_version_the_store_cannot_encode_is_repaired_not_lost(
    hass: HomeAssistant, hass_storage: dict[str, Any]
) -> None:
    history = ConfigHistory(hass)
    await history.async_load()
    version = history.async_record(_written("updated", {"alias": "bad \ud800 text"}), "Claude")
    assert version["config"] is not None and "\ud800" not in version["config"]["alias"]
    await history.async_flush()
    again = ConfigHistory(hass)
    await again.async_load()
    assert again.async_versions("automation", "porch")[0]["action"] == "updated"


async def test_a_version_recorded_just_before_an_unload_is_on_disk_and_shown_after_a_reload(
    hass: HomeAssistant, home_mcp: MockConfigEntry, hass_storage: dict[str, Any]
) -> None:
    home_mcp.runtime_data.writer.history.async_record(
        _written("updated", {"alias": "First"}), "Claude"
    )
    assert await hass.config_entries.async_unload(home_mcp.entry_id)
    assert hass_storage[STORAGE_KEY]["data"]["automation/porch"][0]["config"] == {"alias": "First"}
    assert await hass.config_entries.async_setup(home_mcp.entry_id)
    [version] = home_mcp.runtime_data.writer.history.async_versions("automation", "porch")
    assert version["config"] == {"alias": "First"}
