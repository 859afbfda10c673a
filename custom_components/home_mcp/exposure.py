"""The option "Only what is exposed to Assist": which entities exist, for MCP.

Off (the default), Home MCP reads and acts on the whole house, within each
caller's Home Assistant permissions. On, an entity not exposed to Assist
(Settings → Voice assistants → Expose, Home Assistant's own
`async_should_expose` for the `conversation` assistant) answers everywhere
as one that does not exist: reads (`readable`, which every read
path asks), searches, history, logbook and statistics, resources and
completions, and the targets of an action once Home Assistant's expansion of
areas, devices and labels is known (`call_service`). The gate still judges
the whole house: what an exposed entity sets off is never hidden from it.
A script's own action (`script.<key>`) exists only when its script is
exposed (`async_visible_services`).

What the gate says about what an action sets off is told to the caller
without naming what it may not see (`Sight`): the risk explanations of
`list_services`, a refusal's targets and summary, `run_macro`'s
`would_do`, `get_confirmation`, an entity's attributes, the states reported
after an action, a configuration write's diff. Each unseen entity is "an
entity you cannot see" (`UNSEEN`), never its id or its name.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from functools import partial
import re
from typing import Any, Final, cast

from homeassistant.auth.models import User
from homeassistant.auth.permissions import AbstractPermissions
from homeassistant.auth.permissions.const import POLICY_READ
from homeassistant.components.conversation import DOMAIN as CONVERSATION_DOMAIN
from homeassistant.components.homeassistant.exposed_entities import async_should_expose
from homeassistant.core import HomeAssistant, callback
from homeassistant.helpers import entity_registry as er

from .const import CONF_EXPOSED_ONLY, DOMAIN
from .gate.facts import SCRIPT_CONTROLS, script_entity_id
from .wording import ENTITY_ID, house_names

UNSEEN: Final = "an entity you cannot see"
"""How a text an MCP caller reads names an entity it may not see."""


@callback
def async_exposed_test(hass: HomeAssistant) -> Callable[[str], bool] | None:
    """Return the test of whether an entity is exposed, or None when every entity counts."""
    entries = hass.config_entries.async_loaded_entries(DOMAIN)
    if not entries or not entries[0].runtime_data.options.get(CONF_EXPOSED_ONLY):
        return None
    return partial(async_should_expose, hass, CONVERSATION_DOMAIN)


@callback
def async_own_entities(hass: HomeAssistant) -> frozenset[str]:
    """Return the entity ids of Home MCP's own entities (`entity.py`).

    They are for the person's automations and dashboards: like the audit,
    no MCP read, search, resource or completion ever shows them, whoever
    asks (`readable` leaves them out).
    """
    registry = er.async_get(hass)
    return frozenset(
        entry.entity_id
        for config_entry in hass.config_entries.async_entries(DOMAIN)
        for entry in er.async_entries_for_config_entry(registry, config_entry.entry_id)
    )


def reads_all(user: User | None, hass: HomeAssistant | None = None) -> bool:
    """Return True if `user` may read every entity (Home Assistant's policy).

    Never while only exposed entities count (`async_exposed_test`, given
    `hass`), nor while Home MCP has entities of its own (`async_own_entities`).
    """
    if hass is not None and (async_exposed_test(hass) is not None or async_own_entities(hass)):
        return False
    return user is None or user.is_admin or user.permissions.access_all_entities(POLICY_READ)


def readable(user: User | None, hass: HomeAssistant | None = None) -> Callable[[str], bool]:
    """Return a test of whether `user` may read an entity: the one filter of every read.

    Home Assistant's policy: administrators and users whose policy grants
    every entity (the default for Home Assistant's user and read-only
    groups) read everything; a custom policy is checked entity by entity
    (`PermissionLookup`). Given `hass`, and with the option "Only what is
    exposed to Assist" on, an entity not exposed to Assist is not there;
    Home MCP's own entities never are (`async_own_entities`).
    """
    exposed = async_exposed_test(hass) if hass is not None else None
    if user is None or reads_all(user):
        may = None
    else:
        may = user.permissions
    if hass is not None and (own := async_own_entities(hass)):
        test = _readable(exposed, may)
        return lambda entity_id: entity_id not in own and test(entity_id)
    return _readable(exposed, may)


def _readable(
    exposed: Callable[[str], bool] | None, may: AbstractPermissions | None
) -> Callable[[str], bool]:
    """Return the read test of Home Assistant's permissions `may` and exposure `exposed`."""
    if exposed is None:
        if may is None:
            return lambda _entity_id: True
        return lambda entity_id: may.check_entity(entity_id, POLICY_READ)
    if may is None:
        return exposed
    return lambda entity_id: exposed(entity_id) and may.check_entity(entity_id, POLICY_READ)


@callback
def async_visible_services(hass: HomeAssistant, domain: str, services: Iterable[str]) -> list[str]:
    """Return the actions of `domain` that exist for MCP, sorted.

    With only what is exposed, a script's own action is there only when its
    script is exposed: running it is acting on that entity.
    """
    exposed = async_exposed_test(hass)
    if exposed is None or domain != "script":
        return sorted(services)
    return sorted(s for s in services if s in SCRIPT_CONTROLS or exposed(script_entity_id(hass, s)))


class Sight:
    """What one MCP caller may see named: every other entity is `UNSEEN`.

    sees: the caller's read test (`readable`: Home Assistant's
    permissions and, with the option on, exposure), or None when it sees
    every entity (nothing is rewritten then).
    """

    def __init__(self, hass: HomeAssistant, sees: Callable[[str], bool] | None) -> None:
        """Name entities for a caller of `hass` who sees what `sees` accepts."""
        self._hass = hass
        self._sees = sees
        self._names = house_names(hass)

    @property
    def everything(self) -> bool:
        """Return True if the caller may see every entity."""
        return self._sees is None

    def sees(self, entity_id: str) -> bool:
        """Return True if the caller may see `entity_id`."""
        return self._sees is None or self._sees(entity_id)

    def entity(self, entity_id: str) -> str:
        """Return `entity_id`, or `UNSEEN`."""
        return entity_id if self.sees(entity_id) else UNSEEN

    def entities(self, entity_ids: Iterable[str]) -> list[str]:
        """Return each of `entity_ids` as the caller may read it, one `UNSEEN` for a run of them."""
        named: list[str] = []
        for entity_id in entity_ids:
            shown = self.entity(entity_id)
            if shown != UNSEEN or not named or named[-1] != UNSEEN:
                named.append(shown)
        return named

    def name(self, entity_id: str) -> str:
        """Return the house's name of `entity_id`, or `UNSEEN` (a `wording.Namer`)."""
        return self._names(entity_id) if self.sees(entity_id) else UNSEEN

    def text(self, text: str) -> str:
        """Return `text` with the id of every existing entity the caller may not see `UNSEEN`."""
        if self._sees is None or "." not in text:
            return text
        return ENTITY_ID.sub(self._replace, text)

    def tree[T](self, value: T) -> T:
        """Return `value` (JSON-ready data) with `text` applied to every string in it."""
        if self._sees is None:
            return value
        return cast("T", self._tree(value))

    def _tree(self, value: Any) -> Any:
        if isinstance(value, str):
            return self.text(value)
        if isinstance(value, dict):
            return {key: self._tree(item) for key, item in value.items()}
        if isinstance(value, (list, tuple)):
            return [self._tree(item) for item in value]
        return value

    def _replace(self, found: re.Match[str]) -> str:
        entity_id = found[0]
        if self.sees(entity_id) or not self._exists(entity_id):
            return entity_id
        return UNSEEN

    def _exists(self, entity_id: str) -> bool:
        return (
            self._hass.states.get(entity_id) is not None
            or er.async_get(self._hass).async_get(entity_id) is not None
        )
