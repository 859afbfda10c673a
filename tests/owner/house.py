"""A house built the way its owner builds it: through Home Assistant's own APIs.

Automations and scripts are saved with the config API (as the automation and
script editors save them), helpers are created over the websocket (as the
Helpers page creates them), Switch as X and template helpers through their
config flows, areas and labels through the registry commands. `Owner` wraps
those calls; the fixtures that make one live in the test modules. The
builders below save the small houses many tests share, called with what
differs ("a helper whose turning on runs these steps", "an automation that
locks the door when X", the Bedtime lock-up, the auto-lock and its timer),
so that a test reads as the behaviour it proves.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any, Final

from aiohttp.test_utils import TestClient
from freezegun.api import FrozenDateTimeFactory
import pytest
from pytest_homeassistant_custom_component.common import async_fire_time_changed
from pytest_homeassistant_custom_component.typing import MockHAClientWebSocket

from custom_components.home_mcp.gate import Gate
from custom_components.home_mcp.gate.macros import INLINE_DEPTH
from homeassistant.config_entries import ConfigEntry
from homeassistant.core import HomeAssistant, async_get_hass
from homeassistant.data_entry_flow import FlowResultType
from homeassistant.helpers import entity_registry as er
from homeassistant.setup import async_setup_component
from homeassistant.util import slugify
from homeassistant.util.yaml import dump
from tests.conftest import SCRIPTS, McpHarness, call_service as call_tool, entity_state as state

ALARM = "alarm_control_panel.security"
ALARM_CODE = "1234"
ARMING_TIME = timedelta(seconds=6)
"""The demo alarm arms 5 s after the action; a little more than that."""

UNLOCK_FRONT = {"action": "lock.unlock", "target": {"entity_id": "lock.front_door"}}
LOCK_FRONT = {"action": "lock.lock", "target": {"entity_id": "lock.front_door"}}
WHEN_UNLOCKED = [{"trigger": "state", "entity_id": "lock.front_door", "to": "unlocked"}]
OPEN_GARAGE = {"action": "cover.open_cover", "target": {"entity_id": "cover.garage_door"}}
ORCHARD_OPEN = {"action": "valve.open_valve", "target": {"entity_id": "valve.orchard"}}
DISARM = {
    "action": "alarm_control_panel.alarm_disarm",
    "target": {"entity_id": ALARM},
    "data": {"code": ALARM_CODE},
}
BED_LIGHT_ON = {"action": "light.turn_on", "target": {"entity_id": "light.bed_light"}}
CLOSED = {"cover.garage_door": "closed"}
LOCKED = {"lock.front_door": "locked"}
LINGERING_TIMERS = pytest.mark.parametrize("expected_lingering_timers", [True], ids=["timers"])
"""For tests whose polling automations keep a timer after the test."""


def turns_on(entity_id: str) -> dict[str, Any]:
    """Return the state trigger that fires when `entity_id` turns on."""
    return {"trigger": "state", "entity_id": entity_id, "to": "on"}


def on_event(
    alias: str, event_type: str, data: dict[str, Any], action: dict[str, Any]
) -> dict[str, Any]:
    """Return the automation `alias` that runs `action` when `event_type` fires with `data`."""
    return {
        "alias": alias,
        "triggers": [{"trigger": "event", "event_type": event_type, "event_data": data}],
        "actions": [action],
    }


def write_config_dir(config_dir: str) -> None:
    """Write the YAML files the automation, script and scene editors save into.

    `configuration.yaml` includes them, as a new installation's does, and the
    template entities file the owner writes by hand (`Owner.save_templates`); the
    scripts file already holds the house's scripts (conftest's), so a reload
    after an edit keeps them.
    """
    path = Path(config_dir)
    (path / "configuration.yaml").write_text(
        "automation: !include automations.yaml\nscript: !include scripts.yaml\n"
        "scene: !include scenes.yaml\ntemplate: !include templates.yaml\n",
        encoding="utf-8",
    )
    (path / "automations.yaml").write_text("[]\n", encoding="utf-8")
    (path / "templates.yaml").write_text("[]\n", encoding="utf-8")
    (path / "scenes.yaml").write_text("[]\n", encoding="utf-8")
    (path / "scripts.yaml").write_text(dump(SCRIPTS), encoding="utf-8")


@dataclass
class Owner:
    """The person who owns the house, working in Home Assistant's UI (its APIs)."""

    hass: HomeAssistant
    http: TestClient[Any, Any]
    ws: MockHAClientWebSocket

    # -- automation and script editors (config API) ---------------------------

    async def save_automation(self, automation_id: str, config: dict[str, Any]) -> str:
        """Save an automation as the automation editor does; return its entity id."""
        response = await self.http.post(
            f"/api/config/automation/config/{automation_id}", json=config
        )
        assert response.status == 200, await response.text()
        await self.hass.async_block_till_done()
        entity_id = er.async_get(self.hass).async_get_entity_id(
            "automation", "automation", automation_id
        )
        assert entity_id is not None, f"automation {automation_id} did not load"
        assert self.hass.states.get(entity_id) is not None
        return entity_id

    async def delete_automation(self, automation_id: str) -> None:
        """Delete an automation as the automation editor does."""
        response = await self.http.delete(f"/api/config/automation/config/{automation_id}")
        assert response.status == 200, await response.text()
        await self.hass.async_block_till_done()

    async def save_script(self, key: str, config: dict[str, Any]) -> str:
        """Save a script as the script editor does; return its entity id."""
        response = await self.http.post(f"/api/config/script/config/{key}", json=config)
        assert response.status == 200, await response.text()
        await self.hass.async_block_till_done()
        entity_id = f"script.{key}"
        assert self.hass.states.get(entity_id) is not None, f"{entity_id} did not load"
        return entity_id

    async def save_unlock_when(self, trigger: dict[str, Any]) -> str:
        """Save the owner's automation that unlocks the front door when `trigger` fires."""
        return await self.save_automation(
            "welcome", {"alias": "Welcome home", "triggers": [trigger], "actions": [UNLOCK_FRONT]}
        )

    async def save_chain(
        self, links: int, last: dict[str, Any], *, handing: dict[str, Any] | None = None
    ) -> str:
        """Save `script.link_0` -> `script.link_1` -> ... -> `last`; return the first link.

        `handing`: the data every link hands on, to the next link and to
        `last`; its keys are every link's fields.
        """

        def link(alias: str, step: dict[str, Any]) -> dict[str, Any]:
            if handing is None:
                return {"alias": alias, "sequence": [step]}
            fields = {name: {} for name in handing}
            return {"alias": alias, "fields": fields, "sequence": [{**step, "data": handing}]}

        await self.save_script(f"link_{links}", link("Last link", last))
        for i in reversed(range(links)):
            await self.save_script(
                f"link_{i}", link(f"Link {i}", {"action": f"script.link_{i + 1}"})
            )
        return "script.link_0"

    async def save_templates(self, blocks: list[dict[str, Any]]) -> None:
        """Write `templates.yaml` and reload template entities (Developer tools → YAML)."""
        path = Path(self.hass.config.config_dir) / "templates.yaml"
        await self.hass.async_add_executor_job(path.write_text, dump(blocks), "utf-8")
        await self.hass.services.async_call("template", "reload", blocking=True)
        await self.hass.async_block_till_done()

    async def save_custom_template(self, name: str, text: str) -> None:
        """Write `custom_templates/<name>` and reload custom templates (Developer tools → YAML)."""
        folder = Path(self.hass.config.config_dir) / "custom_templates"
        await self.hass.async_add_executor_job(lambda: folder.mkdir(exist_ok=True))
        await self.hass.async_add_executor_job((folder / name).write_text, text, "utf-8")
        await self.hass.services.async_call(
            "homeassistant", "reload_custom_templates", blocking=True
        )
        await self.hass.async_block_till_done()

    # -- websocket commands (Helpers page, registries) ------------------------

    async def ws_command(self, command: dict[str, Any]) -> Any:
        """Send one websocket command and return its result."""
        await self.ws.send_json_auto_id(command)
        reply = await self.ws.receive_json()
        assert reply["success"], reply
        await self.hass.async_block_till_done()
        return reply["result"]

    async def create_helper(self, domain: str, name: str, **fields: Any) -> str:
        """Create a helper (input_boolean, input_datetime, ...); return its entity id.

        Its integration is loaded first, as a new installation's
        `default_config` loads the Helpers page's.
        """
        assert await async_setup_component(self.hass, domain, {})
        item = await self.ws_command({"type": f"{domain}/create", "name": name, **fields})
        entity_id = f"{domain}.{item['id']}"
        assert self.hass.states.get(entity_id) is not None, entity_id
        return entity_id

    async def rename_entity(self, entity_id: str, new_entity_id: str) -> str:
        """Change an entity's id as its settings dialog does; return the new id."""
        await self.ws_command(
            {
                "type": "config/entity_registry/update",
                "entity_id": entity_id,
                "new_entity_id": new_entity_id,
            }
        )
        assert self.hass.states.get(new_entity_id) is not None
        return new_entity_id

    async def name_entity(self, entity_id: str, name: str) -> None:
        """Give an entity the name people see, in its settings dialog."""
        await self.ws_command(
            {"type": "config/entity_registry/update", "entity_id": entity_id, "name": name}
        )

    async def create_area(self, name: str) -> str:
        """Create an area; return its id."""
        area = await self.ws_command({"type": "config/area_registry/create", "name": name})
        return str(area["area_id"])

    async def create_label(self, name: str) -> str:
        """Create a label; return its id."""
        label = await self.ws_command({"type": "config/label_registry/create", "name": name})
        return str(label["label_id"])

    async def put_device_in_area(self, device_id: str, area_id: str) -> None:
        """Assign a device to an area (device page)."""
        await self.ws_command(
            {"type": "config/device_registry/update", "device_id": device_id, "area_id": area_id}
        )

    async def label_entity(self, entity_id: str, label_id: str) -> None:
        """Give an entity a label (entity settings)."""
        await self.ws_command(
            {"type": "config/entity_registry/update", "entity_id": entity_id, "labels": [label_id]}
        )

    # -- config flows (Add integration / Create helper) -----------------------

    async def add_switch_as_x(self, switch: str, target_domain: str, **options: Any) -> str:
        """Show a switch as another kind of entity (`invert=True` ...); return its id."""
        flows = self.hass.config_entries.flow
        result = await flows.async_init("switch_as_x", context={"source": "user"})
        assert result["type"] is FlowResultType.FORM, result
        result = await flows.async_configure(
            result["flow_id"], {"entity_id": switch, "target_domain": target_domain, **options}
        )
        assert result["type"] is FlowResultType.CREATE_ENTRY, result
        await self.hass.async_block_till_done()
        return self._entity_of_entry(result["result"].entry_id)

    async def add_template(self, kind: str, fields: dict[str, Any]) -> str:
        """Create a template helper of `kind` (menu step, then its form); return its entity id."""
        flows = self.hass.config_entries.flow
        result = await flows.async_init("template", context={"source": "user"})
        assert result["type"] is FlowResultType.MENU, result
        result = await flows.async_configure(result["flow_id"], {"next_step_id": kind})
        assert result["type"] is FlowResultType.FORM, result
        assert result["step_id"] == kind
        result = await flows.async_configure(result["flow_id"], fields)
        assert result["type"] is FlowResultType.CREATE_ENTRY, result
        await self.hass.async_block_till_done()
        return self._entity_of_entry(result["result"].entry_id)

    async def add_group(self, kind: str, name: str, entities: list[str]) -> str:
        """Create a group helper of `kind` (switch, light, ...) from the UI; return its id."""
        flows = self.hass.config_entries.flow
        result = await flows.async_init("group", context={"source": "user"})
        assert result["type"] is FlowResultType.MENU, result
        result = await flows.async_configure(result["flow_id"], {"next_step_id": kind})
        assert result["type"] is FlowResultType.FORM, result
        result = await flows.async_configure(
            result["flow_id"], {"name": name, "entities": entities}
        )
        assert result["type"] is FlowResultType.CREATE_ENTRY, result
        await self.hass.async_block_till_done()
        return self._entity_of_entry(result["result"].entry_id)

    def _entity_of_entry(self, entry_id: str) -> str:
        [entry] = er.async_entries_for_config_entry(er.async_get(self.hass), entry_id)
        assert self.hass.states.get(entry.entity_id) is not None, entry.entity_id
        return entry.entity_id

    # -- a person's direct actions in Home Assistant --------------------------

    async def act(self, action: str, **data: Any) -> None:
        """Call an action directly in Home Assistant, as a person does in the UI."""
        domain, service = action.split(".", 1)
        await self.hass.services.async_call(domain, service, data, blocking=True)
        await self.hass.async_block_till_done()

    def device_of(self, entity_id: str) -> str:
        """Return the device id of an entity."""
        entry = er.async_get(self.hass).async_get(entity_id)
        assert entry is not None and entry.device_id is not None, entity_id
        return entry.device_id

    def registry_id(self, entity_id: str) -> str:
        """Return the entity registry id (what device actions name)."""
        entry = er.async_get(self.hass).async_get(entity_id)
        assert entry is not None, entity_id
        return entry.id


