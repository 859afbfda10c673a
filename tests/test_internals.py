"""The private attributes of Home Assistant the gate reads (`gate/internals.py`): a contract.

Each row of `INTERNALS` is checked on a live object of the installed Home
Assistant: an automation, a template entity, the demo's cover and valve,
the entity triggers of the lock and water heater platforms. When a Home
Assistant upgrade renames one, this test fails first; and the gate, meanwhile,
makes the item that lacks it `unknown` (tested below) instead of reading nothing.
"""

from __future__ import annotations

import ast
from collections.abc import Mapping
import importlib
import inspect
import json
import pkgutil
from typing import Any

import pytest
from pytest_homeassistant_custom_component.common import MockConfigEntry, async_fire_mqtt_message

from custom_components.home_mcp.gate import Action, Risk
from custom_components.home_mcp.gate.assist import INTENT_SCRIPT
from custom_components.home_mcp.gate.bindings import GROUPED_DOMAINS, renders
from custom_components.home_mcp.gate.internals import (
    ALERT_WATCHED,
    ALERTS,
    AUTOMATION_CONDITIONS,
    AUTOMATION_TRIGGERS,
    AUTOMATION_VARIABLES,
    COVER_TOGGLE,
    DISARM_AFTER_TRIGGER,
    INTERNALS,
    MQTT_CONFIG,
    TEMPLATE_CONFIG,
    TEMPLATE_SCRIPTS,
    TRIGGER_FROM_STATE,
    TRIGGER_SPECS,
    TRIGGER_TEMPLATE_CONFIG,
    TRIGGER_TO_STATES,
    VALVE_TOGGLE,
    Internal,
    custom_templates,
)
from custom_components.home_mcp.gate.verbs import TEMPLATE_RUN_VARIABLES
from homeassistant.components.lock.trigger import TRIGGERS as LOCK_TRIGGERS
from homeassistant.components.water_heater.trigger import TRIGGERS as WATER_HEATER_TRIGGERS
from homeassistant.const import CONF_ACTION, CONF_ACTIONS, CONF_TRIGGERS
from homeassistant.core import HomeAssistant
from homeassistant.helpers import intent
from homeassistant.helpers.entity_component import DATA_INSTANCES
from homeassistant.helpers.template import Template
from homeassistant.setup import async_setup_component

AUTOMATION = {
    "id": "contract",
    "alias": "Contract",
    "triggers": [{"trigger": "state", "entity_id": "input_boolean.contract"}],
    "conditions": [{"condition": "state", "entity_id": "light.bed_light", "state": "on"}],
    "variables": {"door": "lock.front_door"},
    "actions": [{"action": "lock.unlock", "target": {"entity_id": "lock.front_door"}}],
}
TEMPLATE_SWITCH = {
    "switch": [
        {
            "name": "Contract relay",
            "state": "{{ is_state('input_boolean.contract', 'on') }}",
            "turn_on": [{"action": "lock.unlock", "target": {"entity_id": "lock.front_door"}}],
            "turn_off": [{"action": "lock.lock", "target": {"entity_id": "lock.front_door"}}],
        }
    ]
}
ALERT = {
    "name": "Contract alert",
    "entity_id": "input_boolean.contract",
    "repeat": 30,
    "notifiers": ["contract_phone"],
    "message": "Contract: unlock?",
    "data": {"actions": [{"action": "UNLOCK_CONTRACT", "title": "Unlock"}]},
}
ANSWER = {
    "id": "contract_answer",
    "alias": "Contract answer",
    "triggers": [
        {
            "trigger": "event",
            "event_type": "mobile_app_notification_action",
            "event_data": {"action": "UNLOCK_CONTRACT"},
        }
    ],
    "actions": [{"action": "lock.unlock", "target": {"entity_id": "lock.front_door"}}],
}
TRIGGER_TEMPLATE = {
    "triggers": [{"trigger": "state", "entity_id": "input_boolean.contract"}],
    "actions": [{"variables": {"seen": "{{ now().isoformat() }}"}}],
    "sensor": [{"name": "Contract seen", "state": "{{ seen }}"}],
}


