"""Home Assistant's own origins: where its frontend is served from.

One definition, read by the transport (which `Origin` a browser request may
carry) and by the approvals (which login sessions are Home Assistant's own
frontend).

An origin counts only where Home Assistant itself answers: its configured
internal and external URLs, Home Assistant Cloud's remote UI, and the
addresses its HTTP server listens on, on its port. A login issued to an
origin where Home Assistant does not listen (`http://[::1]:8123/` when it
listens on 127.0.0.1 only, or `localhost`, which a browser may reach on
either) could have been completed by another program listening there, such
as an MCP client that signed in with Home Assistant's login under that
client id.
"""

from __future__ import annotations

from contextlib import suppress
from ipaddress import ip_address
from typing import Final

import yarl

from homeassistant.components.http.server import DEFAULT_BIND
from homeassistant.core import HomeAssistant, callback
from homeassistant.helpers.hassio import is_hassio

LOOPBACK_HOSTS: Final = frozenset({"localhost", "127.0.0.1", "::1"})
IPV4_ANY: Final = "0.0.0.0"
IPV6_ANY: Final = "::"


@callback
def async_home_assistant_origins(hass: HomeAssistant) -> tuple[set[str], set[str]]:
    """Return the origins Home Assistant's own frontend is served from.

    Returns `(origins, loopback_origins)`. `origins`: the configured internal
    and external URLs, Home Assistant Cloud's remote UI, and Home
    Assistant's port on the addresses and names it listens on
    (`async_listening_hosts`). `loopback_origins`: its port on the loopback
    addresses it listens on, which only a browser on Home Assistant's own
    machine uses. A login in the frontend issues a refresh token whose OAuth
    client id is the frontend's origin followed by "/".
    """
    origins: set[str] = set()
    loopback: set[str] = set()
    urls = [hass.config.internal_url, hass.config.external_url]
    if "cloud" in hass.config.components:
        # Home Assistant Cloud's remote UI (Nabu Casa), when it is set up.
        from homeassistant.components import cloud  # noqa: PLC0415

        with suppress(cloud.CloudNotAvailable):
            urls.append(cloud.async_remote_ui_url(hass))
    for url in urls:
        if url:
            origins.add(str(yarl.URL(url).origin()).lower())
    api = hass.config.api
    if api is not None:
        scheme = "https" if api.use_ssl else "http"
        for host in async_listening_hosts(hass):
            origin = str(yarl.URL.build(scheme=scheme, host=host, port=api.port).origin())
            (loopback if host in LOOPBACK_HOSTS else origins).add(origin.lower())
    return origins, loopback


@callback
def async_listening_hosts(hass: HomeAssistant) -> set[str]:
    """Return the hosts at which Home Assistant's HTTP server answers, on its port.

    From the addresses it binds (`http: server_host`, by default every IPv4
    and IPv6 address): a wildcard counts for that family's loopback address
    and the local IP Home Assistant detected; a named address counts as
    itself. `localhost` counts only when both loopback addresses do (a
    browser may reach either). On Home Assistant OS and Supervised, the
    host's name and its `.local` name count when it listens on every IPv4
    address, as Home Assistant's own `get_url` reads them.
    """
    api = hass.config.api
    if api is None:
        return set()
    server = hass.http
    bound = server.server_host if server is not None and server.server_host else DEFAULT_BIND
    hosts: set[str] = set()
    for address in bound:
        host = address.strip("[]").lower()
        if host in (IPV4_ANY, IPV6_ANY):
            hosts.add("127.0.0.1" if host == IPV4_ANY else "::1")
            if _ip_version(api.local_ip) == (4 if host == IPV4_ANY else 6):
                hosts.add(api.local_ip.lower())
        elif host == "localhost":
            hosts |= {"127.0.0.1", "::1"}
        elif host:
            hosts.add(host)
    if {"127.0.0.1", "::1"} <= hosts:
        hosts.add("localhost")
    if IPV4_ANY in bound and is_hassio(hass):
        hosts |= _supervisor_host_names(hass)
    return hosts


def _supervisor_host_names(hass: HomeAssistant) -> set[str]:
    """Return the names the Supervisor gives Home Assistant's host."""
    # Local import, as `helpers.network` does: hassio loads only on Supervisor.
    from homeassistant.components.hassio import HassioNotReadyError, get_host_info  # noqa: PLC0415

    with suppress(HassioNotReadyError):
        if hostname := str(get_host_info(hass).get("hostname") or "").lower():
            return {hostname, f"{hostname}.local"}
    return set()


def _ip_version(address: str) -> int | None:
    try:
        return ip_address(address).version
    except ValueError:
        return None
