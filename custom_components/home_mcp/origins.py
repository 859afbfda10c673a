"""Home Assistant's own origins: where its frontend is served from.

One definition, read by the transport (which `Origin` a browser request may
carry) and by the approvals (which login sessions are Home Assistant's own
frontend).
"""

from __future__ import annotations

from contextlib import suppress
from typing import Final

import yarl

from homeassistant.core import HomeAssistant, callback

LOOPBACK_HOSTS: Final = frozenset({"localhost", "127.0.0.1", "::1"})


@callback
def async_home_assistant_origins(hass: HomeAssistant) -> tuple[set[str], set[str]]:
    """Return the origins Home Assistant's own frontend is served from.

    Returns `(origins, loopback_origins)`. `origins`: the configured internal
    and external URLs, Home Assistant Cloud's remote UI, and the server's port
    on its local IP, its configured host and its mDNS names. `loopback_origins`:
    the server's port on localhost, which only a browser on Home Assistant's
    own machine uses. A login in the frontend issues a refresh token whose
    OAuth client id is the frontend's origin followed by "/".
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
        hosts = {"homeassistant.local", "homeassistant", api.local_ip, api.host}
        scheme = "https" if api.use_ssl else "http"
        for host in {h.strip("[]") for h in hosts if h} | LOOPBACK_HOSTS:
            origin = str(yarl.URL.build(scheme=scheme, host=host, port=api.port).origin())
            (loopback if host in LOOPBACK_HOSTS else origins).add(origin.lower())
    return origins, loopback