def _entity(hass: HomeAssistant, entity_id: str) -> Any:
    domain = entity_id.partition(".")[0]
    entity = hass.data[DATA_INSTANCES][domain].get_entity(entity_id)
    assert entity is not None, entity_id
    return entity


@pytest.fixture
async def live(
    demo_house: HomeAssistant, mock_hass_config: None, mqtt_mock_entry: Any
) -> dict[Internal, Any]:
    """Return, for each row of `INTERNALS`, a live object that should hold it."""
    hass = demo_house
    await mqtt_mock_entry()
    gate = {"name": "Contract gate", "unique_id": "contract_gate", "command_topic": "gate/set"}
    async_fire_mqtt_message(hass, "homeassistant/cover/contract_gate/config", json.dumps(gate))
    assert await async_setup_component(hass, "input_boolean", {"input_boolean": {"contract": {}}})
    assert await async_setup_component(hass, "automation", {"automation": [AUTOMATION, ANSWER]})
    assert await async_setup_component(hass, "alert", {"alert": {"contract": ALERT}})
    assert await async_setup_component(
        hass, "template", {"template": [TEMPLATE_SWITCH, TRIGGER_TEMPLATE]}
    )
    await hass.async_block_till_done()
    automation = _entity(hass, "automation.contract")
    template = _entity(hass, "switch.contract_relay")
    return {
        AUTOMATION_TRIGGERS: automation,
        AUTOMATION_CONDITIONS: automation,
        AUTOMATION_VARIABLES: automation,
        TEMPLATE_SCRIPTS: template,
        TEMPLATE_CONFIG: template,
        TRIGGER_TEMPLATE_CONFIG: _entity(hass, "sensor.contract_seen").coordinator,
        COVER_TOGGLE: _entity(hass, "cover.garage_door"),
        VALVE_TOGGLE: _entity(hass, "valve.orchard"),
        DISARM_AFTER_TRIGGER: _entity(hass, "alarm_control_panel.security"),
        TRIGGER_SPECS: LOCK_TRIGGERS["unlocked"],
        TRIGGER_TO_STATES: LOCK_TRIGGERS["unlocked"],
        TRIGGER_FROM_STATE: WATER_HEATER_TRIGGERS["turned_on"],
        MQTT_CONFIG: _entity(hass, "cover.contract_gate"),
        **dict.fromkeys(ALERTS, _entity(hass, "alert.contract")),
    }


LINGERING = pytest.mark.parametrize("expected_lingering_timers", [True], ids=["mqtt"])


@LINGERING
async def test_every_private_attribute_the_gate_reads_exists_in_this_home_assistant(
    live: dict[Internal, Any],
) -> None:
    assert set(live) == set(INTERNALS), "every row of INTERNALS has a live object here"
    missing = [
        f"{row.owner}.{row.attribute}" for row in INTERNALS if not hasattr(live[row], row.attribute)
    ]
    assert not missing, f"Home Assistant no longer has {missing}: update gate/internals.py"


@LINGERING
async def test_an_automation_s_triggers_are_kept_in_the_shape_the_gate_reads(
    live: dict[Internal, Any],
) -> None:
    """Another shape is read as written (`raw_config`), or unknown: this one is read as kept."""
    triggers = getattr(live[AUTOMATION_TRIGGERS], AUTOMATION_TRIGGERS.attribute)
    assert isinstance(triggers, list), "update gate/wiring.py's reading of triggers"
    assert triggers, "the contract automation has a trigger"
    assert all(isinstance(trigger, Mapping) for trigger in triggers)


