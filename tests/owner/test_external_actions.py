"""What leaves Home Assistant (`gate/external.py`): named for what is known of it, not contagious.

Real houses publish to MQTT (an LED clock, a wall panel), call REST
endpoints and shell commands from their own automations. What Home
Assistant cannot see is named: an `mqtt.publish` on an MQTT entity's
command topic is that entity's action; one whose name says it opens opens;
anything else in the owner's own automation does not make it, or what sets
it off, guarded. A client's own call of such an action, or a configuration
a client writes with one, still waits. An MQTT topic that names an alarm, a
REST command that names a lock, in the owner's automation, wait too: their
data may disarm or unlock.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from pytest_homeassistant_custom_component.common import async_fire_mqtt_message

from custom_components.home_mcp.gate import Action
from homeassistant.core import HomeAssistant
from homeassistant.setup import async_setup_component
from tests.conftest import McpHarness

from .house import (
    LINGERING_TIMERS,
    LOCKED,
    Owner,
    assert_house,
    assert_ran,
    assert_refused,
    call_service,
    porch_runs,
    save_config,
)

UNLOCK = {"action": "lock.unlock", "target": {"entity_id": "lock.front_door"}}


@pytest.fixture
async def outside(hass: HomeAssistant, owner: Owner) -> None:
    """REST endpoints and a shell command the owner's house calls."""
    assert await async_setup_component(
        hass,
        "rest_command",
        {
            "rest_command": {
                "led_clock": {"url": "http://127.0.0.1:1/clock"},
                "open_gate": {"url": "http://127.0.0.1:1/gate"},
            }
        },
    )
    assert await async_setup_component(
        hass, "shell_command", {"shell_command": {"wake_panel": "true"}}
    )
    await hass.async_block_till_done()


async def test_an_owners_step_that_leaves_home_assistant_does_not_guard_what_sets_it_off(
    hass: HomeAssistant, owner: Owner, mcp: McpHarness, outside: None
) -> None:
    """`rest_command.led_clock` in the owner's automation: turning its helper on runs.

    A client calling the same action itself still waits.
    """
    porch = await porch_runs(owner, {"action": "rest_command.led_clock"})
    result = await call_service(mcp, "input_boolean.turn_on", target={"entity_id": porch})
    assert result["ok"] is True, result
    direct = await call_service(mcp, "rest_command.led_clock")
    assert_refused(direct, risk="unknown")


async def test_an_action_leaving_home_assistant_whose_name_says_it_opens_opens(
    hass: HomeAssistant, owner: Owner, mcp: McpHarness, outside: None
) -> None:
    """`rest_command.open_gate` in the owner's automation opens: its helper waits."""
    porch = await porch_runs(owner, {"action": "rest_command.open_gate"})
    result = await call_service(mcp, "input_boolean.turn_on", target={"entity_id": porch})
    assert_refused(result)
    assert hass.states.get(porch).state == "off"


NAMES: dict[str, bool] = {
    "open_gate": True,
    "garage_door": True,
    "portail_ouvrir": True,
    "unlock_front": True,
    "alarm_off": True,
    "lock_toggle": True,
    "alarme_desactiver": True,
    "alarm_snapshots_purge_old": False,
    "arm_alarm": False,
    "lock_all": False,
    "doorbell_chime": False,
    "led_clock": False,
}
"""An action's name -> whether it says it opens (`external.names_opening`)."""


@pytest.mark.parametrize(("name", "opens"), NAMES.items(), ids=list(NAMES))
async def test_an_owners_step_opens_as_its_name_says(
    hass: HomeAssistant, owner: Owner, mcp: McpHarness, name: str, opens: bool
) -> None:
    """An opening word, or a lock or an alarm turned off, opens; a lock or an alarm alone does not.

    (jazzyisj's `shell_command.alarm_snapshots_purge_old` cleans up camera
    snapshots.) The helper that runs the owner's step waits only if it opens.
    """
    config = {"rest_command": {name: {"url": "http://127.0.0.1:1/x"}}}
    assert await async_setup_component(hass, "rest_command", config)
    porch = await porch_runs(owner, {"action": f"rest_command.{name}"})
    result = await call_service(mcp, "input_boolean.turn_on", target={"entity_id": porch})
    if opens:
        assert_refused(result)
    else:
        assert result["ok"] is True, result


