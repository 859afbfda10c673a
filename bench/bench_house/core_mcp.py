"""Home Assistant core's own MCP server (`mcp_server`), for the peers benchmark.

With `core_mcp_server: true` in `bench_house:` (written by
`bench/bench_peers.py`), the house adds core's `mcp_server` config entry
before Home MCP's, so core serves `/api/mcp` and Home MCP answers at
`/api/home_mcp` only (see Home MCP's `transport/view.py`). Its options are
set through its options flow, as a person would in the UI: the Assist API
only (`llm_hass_api: ["assist"]`), an administrator required, not read-only.
Core's tools see only what is exposed to the `conversation` assistant, so
every entity of the house is exposed to it (the same entities the other
servers see).

Assist's intents match an entity by the names its registry entry lists
(`er.async_get_entity_aliases`): its own computed name is one of them only
through the `COMPUTED_NAME` marker, which a new entry starts with and which
the UI keeps first when a person adds aliases. `bench_house` sets aliases
without it (20 % of the entities, the call light among them), so here the
marker is put back first on those entries: otherwise core could not find the
call light by its name. Home MCP leaves the marker out of what it shows.

Without the option nothing here runs: `bench_tools.py` meets the house it
always did.
"""

from __future__ import annotations

from typing import Any, Final

from homeassistant.components.homeassistant.exposed_entities import async_expose_entity
from homeassistant.config_entries import SOURCE_USER, ConfigEntryState
from homeassistant.const import CONF_LLM_HASS_API
from homeassistant.core import HomeAssistant
from homeassistant.helpers import entity_registry as er, llm

CORE_MCP_SERVER: Final = "mcp_server"
ASSISTANT: Final = "conversation"
OPTIONS: Final = {
    "all_llm_apis": False,
    CONF_LLM_HASS_API: [llm.LLM_API_ASSIST],
    "require_admin": True,
    "read_only": False,
}
"""The options flow's answers (`homeassistant/components/mcp_server/config_flow.py`)."""


async def async_add_core_mcp_server(hass: HomeAssistant) -> dict[str, Any]:
    """Add core's `mcp_server` entry, set it to the Assist API, expose every entity.

    Must run before Home MCP's entry is added, so that Home MCP leaves
    `/api/mcp` to core. Returns what the ready file says about it.
    """
    flow = await hass.config_entries.flow.async_init(
        CORE_MCP_SERVER, context={"source": SOURCE_USER}
    )
    if flow.get("type") == "form":
        flow = await hass.config_entries.flow.async_configure(flow["flow_id"], {})
    if flow.get("type") != "create_entry":
        raise RuntimeError(f"Could not add core's mcp_server entry: {flow}")
    entry_id = flow["result"].entry_id
    options = await hass.config_entries.options.async_init(entry_id)
    if options.get("type") != "form":
        raise RuntimeError(f"core's mcp_server options flow showed no form: {options}")
    done = await hass.config_entries.options.async_configure(options["flow_id"], dict(OPTIONS))
    if done.get("type") != "create_entry":
        raise RuntimeError(f"core's mcp_server options were not saved: {done}")
    await hass.async_block_till_done()
    entry = hass.config_entries.async_get_entry(entry_id)
    if entry is None or entry.state is not ConfigEntryState.LOADED:
        raise RuntimeError(f"core's mcp_server did not load: {entry.state if entry else 'gone'}")
    entity_ids = [state.entity_id for state in hass.states.async_all()]
    for entity_id in entity_ids:
        async_expose_entity(hass, ASSISTANT, entity_id, True)
    named = _name_in_aliases(hass)
    await hass.async_block_till_done()
    return {
        "entry_id": entry_id,
        "title": entry.title,
        "llm_hass_api": list(entry.data.get(CONF_LLM_HASS_API, [])),
        "all_llm_apis": bool(entry.data.get("all_llm_apis")),
        "exposed_to": ASSISTANT,
        "exposed": len(entity_ids),
        "computed_name_restored": named,
    }


def _name_in_aliases(hass: HomeAssistant) -> int:
    """Put `COMPUTED_NAME` first in the aliases that lack it; return how many entries."""
    registry = er.async_get(hass)
    restored = 0
    for entry in list(registry.entities.values()):
        if entry.aliases and er.COMPUTED_NAME not in entry.aliases:
            registry.async_update_entity(
                entry.entity_id, aliases=[er.COMPUTED_NAME, *entry.aliases]
            )
            restored += 1
    return restored
