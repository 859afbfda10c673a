"""Config flow for Home MCP: one entry, no questions."""

from __future__ import annotations

from typing import Any

from homeassistant.config_entries import ConfigFlow, ConfigFlowResult

from .const import DOMAIN, NAME


class HomeMcpConfigFlow(ConfigFlow, domain=DOMAIN):
    """Add Home MCP from Settings > Devices & services."""

    VERSION = 1

    async def async_step_user(self, user_input: dict[str, Any] | None = None) -> ConfigFlowResult:
        """Create the single entry; it runs in-process, so nothing is asked."""
        if self._async_current_entries():
            return self.async_abort(reason="single_instance_allowed")
        return self.async_create_entry(title=NAME, data={})