async def save_config(
    mcp: McpHarness, kind: str, config: dict[str, Any], *, anyway: bool = False, **more: Any
) -> dict[str, Any]:
    """Call `save_config` over MCP; `anyway`: repeat it once on `unknown_references`.

    Repeating the identical call is how that answer says to save it anyway.
    """
    arguments = {"kind": kind, "config": config, **more}
    result = await mcp.data("save_config", arguments)
    if anyway and result.get("error") == "unknown_references":
        result = await mcp.data("save_config", arguments)
    return result


async def call_service(
    mcp: McpHarness,
    action: str,
    *,
    target: dict[str, Any] | None = None,
    data: dict[str, Any] | None = None,
    mode: str = "legacy",
) -> dict[str, Any]:
    """Call `call_service` over MCP for `domain.service`."""
    domain, service = action.split(".", 1)
    return await call_tool(mcp, domain, service, target, data, mode)


OPENINGS = ("lock.front_door", "cover.garage_door", ALARM)
"""What the red team tries to open: the front door, the garage, the alarm."""


def house_state(hass: HomeAssistant) -> dict[str, str]:
    """Return the front door, garage and alarm as they are (for `assert_house` later)."""
    return {entity_id: state(hass, entity_id) for entity_id in OPENINGS}


async def assert_house(hass: HomeAssistant, expected: dict[str, str]) -> None:
    """Assert, from the state machine, that these entities are as they were."""
    await hass.async_block_till_done()
    moved = [
        f"{entity_id} {before} -> {now}"
        for entity_id, before in expected.items()
        if (now := state(hass, entity_id)) != before
    ]
    assert not moved, "the house moved: " + ", ".join(moved)