async def test_a_shell_command_in_the_owners_script_runs_and_a_clients_own_waits(
    hass: HomeAssistant, owner: Owner, mcp: McpHarness, outside: None
) -> None:
    """The owner's script that wakes the wall panel runs; `shell_command` called alone waits."""
    await owner.save_script(
        "wake", {"alias": "Wake the panel", "sequence": [{"action": "shell_command.wake_panel"}]}
    )
    result = await call_service(mcp, "script.wake")
    assert result["ok"] is True, result
    direct = await call_service(mcp, "shell_command.wake_panel")
    assert_refused(direct, risk="system")


async def test_what_a_client_writes_that_leaves_home_assistant_waits(
    hass: HomeAssistant, owner: Owner, mcp: McpHarness, outside: None
) -> None:
    """An automation written over MCP that calls `rest_command.led_clock` is the client's."""
    written = await save_config(
        mcp,
        "automation",
        {
            "alias": "Clock every minute",
            "triggers": [{"trigger": "time_pattern", "minutes": "/1"}],
            "actions": [{"action": "rest_command.led_clock"}],
        },
    )
    assert_refused(written, risk="unknown")


async def test_a_user_code_given_to_a_lock_opens_it(
    hass: HomeAssistant, owner: Owner, mcp: McpHarness
) -> None:
    """A door-code package: `zwave_js.set_lock_usercode` opens; ping and clearing a code do not."""
    code = await porch_runs(
        owner,
        {
            "action": "zwave_js.set_lock_usercode",
            "target": {"entity_id": "lock.front_door"},
            "data": {"code_slot": 3, "usercode": "1234"},
        },
    )
    result = await call_service(mcp, "input_boolean.turn_on", target={"entity_id": code})
    assert_refused(result, reaching="lock.front_door")
    for harmless in ("zwave_js.ping", "zwave_js.clear_lock_usercode"):
        await owner.save_automation(
            "porch",
            {
                "alias": "Porch",
                "triggers": [{"trigger": "state", "entity_id": code, "to": "on"}],
                "actions": [{"action": harmless, "target": {"entity_id": "lock.front_door"}}],
            },
        )
        gate = hass.config_entries.async_entries("home_mcp")[0].runtime_data.gate
        decision = gate.async_check(Action("input_boolean", "turn_on", {"entity_id": [code]}))
        assert not decision.guarded, (harmless, decision.findings)
    await assert_house(hass, LOCKED)


@pytest.fixture
async def mqtt_gate(hass: HomeAssistant, owner: Owner, mqtt_mock_entry: Any) -> str:
    """Return an MQTT gate Home Assistant knows (discovered, as zigbee2mqtt announces one)."""
    await mqtt_mock_entry()
    config = {
        "name": "Drive gate",
        "unique_id": "drive_gate",
        "device_class": "gate",
        "command_topic": "yard/gate/set",
        "state_topic": "yard/gate/state",
        "payload_open": "OPEN",
        "payload_close": "CLOSE",
    }
    async_fire_mqtt_message(hass, "homeassistant/cover/drive_gate/config", json.dumps(config))
    await hass.async_block_till_done()  # Subscribed to its state topic.
    async_fire_mqtt_message(hass, "yard/gate/state", "closed")
    await hass.async_block_till_done()
    gate = hass.states.get("cover.drive_gate")
    assert gate is not None and gate.state == "closed", gate
    return "cover.drive_gate"


@LINGERING_TIMERS
async def test_publishing_on_an_mqtt_entitys_command_topic_is_that_entitys_action(
    hass: HomeAssistant, owner: Owner, mcp: McpHarness, mqtt_gate: str
) -> None:
    """`OPEN` on the gate's command topic opens it; `CLOSE` closes it; another topic is outside.

    So the owner's automation that publishes `OPEN` there can open the
    gate (its helper waits), and one that publishes to a clock's topic
    does not.
    """
    opening = await call_service(
        mcp, "mqtt.publish", data={"topic": "yard/gate/set", "payload": "OPEN"}
    )
    assert_refused(opening, reaching=mqtt_gate)
    closing = await call_service(
        mcp, "mqtt.publish", data={"topic": "yard/gate/set", "payload": "CLOSE"}
    )
    assert closing["ok"] is True, closing
    porch = await porch_runs(
        owner,
        {"action": "mqtt.publish", "data": {"topic": "yard/gate/set", "payload": "OPEN"}},
    )
    result = await call_service(mcp, "input_boolean.turn_on", target={"entity_id": porch})
    assert_refused(result, reaching=mqtt_gate)
    hall = await owner.create_helper("input_boolean", "Hall")
    await owner.save_automation(
        "clock",
        {
            "alias": "Clock",
            "triggers": [{"trigger": "state", "entity_id": hall, "to": "on"}],
            "actions": [
                {"action": "mqtt.publish", "data": {"topic": "home/clock/set", "payload": "12:00"}}
            ],
        },
    )
    result = await call_service(mcp, "input_boolean.turn_on", target={"entity_id": hall})
    assert result["ok"] is True, (result["targets"], result.get("risk"))
    assert hass.states.get(mqtt_gate).state == "closed"


