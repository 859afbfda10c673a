"""Constants of the benchmark house."""

from __future__ import annotations

from typing import Final

DOMAIN: Final = "bench_house"
PLATFORMS: Final = (
    "binary_sensor",
    "climate",
    "cover",
    "light",
    "lock",
    "media_player",
    "sensor",
    "switch",
)
READY_FILE: Final = "bench_ready.json"
"""Written into the config directory once the house is built and Home MCP serves."""
