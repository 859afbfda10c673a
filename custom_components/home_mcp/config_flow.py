"""Config flow for Home MCP: one entry, no questions; options for the gate."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

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
    EntitySelector,
    EntitySelectorConfig,
    NumberSelector,
    NumberSelectorConfig,
    NumberSelectorMode,
)

from .const import (
    CONF_ALLOWED_ENTITIES,
    CONF_CONFIRMATION_EXPIRY,
    CONF_ENABLE_SESSIONS,
    CONF_EXPOSED_ONLY,
    CONF_GUARDED_ENTITIES,
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
    - how long a confirmation stays approvable, in minutes;
    - how many kilobytes one tool response may take;
    - whether handshake-era clients may keep sessions (`enable_sessions`,
      off by default: every request stands alone).
    """

    async def async_step_init(self, user_input: dict[str, Any] | None = None) -> ConfigFlowResult:
        """Show and save the options."""
        options: Mapping[str, Any] = self.config_entry.options
        errors: dict[str, str] = {}
        if user_input is not None:
            gate = Gate(
                self.hass,
                guarded_entities=user_input.get(CONF_GUARDED_ENTITIES, []),
            )
            if any(
                not gate.async_is_sensitive_entity(entity_id)
                for entity_id in user_input.get(CONF_ALLOWED_ENTITIES, [])
            ):
                errors[CONF_ALLOWED_ENTITIES] = "not_guarded"
            else:
                return self.async_create_entry(
                    data={
                        CONF_ALLOWED_ENTITIES: list(user_input.get(CONF_ALLOWED_ENTITIES, [])),
                        CONF_GUARDED_ENTITIES: list(user_input.get(CONF_GUARDED_ENTITIES, [])),
                        CONF_CONFIRMATION_EXPIRY: int(user_input[CONF_CONFIRMATION_EXPIRY]),
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

        gate = Gate(self.hass, guarded_entities=options.get(CONF_GUARDED_ENTITIES, []))
        guarded = sorted(
            entity_id
            for entity_id in self.hass.states.async_entity_ids()
            if gate.async_is_sensitive_entity(entity_id)
        )
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