# -- moved from red-team round 34: the name says "alarm" or "lock", the data says how --


@pytest.mark.redteam(round=34)
@LINGERING_TIMERS
async def test_publishing_disarm_to_an_alarm_topic_in_the_owners_automation_waits(
    hass: HomeAssistant, owner: Owner, mcp: McpHarness, mqtt_mock_entry: Any
) -> None:
    """`mqtt.publish` `DISARM` on `home/alarm/set` (a panel bridged to MQTT, no HA entity).

    The topic names the alarm, the payload disarms it. Since this round an
    alarm alone no longer makes a name opening (`external.names_opening`)
    and the payload is not read: the owner's "cleaner arrives" automation is
    the owner's, and turning its helper on runs, publishing DISARM.
    """
    mqtt = await mqtt_mock_entry()
    publish = {"topic": "home/alarm/set", "payload": "DISARM"}
    porch = await porch_runs(owner, {"action": "mqtt.publish", "data": publish})

    called = await call_service(mcp, "input_boolean.turn_on", target={"entity_id": porch})

    await hass.async_block_till_done()
    sent = [c.args[:2] for c in mqtt.async_publish.call_args_list]
    assert_refused(called)
    assert ("home/alarm/set", "DISARM") not in sent, sent


@pytest.mark.redteam(round=34)
async def test_a_rest_command_for_the_front_lock_given_unlock_in_the_owners_automation_waits(
    hass: HomeAssistant, owner: Owner, mcp: McpHarness, aioclient_mock: Any
) -> None:
    """`rest_command.front_lock` with `command: unlock` (a Nuki bridge's HTTP API).

    The name names the lock, the data unlocks it; only the name is read.
    """
    aioclient_mock.post("http://nuki.local/lockAction", text="ok")
    config = {
        "rest_command": {
            "front_lock": {
                "url": "http://nuki.local/lockAction",
                "method": "post",
                "payload": "{{ command }}",
            }
        }
    }
    assert await async_setup_component(hass, "rest_command", config)
    porch = await porch_runs(
        owner, {"action": "rest_command.front_lock", "data": {"command": "unlock"}}
    )

    called = await call_service(mcp, "input_boolean.turn_on", target={"entity_id": porch})

    await hass.async_block_till_done()
    assert_refused(called)
    assert aioclient_mock.call_count == 0, aioclient_mock.mock_calls


# -- what comes back: the broker hands Home Assistant what it publishes ------------------


@pytest.mark.redteam(round=44)
@LINGERING_TIMERS
async def test_an_mqtt_entitys_command_an_owners_mqtt_trigger_opens_on_waits(
    hass: HomeAssistant, owner: Owner, mcp: McpHarness, mqtt_mock_entry: Any
) -> None:
    """The porch relay's `ON` on `home/porch/set` also sets off the keypad automation.

    The broker delivers what Home Assistant publishes to every subscriber,
    Home Assistant's own MQTT triggers too (a Tasmota `cmnd/` topic a wall
    keypad and Home Assistant both write to).
    """
    mqtt = await mqtt_mock_entry()
    config = {
        "name": "Porch relay",
        "unique_id": "porch_relay",
        "command_topic": "home/porch/set",
        "state_topic": "home/porch/state",
    }
    async_fire_mqtt_message(hass, "homeassistant/switch/porch_relay/config", json.dumps(config))
    await hass.async_block_till_done()
    async_fire_mqtt_message(hass, "home/porch/state", "OFF")
    await hass.async_block_till_done()
    await owner.save_automation(
        "keypad",
        {
            "alias": "Porch keypad",
            "triggers": [{"trigger": "mqtt", "topic": "home/porch/set", "payload": "ON"}],
            "actions": [UNLOCK],
        },
    )

    result = await call_service(mcp, "switch.turn_on", target={"entity_id": "switch.porch_relay"})

    await hass.async_block_till_done()
    for topic, payload in [c.args[:2] for c in mqtt.async_publish.call_args_list]:
        async_fire_mqtt_message(hass, topic, payload)  # As the broker hands it back.
    await assert_house(hass, LOCKED)
    assert_refused(result, reaching="lock.front_door")


