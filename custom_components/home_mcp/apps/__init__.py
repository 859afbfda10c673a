"""MCP Apps (`io.modelcontextprotocol/ui`): the house, its history and a request, in the client.

A client that negotiates the extension (it lists `text/html;profile=mcp-app`
under `capabilities.extensions["io.modelcontextprotocol/ui"].mimeTypes`, in
`initialize` or in a 2026-07-28 request's `_meta`: `negotiated`; without
sessions, a handshake-era credential's latest `initialize` is remembered in
`AppsDeclarations`) sees each tool of `APPS`
name its app in `_meta.ui.resourceUri`, and the apps in `resources/list`. It
renders the tool's result in the app, in a sandboxed frame; the app talks to
the client over the extension's `postMessage` bridge, and every tool it calls
goes to this server as a `tools/call` like the model's, through the gate. A
client that does not negotiate it sees exactly what it saw before: the apps
cost `tools/list` nothing.

Each app is one self-contained HTML document assembled once, at setup, from
the files beside this module (no network: inline script and style under a
strict Content-Security-Policy). Nothing here holds a credential or decides
anything: the request card's only action is a link to the approval page in
Home Assistant.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Mapping
from dataclasses import dataclass
import json
from pathlib import Path
from typing import Any, Final

from mcp.server.apps import APP_MIME_TYPE, EXTENSION_ID, client_supports_apps
from mcp.server.context import ServerRequestContext
import mcp_types as types
from mcp_types.version import HANDSHAKE_PROTOCOL_VERSIONS

from homeassistant.core import HomeAssistant, callback

from ..caller import caller_from_scope

APPS_DIR: Final = Path(__file__).parent
URI_PREFIX: Final = "ui://home-mcp/"

CSP: Final = (
    "default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; "
    "img-src data:; connect-src 'none'; frame-src 'none'; form-action 'none'; "
    "base-uri 'none'; object-src 'none'"
)
"""What an app may load: its own inline script and style, nothing from the network."""

DECLARATIONS_KEPT: Final = 1024
"""Credentials whose latest handshake-era `initialize` declared the apps, kept at most."""

SHARED_SCRIPTS: Final = ("bridge.js", "card.js")
"""Scripts every app carries: the extension's bridge, texts, theme, and the request card."""


@dataclass(frozen=True, slots=True, kw_only=True)
class App:
    """One app: the tools whose results it shows, and the script that draws them.

    slug: its name in its URI (`ui://home-mcp/<slug>`) and its script (`<slug>.js`).
    tools: the tools that name it in `_meta.ui.resourceUri`.
    """

    slug: str
    title: str
    description: str
    tools: tuple[str, ...]

    @property
    def uri(self) -> str:
        """Return the app's `ui://` URI."""
        return URI_PREFIX + self.slug


APPS: Final = (
    App(
        slug="house",
        title="House",
        description="Floors and rooms, security first; a light tap asks Home MCP like any call",
        tools=("home_overview",),
    ),
    App(
        slug="history",
        title="History",
        description="Numeric series as lines with min and max, states as a timeline",
        tools=("get_history", "get_statistics"),
    ),
    App(
        slug="request",
        title="Request",
        description="A guarded call waiting for a person, with the link to approve it in Home Assistant",
        tools=("call_service", "run_macro", "get_confirmation"),
    ),
)

APP_OF_TOOL: Final[Mapping[str, App]] = {tool: app for app in APPS for tool in app.tools}


def declares_apps(capabilities: object) -> bool:
    """Return True if a client's raw `capabilities` (JSON) declare MCP Apps.

    The SDK's own test (`client_supports_apps`), read from the wire: the
    extension listed under `extensions`, with the apps' MIME type among its
    `mimeTypes`.
    """
    extensions = capabilities.get("extensions") if isinstance(capabilities, dict) else None
    settings = extensions.get(EXTENSION_ID) if isinstance(extensions, dict) else None
    mime_types = settings.get("mimeTypes") if isinstance(settings, dict) else None
    return isinstance(mime_types, list) and APP_MIME_TYPE in mime_types


class AppsDeclarations:
    """Which credentials' latest handshake-era `initialize` declared MCP Apps.

    Without sessions (Home MCP's default), a handshake-era client's
    `initialize` is a request of its own: nothing of it reaches the requests
    that follow. The endpoint notes here, per credential
    (`Caller.credential_id`), whether each `initialize` declared the
    extension; the next one without it forgets it. In memory only, never
    stored, at most `DECLARATIONS_KEPT` credentials (the longest unheard of
    is dropped first: its client sees today's lists until it initializes
    again). What it remembers only adds the apps' references to lists: it
    grants nothing.
    """

    def __init__(self, limit: int = DECLARATIONS_KEPT) -> None:
        """Remember at most `limit` credentials."""
        self._limit = limit
        self._declared: OrderedDict[str, None] = OrderedDict()

    def __len__(self) -> int:
        """Return how many credentials are remembered as declaring the apps."""
        return len(self._declared)

    @callback
    def async_note_initialize(self, credential_id: str, declared: bool) -> None:
        """Note a handshake-era `initialize` of `credential_id`, `declared` the apps or not."""
        if not declared:
            self._declared.pop(credential_id, None)
            return
        self._declared[credential_id] = None
        self._declared.move_to_end(credential_id)
        while len(self._declared) > self._limit:
            self._declared.popitem(last=False)

    @callback
    def async_declared(self, credential_id: str) -> bool:
        """Return True if the latest `initialize` of `credential_id` declared the apps."""
        return credential_id in self._declared


