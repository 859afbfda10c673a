"""Where the hostile-input benchmark finds the demo: its URL, its token, its configuration.

The URL and token come from `--url`/`--token`, else the JSON line
`script/demo` prints (the last `{"url": ...}` line of `console.log` in the
demo directory), else the demo's `credentials.json` and
`$HOME_MCP_DEMO_PORT`.
"""

from __future__ import annotations

import argparse
from dataclasses import dataclass
import json
import os
from pathlib import Path
from typing import Final
from urllib.parse import urlsplit

CALL_TIMEOUT: Final = 60.0


@dataclass(frozen=True)
class Demo:
    """How to reach the demo, and where it keeps its configuration."""

    url: str
    token: str
    config_dir: Path | None

    @property
    def host(self) -> str:
        """Return the host to connect to."""
        return urlsplit(self.url).hostname or "127.0.0.1"

    @property
    def port(self) -> int:
        """Return the port to connect to."""
        return urlsplit(self.url).port or 80


def find_demo(args: argparse.Namespace) -> Demo:
    """Return the demo's URL, token and configuration directory (flags first)."""
    demo_dir: Path = args.demo_dir
    url, token = args.url, args.token
    console = demo_dir / "console.log"
    if (url is None or token is None) and console.exists():
        for line in console.read_text(encoding="utf-8", errors="replace").splitlines():
            if line.startswith('{"url"'):
                try:
                    found = json.loads(line)
                except ValueError:
                    continue
                url, token = url or found.get("url"), token or found.get("token")
    credentials = demo_dir / "credentials.json"
    if token is None and credentials.exists():
        token = json.loads(credentials.read_text(encoding="utf-8")).get("token")
    if url is None:
        url = f"http://127.0.0.1:{os.environ.get('HOME_MCP_DEMO_PORT', '8123')}"
    if not token:
        raise SystemExit(
            f"No token: give --token, or --demo-dir with script/demo's console.log or "
            f"credentials.json (looked in {demo_dir})"
        )
    config_dir = demo_dir / "config"
    return Demo(
        url=str(url).rstrip("/"),
        token=str(token),
        config_dir=config_dir if config_dir.is_dir() else None,
    )