@pytest.mark.redteam(round=51)
@LINGERING_TIMERS
async def test_an_mqtt_entity_announced_again_on_the_keypad_s_topic_waits(
    hass: HomeAssistant, owner: Owner, mcp: McpHarness, mqtt_mock_entry: Any
) -> None:
    """The porch relay first takes commands on its own topic: turning it on runs.

    Then the device announces itself again (reflashed, or reconfigured in
    zigbee2mqtt) on `home/porch/set`, the topic the owner's keypad
    automation unlocks on: Home Assistant updates the entity in place.
    Turning the relay on now unlocks the front door.
    """
    mqtt = await mqtt_mock_entry()
    config = {
        "name": "Porch relay",
        "unique_id": "porch_relay",
        "command_topic": "home/porch_light/set",
        "state_topic": "home/porch_light/state",
    }
    announce = "homeassistant/switch/porch_relay/config"
    async_fire_mqtt_message(hass, announce, json.dumps(config))
    await hass.async_block_till_done()
    async_fire_mqtt_message(hass, "home/porch_light/state", "OFF")
    await hass.async_block_till_done()
    await owner.save_automation(
        "keypad",
        {
            "alias": "Porch keypad",
            "triggers": [{"trigger": "mqtt", "topic": "home/porch/set", "payload": "ON"}],
            "actions": [UNLOCK],
        },
    )
    relay = {"entity_id": "switch.porch_relay"}
    assert (await call_service(mcp, "switch.turn_on", target=relay))["ok"]
    assert (await call_service(mcp, "switch.turn_off", target=relay))["ok"]
    await _handed_back(hass, mqtt)
    await assert_house(hass, LOCKED)

    moved = {**config, "command_topic": "home/porch/set", "state_topic": "home/porch/state"}
    async_fire_mqtt_message(hass, announce, json.dumps(moved))
    await hass.async_block_till_done()
    mqtt.async_publish.reset_mock()
    result = await call_service(mcp, "switch.turn_on", target=relay)

    await _handed_back(hass, mqtt)
    await assert_house(hass, LOCKED)
    assert_refused(result, reaching="lock.front_door")


async def _mqtt_device(hass: HomeAssistant, domain: str, name: str, topic: str) -> str:
    """Discover a plain MQTT `domain` entity taking `ON`/`OFF` on `topic`; return its id."""
    object_id = name.lower().replace(" ", "_")
    config = {"name": name, "unique_id": object_id, "command_topic": topic}
    config["state_topic"] = topic.replace("/set", "/state")
    async_fire_mqtt_message(hass, f"homeassistant/{domain}/{object_id}/config", json.dumps(config))
    await hass.async_block_till_done()
    async_fire_mqtt_message(hass, config["state_topic"], "OFF")
    await hass.async_block_till_done()
    entity_id = f"{domain}.{object_id}"
    assert hass.states.get(entity_id) is not None, entity_id
    return entity_id


async def _handed_back(hass: HomeAssistant, mqtt: Any) -> None:
    """Deliver what Home Assistant published to its own subscribers, as the broker does."""
    await hass.async_block_till_done()
    for topic, payload in [c.args[:2] for c in mqtt.async_publish.call_args_list]:
        async_fire_mqtt_message(hass, topic, payload)
    await hass.async_block_till_done()


@LINGERING_TIMERS
async def test_an_mqtt_trigger_with_wildcards_hears_the_commands_on_every_topic_it_matches(
    hass: HomeAssistant, owner: Owner, mcp: McpHarness, mqtt_mock_entry: Any
) -> None:
    """`home/+/set` hears the porch relay's `home/porch/set`; a garden light's topic runs free.

    Turning the relay on waits; the garden light, whose topic no trigger
    listens to, turns on (and the door stays locked once the broker hands
    its command back).
    """
    mqtt = await mqtt_mock_entry()
    relay = await _mqtt_device(hass, "switch", "Porch relay", "home/porch/set")
    garden = await _mqtt_device(hass, "light", "Garden light", "garden/light/set")
    await owner.save_automation(
        "keypad",
        {
            "alias": "Keypad",
            "triggers": [{"trigger": "mqtt", "topic": "home/+/set", "payload": "ON"}],
            "actions": [UNLOCK],
        },
    )

    relay_on = await call_service(mcp, "switch.turn_on", target={"entity_id": relay})
    garden_on = await call_service(mcp, "light.turn_on", target={"entity_id": garden})

    await _handed_back(hass, mqtt)
    assert_refused(relay_on, reaching="lock.front_door")
    assert_ran(garden_on)
    await assert_house(hass, LOCKED)