def negotiated(
    ctx: ServerRequestContext[Any, Any], declarations: AppsDeclarations | None = None
) -> bool:
    """Return True if the client of this request negotiated MCP Apps.

    The capabilities the SDK holds for the request decide when it holds any
    (the SDK's own test): a session's `initialize`, or a 2026-07-28
    request's own `_meta`. A handshake-era request that holds none is
    stateless, its `initialize` was a request of its own: the caller's
    credential's latest `initialize` decides (`declarations`).
    """
    if client_supports_apps(ctx):
        return True
    if (
        declarations is None
        or ctx.session.client_capabilities is not None
        or ctx.protocol_version not in HANDSHAKE_PROTOCOL_VERSIONS
    ):
        return False
    caller = caller_from_scope(getattr(ctx.request, "scope", None))
    return caller is not None and declarations.async_declared(caller.credential_id)


def tool_meta(tool: str) -> dict[str, Any] | None:
    """Return the `_meta` naming the app of `tool`, or None if it has none."""
    app = APP_OF_TOOL.get(tool)
    return {"ui": {"resourceUri": app.uri}} if app is not None else None


def _page(app: App, texts: str, parts: Mapping[str, str]) -> str:
    """Return the app's HTML document: its style, texts and scripts inline."""
    script = "\n".join(parts[name] for name in (*SHARED_SCRIPTS, f"{app.slug}.js"))
    return (
        "<!doctype html>\n"
        '<html lang="en"><head><meta charset="utf-8">'
        f'<meta http-equiv="Content-Security-Policy" content="{CSP}">'
        '<meta name="viewport" content="width=device-width,initial-scale=1">'
        f"<title>Home MCP · {app.title}</title>"
        f"<style>{parts['apps.css']}</style></head>"
        f'<body data-app="{app.slug}"><main id="app" aria-live="polite"></main>'
        f'<script type="application/json" id="texts">{texts}</script>'
        f"<script>{script}</script></body></html>\n"
    )


@dataclass(frozen=True, slots=True)
class AppShelf:
    """The apps' documents, by URI, built once (`load_apps`)."""

    pages: Mapping[str, str]

    def resources(self) -> list[types.Resource]:
        """Return the apps as `resources/list` lists them."""
        return [
            types.Resource(
                uri=app.uri,
                name=f"home-mcp-{app.slug}",
                title=f"Home MCP · {app.title}",
                description=app.description,
                mime_type=APP_MIME_TYPE,
                size=len(self.pages[app.uri].encode()),
            )
            for app in APPS
        ]

    def read(self, uri: str) -> types.ReadResourceResult | None:
        """Return the app at `uri` as `resources/read` answers it, or None if none is there."""
        page = self.pages.get(uri)
        if page is None:
            return None
        return types.ReadResourceResult(
            contents=[
                types.TextResourceContents(
                    uri=uri,
                    mime_type=APP_MIME_TYPE,
                    text=page,
                    # No domain to reach: the host's strictest policy; a border around the card.
                    _meta={"ui": {"csp": {}, "prefersBorder": True}},
                )
            ]
        )


def load_apps() -> AppShelf:
    """Read the apps' files and assemble each app (blocking: run in the executor)."""
    names = {*SHARED_SCRIPTS, "apps.css", *(f"{app.slug}.js" for app in APPS)}
    parts = {name: (APPS_DIR / name).read_text(encoding="utf-8") for name in names}
    texts = json.loads((APPS_DIR / "texts.json").read_text(encoding="utf-8"))
    # `</` never closes the data block early, whatever a translation holds.
    inline = json.dumps(texts, ensure_ascii=False, separators=(",", ":")).replace("</", "<\\/")
    return AppShelf({app.uri: _page(app, inline, parts) for app in APPS})


async def async_load_apps(hass: HomeAssistant) -> AppShelf:
    """Return the apps, read from disk in the executor."""
    return await hass.async_add_executor_job(load_apps)


__all__ = [
    "APPS",
    "APP_MIME_TYPE",
    "EXTENSION_ID",
    "App",
    "AppShelf",
    "AppsDeclarations",
    "async_load_apps",
    "declares_apps",
    "negotiated",
]
