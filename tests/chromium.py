"""The browser the browser tests drive: Debian's Chromium, never a downloaded build."""

from __future__ import annotations

from typing import Final

CHROMIUM: Final = "/usr/bin/chromium"
CHROMIUM_ARGS: Final = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--no-first-run",
    "--disable-quic",
    "--disable-sync",
]
"""Headless, and nothing that reaches past loopback on its own."""