@LINGERING
async def test_an_automation_missing_a_private_attribute_is_unknown_for_itself_only(
    live: dict[Internal, Any], hass: HomeAssistant, home_mcp: MockConfigEntry
) -> None:
    automation = live[AUTOMATION_TRIGGERS]
    gate = home_mcp.runtime_data.gate
    saved = automation._trigger_config
    del automation._trigger_config  # As a Home Assistant that renamed it would have it.
    try:
        gate.index.async_mark_dirty()
        snapshot = gate.index.async_current()
        assert "automation.contract" in snapshot.unreadable_items
        assert "_trigger_config" in snapshot.unreadable_items["automation.contract"]
        trigger = gate.async_check(
            Action("automation", "trigger", {"entity_id": ["automation.contract"]})
        )
        assert trigger.guarded
        assert any(f.risk is Risk.UNKNOWN for f in trigger.findings)
        light = gate.async_check(
            Action("light", "turn_on", {"entity_id": ["light.kitchen_lights"]})
        )
        assert not light.guarded, "the rest of the house is judged as usual"
    finally:
        automation._trigger_config = saved
        gate.index.async_mark_dirty()


@LINGERING
async def test_an_alert_missing_a_private_attribute_is_unknown_for_itself_only(
    live: dict[Internal, Any], hass: HomeAssistant, home_mcp: MockConfigEntry
) -> None:
    """Read, acknowledging it keeps nothing from securing; unread, acting on it waits."""
    alert = live[ALERT_WATCHED]
    gate = home_mcp.runtime_data.gate
    acknowledge = Action("alert", "turn_off", {"entity_id": ["alert.contract"]})
    assert "alert.contract" not in gate.index.async_current().unreadable_items
    assert not gate.async_check(acknowledge).guarded, "its Unlock button secures nothing"
    saved = alert._watched_entity_id
    del alert._watched_entity_id  # As a Home Assistant that renamed it would have it.
    try:
        gate.index.async_mark_dirty()
        snapshot = gate.index.async_current()
        assert "_watched_entity_id" in snapshot.unreadable_items["alert.contract"]
        acknowledged = gate.async_check(acknowledge)
        assert acknowledged.guarded
        assert any(f.risk is Risk.UNKNOWN for f in acknowledged.findings)
        light = gate.async_check(
            Action("light", "turn_on", {"entity_id": ["light.kitchen_lights"]})
        )
        assert not light.guarded, "the rest of the house is judged as usual"
    finally:
        alert._watched_entity_id = saved
        gate.index.async_mark_dirty()


class _TriggerConfig:
    """A trigger as a Home Assistant that keeps objects instead of dicts would have it."""

    def __init__(self, config: dict[str, Any]) -> None:
        self.__dict__.update(config)


_TRIGGER_SHAPES: dict[str, Any] = {
    "none": lambda triggers: None,
    "tuple": tuple,
    "objects": lambda triggers: [_TriggerConfig(dict(trigger)) for trigger in triggers],
}


@LINGERING
@pytest.mark.redteam(round=46)
@pytest.mark.parametrize("shape", _TRIGGER_SHAPES.values(), ids=_TRIGGER_SHAPES.keys())
async def test_what_sets_off_an_automation_whose_triggers_changed_shape_waits(
    live: dict[Internal, Any], hass: HomeAssistant, home_mcp: MockConfigEntry, shape: Any
) -> None:
    automation = live[AUTOMATION_TRIGGERS]
    gate = home_mcp.runtime_data.gate
    saved = automation._trigger_config
    turn_on = Action("input_boolean", "turn_on", {"entity_id": ["input_boolean.contract"]})
    assert gate.async_check(turn_on).guarded, "as this Home Assistant keeps them: guarded"
    automation._trigger_config = shape(saved)  # As an upgraded Home Assistant would have it.
    try:
        gate.index.async_mark_dirty()
        assert gate.async_check(turn_on).guarded
    finally:
        automation._trigger_config = saved
        gate.index.async_mark_dirty()


def test_expand_in_templates_expands_the_domains_home_assistant_s_groups_have() -> None:
    """`expand` judged from entity ids alone follows the group integration's platforms.

    A light group expands to lights: if the group integration gains a
    platform, its entities may expand too, and the gate must know it.
    """
    from homeassistant.components import group  # noqa: PLC0415

    assert {str(platform) for platform in group.PLATFORMS} == GROUPED_DOMAINS


