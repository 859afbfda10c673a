"""Config flow for Home MCP: one entry, no questions; options for the gate."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
import re
from typing import Any, Final

import probatio

from homeassistant.config_entries import (
    ConfigEntry,
    ConfigFlow,
    ConfigFlowResult,
    OptionsFlow,
    OptionsFlowWithReload,
)
from homeassistant.core import callback
from homeassistant.helpers.selector import (
    BooleanSelector,
    DeviceSelector,
    DeviceSelectorConfig,
    EntitySelector,
    EntitySelectorConfig,
    NumberSelector,
    NumberSelectorConfig,
    NumberSelectorMode,
    SelectSelector,
    SelectSelectorConfig,
)

from .const import (
    CONF_ALLOWED_ENTITIES,
    CONF_APPROVAL_DEVICES,
    CONF_CONFIRMATION_EXPIRY,
    CONF_ENABLE_SESSIONS,
    CONF_EXPOSED_ONLY,
    CONF_GUARDED_ENTITIES,
    CONF_OPENING_ACTIONS,
    CONF_RESPONSE_BUDGET,
    DEFAULT_CONFIRMATION_EXPIRY,
    DEFAULT_ENABLE_SESSIONS,
    DEFAULT_EXPOSED_ONLY,
    DEFAULT_RESPONSE_BUDGET,
    DOMAIN,
    MAX_RESPONSE_BUDGET,
    MIN_RESPONSE_BUDGET,
    NAME,
)
from .gate import Gate

_ACTION: Final = re.compile(r"[a-z0-9_]+\.[a-z0-9_]+")
_MQTT_PUBLISH: Final = "mqtt.publish"


def opening_action(value: str) -> str | None:
    """Return an action typed or picked for `opening_actions` as the gate names it, or None.

    `domain.service` (`rest_command.open_gate`, in lower case) or
    `mqtt.publish <topic>` (the topic as written, without surrounding
    spaces), as `gate.external.external_key` names what the house does.
    """
    name, _, topic = value.strip().partition(" ")
    name = name.lower()
    if name == _MQTT_PUBLISH and topic.strip():
        return f"{_MQTT_PUBLISH} {topic.strip()}"
    return name if not topic and _ACTION.fullmatch(name) else None


def opening_actions(values: Iterable[str]) -> list[str]:
    """Return the valid actions of `values`, each once, in their order."""
    return list(dict.fromkeys(a for v in values if (a := opening_action(v)) is not None))


class HomeMcpConfigFlow(ConfigFlow, domain=DOMAIN):
    """Add Home MCP from Settings > Devices & services."""

    VERSION = 1

    async def async_step_user(self, user_input: dict[str, Any] | None = None) -> ConfigFlowResult:
        """Create the entry; it runs in-process, so nothing is asked.

        One entry at most: the manifest's `single_config_entry` makes Home
        Assistant refuse a second one before this step runs.
        """
        return self.async_create_entry(title=NAME, data={})

    @staticmethod
    @callback
    def async_get_options_flow(config_entry: ConfigEntry) -> OptionsFlow:
        """Return the options flow: the gate's lists and the expiry."""
        return HomeMcpOptionsFlow()


