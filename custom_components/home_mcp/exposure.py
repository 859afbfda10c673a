"""The option "Only what is exposed to Assist": which entities exist, for MCP.

Off (the default), Home MCP reads and acts on the whole house, within each
caller's Home Assistant permissions. On, an entity not exposed to Assist
(Settings → Voice assistants → Expose, Home Assistant's own
`async_should_expose` for the `conversation` assistant) answers everywhere
as one that does not exist: reads (`tools.house.readable`, which every read
path asks), searches, history, logbook and statistics, resources and
completions, and the targets of an action once Home Assistant's expansion of
areas, devices and labels is known (`call_service`). The gate still judges
the whole house: what an exposed entity sets off is never hidden from it.
A script's own action (`script.<key>`) exists only when its script is
exposed (`async_visible_services`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from functools import partial

from homeassistant.components.conversation import DOMAIN as CONVERSATION_DOMAIN
from homeassistant.components.homeassistant.exposed_entities import async_should_expose
from homeassistant.core import HomeAssistant, callback

from .const import CONF_EXPOSED_ONLY, DOMAIN
from .gate.facts import script_entity_id

_SCRIPT_DOMAIN_SERVICES = frozenset({"turn_on", "turn_off", "toggle", "reload"})
"""The script domain's own actions, which act on targets (filtered as targets are)."""


@callback
def async_exposed_test(hass: HomeAssistant) -> Callable[[str], bool] | None:
    """Return the test of whether an entity is exposed, or None when every entity counts."""
    entries = hass.config_entries.async_loaded_entries(DOMAIN)
    if not entries or not entries[0].runtime_data.options.get(CONF_EXPOSED_ONLY):
        return None
    return partial(async_should_expose, hass, CONVERSATION_DOMAIN)


@callback
def async_visible_services(hass: HomeAssistant, domain: str, services: Iterable[str]) -> list[str]:
    """Return the actions of `domain` that exist for MCP, sorted.

    With only what is exposed, a script's own action is there only when its
    script is exposed: running it is acting on that entity.
    """
    exposed = async_exposed_test(hass)
    if exposed is None or domain != "script":
        return sorted(services)
    return sorted(
        s for s in services if s in _SCRIPT_DOMAIN_SERVICES or exposed(script_entity_id(hass, s))
    )