class _RunVariables:
    """The names a template platform's actions give their scripts, read from its source.

    The keys of each `run_variables` handed to `async_run_script`: a mapping
    written there, one built in the action (`params["brightness"] = ...`,
    keys from a loop over a literal table), returned by a method it calls
    (`get_registered_script`), or passed in by the methods that call it.
    """

    def __init__(self, module: Any) -> None:
        self.module = module
        tree = ast.parse(inspect.getsource(module))
        self.functions = {
            f.name: f
            for f in ast.walk(tree)
            if isinstance(f, (ast.FunctionDef, ast.AsyncFunctionDef))
        }
        self.names: set[str] = set()
        self.seen: set[tuple[str, str]] = set()
        for function in self.functions.values():
            for call in self._calls(function, "async_run_script"):
                for keyword in call.keywords:
                    if keyword.arg == "run_variables":
                        self.collect(keyword.value, function)

    @staticmethod
    def _calls(function: Any, name: str) -> list[ast.Call]:
        return [
            call
            for call in ast.walk(function)
            if isinstance(call, ast.Call)
            and isinstance(call.func, ast.Attribute)
            and call.func.attr == name
        ]

    def resolved(self, node: ast.expr, function: Any) -> list[str]:
        """Return what a key is: a constant, or each value of a loop's literal table."""
        for loop in ast.walk(function):
            if (
                isinstance(node, ast.Name)
                and isinstance(loop, ast.For)
                and isinstance(loop.target, ast.Tuple)
                and isinstance(loop.iter, ast.Tuple)
            ):
                targets = [getattr(target, "id", None) for target in loop.target.elts]
                if node.id in targets:
                    index = targets.index(node.id)
                    rows = [row for row in loop.iter.elts if isinstance(row, ast.Tuple)]
                    return [self.resolved(row.elts[index], function)[0] for row in rows]
        value = eval(compile(ast.Expression(node), "<key>", "eval"), vars(self.module))  # noqa: S307
        return [str(value)]

    def collect(self, node: ast.expr, function: Any) -> None:
        """Add the keys of the mapping `node` is, in `function`."""
        if isinstance(node, ast.Dict):
            for key, value in zip(node.keys, node.values, strict=True):
                if key is None:
                    self.collect(value, function)
                else:
                    self.names.update(self.resolved(key, function))
        elif isinstance(node, ast.Name) and (function.name, node.id) not in self.seen:
            self.seen.add((function.name, node.id))
            self._assigned(node.id, function)
            parameters = [argument.arg for argument in function.args.args]
            if node.id in parameters:  # What the methods calling this one pass.
                index = parameters.index(node.id) - 1
                for caller in self.functions.values():
                    for call in self._calls(caller, function.name):
                        given = [k.value for k in call.keywords if k.arg == node.id]
                        for value in [*given, *call.args[index : index + 1]]:
                            self.collect(value, caller)
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
            if (helper := self.functions.get(node.func.attr)) is not None:
                for found in ast.walk(helper):
                    if isinstance(found, ast.Return) and found.value is not None:
                        values = found.value.elts if isinstance(found.value, ast.Tuple) else []
                        for value in values or [found.value]:
                            self.collect(value, helper)

    def _assigned(self, name: str, function: Any) -> None:
        """Add what `function` assigns to `name`, whole or key by key."""
        for inner in ast.walk(function):
            if not isinstance(inner, ast.Assign):
                continue
            for target in inner.targets:
                elements = target.elts if isinstance(target, ast.Tuple) else [target]
                if any(isinstance(e, ast.Name) and e.id == name for e in elements):
                    self.collect(inner.value, function)
                elif isinstance(target, ast.Subscript) and isinstance(target.value, ast.Name):
                    if target.value.id == name:
                        self.names.update(self.resolved(target.slice, function))


