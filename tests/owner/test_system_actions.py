"""Which services act on Home Assistant itself (the `system` risk), and which only read.

Writing a file (`image.snapshot`, like `camera.snapshot`) and purging the
recorder act on the system; reading statistics only reads.
"""

from __future__ import annotations

import pytest

from custom_components.home_mcp.gate import Gate, Risk
from homeassistant.core import HomeAssistant

# -- reading statistics ----------------------------------------------------------------


@pytest.mark.redteam(round=1)
async def test_reading_statistics_is_not_a_system_action(demo_house: HomeAssistant) -> None:
    """False positive: `recorder.get_statistics` only reads."""
    assert Gate(demo_house).async_service_risk("recorder", "get_statistics")[0] is Risk.SAFE
    assert Gate(demo_house).async_service_risk("recorder", "purge")[0] is Risk.SYSTEM


# -- writing files ---------------------------------------------------------------------


@pytest.mark.redteam(round=2)
def test_an_image_snapshot_writing_a_file_is_a_system_action(demo_house: HomeAssistant) -> None:
    """Near miss: `image.snapshot` writes a file like `camera.snapshot`."""
    assert Gate(demo_house).async_service_risk("image", "snapshot")[0] is Risk.SYSTEM
