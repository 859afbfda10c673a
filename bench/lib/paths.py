"""Where the benchmark finds the repository, Home MCP, `bench_house` and the demo's helper."""

from __future__ import annotations

from pathlib import Path
from typing import Final

ROOT: Final = Path(__file__).resolve().parents[2]
BENCH_HOUSE: Final = ROOT / "bench" / "bench_house"
HOME_MCP: Final = ROOT / "custom_components" / "home_mcp"
DEMO_SETUP: Final = ROOT / "script" / "demo_setup.py"