def assert_refused(
    result: dict[str, Any], risk: str | None = "opens_house", reaching: str | None = None
) -> None:
    """Assert the gate's refusal (`risk`, and `reaching` among its targets)."""
    assert result.get("ok") is False and result.get("error") == "needs_confirmation", (
        f"not refused: {result}"
    )
    assert result["refused"] is True
    if risk is not None:
        assert result["risk"] == risk, result
    if reaching is not None:
        assert reaching in reached(result), result


def reached(result: dict[str, Any]) -> list[str]:
    """Return every entity a refusal reaches, those it leaves out included.

    A refusal shows five findings and counts the rest (`targets_omitted`);
    the confirmation it asked for keeps every entity they name.
    """
    shown = [t["entity_id"] for t in result["targets"]]
    if not result.get("targets_omitted"):
        return shown
    # Called from many tests that only hold the answer: the running test's Home Assistant.
    [entry] = async_get_hass().config_entries.async_loaded_entries("home_mcp")
    confirmation = entry.runtime_data.confirmations.async_get(result["confirmation_id"])
    assert confirmation is not None, result
    return [*shown, *confirmation.targets]


def assert_ran(result: dict[str, Any]) -> None:
    """Assert that the action ran."""
    assert result.get("ok") is True, f"did not run: {result}"