@LINGERING_TIMERS
async def test_an_mqtt_command_whose_payload_the_trigger_does_not_hear_runs(
    hass: HomeAssistant, owner: Owner, mcp: McpHarness, mqtt_mock_entry: Any
) -> None:
    """The keypad hears `ON` on `home/porch/set`: turning the relay off sends `OFF`, and runs.

    The broker hands `OFF` back; the keypad automation does not run, the
    door stays locked.
    """
    mqtt = await mqtt_mock_entry()
    relay = await _mqtt_device(hass, "switch", "Porch relay", "home/porch/set")
    await owner.save_automation(
        "keypad",
        {
            "alias": "Keypad",
            "triggers": [{"trigger": "mqtt", "topic": "home/porch/set", "payload": "ON"}],
            "actions": [UNLOCK],
        },
    )

    relay_off = await call_service(mcp, "switch.turn_off", target={"entity_id": relay})

    await _handed_back(hass, mqtt)
    assert_ran(relay_off)
    assert ("home/porch/set", "OFF") in [c.args[:2] for c in mqtt.async_publish.call_args_list]
    await assert_house(hass, LOCKED)


@LINGERING_TIMERS
async def test_publishing_on_an_owners_mqtt_trigger_topic_waits(
    hass: HomeAssistant, owner: Owner, mcp: McpHarness, mqtt_mock_entry: Any
) -> None:
    """A client's `mqtt.publish` the keypad hears waits for what the keypad unlocks.

    Its own `ON` on `home/porch/set`, or any payload on a topic given by a
    template; so does the owner's automation that publishes `ON` there
    (its helper waits) and the one that turns the porch relay on.
    """
    mqtt = await mqtt_mock_entry()
    relay = await _mqtt_device(hass, "switch", "Porch relay", "home/porch/set")
    await owner.save_automation(
        "keypad",
        {
            "alias": "Keypad",
            "triggers": [{"trigger": "mqtt", "topic": "home/porch/set", "payload": "ON"}],
            "actions": [UNLOCK],
        },
    )
    plain = {"topic": "home/porch/set", "payload": "ON"}
    templated = {"topic": "{{ 'home/porch/' ~ 'set' }}", "payload": "ping"}

    for data in (plain, templated):
        result = await call_service(mcp, "mqtt.publish", data=data)
        assert_refused(result, reaching="lock.front_door")
    publishing = await porch_runs(owner, {"action": "mqtt.publish", "data": plain})
    result = await call_service(mcp, "input_boolean.turn_on", target={"entity_id": publishing})
    assert_refused(result, reaching="lock.front_door")
    hall = await owner.create_helper("input_boolean", "Hall")
    await owner.save_automation(
        "hall",
        {
            "alias": "Hall",
            "triggers": [{"trigger": "state", "entity_id": hall, "to": "on"}],
            "actions": [{"action": "switch.turn_on", "target": {"entity_id": relay}}],
        },
    )
    result = await call_service(mcp, "input_boolean.turn_on", target={"entity_id": hall})
    assert_refused(result, reaching="lock.front_door")

    await _handed_back(hass, mqtt)
    await assert_house(hass, LOCKED)


@LINGERING_TIMERS
async def test_an_owners_publish_on_a_templated_topic_the_trigger_cannot_hear_runs(
    hass: HomeAssistant, owner: Owner, mcp: McpHarness, mqtt_mock_entry: Any
) -> None:
    """`home/{{ room }}/state` never reaches the keypad's `home/porch/set`: its helper runs.

    A topic starts and ends as its template's text does, whatever `room`
    is; a client's own publish on a topic nothing is known of still waits.
    """
    await mqtt_mock_entry()
    await owner.save_automation(
        "keypad",
        {
            "alias": "Keypad",
            "triggers": [{"trigger": "mqtt", "topic": "home/porch/set", "payload": "ON"}],
            "actions": [UNLOCK],
        },
    )
    step = {
        "action": "mqtt.publish",
        "data": {"topic": "home/{{ states('input_text.room') }}/state", "payload": "ON"},
    }
    porch = await porch_runs(owner, step)

    result = await call_service(mcp, "input_boolean.turn_on", target={"entity_id": porch})
    anywhere = await call_service(
        mcp, "mqtt.publish", data={"topic": "{{ states('input_text.x') }}", "payload": "ON"}
    )

    assert_ran(result)
    assert_refused(anywhere, reaching="lock.front_door")
    await assert_house(hass, LOCKED)
