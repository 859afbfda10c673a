"""Constants for the Home MCP integration."""

from __future__ import annotations

from datetime import timedelta
from typing import Final

DOMAIN: Final = "home_mcp"
NAME: Final = "Home MCP"

# Endpoints. `/api/mcp` is shared with Home Assistant's core `mcp_server`
# integration; `/api/home_mcp` is ours alone and always served.
URL_MCP: Final = "/api/mcp"
URL_HOME_MCP: Final = "/api/home_mcp"
CORE_MCP_SERVER_DOMAIN: Final = "mcp_server"

# Options, set by a person in the options flow; never over MCP.
CONF_ALLOWED_ENTITIES: Final = "allowed_entities"
CONF_GUARDED_ENTITIES: Final = "guarded_entities"
CONF_OPENING_ACTIONS: Final = "opening_actions"
"""Actions leaving Home Assistant the person marks as opening the house:
`domain.service` (`rest_command.open_gate`) or `mqtt.publish <topic>`."""
CONF_CONFIRMATION_EXPIRY: Final = "confirmation_expiry"
"""Minutes a confirmation stays approvable."""
DEFAULT_CONFIRMATION_EXPIRY: Final = 10
CONF_RESPONSE_BUDGET: Final = "response_budget"
"""Kilobytes (1,024 bytes) one tool response may take (§6)."""
DEFAULT_RESPONSE_BUDGET: Final = 15
MIN_RESPONSE_BUDGET: Final = 4
MAX_RESPONSE_BUDGET: Final = 256
SIGNAL_ESCAPE: Final = f"{DOMAIN}_escape"
"""Each escape the tripwire records (its dict), for the escapes event entity."""
EVENT_CONFIG_WRITTEN: Final = f"{DOMAIN}_config_written"
"""Fired after each configuration write (`configs.writes`); the gate judges what it sets off."""
CONF_APPROVAL_DEVICES: Final = "approval_devices"
"""Companion app devices (device registry ids) a request is pushed to; empty:
every administrator's. Only administrators' devices ever get one."""
CONF_ENABLE_SESSIONS: Final = "enable_sessions"
CONF_EXPOSED_ONLY: Final = "exposed_only"
DEFAULT_EXPOSED_ONLY: Final = False
"""Serve handshake-era clients with sessions (`Mcp-Session-Id`); off: stateless only."""
DEFAULT_ENABLE_SESSIONS: Final = False

# The panel.
PANEL_URL_PATH: Final = "home-mcp"
PANEL_COMPONENT: Final = "home-mcp-panel"
STATIC_URL: Final = "/home_mcp_static"

# Transport limits.
MAX_REQUEST_BYTES: Final = 1024 * 1024
"""Largest MCP request body accepted, in bytes (413 beyond)."""

# Session limits (§2), sized for a Raspberry Pi.
MAX_SESSIONS: Final = 16
"""Sessions open at once; the next `initialize` replaces the longest-idle one."""
MAX_SESSIONS_PER_CREDENTIAL: Final = 4
"""One credential may hold this many of the sessions, so it cannot hold them all;
its next `initialize` replaces the longest-idle of them."""
SESSION_ADMISSION_WAIT: Final = timedelta(seconds=20)
"""How long an `initialize` waits for a session serving a request to finish and
make room, before a 503."""
SESSIONS_BUSY_RETRY_AFTER: Final = timedelta(seconds=30)
"""`Retry-After` of the 503 when every session that could make room is busy."""
SESSION_IDLE_TIMEOUT: Final = timedelta(minutes=30)
"""A session without a request or a notification for this long is closed."""
SESSION_SWEEP_INTERVAL: Final = timedelta(minutes=1)
"""How often idle sessions are looked for (Home Assistant's clock)."""
SESSION_SDK_IDLE_BACKSTOP: Final = 2 * SESSION_IDLE_TIMEOUT
"""The SDK's own idle timer (real time, paused while a GET stream is open): a
backstop behind the sweep, never the one that normally closes a session."""

# Tool limits.
ACTION_TIMEOUT: Final = 30.0
"""Seconds `call_service` and `run_macro` wait for Home Assistant to finish."""
PROGRESS_INTERVAL: Final = 2.0
"""Seconds between progress notifications while an action runs."""
NAME_MAX_CHARS: Final = 120
"""Names, aliases and other short text from the house are cut to this length."""
TEXT_MAX_CHARS: Final = 1000
"""Longer text from the house (descriptions, error messages) is cut to this length."""
MESSAGE_MAX_CHARS: Final = 300
"""A logged message or a template error, as the admin tools quote it."""