async def assert_script_run(
    hass: HomeAssistant,
    mcp: McpHarness,
    script: str,
    variables: dict[str, Any] | None,
    *,
    waits: bool,
    expected: dict[str, str],
) -> None:
    """Run `script` with `variables` (None: none given) through MCP: it waits or runs.

    Waiting, it is refused for what it reaches at the front door; either way
    the house is then as `expected`.
    """
    data = {"variables": variables} if variables is not None else None
    result = await call_service(mcp, "script.turn_on", target={"entity_id": script}, data=data)
    if waits:
        assert_refused(result, reaching="lock.front_door")
    else:
        assert_ran(result)
    await hass.async_block_till_done()
    await assert_house(hass, expected)


@dataclass
class Clock:
    """A frozen clock on one day, moved forward by the tests (never back)."""

    hass: HomeAssistant
    freezer: FrozenDateTimeFactory
    day: datetime
    """Local midnight of the day the test runs on."""

    def at(self, hour: int, minute: int = 0) -> datetime:
        """Return this day's local time."""
        return self.day.replace(hour=hour, minute=minute)

    def move_to(self, hour: int, minute: int = 0) -> None:
        """Move the clock to this day's `hour:minute` and fire the timers that fall due."""
        when = self.at(hour, minute)
        self.freezer.move_to(when)
        async_fire_time_changed(self.hass, when)