def test_a_template_entity_s_actions_give_their_scripts_only_the_run_variables_listed() -> None:
    """`verbs.TEMPLATE_RUN_VARIABLES` lists what each template platform gives its scripts.

    A call's data can set those over the entity's own `variables:`, and
    nothing else; the gate binds the rest to the entity's own. If Home
    Assistant gives a platform's scripts another variable, or adds a
    platform that runs scripts, this test fails first.
    """
    from homeassistant.components import template  # noqa: PLC0415

    found: dict[str, frozenset[str]] = {}
    for info in pkgutil.iter_modules(template.__path__):
        module = importlib.import_module(f"{template.__name__}.{info.name}")
        if info.name != "entity" and "async_run_script" in inspect.getsource(module):
            found[info.name] = frozenset(_RunVariables(module).names)
    assert {"light", "lock", "cover", "alarm_control_panel"} <= found.keys()
    assert found["light"] >= {"brightness", "effect", "hs"}, "the source is read"
    for domain, names in found.items():
        assert domain in TEMPLATE_RUN_VARIABLES, domain
        assert names <= TEMPLATE_RUN_VARIABLES[domain], (domain, names)


@pytest.mark.parametrize(
    "text",
    [
        "{{ false }}",
        "{{ true }}",
        "{{ none }}",
        "{{ 0 }}",
        "{{ -2.5 }}",
        "{{ '007' }}",
        "{{ '1e3' }}",
        "{{ {'actions': none} }}",
        "{{ ['a', 'b'] }}",
        "{{ 'unlock' }}",
        "{{ 'lock.front_door' }}",
        "{{ \"'quoted'\" }}",
    ],
)
async def test_the_gate_reads_a_render_as_home_assistant_does(
    hass: HomeAssistant, text: str
) -> None:
    """A render is the value Home Assistant reads from it (`False`, not the text "False").

    The gate renders templates without Home Assistant; where it reads a
    result otherwise, `{{ 'lock' if leaving else 'unlock' }}` takes another way.
    """
    assert renders(text, {}) == [Template(text, hass).async_render()]


@LINGERING
async def test_a_trigger_template_block_missing_its_config_is_unknown_for_itself_only(
    live: dict[Internal, Any], hass: HomeAssistant, home_mcp: MockConfigEntry
) -> None:
    """Its coordinator's `config` renamed: the block's entity is unknown, named, the rest judged."""
    coordinator = live[TRIGGER_TEMPLATE_CONFIG]
    gate = home_mcp.runtime_data.gate
    saved = coordinator.config
    del coordinator.config  # As a Home Assistant that renamed it would have it.
    try:
        gate.index.async_mark_dirty()
        snapshot = gate.index.async_current()
        assert "sensor.contract_seen" in snapshot.unreadable_items
        assert "config" in snapshot.unreadable_items["sensor.contract_seen"]
        light = gate.async_check(
            Action("light", "turn_on", {"entity_id": ["light.kitchen_lights"]})
        )
        assert not light.guarded, "the rest of the house is judged as usual"
    finally:
        coordinator.config = saved
        gate.index.async_mark_dirty()


async def test_the_owner_s_custom_templates_are_read_where_home_assistant_keeps_them(
    hass: HomeAssistant, tmp_path: Any
) -> None:
    """`custom_templates/*.jinja`, reloaded: the gate finds each file's text by its path."""
    hass.config.config_dir = str(tmp_path)
    (tmp_path / "custom_templates").mkdir()
    (tmp_path / "custom_templates" / "presence.jinja").write_text("{% macro m() %}1{% endmacro %}")
    assert await async_setup_component(hass, "homeassistant", {})
    await hass.services.async_call("homeassistant", "reload_custom_templates", blocking=True)
    sources = custom_templates(hass)
    assert sources is not None, "Home Assistant keeps its custom templates elsewhere now"
    assert sources.get("presence.jinja") == "{% macro m() %}1{% endmacro %}"


