"""Constants for the Home MCP integration."""

from __future__ import annotations

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
CONF_CONFIRMATION_EXPIRY: Final = "confirmation_expiry"
"""Minutes a confirmation stays approvable."""
DEFAULT_CONFIRMATION_EXPIRY: Final = 10
CONF_RESPONSE_BUDGET: Final = "response_budget"
"""Kilobytes (1,024 bytes) one tool response may take (§6)."""
DEFAULT_RESPONSE_BUDGET: Final = 15
MIN_RESPONSE_BUDGET: Final = 4
MAX_RESPONSE_BUDGET: Final = 256

# The panel.
PANEL_URL_PATH: Final = "home-mcp"
PANEL_COMPONENT: Final = "home-mcp-panel"
STATIC_URL: Final = "/home_mcp_static"

# Transport limits.
MAX_REQUEST_BYTES: Final = 1024 * 1024
"""Largest MCP request body accepted, in bytes (413 beyond)."""

# Tool limits.
ACTION_TIMEOUT: Final = 30.0
"""Seconds `call_service` and `run_macro` wait for Home Assistant to finish."""
PROGRESS_INTERVAL: Final = 2.0
"""Seconds between progress notifications while an action runs."""
NAME_MAX_CHARS: Final = 120
"""Names, aliases and other short text from the house are cut to this length."""
TEXT_MAX_CHARS: Final = 1000
"""Longer text from the house (descriptions, error messages) is cut to this length."""