class HomeMcpOptionsFlow(OptionsFlowWithReload):
    """What only a person in Home Assistant's UI can change.

    - allowed entities: guarded entities whose opening actions run without a
      confirmation, one by one (`lock.office_door` allowed does not allow
      `lock.front_door`); only guarded entities can be chosen;
    - extra guarded entities: entities the gate cannot recognise as opening
      the house (a relay switch that opens a gate);
    - actions marked as opening: actions that leave Home Assistant and open
      the house (a `rest_command` that opens the gate, an MQTT topic the
      garage opener listens to), opening wherever they are; offered: the
      ones the house's automations and scripts take;
    - how long a confirmation stays approvable, in minutes;
    - which companion apps get a request as a push (`approval_devices`;
      empty: every administrator's; another user's device never does);
    - how many kilobytes one tool response may take;
    - whether handshake-era clients may keep sessions (`enable_sessions`,
      off by default: every request stands alone).
    """

    async def async_step_init(self, user_input: dict[str, Any] | None = None) -> ConfigFlowResult:
        """Show and save the options."""
        options: Mapping[str, Any] = self.config_entry.options
        errors: dict[str, str] = {}
        if user_input is not None:
            opening = list(user_input.get(CONF_OPENING_ACTIONS, []))
            gate = Gate(
                self.hass,
                guarded_entities=user_input.get(CONF_GUARDED_ENTITIES, []),
                opening_actions=opening_actions(opening),
            )
            await gate.async_ready()
            if any(
                not gate.async_is_sensitive_entity(entity_id)
                for entity_id in user_input.get(CONF_ALLOWED_ENTITIES, [])
            ):
                errors[CONF_ALLOWED_ENTITIES] = "not_guarded"
            elif any(opening_action(value) is None for value in opening):
                errors[CONF_OPENING_ACTIONS] = "not_an_action"
            else:
                return self.async_create_entry(
                    data={
                        CONF_ALLOWED_ENTITIES: list(user_input.get(CONF_ALLOWED_ENTITIES, [])),
                        CONF_GUARDED_ENTITIES: list(user_input.get(CONF_GUARDED_ENTITIES, [])),
                        CONF_OPENING_ACTIONS: opening_actions(opening),
                        CONF_CONFIRMATION_EXPIRY: int(user_input[CONF_CONFIRMATION_EXPIRY]),
                        CONF_APPROVAL_DEVICES: list(user_input.get(CONF_APPROVAL_DEVICES, [])),
                        CONF_RESPONSE_BUDGET: int(
                            user_input.get(CONF_RESPONSE_BUDGET, DEFAULT_RESPONSE_BUDGET)
                        ),
                        CONF_EXPOSED_ONLY: bool(
                            user_input.get(CONF_EXPOSED_ONLY, DEFAULT_EXPOSED_ONLY)
                        ),
                        CONF_ENABLE_SESSIONS: bool(
                            user_input.get(CONF_ENABLE_SESSIONS, DEFAULT_ENABLE_SESSIONS)
                        ),
                    }
                )
            options = user_input

        saved_opening = [str(action) for action in options.get(CONF_OPENING_ACTIONS, [])]
        gate = Gate(
            self.hass,
            guarded_entities=options.get(CONF_GUARDED_ENTITIES, []),
            opening_actions=opening_actions(saved_opening),
        )
        await gate.async_ready()
        guarded = sorted(
            entity_id
            for entity_id in self.hass.states.async_entity_ids()
            if gate.async_is_sensitive_entity(entity_id)
        )
        # What leaves Home Assistant in the house's own automations and
        # scripts, and whatever the person marked or typed before.
        external = sorted({*gate.index.async_current().external_actions, *saved_opening})
        schema = probatio.Schema(
            {
                probatio.Optional(
                    CONF_ALLOWED_ENTITIES, default=list(options.get(CONF_ALLOWED_ENTITIES, []))
                ): EntitySelector(
                    EntitySelectorConfig(multiple=True, include_entities=guarded or ["none.none"])
                ),
                probatio.Optional(
                    CONF_GUARDED_ENTITIES, default=list(options.get(CONF_GUARDED_ENTITIES, []))
                ): EntitySelector(EntitySelectorConfig(multiple=True)),
                probatio.Optional(CONF_OPENING_ACTIONS, default=saved_opening): SelectSelector(
                    SelectSelectorConfig(
                        options=external, multiple=True, custom_value=True, sort=True
                    )
                ),
                probatio.Required(
                    CONF_CONFIRMATION_EXPIRY,
                    default=options.get(CONF_CONFIRMATION_EXPIRY, DEFAULT_CONFIRMATION_EXPIRY),
                ): NumberSelector(
                    NumberSelectorConfig(
                        min=1,
                        max=1440,
                        step=1,
                        unit_of_measurement="min",
                        mode=NumberSelectorMode.BOX,
                    )
                ),
                probatio.Optional(
                    CONF_APPROVAL_DEVICES, default=list(options.get(CONF_APPROVAL_DEVICES, []))
                ): DeviceSelector(DeviceSelectorConfig(integration="mobile_app", multiple=True)),
                probatio.Required(
                    CONF_RESPONSE_BUDGET,
                    default=options.get(CONF_RESPONSE_BUDGET, DEFAULT_RESPONSE_BUDGET),
                ): NumberSelector(
                    NumberSelectorConfig(
                        min=MIN_RESPONSE_BUDGET,
                        max=MAX_RESPONSE_BUDGET,
                        step=1,
                        unit_of_measurement="KB",
                        mode=NumberSelectorMode.BOX,
                    )
                ),
                probatio.Optional(
                    CONF_EXPOSED_ONLY,
                    default=bool(options.get(CONF_EXPOSED_ONLY, DEFAULT_EXPOSED_ONLY)),
                ): BooleanSelector(),
                probatio.Optional(
                    CONF_ENABLE_SESSIONS,
                    default=bool(options.get(CONF_ENABLE_SESSIONS, DEFAULT_ENABLE_SESSIONS)),
                ): BooleanSelector(),
            }
        )
        return self.async_show_form(step_id="init", data_schema=schema, errors=errors)