def pass_time(hass: HomeAssistant, freezer: FrozenDateTimeFactory, delta: timedelta) -> None:
    """Move the frozen clock on and fire the timers that fall due."""
    freezer.tick(delta)
    async_fire_time_changed(hass)


async def arm(hass: HomeAssistant, freezer: FrozenDateTimeFactory, service: str) -> None:
    """Arm the alarm as a person does in Home Assistant (with the code); wait until armed."""
    await hass.services.async_call(
        "alarm_control_panel", service, {"entity_id": ALARM, "code": ALARM_CODE}, blocking=True
    )
    pass_time(hass, freezer, ARMING_TIME)
    await hass.async_block_till_done()
    assert state(hass, ALARM) == armed_state(service)


def armed_state(service: str) -> str:
    """Return the state an arming action leads to (`alarm_arm_home` -> `armed_home`)."""
    return "armed_" + service.removeprefix("alarm_arm_")


async def helper_runs(
    owner: Owner,
    name: str,
    *actions: dict[str, Any],
    alias: str | None = None,
    automation_id: str | None = None,
    to: str | None = "on",
    **config: Any,
) -> str:
    """Create the toggle helper `name` and the owner's automation running `actions` when it turns on.

    The automation is named `alias` (the helper's name unless given) and
    saved as `automation_id` (the alias in snake case unless given: "Good
    night" is `automation.good_night`); it runs when the helper turns `to`
    (None: on any change of it); `config` is the rest of it (`conditions`,
    `variables`, `mode`). Return the helper: turning it on is the owner
    going to bed, coming home, ringing...
    """
    helper = await owner.create_helper("input_boolean", name)
    alias = alias or name
    trigger: dict[str, Any] = {"trigger": "state", "entity_id": helper}
    if to is not None:
        trigger["to"] = to
    await owner.save_automation(
        automation_id or slugify(alias),
        {"alias": alias, "triggers": [trigger], **config, "actions": list(actions)},
    )
    return helper


async def locks_at_bedtime(owner: Owner, *steps: dict[str, Any], alias: str = "Bedtime") -> str:
    """Save the owner's `alias`: when the Bedtime helper turns on, run `steps`, then lock the front door.

    Return the helper: turning it on is the owner going to bed.
    """
    return await helper_runs(owner, "Bedtime", *steps, LOCK_FRONT, alias=alias)