async def test_intent_script_s_handlers_keep_their_actions_where_the_gate_reads_them(
    hass: HomeAssistant,
) -> None:
    """Each `intent_script` handler: in its module, its `config` a mapping, its action a script.

    Text for Assist is judged by what the owner's intents run
    (`assist.judge_intent_scripts`); a release that moves them fails here first.
    """
    unlock = {"action": "lock.unlock", "target": {"entity_id": "lock.front_door"}}
    assert await async_setup_component(
        hass, "intent_script", {"intent_script": {"OpenUp": {"action": [unlock]}}}
    )
    [handler] = [h for h in intent.async_get(hass) if h.intent_type == "OpenUp"]
    assert type(handler).__module__.startswith(INTENT_SCRIPT), type(handler).__module__
    config = getattr(handler, "config", None)
    assert isinstance(config, Mapping), "update gate/assist.py's reading of intent scripts"
    assert isinstance(getattr(config.get(CONF_ACTION), "sequence", None), list)


class _KeptScript:
    """An action script as a Home Assistant that wraps its scripts would keep it."""

    def __init__(self, script: Any) -> None:
        self.script = script


@LINGERING
@pytest.mark.redteam(round=51)
async def test_turning_on_a_template_entity_whose_action_scripts_changed_shape_waits(
    live: dict[Internal, Any], hass: HomeAssistant, home_mcp: MockConfigEntry
) -> None:
    """`_action_scripts` still a mapping, each value another object: its actions are unread."""
    template = live[TEMPLATE_SCRIPTS]
    gate = home_mcp.runtime_data.gate
    saved = template._action_scripts
    turn_on = Action("switch", "turn_on", {"entity_id": ["switch.contract_relay"]})
    assert gate.async_check(turn_on).guarded, "as this Home Assistant keeps them: guarded"
    template._action_scripts = {name: _KeptScript(script) for name, script in saved.items()}
    try:
        gate.index.async_mark_dirty()
        assert gate.async_check(turn_on).guarded
    finally:
        template._action_scripts = saved
        gate.index.async_mark_dirty()


@LINGERING
@pytest.mark.redteam(round=51)
async def test_what_sets_off_a_trigger_template_block_whose_actions_moved_waits(
    live: dict[Internal, Any], hass: HomeAssistant, home_mcp: MockConfigEntry
) -> None:
    """The block's actions unlock; a release keeping them as `action` (YAML's old name)."""
    coordinator = live[TRIGGER_TEMPLATE_CONFIG]
    gate = home_mcp.runtime_data.gate
    saved = coordinator.config
    unlock = [{"action": "lock.unlock", "target": {"entity_id": "lock.front_door"}}]
    triggers = [{"trigger": "state", "entity_id": "light.kitchen_lights"}]
    turn_on = Action("light", "turn_on", {"entity_id": ["light.kitchen_lights"]})
    assert not gate.async_check(turn_on).guarded, "nothing else watches the kitchen lights"
    try:
        block = {**saved, "triggers": triggers}
        coordinator.config = {**block, "actions": unlock}
        gate.index.async_mark_dirty()
        assert gate.async_check(turn_on).guarded, "as this Home Assistant keeps them: guarded"
        moved = {key: value for key, value in block.items() if key != "actions"}
        coordinator.config = {**moved, "action": unlock}  # As an upgraded one would.
        gate.index.async_mark_dirty()
        assert gate.async_check(turn_on).guarded
    finally:
        coordinator.config = saved
        gate.index.async_mark_dirty()


@LINGERING
async def test_a_trigger_template_block_keeps_its_triggers_and_actions_where_the_gate_reads_them(
    live: dict[Internal, Any],
) -> None:
    """`triggers` and `actions`, each a list: a release that moves them fails here first.

    The gate reads a block's actions under `actions` (`wiring`): a block
    without that key has none, which for a moved key fails open.
    """
    config = getattr(live[TRIGGER_TEMPLATE_CONFIG], TRIGGER_TEMPLATE_CONFIG.attribute)
    assert isinstance(config.get(CONF_ACTIONS), list), "update gate/wiring.py's reading of actions"
    assert isinstance(config.get(CONF_TRIGGERS), list), (
        "update gate/wiring.py's reading of triggers"
    )
