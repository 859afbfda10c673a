"""`list_addons`: the add-ons Supervisor runs, read-only.

Only on Home Assistant OS and Supervised installations, where Home
Assistant's `hassio` integration is loaded (`Tool.needs`); elsewhere the
tool is not in tools/list. Read through the `hassio` integration's own
Supervisor client (`get_supervisor_client`), the one Home Assistant's add-on
pages use, never over Home MCP's own HTTP. Only for an administrator's own
credential, as Settings → Add-ons is.

What is shown is a fixed list of fields (name, slug, state, versions, the
ingress URL): an add-on's options, schema and network hold passwords and
keys, and are never read into an answer. Starting, stopping or updating an
add-on is `hassio.*`, a `system` action of the gate, not a tool.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from pydantic import Field

from ..shaping import clean_text, envelope
from . import PageOutput, Tool, ToolContext, ToolError
from .arguments import Identifier
from .rows import PagedInput

if TYPE_CHECKING:
    from aiohasupervisor.models import InstalledAddon, InstalledAddonComplete

SUPERVISOR_DOMAIN = "hassio"


def _client(ctx: ToolContext) -> Any:
    """Return Home Assistant's Supervisor client (the `hassio` integration's)."""
    from homeassistant.components.hassio.handler import get_supervisor_client  # noqa: PLC0415

    return get_supervisor_client(ctx.hass)


def _summary(addon: InstalledAddon) -> dict[str, Any]:
    """Return what `list_addons` shows of one add-on."""
    return {
        "slug": clean_text(addon.slug, 80),
        "name": clean_text(addon.name),
        "state": str(addon.state),
        "version": addon.version,
        "version_latest": addon.version_latest,
        "update_available": addon.update_available,
    }


class ListAddonsInput(PagedInput):
    """Paging, or the slug of one add-on to describe."""

    slug: Identifier | None = Field(None, max_length=80, description="One add-on, in detail")


async def list_addons(ctx: ToolContext, args: ListAddonsInput) -> PageOutput:
    """List installed add-ons by name; with `slug`, that add-on alone, described.

    A row: slug, name, state, version, version_latest, update_available; one
    add-on adds its description, repository, project URL, ingress URL and
    whether it updates itself.
    """
    from aiohasupervisor import SupervisorError, SupervisorNotFoundError  # noqa: PLC0415

    client = _client(ctx)
    try:
        if args.slug is None:
            rows = [_summary(addon) for addon in await client.addons.list()]
        else:
            rows = [_details(await client.addons.addon_info(args.slug))]
    except SupervisorNotFoundError as err:
        raise ToolError(
            "not_found",
            f"No add-on {clean_text(args.slug or '', 80)!r} is installed",
            "list_addons without slug lists them",
        ) from err
    except SupervisorError as err:
        raise ToolError(
            "supervisor_error",
            f"Supervisor did not answer: {clean_text(str(err), 200)}",
            "Settings → System → Repairs and Supervisor's log say more",
        ) from err
    rows.sort(key=lambda row: row["name"].casefold())
    return PageOutput(**envelope(rows, offset=args.offset, limit=args.limit))


def _details(info: InstalledAddonComplete) -> dict[str, Any]:
    """Return one add-on in detail: its row and fixed, harmless fields (never options)."""
    return {
        **_summary(info),
        "description": clean_text(info.description, 300),
        "repository": clean_text(info.repository, 120),
        "url": clean_text(info.url, 200) if info.url else None,
        "ingress_url": clean_text(info.ingress_url, 200) if info.ingress_url else None,
        "auto_update": info.auto_update,
    }


TOOLS = [
    Tool(
        name="list_addons",
        title="List add-ons",
        description=(
            "Installed add-ons: slug, name, state, version, update available. With "
            "slug: that one, with its ingress URL; never its options."
        ),
        input_model=ListAddonsInput,
        output_model=PageOutput,
        handler=list_addons,
        admin_only=True,
        needs=SUPERVISOR_DOMAIN,
    ),
]
