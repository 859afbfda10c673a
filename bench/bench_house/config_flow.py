"""Config flow of the benchmark house: one entry, created by `bench_house` itself."""

from __future__ import annotations

from typing import Any

from homeassistant.config_entries import ConfigFlow, ConfigFlowResult

from .const import DOMAIN


class BenchHouseConfigFlow(ConfigFlow, domain=DOMAIN):
    """Create the entry whose platforms hold the planned entities."""

    VERSION = 1

    async def async_step_import(self, import_data: dict[str, Any]) -> ConfigFlowResult:
        """Create the entry from what `bench_house` planned."""
        await self.async_set_unique_id(DOMAIN)
        self._abort_if_unique_id_configured()
        return self.async_create_entry(title="Benchmark house", data=import_data)