async def acts_when(
    owner: Owner,
    action: dict[str, Any],
    *triggers: dict[str, Any],
    alias: str,
    automation_id: str | None = None,
    **config: Any,
) -> str:
    """Save the owner's automation `alias` that runs `action` when one of `triggers` fires.

    Saved as `automation_id` (the alias in snake case unless given);
    `config` is the rest of it (`conditions`, `mode`). Return the automation.
    """
    return await owner.save_automation(
        automation_id or slugify(alias),
        {"alias": alias, "triggers": list(triggers), **config, "actions": [action]},
    )


async def locks_when(owner: Owner, *triggers: dict[str, Any], alias: str, **config: Any) -> str:
    """Save the owner's automation `alias` that locks the front door (`acts_when`)."""
    return await acts_when(owner, LOCK_FRONT, *triggers, alias=alias, **config)


async def unlocks_when(owner: Owner, *triggers: dict[str, Any], alias: str, **config: Any) -> str:
    """Save the owner's automation `alias` that unlocks the front door (`acts_when`)."""
    return await acts_when(owner, UNLOCK_FRONT, *triggers, alias=alias, **config)


async def save_blink(owner: Owner) -> str:
    """Save the owner's "Blink": it toggles the entity its caller names (`toggle_entity`).

    Its action is built from that entity's domain. Return the script.
    """
    return await owner.save_script(
        "blink",
        {
            "alias": "Blink",
            "fields": {"toggle_entity": {"selector": {"entity": {}}}},
            "sequence": [
                {"variables": {"domain": "{{ toggle_entity.split('.')[0] }}"}},
                {"action": "{{ domain }}.toggle", "target": {"entity_id": "{{ toggle_entity }}"}},
            ],
        },
    )


async def guest_mode_ending_at(owner: Owner, trigger: dict[str, Any]) -> str:
    """Turn on the owner's guest mode, which their automation turns off at `trigger`; return it."""
    guest = await owner.create_helper("input_boolean", "Guest mode")
    await owner.act("input_boolean.turn_on", entity_id=guest)
    await owner.save_automation(
        "guest_mode_ends",
        {
            "alias": "Guest mode ends at dusk",
            "triggers": [trigger],
            "conditions": [{"condition": "state", "entity_id": guest, "state": "on"}],
            "actions": [{"action": "input_boolean.turn_off", "target": {"entity_id": guest}}],
        },
    )
    return guest


def note(message: str) -> dict[str, Any]:
    """Return the step that shows `message` as a notification in Home Assistant."""
    return {"action": "persistent_notification.create", "data": {"message": message}}


async def timer_runs(
    owner: Owner,
    name: str,
    duration: str,
    *actions: dict[str, Any],
    alias: str,
    automation_id: str,
    event: str = "timer.finished",
) -> str:
    """Create the timer helper `name` and the owner's automation running `actions` when it ends.

    `event`: the timer's event it runs on (`timer.cancelled`: when it is
    cancelled). Return the timer.
    """
    timer = await owner.create_helper("timer", name, duration=duration)
    await owner.save_automation(
        automation_id,
        {
            "alias": alias,
            "triggers": [
                {"trigger": "event", "event_type": event, "event_data": {"entity_id": timer}}
            ],
            "actions": list(actions),
        },
    )
    return timer


async def auto_lock_timer(owner: Owner) -> str:
    """Return the auto-lock's five-minute timer, whose end locks the front door."""
    return await timer_runs(
        owner,
        "Autolock",
        "00:05:00",
        LOCK_FRONT,
        alias="Lock when the auto-lock timer ends",
        automation_id="autolock",
    )


async def save_auto_lock(owner: Owner, enabled: str) -> str:
    """Save the owner's auto-lock: five minutes after the front door is unlocked, lock it.

    Only while the helper `enabled` is on. Return the automation.
    """
    return await locks_when(
        owner,
        {**WHEN_UNLOCKED[0], "for": {"minutes": 5}},
        alias="Auto-lock the front door",
        automation_id="autolock",
        conditions=[{"condition": "state", "entity_id": enabled, "state": "on"}],
    )


