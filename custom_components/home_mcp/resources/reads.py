"""Reading resources: `resources/list`, `resources/templates/list` and `resources/read`.

`resources/list` lists the rooms (a small, useful set: the household's own
vocabulary, one resource per area); entities and confirmations are reached
through the templates. Reads are JSON text (`application/json`) shaped by the
same `shaping.finalize` and byte budget as tool results, with the caller's
read permission (`House`). A URI that is not one of the templates, or names
nothing this credential may read, answers the MCP error `-32602` (invalid
params, as the SDK answers an unknown resource) whose message says why and
whose `data` is `{uri, error, hint}`. A room is the room of `home_overview`
(`tools/room_view.py`, written once for both).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Final

from mcp.server.context import ServerRequestContext
from mcp.shared.exceptions import MCPError
import mcp_types as types
from pydantic_core import to_jsonable_python

from homeassistant.core import HomeAssistant

from ..approvals import ConfirmationManager
from ..caller import Caller, caller_from_scope
from ..gate import Gate
from ..shaping import clean_text, finalize, json_text
from ..tools import Tool, ToolContext, ToolError, get_confirmation, get_entity, overview
from ..tools.house import House
from ..tools.room_view import ROOM_ROWS, room_summary, security_rows
from ..tools.rows import floor_ref
from .uris import AREA_PREFIX, MIME_JSON, TEMPLATES, parse_uri

RESOURCES_PAGE: Final = 100
"""Rooms per `resources/list` page."""


def mcp_error(err: ToolError, uri: str) -> MCPError:
    """Return the MCP error (-32602) for a resource that cannot be read or followed."""
    data: dict[str, Any] = {"uri": uri[:300], "error": err.error}
    if err.hint:
        data["hint"] = err.hint
    data.update(err.details)
    return MCPError(types.INVALID_PARAMS, err.message, data)


def request_caller(ctx: ServerRequestContext[Any, Any]) -> Caller:
    """Return who sent this request (the HTTP view puts it in the ASGI scope)."""
    caller = caller_from_scope(getattr(ctx.request, "scope", None))
    if caller is None:  # Only the HTTP view creates requests.
        raise MCPError(types.INVALID_REQUEST, "Unauthenticated request")
    return caller


def _tool(tools: list[Tool], name: str) -> Tool:
    return next(tool for tool in tools if tool.name == name)


@dataclass(frozen=True, slots=True, kw_only=True)
class ResourceReader:
    """The reads of one config entry's resources, with each caller's permissions.

    Its fields are the arguments of `following.ResourceHub`, which makes it.
    """

    hass: HomeAssistant
    gate: Gate
    confirmations: ConfirmationManager
    budget: int

    def context(self, caller: Caller) -> ToolContext:
        """Return the tool context a read for `caller` runs in (resources and prompts)."""
        return ToolContext(
            hass=self.hass,
            caller=caller,
            gate=self.gate,
            confirmations=self.confirmations,
            budget=self.budget,
        )

    async def async_read_payload(self, caller: Caller, uri: str) -> dict[str, Any]:
        """Return what `uri` holds for `caller`, shaped for a model (`finalize`).

        Raises `ToolError`: `invalid_uri` (not one of the templates),
        `not_found` (nothing there that this caller may read).
        """
        ref = parse_uri(uri)
        await self.gate.async_ready()
        ctx = self.context(caller)
        if ref.kind == "entity":
            entity = await get_entity.get_entity(ctx, get_entity.GetEntityInput(entity_id=ref.key))
            tool = _tool(get_entity.TOOLS, "get_entity")
            payload = entity.model_dump(mode="json")
        elif ref.kind == "confirmation":
            found = await get_confirmation.get_confirmation(
                ctx, get_confirmation.GetConfirmationInput(confirmation_id=ref.key)
            )
            tool = _tool(get_confirmation.TOOLS, "get_confirmation")
            payload = found.model_dump(mode="json")
        else:
            tool = _tool(overview.TOOLS, "home_overview")
            payload = self._room(ctx, ref.key)
        return finalize(payload, self.budget, tool.narrow_hint, tool.text_fields)

    def _room(self, ctx: ToolContext, area_id: str) -> dict[str, Any]:
        """Return one room as `home_overview` shows it.

        Shape: `{ok, area: AreaSummary (up to 3 climate and media rows),
        floor: {floor_id, name} | None, security: [{entity_id, name, state,
        device_class?, guarded?}]}`, security rows needing attention first.
        Hidden entities and those the caller may not read are left out.
        Reads the area, floor, entity and device registries and the states.
        """
        house = House(ctx.hass, ctx.caller.user)
        area = house.areas.async_get_area(area_id)
        if area is None:
            raise ToolError(
                "not_found",
                f"No room (area) has the id {clean_text(area_id)!r}",
                "home_overview and list_areas give the area ids",
            )
        views = [view for view in house.all() if view.area_id == area.id and not view.hidden]
        return {
            "ok": True,
            "area": to_jsonable_python(
                room_summary(area, views, ctx.gate.async_is_guarded_entity, ROOM_ROWS[0])
            ),
            "floor": floor_ref(house, area.floor_id),
            "security": security_rows(views, house, ctx.gate.async_is_guarded_entity, in_room=True),
        }

    async def async_list_resources(
        self, ctx: ServerRequestContext[Any, Any], params: types.PaginatedRequestParams | None
    ) -> types.ListResourcesResult:
        """Answer `resources/list`: one resource per room, by name, paged by 100.

        The cursor is the offset of the page (opaque to clients).
        """
        request_caller(ctx)
        cursor = params.cursor if params is not None else None
        try:
            offset = int(cursor) if cursor else 0
        except ValueError:
            offset = -1
        if offset < 0:
            raise MCPError(types.INVALID_PARAMS, "Invalid cursor: pass the nextCursor you got")
        house = House(self.hass)
        areas = sorted(house.areas.async_list_areas(), key=lambda a: (a.name.casefold(), a.id))
        page = areas[offset : offset + RESOURCES_PAGE]
        resources = []
        for area in page:
            floor = house.floors.async_get_floor(area.floor_id) if area.floor_id else None
            where = f" on {clean_text(floor.name)}" if floor is not None else ""
            resources.append(
                types.Resource(
                    name=clean_text(area.name),
                    uri=AREA_PREFIX + area.id,
                    description=f"Room{where}: lights, climate, covers, media and security",
                    mime_type=MIME_JSON,
                )
            )
        end = offset + len(page)
        return types.ListResourcesResult(
            resources=resources, next_cursor=str(end) if end < len(areas) else None
        )

    async def async_list_templates(
        self, ctx: ServerRequestContext[Any, Any], params: types.PaginatedRequestParams | None
    ) -> types.ListResourceTemplatesResult:
        """Answer `resources/templates/list`: entity, room and confirmation."""
        request_caller(ctx)
        return types.ListResourceTemplatesResult(resource_templates=list(TEMPLATES))

    async def async_read(
        self, ctx: ServerRequestContext[Any, Any], params: types.ReadResourceRequestParams
    ) -> types.ReadResourceResult:
        """Answer `resources/read` with one JSON text content; MCP error -32602 if none."""
        caller = request_caller(ctx)
        uri = str(params.uri)
        try:
            payload = await self.async_read_payload(caller, uri)
        except ToolError as err:
            raise mcp_error(err, uri) from None
        text = json_text(payload)
        return types.ReadResourceResult(
            contents=[types.TextResourceContents(uri=uri, mime_type=MIME_JSON, text=text)]
        )

    async def async_check_followable(self, caller: Caller, uri: str) -> None:
        """Raise the MCP error of a read unless `caller` may read `uri` now."""
        try:
            await self.async_read_payload(caller, uri)
        except ToolError as err:
            raise mcp_error(err, uri) from None
