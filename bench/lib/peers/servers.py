"""The four servers of the peers benchmark and what each is asked for each operation.

Every server gets the same five operations (rows of the table) on the same
house: `tools/list`; its overview of the house; a search for the call
light's name (`ready["query"]`); a read of the call light; and turning the
call light on and off, alternately. A server without a tool for an
operation (core has no search and no single-entity read) has no `Call` for
it: the table shows "—".
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Final

TOOLS_LIST: Final = "tools/list"
"""A `Call.tool` that is not a tool: the `tools/list` request itself."""

OPERATIONS: Final = ("tools/list", "overview", "search", "get_state", "turn_on_off")
HOME_MCP: Final = "home-mcp"
CORE: Final = "core"
HASS_MCP: Final = "hass-mcp"
HA_MCP: Final = "ha-mcp"
SERVER_KEYS: Final = (HOME_MCP, CORE, HASS_MCP, HA_MCP)
ON_OFF: Final = ("turn_on", "turn_off")


@dataclass(frozen=True, slots=True)
class Step:
    """One request: a tool (or `tools/list`) and its arguments."""

    tool: str
    """The tool's name; core's are matched by their last part (it lists `intent__HassTurnOn`)."""
    arguments: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class Call:
    """How one server is asked for one operation: its steps, cycled (on, off, on, ...)."""

    steps: tuple[Step, ...]

    @property
    def tools(self) -> list[str]:
        """Return the tools the steps use, each once, in order."""
        return list(dict.fromkeys(step.tool for step in self.steps))


def call(tool: str, *arguments: dict[str, Any]) -> Call:
    """Return a call of one tool, with successive `arguments` (default: none)."""
    return Call(tuple(Step(tool, args) for args in arguments or ({},)))


@dataclass(frozen=True, slots=True)
class Server:
    """One server: its key, its column's title, where it answers and its calls."""

    key: str
    title: str
    calls: dict[str, Call]
    path: str = ""
    """The MCP endpoint on Home Assistant (`/api/...`); peers answer on their own port."""
    in_home_assistant: bool = False


def operation_labels(ready: dict[str, Any]) -> dict[str, str]:
    """Return each operation's row label for the house described by `ready`."""
    return {
        "tools/list": "tools/list",
        "overview": "overview",
        "search": f'search "{ready["query"]}"',
        "get_state": "get state (a light)",
        "turn_on_off": "turn a light on/off",
    }


def servers(ready: dict[str, Any]) -> dict[str, Server]:
    """Return the four servers, by key, with their calls for the house in `ready`."""
    light: str = ready["call_light"]
    name: str = ready["call_light_name"]
    query: str = ready["query"]
    listing = call(TOOLS_LIST)
    return {
        HOME_MCP: Server(
            HOME_MCP,
            "Home MCP",
            {
                "tools/list": listing,
                "overview": call("home_overview"),
                "search": call("list_entities", {"query": query}),
                "get_state": call("get_entity", {"entity_id": light}),
                "turn_on_off": call(
                    "call_service",
                    *(
                        {"domain": "light", "service": service, "target": {"entity_id": light}}
                        for service in ON_OFF
                    ),
                ),
            },
            path="/api/home_mcp",
            in_home_assistant=True,
        ),
        CORE: Server(
            CORE,
            "core mcp_server",
            {
                "tools/list": listing,
                "overview": call("GetLiveContext"),
                # Assist's intents, by the light's name, as a model would.
                "turn_on_off": Call(
                    (Step("HassTurnOn", {"name": name}), Step("HassTurnOff", {"name": name}))
                ),
            },
            path="/api/mcp",
            in_home_assistant=True,
        ),
        HASS_MCP: Server(
            HASS_MCP,
            "hass-mcp",
            {
                "tools/list": listing,
                "overview": call("system_overview"),
                "search": call("search_entities_tool", {"query": query}),
                "get_state": call("get_entity", {"entity_id": light}),
                "turn_on_off": call(
                    "call_service_tool",
                    *(
                        {"domain": "light", "service": service, "data": {"entity_id": light}}
                        for service in ON_OFF
                    ),
                ),
            },
        ),
        HA_MCP: Server(
            HA_MCP,
            "ha-mcp",
            {
                "tools/list": listing,
                "overview": call("ha_get_overview"),
                "search": call("ha_search", {"query": query}),
                "get_state": call("ha_get_state", {"entity_id": light}),
                "turn_on_off": call(
                    "ha_call_service",
                    *(
                        {"domain": "light", "service": service, "entity_id": light}
                        for service in ON_OFF
                    ),
                ),
            },
        ),
    }


def resolve(tool: str, listed: set[str]) -> str | None:
    """Return the listed tool that `tool` means, or None when the server lists none.

    An exact name first, then a listed `<api>__<name>` (core prefixes each
    tool with its API: `homeassistant__GetLiveContext`, `intent__HassTurnOn`).
    """
    if tool == TOOLS_LIST or tool in listed:
        return tool
    matches = sorted(name for name in listed if name.rsplit("__", 1)[-1] == tool)
    return matches[0] if matches else None


def resolved(wanted: Call, listed: set[str]) -> Call | None:
    """Return `wanted` with the names the server lists, or None if one of its tools is missing."""
    names = {tool: resolve(tool, listed) for tool in wanted.tools}
    if any(name is None for name in names.values()):
        return None
    return Call(tuple(Step(names[step.tool] or step.tool, step.arguments) for step in wanted.steps))