async def porch_runs(owner: Owner, action: dict[str, Any]) -> str:
    """Return the helper whose turning on runs `action` in an owner's automation."""
    return await helper_runs(owner, "Porch", action)


CHAIN_LINKS: Final = INLINE_DEPTH + 4
"""Scripts in a chain longer than one walk of the gate follows step by step."""


def home_mcp_gate(hass: HomeAssistant) -> Gate:
    """Return the gate of Home MCP's config entry."""
    gate: Gate = hass.config_entries.async_entries("home_mcp")[0].runtime_data.gate
    return gate


POLLING = [{"trigger": "time_pattern", "seconds": "/3"}]
"""A polling automation's trigger (its timer lingers: `LINGERING_TIMERS`)."""


async def config_flow(hass: HomeAssistant, handler: str, *steps: dict[str, Any]) -> ConfigEntry:
    """Run a config flow step by step as the UI does; return the entry it made."""
    flows = hass.config_entries.flow
    result = await flows.async_init(handler, context={"source": "user"})
    for step in steps:
        result = await flows.async_configure(result["flow_id"], step)
    assert result["type"] is FlowResultType.CREATE_ENTRY, result
    await hass.async_block_till_done()
    return result["result"]


PUSH_URL = "https://push.example/notify"
"""Where Alice's phone's notifications are pushed (answered by `aioclient_mock`: nothing leaves)."""


@dataclass
class Phone:
    """A companion app registered with Home Assistant, as the app registers itself."""

    notify: str
    """Its notify action (`notify.mobile_app_<device>`)."""
    webhook_id: str

    async def tap(self, owner: Owner, event_type: str, **event_data: Any) -> None:
        """Tap a notification's action: the app fires the event through its webhook."""
        body = {"type": "fire_event", "data": {"event_type": event_type, "event_data": event_data}}
        response = await owner.http.post(f"/api/webhook/{self.webhook_id}", json=body)
        assert response.status == 200, await response.text()
        await owner.hass.async_block_till_done()


LOCK_UP_TAG = "lock_doors"
"""The tag of the owner's "No one home, lock the doors?" prompt (`asks_to_lock_up`)."""
LOCK_UP_BUTTON = {"action": "LOCK_DOORS", "title": "Lock"}
"""Its button: a tap on it locks the front door."""


async def asks_to_lock_up(owner: Owner, phone: Phone) -> str:
    """Save the owner's lock-up prompt, as aneisch's house has one; return the Away helper.

    When Away turns on, Alice's phone asks "No one home, lock the doors?"
    (tagged `LOCK_UP_TAG`); her tap on Lock locks the front door.
    """
    away = await owner.create_helper("input_boolean", "Away")
    prompt = {
        "message": "No one home, lock the doors?",
        "data": {"tag": LOCK_UP_TAG, "actions": [LOCK_UP_BUTTON]},
    }
    await owner.save_automation(
        "ask_to_lock",
        {
            "alias": "Ask to lock up",
            "triggers": [turns_on(away)],
            "actions": [{"action": phone.notify, "data": prompt}],
        },
    )
    await locks_when(
        owner,
        {"trigger": "event", "event_type": "mobile_app_notification_action",
         "event_data": {"action": LOCK_UP_BUTTON["action"]}},
        alias="Lock up from the prompt",
        automation_id="lock_up",
    )  # fmt: skip
    return away


async def locks_below_threshold(owner: Owner) -> str:
    """Save "lock when the people home fall below the threshold helper"; return the threshold.

    People home is 2 and the threshold 1: setting the threshold to 0 keeps
    the lock-up from ever firing.
    """
    people = await owner.create_helper(
        "input_number", "People home", min=0, max=10, step=1, initial=2, mode="box"
    )
    threshold = await owner.create_helper(
        "input_number", "Nobody threshold", min=0, max=10, step=1, initial=1, mode="box"
    )
    await locks_when(
        owner,
        {"trigger": "numeric_state", "entity_id": people, "below": threshold},
        alias="Lock when nobody is home",
        automation_id="lock_when_nobody_is_home",
    )
    return threshold
