"""Templates judged over what their variables can be (`gate/bindings.py`).

Real owners write `{{ trigger.entity_id }}` as a target, pick a script with
`script.{{ trigger.to_state.state }}`, give a script a `modus` to build its
action's name from, answer a phone's notification by the action it carries.
Each is judged for the values its variables can take in that automation or
script, not as "anything"; a template that reads the house, the clock or a
value the gate cannot bound still counts as anything. The owner builds the
house in Home Assistant's own editors; what is refused moves nothing.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Final

import pytest
from pytest_homeassistant_custom_component.common import MockEntityPlatform

from custom_components.home_mcp.gate import Action
from homeassistant.components.lock import LockEntity
from homeassistant.core import HomeAssistant
from homeassistant.setup import async_setup_component
from tests.conftest import McpHarness

from .house import (
    BED_LIGHT_ON,
    CLOSED,
    LINGERING_TIMERS,
    LOCKED,
    ORCHARD_OPEN,
    Clock,
    Owner,
    assert_house,
    assert_ran,
    assert_refused,
    assert_script_run,
    call_service,
    helper_runs,
    home_mcp_gate,
    house_state,
    note,
    save_config,
    state,
    unlocks_when,
)

UNLOCK = {"action": "lock.unlock", "target": {"entity_id": "lock.front_door"}}


async def _helpers(owner: Owner, *names: str) -> list[str]:
    return [await owner.create_helper("input_boolean", name) for name in names]


@LINGERING_TIMERS
async def test_a_target_given_by_the_trigger_is_the_entities_the_trigger_names(
    hass: HomeAssistant, owner: Owner, mcp: McpHarness
) -> None:
    """`homeassistant.turn_off` on `{{ trigger.entity_id }}` reaches the helpers it watches."""
    porch, hall, attic = await _helpers(owner, "Porch", "Hall", "Attic")
    await owner.save_automation(
        "echo",
        {
            "alias": "Switch back off",
            "triggers": [
                {"trigger": "state", "entity_id": [porch, hall], "to": "on", "for": "00:10:00"},
                {"trigger": "state", "entity_id": attic, "to": "on"},
            ],
            "actions": [
                {
                    "action": "homeassistant.turn_off",
                    "target": {"entity_id": "{{ trigger.entity_id }}"},
                }
            ],
        },
    )
    before = house_state(hass)
    for helper in (porch, hall, attic):
        result = await call_service(mcp, "input_boolean.turn_on", target={"entity_id": helper})
        assert result["ok"] is True, result
    await assert_house(hass, before)


async def test_a_target_read_from_the_house_could_be_anything(
    hass: HomeAssistant, owner: Owner, mcp: McpHarness
) -> None:
    """A target read from the house (a helper's attribute) is not bounded: it may be the door."""
    porch, hall = await _helpers(owner, "Porch", "Hall")
    await owner.save_automation(
        "follow",
        {
            "alias": "Turn off what the hall says",
            "triggers": [{"trigger": "state", "entity_id": porch}],
            "actions": [
                {
                    "action": "homeassistant.turn_off",
                    "target": {"entity_id": f"{{{{ state_attr('{hall}', 'which') }}}}"},
                }
            ],
        },
    )
    result = await call_service(mcp, "input_boolean.turn_on", target={"entity_id": porch})
    assert_refused(result, reaching="lock.front_door")
    await assert_house(hass, LOCKED)


async def test_a_script_chosen_by_an_input_select_is_one_of_its_options(
    hass: HomeAssistant, owner: Owner, mcp: McpHarness
) -> None:
    """`script.{{ trigger.to_state.state }}`: the scripts its options name, and only those.

    Over bedtime and good_night (neither unlocks) choosing runs; once an
    option names the unlocking script, choosing waits; and changing the
    options is itself judged, since new ones change what it can run.
    """
    routine = await owner.create_helper(
        "input_select", "Routine", options=["bedtime", "good_night"]
    )
    await owner.save_automation(
        "routines",
        {
            "alias": "Run the routine",
            "triggers": [{"trigger": "state", "entity_id": routine}],
            "actions": [
                {
                    "action": "script.turn_on",
                    "target": {"entity_id": "script.{{ trigger.to_state.state }}"},
                }
            ],
        },
    )
    result = await call_service(mcp, "input_select.select_next", target={"entity_id": routine})
    assert result["ok"] is True, result
    result = await call_service(
        mcp,
        "input_select.set_options",
        target={"entity_id": routine},
        data={"options": ["good_night", "welcome_home"]},
    )
    assert_refused(result, risk="unknown")
    assert hass.states.get(routine).attributes["options"] == ["bedtime", "good_night"]
    await owner.act(
        "input_select.set_options", entity_id=routine, options=["bedtime", "unlock_front"]
    )
    result = await call_service(mcp, "input_select.select_next", target={"entity_id": routine})
    assert_refused(result, reaching="lock.front_door")
    await assert_house(hass, LOCKED)


async def test_a_script_building_its_action_from_a_field_is_judged_with_its_callers_value(
    hass: HomeAssistant, owner: Owner, mcp: McpHarness
) -> None:
    """`cover.{{ modus }}_cover`: one of the cover's actions, on what the caller names.

    On the kitchen window, whatever `modus` is, it runs; given the garage
    door and `open`, it opens the garage, and waits.
    """
    await owner.save_script(
        "blinds",
        {
            "alias": "Blinds",
            "fields": {"modus": {}, "which": {}},
            "sequence": [
                {"action": "cover.{{ modus }}_cover", "target": {"entity_id": "{{ which }}"}}
            ],
        },
    )
    await owner.save_script(
        "window",
        {
            "alias": "Window",
            "fields": {"modus": {}},
            "sequence": [
                {
                    "action": "cover.{{ modus }}_cover",
                    "target": {"entity_id": "cover.kitchen_window"},
                }
            ],
        },
    )
    window = await call_service(mcp, "script.window", data={"modus": "open"})
    assert window["ok"] is True, window
    gate = hass.config_entries.async_entries("home_mcp")[0].runtime_data.gate
    any_modus = gate.async_check(Action("script", "turn_on", {"entity_id": ["script.window"]}))
    assert not any_modus.guarded, any_modus.findings
    kitchen = await call_service(
        mcp, "script.blinds", data={"modus": "close", "which": "cover.kitchen_window"}
    )
    assert kitchen["ok"] is True, kitchen
    garage = await call_service(
        mcp, "script.blinds", data={"modus": "open", "which": "cover.garage_door"}
    )
    assert_refused(garage, reaching="cover.garage_door")
    await assert_house(hass, {"cover.garage_door": "closed"})


async def test_a_branch_on_a_value_that_cannot_be_bounded_counts_both_ways(
    hass: HomeAssistant, owner: Owner, mcp: McpHarness
) -> None:
    """`{% if trigger.to_state.attributes.who == 'me' %}lock.unlock{% else %}lock.lock…`."""
    let_in = await helper_runs(
        owner,
        "Let in",
        {
            "action": "{% if trigger.to_state.attributes.who == 'me' %}lock.unlock"
            "{% else %}lock.lock{% endif %}",
            "target": {"entity_id": "lock.front_door"},
        },
        alias="Who is it",
        to=None,
        automation_id="who",
    )
    result = await call_service(mcp, "input_boolean.turn_on", target={"entity_id": let_in})
    assert_refused(result, reaching="lock.front_door")
    await assert_house(hass, LOCKED)


async def test_a_choice_read_from_the_house_is_one_of_the_actions_it_names(
    hass: HomeAssistant, owner: Owner, mcp: McpHarness
) -> None:
    """`{{ 'script.a' if is_state(door, 'on') else 'script.b' }}` runs one of the two.

    A template lock's lock action in a real house (keymaster): the door's
    state picks between retrying and locking. Neither unlocks: setting it
    off runs. Once one branch names the unlocking script, it waits.
    """
    [go, door] = await _helpers(owner, "Go", "Door open")
    choice = f"{{{{ 'script.bedtime' if is_state('{door}', 'on') else 'script.good_night' }}}}"
    await owner.save_automation(
        "choose",
        {
            "alias": "Lock or retry",
            "triggers": [{"trigger": "state", "entity_id": go, "to": "on"}],
            "actions": [{"action": choice}],
        },
    )
    result = await call_service(mcp, "input_boolean.turn_on", target={"entity_id": go})
    assert result["ok"] is True, result
    await owner.act("input_boolean.turn_off", entity_id=go)
    await owner.save_automation(
        "choose",
        {
            "alias": "Lock or retry",
            "triggers": [{"trigger": "state", "entity_id": go, "to": "on"}],
            "actions": [{"action": choice.replace("script.bedtime", "script.unlock_front")}],
        },
    )
    result = await call_service(mcp, "input_boolean.turn_on", target={"entity_id": go})
    assert_refused(result, reaching="lock.front_door")
    await assert_house(hass, LOCKED)


async def test_a_choice_made_again_in_each_turn_of_a_loop_counts_every_way_it_can_go(
    hass: HomeAssistant, owner: Owner, mcp: McpHarness
) -> None:
    """A condition inside a `for` may go each way each turn, and each is judged.

    Taken the same way every turn, this loop picks bedtime or good night;
    taken one way then the other, it picks the script that unlocks.
    """
    [go, door] = await _helpers(owner, "Go", "Door open")
    pick = (
        "{% set ns = namespace(pick='script.good_night') %}"
        "{% for name in ['script.unlock_front', 'script.bedtime'] %}"
        f"{{% if is_state('{door}', 'on') %}}{{% set ns.pick = name %}}{{% endif %}}"
        "{% endfor %}{{ ns.pick }}"
    )
    await owner.save_automation(
        "loop",
        {
            "alias": "Pick in turns",
            "triggers": [{"trigger": "state", "entity_id": go, "to": "on"}],
            "actions": [{"action": pick}],
        },
    )
    result = await call_service(mcp, "input_boolean.turn_on", target={"entity_id": go})
    assert_refused(result, reaching="lock.front_door")
    await assert_house(hass, LOCKED)


async def test_the_action_a_phone_notification_carries_bounds_what_its_handler_does(
    hass: HomeAssistant, owner: Owner, mcp: McpHarness
) -> None:
    """A handler turning on `input_boolean.{{ trigger.event.data.action }}` for `porch` only.

    Its trigger asks for the `porch` action: the run turns on the porch
    helper, never the one that lets them in. Written for any action, it
    could turn on that one too, and the event it waits for opens the house.
    """
    porch, let_in = await _helpers(owner, "Porch", "Let in")
    await unlocks_when(
        owner,
        {"trigger": "state", "entity_id": let_in, "to": "on"},
        alias="Let them in",
        automation_id="let_in",
    )
    handler = {
        "alias": "Answer the doorbell",
        "triggers": [
            {
                "trigger": "event",
                "event_type": "mobile_app_notification_action",
                "event_data": {"action": "porch"},
            }
        ],
        "actions": [
            {
                "action": "input_boolean.turn_on",
                "target": {"entity_id": "input_boolean.{{ trigger.event.data.action }}"},
            }
        ],
    }
    await owner.save_automation("answer", handler)
    ring = {
        "alias": "Ring",
        "sequence": [
            {"event": "mobile_app_notification_action", "event_data": {"action": "porch"}}
        ],
    }
    await owner.save_script("ring", ring)
    result = await call_service(mcp, "script.ring")
    assert result["ok"] is True, result
    assert hass.states.get(porch).state == "on"
    del handler["triggers"][0]["event_data"]
    await owner.save_automation("answer", handler)
    result = await call_service(mcp, "script.ring")
    assert_refused(result, reaching="lock.front_door")
    await assert_house(hass, LOCKED)


async def test_a_repeat_over_a_list_acts_on_each_item(
    hass: HomeAssistant, owner: Owner, mcp: McpHarness
) -> None:
    """`repeat: for_each` over a literal list: `repeat.item` is each of them, the door included."""
    porch = await helper_runs(
        owner,
        "Porch",
        {
            "repeat": {
                "for_each": ["light.bed_light", "lock.front_door"],
                "sequence": [
                    {
                        "action": "homeassistant.turn_off",
                        "target": {"entity_id": "{{ repeat.item }}"},
                    }
                ],
            }
        },
        alias="Evening rounds",
        to=None,
        automation_id="rounds",
    )
    result = await call_service(mcp, "input_boolean.turn_on", target={"entity_id": porch})
    assert_refused(result, reaching="lock.front_door")
    assert {t["service"] for t in result["targets"]} == {"lock.unlock"}, result["targets"]
    await assert_house(hass, LOCKED)


@LINGERING_TIMERS
async def test_a_blueprint_input_is_the_value_the_owner_gave(
    hass: HomeAssistant, owner: Owner, mcp: McpHarness
) -> None:
    """Variables set from what the owner wrote are those values (as a blueprint's inputs are)."""
    porch, hall = await _helpers(owner, "Porch", "Hall")
    await owner.save_automation(
        "motion",
        {
            "alias": "Motion light",
            "variables": {"light_target": "light.bed_light", "wait": 5},
            "triggers": [{"trigger": "state", "entity_id": porch, "to": "on"}],
            "actions": [
                {"action": "homeassistant.turn_on", "target": {"entity_id": "{{ light_target }}"}},
                {"delay": "{{ wait }}"},
                {"action": "homeassistant.turn_off", "target": {"entity_id": "{{ light_target }}"}},
            ],
        },
    )
    result = await call_service(mcp, "input_boolean.turn_on", target={"entity_id": porch})
    assert result["ok"] is True, result
    await assert_house(hass, LOCKED)


async def test_a_script_s_own_variables_bound_the_actions_its_templates_name(
    hass: HomeAssistant, owner: Owner, mcp: McpHarness
) -> None:
    """A notification blueprint's `person -> service` table: each service it holds, no other.

    The person is chosen as the script runs (every person of the house), so
    the action is each value of the script's own `variables:` table: a light,
    in the first script (it runs); the front door's unlock, in the second.
    """
    for key, action, entity_id in (
        ("notify_people", "light.turn_on", "light.bed_light"),
        ("greet_people", "lock.unlock", "lock.front_door"),
    ):
        await owner.save_script(
            key,
            {
                "alias": key,
                "variables": {"service_of": {"person.me": {"service": action}}},
                "sequence": [
                    {
                        "repeat": {
                            "for_each": "{{ states.person | map(attribute='entity_id') | list }}",
                            "sequence": [
                                {
                                    "action": "{{ service_of[repeat.item]['service'] }}",
                                    "target": {"entity_id": entity_id},
                                }
                            ],
                        }
                    }
                ],
            },
        )
    ran = await call_service(mcp, "script.notify_people")
    assert ran["ok"] is True, ran
    refused = await call_service(mcp, "script.greet_people")
    assert_refused(refused, reaching="lock.front_door")
    await assert_house(hass, LOCKED)


async def test_a_variable_holding_an_entity_reads_that_entity_not_the_whole_house(
    hass: HomeAssistant, owner: Owner, mcp: McpHarness
) -> None:
    """`door: lock.front_door`, then `state_attr(door, 'friendly_name')`: the door is read.

    The unlocking automation's inputs are its helper and the door: the bed
    light is not one of them, and runs; the helper waits.
    """
    helper = await helper_runs(
        owner,
        "Let in",
        UNLOCK,
        variables={
            "door": "lock.front_door",
            "name": "{{ state_attr(door, 'friendly_name') }}",
        },
        conditions=[{"condition": "template", "value_template": "{{ states(door) }}"}],
    )
    light = await call_service(mcp, "light.turn_on", target={"entity_id": "light.bed_light"})
    assert light["ok"] is True, light
    refused = await call_service(mcp, "input_boolean.turn_on", target={"entity_id": helper})
    assert_refused(refused, reaching="lock.front_door")
    await assert_house(hass, LOCKED)


async def test_a_reader_applied_to_an_integration_s_entities_reads_those_not_the_whole_house(
    hass: HomeAssistant, owner: Owner, mcp: McpHarness
) -> None:
    """`integration_entities('input_boolean') | select('is_state', 'on')`: the toggles are read.

    (jazzyisj: "Nest Protect connected" counts the integration's entities
    that have a value.) The bed light is no input of the unlock, and runs.
    """
    (helper,) = await _helpers(owner, "Let in")
    any_on = "{{ integration_entities('input_boolean') | select('is_state', 'on') | list | count }}"
    await unlocks_when(owner, {"trigger": "template", "value_template": any_on}, alias="Let in")
    light = await call_service(mcp, "light.turn_on", target={"entity_id": "light.bed_light"})
    assert light["ok"] is True, light
    refused = await call_service(mcp, "input_boolean.turn_on", target={"entity_id": helper})
    assert_refused(refused, reaching="lock.front_door")
    await assert_house(hass, LOCKED)


async def test_an_integration_s_entity_service_with_a_templated_target_reaches_its_own_entities(
    hass: HomeAssistant, owner: Owner, mcp: McpHarness
) -> None:
    """`music_assistant.transfer_queue` on `{{ player }}`: only that integration's players.

    Here the integration is not set up: Home Assistant would refuse the
    call, which reaches nothing; the helper that sets it off runs.
    """
    helper = await helper_runs(
        owner,
        "Move music",
        {
            "action": "music_assistant.transfer_queue",
            "target": {"entity_id": "{{ player }}"},
        },
        alias="Move the music",
        automation_id="move_music",
        variables={"player": "{{ states.media_player | map(attribute='entity_id') | first }}"},
    )
    moved = await call_service(mcp, "input_boolean.turn_on", target={"entity_id": helper})
    assert moved["ok"] is True, moved


async def test_the_scripts_a_blueprint_picks_by_domain_from_what_it_expands_are_those(
    hass: HomeAssistant, owner: Owner, mcp: McpHarness
) -> None:
    """The sensor-light blueprint's `expand(lights) | selectattr('domain', 'eq', 'script')`.

    Given a light, it picks no script: its helper runs. Given the script
    that unlocks the door, it picks that one: its helper waits.
    """
    await owner.save_script("let_in", {"alias": "Let in", "sequence": [UNLOCK]})
    for name, switched in (("Hall motion", "light.bed_light"), ("Door motion", "script.let_in")):
        (helper,) = await _helpers(owner, name)
        await owner.save_automation(
            helper.partition(".")[2],
            {
                "alias": f"{name} light",
                "triggers": [{"trigger": "state", "entity_id": helper, "to": "on"}],
                "variables": {
                    "light_switch": {"entity_id": [switched]},
                    "script_entities": "{{ expand(light_switch.entity_id)"
                    " | selectattr('domain', 'eq', 'script')"
                    " | map(attribute='entity_id') | list }}",
                },
                "actions": [
                    {"action": "script.turn_on", "target": {"entity_id": "{{ script_entities }}"}}
                ],
            },
        )
    hall = await call_service(
        mcp, "input_boolean.turn_on", target={"entity_id": "input_boolean.hall_motion"}
    )
    assert hall["ok"] is True, hall
    door = await call_service(
        mcp, "input_boolean.turn_on", target={"entity_id": "input_boolean.door_motion"}
    )
    assert_refused(door, reaching="lock.front_door")
    await assert_house(hass, LOCKED)


async def test_an_action_named_by_a_variable_whose_text_starts_with_its_domain_is_one_of_those(
    hass: HomeAssistant, owner: Owner, mcp: McpHarness
) -> None:
    """`service: notify.{{ send_to }}`, then `action: "{{ service }}"`: a `notify` action.

    And `script.say_{{ voice }}`: one of the `say_` scripts, whichever voice;
    not the script that unlocks the door, until a `say_` script does and a
    caller names its voice (run without one, `voice` is empty: the default).
    """
    await owner.save_script("let_in", {"alias": "Let in", "sequence": [UNLOCK]})
    await owner.save_script("say_cloud", {"alias": "Say", "sequence": []})
    await owner.save_script(
        "announce",
        {
            "alias": "Announce",
            "fields": {"send_to": {}, "voice": {}},
            "sequence": [
                {
                    "variables": {
                        "service": "notify.{{ send_to }}",
                        "speaker": "script.say_{{ voice | default('cloud') }}",
                    }
                },
                {"action": "{{ service }}", "data": {"message": "Hello"}},
                {"action": "{{ speaker }}"},
            ],
        },
    )
    assert await async_setup_component(hass, "notify", {})
    gate = hass.config_entries.async_entries("home_mcp")[0].runtime_data.gate
    anyone_id = "script.announce"
    anyone = gate.async_check(Action("script", "turn_on", {"entity_id": [anyone_id]}))
    assert not anyone.guarded, anyone.findings  # Whoever `send_to` is: a `notify` action.
    ran = await call_service(mcp, "script.announce", data={"send_to": "persistent_notification"})
    assert ran["ok"] is True, ran
    await owner.save_script("say_welcome", {"alias": "Say welcome", "sequence": [UNLOCK]})
    assert not gate.async_check(Action("script", "turn_on", {"entity_id": [anyone_id]})).guarded
    refused = await call_service(
        mcp, "script.announce", data={"send_to": "persistent_notification", "voice": "welcome"}
    )
    assert_refused(refused, reaching="lock.front_door")
    await assert_house(hass, LOCKED)


async def test_an_action_name_that_renders_to_nothing_one_way_does_nothing_that_way(
    hass: HomeAssistant, owner: Owner, mcp: McpHarness
) -> None:
    """`{% if <versions differ> %}homeassistant.turn_off{% endif %}`: off, or no action at all.

    Home Assistant refuses an empty action name; the helpers it turns off
    wait for nobody: the helper that sets it off runs.
    """
    (helper,) = await _helpers(owner, "Update check")
    await owner.save_automation(
        "update_check",
        {
            "alias": "Update check",
            "triggers": [{"trigger": "state", "entity_id": helper, "to": "on"}],
            "actions": [
                {
                    "action": "{% if states('sensor.a') == states('sensor.b') %}"
                    "homeassistant.turn_off{% endif %}",
                    "target": {"entity_id": helper},
                }
            ],
        },
    )
    ran = await call_service(mcp, "input_boolean.turn_on", target={"entity_id": helper})
    assert ran["ok"] is True, ran


async def test_what_a_template_selects_options_are_computed_from_decides_what_it_runs(
    hass: HomeAssistant, owner: Owner, mcp: McpHarness
) -> None:
    """Owner's automation "Run the routine picked on the dashboard": `script.{{ trigger.to_state.state }}`.

    The routine picker is a template select made on the Helpers page: its
    options are a text helper's comma-separated list, its state another text
    helper (what `select_option` sets). The automation is judged over the
    select's options as they are (bedtime, good night: harmless), and
    changing the options is watched only as `input_select.set_options` on
    the select itself (`OPTIONS_VERBS`), never through what the select's
    options are computed from. The client first sets the current routine to
    `unlock_front` (not an option: the select is `unknown`), then adds it to
    the list: the select becomes `unlock_front`, and the automation runs
    `script.unlock_front`.
    """
    listed = await owner.create_helper("input_text", "Routines", max=255)
    current = await owner.create_helper("input_text", "Current routine", max=255)
    await owner.act("input_text.set_value", entity_id=listed, value="bedtime,good_night")
    await owner.act("input_text.set_value", entity_id=current, value="bedtime")
    picker = await owner.add_template(
        "select",
        {
            "name": "Routine",
            "state": f"{{{{ states('{current}') }}}}",
            "options": f"{{{{ states('{listed}').split(',') }}}}",
            "select_option": [
                {
                    "action": "input_text.set_value",
                    "target": {"entity_id": current},
                    "data": {"value": "{{ option }}"},
                }
            ],
        },
    )
    assert hass.states.get(picker).attributes["options"] == ["bedtime", "good_night"]
    await owner.save_automation(
        "routines",
        {
            "alias": "Run the routine",
            "triggers": [{"trigger": "state", "entity_id": picker}],
            "actions": [{"action": "script.{{ trigger.to_state.state }}"}],
        },
    )

    first = await call_service(
        mcp, "input_text.set_value", target={"entity_id": current}, data={"value": "unlock_front"}
    )
    second = await call_service(
        mcp,
        "input_text.set_value",
        target={"entity_id": listed},
        data={"value": "bedtime,good_night,unlock_front"},
    )

    await assert_house(hass, LOCKED)
    assert first.get("ok") is False or second.get("ok") is False, (first, second)


async def test_an_integration_s_entity_service_reaches_its_entities_set_up_without_an_id(
    hass: HomeAssistant, owner: Owner, mcp: McpHarness
) -> None:
    """A lock set up from YAML (no unique id) is still its integration's: its service reaches it.

    The integration's `kwikset.release` on `{{ which }}` may be that lock:
    the helper that sets it off waits.
    """

    class _Kwikset(LockEntity):
        _attr_name = "Side door"
        _attr_is_locked = True

        async def async_release(self) -> None:
            self._attr_is_locked = False
            self.async_write_ha_state()

    platform = MockEntityPlatform(hass, domain="lock", platform_name="kwikset")
    platform.async_prepare()  # As Home Assistant sets up an integration's platform.
    await platform.async_add_entities([_Kwikset()])
    platform.async_register_entity_service("release", None, "async_release")
    hass.config.components.add("kwikset")
    assert hass.states.get("lock.side_door").state == "locked"
    helper = await helper_runs(
        owner,
        "Let the dog walker in",
        {"action": "kwikset.release", "target": {"entity_id": "{{ which }}"}},
        alias="Dog walker",
        variables={"which": "{{ states('input_text.door') }}"},
    )
    refused = await call_service(mcp, "input_boolean.turn_on", target={"entity_id": helper})
    assert_refused(refused, risk=None, reaching="lock.side_door")
    assert hass.states.get("lock.side_door").state == "locked"


async def test_a_choice_computed_from_a_value_the_gate_cannot_bound_counts_each_way(
    hass: HomeAssistant, owner: Owner, mcp: McpHarness
) -> None:
    """`{% set hour = states('sensor.time').split(':')[0] | int %}` then `switch.turn_off/on`.

    The hour may be anything, so the action is either switch action, on the
    switches it names: its helper runs. Written `lock.unlock` one way, it waits.
    """
    for key, other in (("outside", "switch.turn_on"), ("door", "lock.unlock")):
        (helper,) = await _helpers(owner, f"Late {key}")
        target = "switch.decorative_lights" if key == "outside" else "lock.front_door"
        await owner.save_automation(
            f"late_{key}",
            {
                "alias": f"Late {key}",
                "triggers": [{"trigger": "state", "entity_id": helper, "to": "on"}],
                "actions": [
                    {
                        "action": "{% set hour = states('sensor.time').split(':')[0] | int %}"
                        "{% if hour >= 5 and hour <= 9 %}switch.turn_off"
                        f"{{% else %}}{other}{{% endif %}}",
                        "target": {"entity_id": target},
                    }
                ],
            },
        )
    ran = await call_service(
        mcp, "input_boolean.turn_on", target={"entity_id": "input_boolean.late_outside"}
    )
    assert ran["ok"] is True, ran
    refused = await call_service(
        mcp, "input_boolean.turn_on", target={"entity_id": "input_boolean.late_door"}
    )
    assert_refused(refused, reaching="lock.front_door")
    await assert_house(hass, LOCKED)


MIRROR = (
    "{{% if is_state('{flag}', 'on') %}}input_boolean.turn_on"
    "{{% else %}}input_boolean.turn_off{{% endif %}}"
)


@pytest.mark.parametrize(("copies_itself", "waits"), [(True, False), (False, True)])
async def test_a_step_choosing_a_flag_s_own_state_sets_nothing_off(
    owner: Owner, mcp: McpHarness, hass: HomeAssistant, copies_itself: bool, waits: bool
) -> None:
    """A keymaster "copy" automation sets a flag to the state a template reads.

    Turned on only while it is on, a flag copied onto itself never changes:
    turning it off sets nothing off. Copied from another flag, it follows that
    one: turning that one on turns it on, and "when it turns on, unlock" waits.
    """
    flag = await owner.create_helper("input_boolean", "Reset code slot")
    source = flag if copies_itself else await owner.create_helper("input_boolean", "Parent")
    if copies_itself:
        await owner.act("input_boolean.turn_on", entity_id=flag)  # Set before it is watched.
    await owner.save_automation(
        "copy_flag",
        {
            "alias": "Copy the parent's reset flag",
            "triggers": [{"trigger": "state", "entity_id": source}],
            "actions": [{"action": MIRROR.format(flag=source), "target": {"entity_id": flag}}],
        },
    )
    await unlocks_when(
        owner,
        {"trigger": "state", "entity_id": flag, "to": "on"},
        alias="Reset the code slot",
        automation_id="reset_slot",
    )
    verb = "input_boolean.turn_off" if copies_itself else "input_boolean.turn_on"
    result = await call_service(mcp, verb, target={"entity_id": source})
    if waits:
        assert_refused(result, reaching="lock.front_door")
    else:
        assert_ran(result)
    await assert_house(hass, {**LOCKED, flag: "off"})


async def test_a_repeat_over_a_list_of_days_reaches_only_those_days(
    owner: Owner, mcp: McpHarness, hass: HomeAssistant
) -> None:
    """`input_boolean.{{ days[repeat.index - 1] }}_slot`: each day's flag, not every flag."""
    monday = await owner.create_helper("input_boolean", "mon slot")
    await owner.create_helper("input_boolean", "tue slot")
    away = await helper_runs(
        owner,
        "Away",
        UNLOCK,
        alias="Unlock for the dog walker when away",
        automation_id="away_unlock",
    )
    await owner.save_script(
        "reset_days",
        {
            "alias": "Reset the days of a code slot",
            "variables": {"days": ["mon", "tue"]},
            "sequence": [
                {
                    "repeat": {
                        "count": 2,
                        "sequence": [
                            {
                                "action": "input_boolean.turn_on",
                                "target": {
                                    "entity_id": "input_boolean.{{ days[repeat.index - 1] }}_slot"
                                },
                            }
                        ],
                    }
                }
            ],
        },
    )
    assert_ran(await call_service(mcp, "script.turn_on", target={"entity_id": "script.reset_days"}))
    await hass.async_block_till_done()
    await assert_house(hass, {**LOCKED, monday: "on", away: "off"})


@pytest.mark.parametrize(
    ("variables", "waits"),
    [(None, False), ({"slot": "kitchen"}, False), ({"slot": "x, input_boolean.away"}, True)],
    ids=["none_given", "a_slot", "a_list_of_ids"],
)
async def test_a_script_s_field_its_caller_does_not_give_is_empty(
    owner: Owner, mcp: McpHarness, hass: HomeAssistant, variables: Any, waits: bool
) -> None:
    """`input_boolean.flag_{{ slot }}` run with no `slot` names no entity; given one, that one.

    keymaster's code-slot reset, run by a client without a slot. A slot
    that is a list of entity ids (Home Assistant splits it at commas)
    reaches each.
    """
    await owner.create_helper("input_boolean", "flag kitchen")
    away = await helper_runs(
        owner,
        "Away",
        UNLOCK,
        alias="Unlock for the dog walker when away",
        automation_id="away_unlock",
    )
    await owner.save_script(
        "reset_slot",
        {
            "alias": "Reset a slot",
            "fields": {"slot": {"description": "The slot", "example": "kitchen"}},
            "sequence": [
                {
                    "action": "input_boolean.turn_on",
                    "target": {"entity_id": "input_boolean.flag_{{ slot }}"},
                    "continue_on_error": True,  # Without a slot, Home Assistant refuses the id.
                }
            ],
        },
    )
    await assert_script_run(
        hass, mcp, "script.reset_slot", variables, waits=waits, expected={**LOCKED, away: "off"}
    )


@pytest.mark.parametrize("fields", [False, True], ids=["no_fields", "a_field"])
@pytest.mark.parametrize(
    ("variables", "waits"),
    [(None, False), ({"please": False}, False), ({"please": True}, True)],
    ids=["none_given", "not_asked", "asked"],
)
async def test_a_script_s_own_variables_see_what_its_caller_does_not_give_as_undefined(
    owner: Owner, mcp: McpHarness, hass: HomeAssistant, fields: bool, variables: Any, waits: bool
) -> None:
    """`unlock: "{{ iif(please is defined, please, false) }}"`: off unless the caller says so.

    zanix's scripts turn their debug output on from an `enable_debug` their
    callers do not give: Home Assistant renders the script's `variables:`
    with what the call gives, a field or not.
    """
    await owner.save_script(
        "let_in",
        {
            "alias": "Let in on request",
            **({"fields": {"please": {"example": True}}} if fields else {}),
            "variables": {"unlock": "{{ iif(please is defined, please, false) }}"},
            "sequence": [
                {
                    "if": [{"condition": "template", "value_template": "{{ unlock == true }}"}],
                    "then": [UNLOCK],
                }
            ],
        },
    )
    await assert_script_run(hass, mcp, "script.let_in", variables, waits=waits, expected=LOCKED)


async def _guest_access_switch(owner: Owner) -> str:
    """Return the owner's "Guest access" template switch: on lets the guest in (unlocks).

    Its state is the guest-mode helper; turning it on turns guest mode on
    and unlocks the front door, turning it off locks. The owner turned guest
    mode on this morning, and locked the door by hand afterwards: the switch
    is on, the door locked.
    """
    guest = await owner.create_helper("input_boolean", "Guest mode")
    switch = await owner.add_template(
        "switch",
        {
            "name": "Guest access",
            "value_template": f"{{{{ is_state('{guest}', 'on') }}}}",
            "turn_on": [
                {"action": "input_boolean.turn_on", "target": {"entity_id": guest}},
                UNLOCK,
            ],
            "turn_off": [
                {"action": "input_boolean.turn_off", "target": {"entity_id": guest}},
                {"action": "lock.lock", "target": {"entity_id": "lock.front_door"}},
            ],
        },
    )
    await owner.act("input_boolean.turn_on", entity_id=guest)
    await owner.act("lock.lock", entity_id="lock.front_door")
    assert state(owner.hass, switch) == "on"
    return switch


async def _assert_written_script_waits(
    mcp: McpHarness, hass: HomeAssistant, script: dict[str, Any]
) -> None:
    """Assert a client's script that unlocks waits: at its write, or at its run."""
    saved = await save_config(mcp, "script", script, anyway=True)
    if saved.get("written") is True:
        ran = await call_service(mcp, saved["entity_id"])
        await assert_house(hass, LOCKED)
        assert_refused(ran, reaching="lock.front_door")
    else:
        assert_refused(saved, reaching="lock.front_door")
    await assert_house(hass, LOCKED)


async def test_a_switch_turned_on_when_already_on_still_runs_its_turn_on(
    hass: HomeAssistant, owner: Owner, mcp: McpHarness
) -> None:
    """`switch.turn_on` on a switch that is on runs the switch's own `turn_on` again.

    Home Assistant calls the entity's `async_turn_on` whatever its state: a
    template switch runs its script, which unlocks. A step whose template
    chose `switch.turn_on` only while the switch is on still runs it (red
    team 35: only a helper is left exactly as it was).
    """
    switch = await _guest_access_switch(owner)
    assert_refused(await call_service(mcp, "switch.turn_on", target={"entity_id": switch}))
    script = {
        "alias": "Refresh guest access",
        "sequence": [
            {
                "action": f"{{{{ 'switch.turn_on' if is_state('{switch}', 'on') "
                "else 'switch.turn_off' }}",
                "target": {"entity_id": switch},
            }
        ],
    }
    await _assert_written_script_waits(mcp, hass, script)


async def test_homeassistant_turn_on_of_a_switch_already_on_runs_its_turn_on(
    hass: HomeAssistant, owner: Owner, mcp: McpHarness
) -> None:
    """The same through `homeassistant.turn_on` and a templated target."""
    switch = await _guest_access_switch(owner)
    script = {
        "alias": "Keep the porch as it is",
        "sequence": [
            {
                "action": "homeassistant.turn_on",
                "target": {
                    "entity_id": f"{{{{ '{switch}' if is_state('{switch}', 'on') "
                    "else 'light.bed_light' }}"
                },
            }
        ],
    }
    await _assert_written_script_waits(mcp, hass, script)


async def test_an_action_named_by_a_template_ending_in_plain_text_is_one_of_those_ending_so(
    owner: Owner, mcp: McpHarness, hass: HomeAssistant
) -> None:
    """`script.{{ alert }}_led`, whatever the alert: one of the scripts whose name ends `_led`.

    jazzyisj's LED reset picks each switch's alert script so; the script
    that unlocks the door is not one of them, until it is named so.
    """
    await owner.save_script("let_in", {"alias": "Let in", "sequence": [UNLOCK]})
    await owner.save_script("doorbell_led", {"alias": "Doorbell LED", "sequence": []})
    alert = await owner.create_helper("input_select", "Alert", options=["doorbell"])
    await owner.save_script(
        "led_reset",
        {
            "alias": "LED reset",
            "sequence": [{"action": f"script.{{{{ states('{alert}') }}}}_led"}],
        },
    )
    assert_ran(await call_service(mcp, "script.turn_on", target={"entity_id": "script.led_reset"}))
    await owner.save_script("let_in_led", {"alias": "Let in LED", "sequence": [UNLOCK]})
    refused = await call_service(mcp, "script.turn_on", target={"entity_id": "script.led_reset"})
    assert_refused(refused, reaching="lock.front_door")
    await assert_house(hass, LOCKED)


@pytest.mark.parametrize(
    "rendered",
    ["{{ trigger.id == 'leave' }}", "{{ none }}", "{{ 0 }}"],
    ids=["bool", "none", "zero"],
)
async def test_a_variable_rendered_false_is_false_as_home_assistant_reads_it(
    owner: Owner, mcp: McpHarness, hass: HomeAssistant, rendered: str
) -> None:
    """`leaving: "{{ trigger.id == 'leave' }}"` is `False` on arrival, not the text "False".

    Home Assistant reads a render as the value it spells (`False`, `None`,
    `0`): `'lock' if leaving else 'unlock'` unlocks on arrival, so turning
    the arrival flag on waits.
    """
    home = await owner.create_helper("input_boolean", "Home")
    await owner.save_automation(
        "arrive",
        {
            "alias": "Arrive or leave",
            "triggers": [
                {"trigger": "state", "entity_id": home, "to": "on", "id": "arrive"},
                {"trigger": "state", "entity_id": home, "to": "off", "id": "leave"},
            ],
            "actions": [
                {"variables": {"leaving": rendered}},
                {
                    "action": "lock.{{ 'lock' if leaving else 'unlock' }}",
                    "target": {"entity_id": "lock.front_door"},
                },
            ],
        },
    )
    refused = await call_service(mcp, "input_boolean.turn_on", target={"entity_id": home})
    assert_refused(refused, reaching="lock.front_door")
    await assert_house(hass, LOCKED)


@pytest.mark.parametrize(
    ("debug", "waits"),
    [
        ("{{ false }}", False),
        ("{{ true }}", True),
        ("{{ is_state('sun.sun', 'below_horizon') }}", True),
    ],
    ids=["never", "always", "the_house_decides"],
)
@pytest.mark.parametrize("shape", ["if", "choose", "condition"])
async def test_a_branch_its_own_variables_never_take_runs_nothing(
    owner: Owner, mcp: McpHarness, hass: HomeAssistant, debug: str, waits: bool, shape: str
) -> None:
    """`if: "{{ debug }}"` with `debug: "{{ false }}"` never runs its `then`.

    zanix's notification scripts write a debug notification only when a
    caller asks: a branch whose template condition the run's own variables
    make false in every way does nothing; one the house decides may run.
    """
    condition = "{{ debug }}"
    steps: dict[str, list[dict[str, Any]]] = {
        "if": [{"if": condition, "then": [UNLOCK]}],
        "choose": [{"choose": [{"conditions": condition, "sequence": [UNLOCK]}]}],
        "condition": [{"condition": "template", "value_template": condition}, UNLOCK],
    }
    script = await owner.save_script(
        "debugged",
        {"alias": "Debugged", "sequence": [{"variables": {"debug": debug}}, *steps[shape]]},
    )
    result = await call_service(mcp, "script.turn_on", target={"entity_id": script})
    if waits:
        assert_refused(result, reaching="lock.front_door")
    else:
        assert_ran(result)
    await assert_house(hass, LOCKED)


def _presence_if(person: str) -> dict[str, Any]:
    """Return the owner's "front door follows presence": notify on leaving, unlock otherwise."""
    return {
        "alias": "Front door follows presence",
        "triggers": [
            {"trigger": "state", "entity_id": person, "to": "off", "id": "leave"},
            {"trigger": "state", "entity_id": person, "to": "on", "id": "arrive"},
        ],
        "actions": [
            {
                "if": [{"condition": "template", "value_template": "{{ trigger.id == 'leave' }}"}],
                "then": [note("Bye")],
                "else": [UNLOCK],
            }
        ],
    }


def _presence_choose(person: str) -> dict[str, Any]:
    """Return the same through a `choose` on `trigger.to_state.state`, unlocking by default."""
    option = {
        "conditions": [
            {"condition": "template", "value_template": "{{ trigger.to_state.state == 'off' }}"}
        ],
        "sequence": [note("Left")],
    }
    return {
        "alias": "Front door follows presence",
        "triggers": [{"trigger": "state", "entity_id": person}],
        "actions": [{"choose": [option], "default": [UNLOCK]}],
    }


@pytest.mark.parametrize(
    ("shape", "variables"),
    [
        ("if", None),
        ("if", {"trigger": {"id": "leave"}}),
        ("choose", {"trigger": {"to_state": {"state": "off"}}}),
    ],
    ids=["no_variables", "a_trigger_id_given", "a_to_state_given"],
)
async def test_automation_trigger_runs_with_no_trigger_whatever_variables_it_is_given(
    owner: Owner, mcp: McpHarness, hass: HomeAssistant, shape: str, variables: Any
) -> None:
    """`automation.trigger` runs with `trigger: {platform: None}`, over any the caller gives.

    So `trigger.id == 'leave'` is false and the `else` (or the `default`)
    unlocks: the trigger waits, whatever `trigger` the client writes into
    its variables (red team 36).
    """
    person = await owner.create_helper("input_boolean", "Home")
    config = _presence_if(person) if shape == "if" else _presence_choose(person)
    automation = await owner.save_automation("presence_door", config)
    data = {"variables": variables} if variables is not None else None
    result = await call_service(
        mcp, "automation.trigger", target={"entity_id": automation}, data=data
    )
    assert_refused(result, reaching="lock.front_door")
    await assert_house(hass, LOCKED)


async def test_what_a_client_gives_a_script_is_text_home_assistant_never_renders(
    owner: Owner, mcp: McpHarness, hass: HomeAssistant
) -> None:
    """A field given as `{{ 'lock' }}` is that text: `door_action == 'lock'` is false, it unlocks.

    Home Assistant renders a step's data before a call, never what a call
    is given (red team 36).
    """
    await owner.save_script(
        "front_door",
        {
            "alias": "Front door",
            "fields": {"door_action": {"selector": {"select": {"options": ["lock", "unlock"]}}}},
            "sequence": [
                {
                    "if": "{{ door_action == 'lock' }}",
                    "then": [{"action": "lock.lock", "target": {"entity_id": "lock.front_door"}}],
                    "else": [UNLOCK],
                }
            ],
        },
    )
    result = await call_service(mcp, "script.front_door", data={"door_action": "{{ 'lock' }}"})
    assert_refused(result, reaching="lock.front_door")
    await assert_house(hass, LOCKED)


async def test_a_variable_a_loop_sets_holds_any_round_s_value(
    owner: Owner, mcp: McpHarness, hass: HomeAssistant
) -> None:
    """A retry loop counts its rounds (`tries: "{{ tries + 1 }}"`): its third round unlocks.

    Home Assistant's `variables` step in a `repeat` updates the run's
    variable, so a condition on it is not decided by its value before the
    loop (red team 36).
    """
    await owner.save_script(
        "jammed_lock",
        {
            "alias": "Jammed lock recovery",
            "sequence": [
                {"variables": {"tries": 0}},
                {
                    "repeat": {
                        "count": 3,
                        "sequence": [
                            {"variables": {"tries": "{{ tries + 1 }}"}},
                            {"if": "{{ tries == 3 }}", "then": [UNLOCK]},
                        ],
                    }
                },
            ],
        },
    )
    result = await call_service(mcp, "script.turn_on", target={"entity_id": "script.jammed_lock"})
    assert_refused(result, reaching="lock.front_door")
    await assert_house(hass, LOCKED)


async def test_an_attribute_trigger_s_to_is_the_attribute_s_value_not_the_state(
    owner: Owner, mcp: McpHarness, hass: HomeAssistant
) -> None:
    """`attribute: effect, to: rainbow`: the run's `trigger.to_state.state` is the light's state.

    So `trigger.to_state.state == 'rainbow'` is false and the `else`
    unlocks: setting the light's effect waits (red team 36).
    """
    await owner.save_automation(
        "bright",
        {
            "alias": "Full brightness",
            "triggers": [
                {
                    "trigger": "state",
                    "entity_id": "light.bed_light",
                    "attribute": "effect",
                    "to": "rainbow",
                }
            ],
            "actions": [
                {
                    "if": "{{ trigger.to_state.state == 'rainbow' }}",
                    "then": [note("!")],
                    "else": [UNLOCK],
                }
            ],
        },
    )
    result = await call_service(
        mcp,
        "light.turn_on",
        target={"entity_id": "light.bed_light"},
        data={"effect": "rainbow"},
    )
    assert_refused(result, reaching="lock.front_door")
    await assert_house(hass, LOCKED)


async def test_an_action_name_ending_in_capitals_is_one_ending_so_in_lower_case(
    owner: Owner, mcp: McpHarness, hass: HomeAssistant
) -> None:
    """`script.{{ alert }}_LED`: Home Assistant reads the name in lower case (red team 36)."""
    await owner.save_script("let_in_led", {"alias": "Let in LED", "sequence": [UNLOCK]})
    alert = await owner.create_helper("input_select", "Alert", options=["let_in"])
    await owner.save_script(
        "led_reset",
        {"alias": "LED reset", "sequence": [{"action": f"script.{{{{ states('{alert}') }}}}_LED"}]},
    )
    result = await call_service(mcp, "script.turn_on", target={"entity_id": "script.led_reset"})
    assert_refused(result, reaching="lock.front_door")
    await assert_house(hass, LOCKED)


async def test_entities_a_template_names_in_a_group_are_any_entity(
    owner: Owner, mcp: McpHarness, hass: HomeAssistant
) -> None:
    """The announcements of ccostan's house add what a template names to a group.

    What a template that cannot be bounded (here read from the house) names
    may be any entity: judged as a templated target is, each entity that is
    not plain (the front door among them) joining the group. The refusal
    names the door, not "anything".
    """
    members = "{{ label_entities('party') }}"
    step = {"action": "group.set", "data": {"object_id": "party", "add_entities": members}}
    script = await owner.save_script("party", {"alias": "Party", "sequence": [step]})
    result = await call_service(mcp, "script.turn_on", target={"entity_id": script})
    assert_refused(result, reaching="lock.front_door")
    await assert_house(hass, LOCKED)


@LINGERING_TIMERS
async def test_a_command_picked_from_the_owner_s_list_by_a_message_does_one_of_its_actions(
    hass: HomeAssistant, owner: Owner, mcp: McpHarness
) -> None:
    """A chat-bot blueprint: `commands | selectattr('command', 'eq', command) | first`.

    The message is text the house holds (a sensor's state), but the
    command it picks is one of the owner's: its actions are those the list
    holds. A list of harmless actions runs; one with the front door's
    unlock waits.
    """
    [ask] = await _helpers(owner, "Ask the bot")

    async def save_bot(actions: list[dict[str, Any]]) -> None:
        await owner.save_automation(
            "bot",
            {
                "alias": "Chat bot",
                "triggers": [{"trigger": "state", "entity_id": ask}],
                "variables": {
                    "command": "{{ states('sensor.outside_temperature') }}",
                    "commands": [
                        {"command": "/ping", "actions": []},
                        {"command": "/lights", "actions": actions},
                    ],
                },
                "actions": [
                    {
                        "variables": {
                            "item": "{{ commands | selectattr('command', 'eq', command) | first }}"
                        }
                    },
                    {
                        "repeat": {
                            "for_each": "{{ item.actions | default([]) }}",
                            "sequence": [
                                {
                                    "action": "{{ repeat.item.action }}",
                                    "target": "{{ repeat.item.target }}",
                                }
                            ],
                        }
                    },
                ],
            },
        )

    await save_bot([BED_LIGHT_ON])
    ran = await call_service(mcp, "input_boolean.turn_on", target={"entity_id": ask})
    assert ran["ok"] is True, ran
    await save_bot([BED_LIGHT_ON, UNLOCK])
    refused = await call_service(mcp, "input_boolean.turn_off", target={"entity_id": ask})
    assert_refused(refused, reaching="lock.front_door")
    await assert_house(hass, LOCKED)


async def test_a_scene_remembering_an_area_s_lights_remembers_only_lights(
    hass: HomeAssistant, owner: Owner, mcp: McpHarness
) -> None:
    """`area_entities(area) | select('match', 'light.')` is some of the house's lights.

    A party script remembers them in a scene and gives them back: it runs.
    The same script remembering the area's locks (`lock.`) may give the
    front door back unlocked: it waits.
    """
    for key, kind in (("party", "light."), ("lockdown", "lock.")):
        await owner.save_script(
            key,
            {
                "alias": key,
                "fields": {"area": {"selector": {"area": {}}}},
                "variables": {
                    "chosen": f"{{{{ area_entities(area) | select('match', '{kind}') | list }}}}"
                },
                "sequence": [
                    {
                        "action": "scene.create",
                        "data": {"scene_id": f"before_{key}", "snapshot_entities": "{{ chosen }}"},
                    },
                    {"action": "scene.turn_on", "target": {"entity_id": f"scene.before_{key}"}},
                ],
            },
        )
    ran = await call_service(mcp, "script.party", data={"area": "living_room"})
    assert ran["ok"] is True, ran
    refused = await call_service(mcp, "script.lockdown", data={"area": "living_room"})
    assert_refused(refused, reaching="lock.front_door")
    await assert_house(hass, LOCKED)


_PICKED_BY_A_LOOP: Final = """
{% set ns = namespace(effects={}, picked=[]) %}
{% for effect in ['Party', 'Random'] %}
  {% for entity in chosen | reject('in', ns.picked) %}
    {% if effect in state_attr(entity, 'effect_list') | default([], true) %}
      {% set ns.picked = ns.picked + [entity] %}
      {% set ns.effects = dict(ns.effects, **{effect: ns.effects.get(effect, []) + [entity]}) %}
    {% endif %}
  {% endfor %}
{% endfor %}
{{ dict(ns.effects, picked=ns.picked) }}
"""


async def test_a_scene_remembering_what_a_loop_over_an_area_s_lights_picked_remembers_lights(
    hass: HomeAssistant, owner: Owner, mcp: McpHarness
) -> None:
    """A loop over `area_entities(area) | select('match', 'light.')` picks some of those lights.

    A party script keeps, with a namespace, the area's lights that have an
    effect (`{% for %}` over them, `ns.picked + [entity]`), remembers them
    in a scene and gives them back: whatever the area holds, they are
    lights, and it runs. The same script looping over the area's locks
    (`lock.`) may give the front door back unlocked: it waits.
    """
    for key, kind in (("party", "light."), ("lockdown", "lock.")):
        await owner.save_script(
            key,
            {
                "alias": key,
                "fields": {"area": {"selector": {"area": {}}}},
                "variables": {
                    "chosen": f"{{{{ area_entities(area) | select('match', '{kind}') | list }}}}",
                    "picked": _PICKED_BY_A_LOOP,
                },
                "sequence": [
                    {
                        "action": "scene.create",
                        "data": {
                            "scene_id": f"before_{key}",
                            "snapshot_entities": "{{ picked.picked }}",
                        },
                    },
                    {"action": "scene.turn_on", "target": {"entity_id": f"scene.before_{key}"}},
                ],
            },
        )
    ran = await call_service(mcp, "script.party", data={"area": "living_room"})
    assert ran["ok"] is True, ran
    refused = await call_service(mcp, "script.lockdown", data={"area": "living_room"})
    assert_refused(refused, reaching="lock.front_door")
    await assert_house(hass, LOCKED)


@pytest.mark.parametrize(
    "count",
    [
        (
            "{% set ns = namespace(count=0) %}"
            "{% for entity in area_entities(area) | select('match', 'light.') %}"
            "{% set ns.count = ns.count + 1 %}{% endfor %}{% set count = ns.count %}"
        ),
        "{% set count = set(area_entities(area) | select('match', 'light.')) | count %}",
    ],
    ids=["a loop", "a set"],
)
async def test_how_many_of_an_area_s_lights_there_are_is_not_bounded(
    hass: HomeAssistant, owner: Owner, mcp: McpHarness, count: str
) -> None:
    """Counting the area's lights (a loop's `ns.count + 1`, `set(...) | count`) counts the house's.

    A script turns off the front door once the area has more than three
    lights: how many it has is the house's, so the door's turn-off (an
    unlock) may come, and it waits.
    """
    counted = count + "{{ 'lock.front_door' if count > 3 else 'light.bed_light' }}"
    await owner.save_script(
        "count_lights",
        {
            "alias": "Count lights",
            "fields": {"area": {"selector": {"area": {}}}},
            "variables": {"chosen": counted},
            "sequence": [
                {"action": "homeassistant.turn_off", "target": {"entity_id": "{{ chosen }}"}}
            ],
        },
    )
    refused = await call_service(mcp, "script.count_lights", data={"area": "living_room"})
    assert_refused(refused, reaching="lock.front_door")
    await assert_house(hass, LOCKED)


@LINGERING_TIMERS
async def test_an_area_s_covers_kept_in_a_mapping_variable_are_still_the_area_s_covers(
    hass: HomeAssistant, owner: Owner, mcp: McpHarness
) -> None:
    """`plan: "{{ {'covers': area_entities(area) | select('match', 'cover.') | list} }}"`.

    An "air out a room" script keeps what it works on in one mapping, and
    opens `{{ plan.covers }}`. In Home Assistant `plan` is a mapping and
    `plan.covers` the area's covers: for the garage, the garage door.
    The gate renders the mapping's text with the area's ids as
    `HouseEntities`, whose repr (`ANY(entities (...))`) spells no value:
    `plan` is read as plain text, `plan.covers` as empty, and the opening
    reaches nothing.
    """
    await owner.save_script(
        "air_out",
        {
            "alias": "Air out a room",
            "fields": {"area": {"selector": {"area": {}}}},
            "variables": {
                "plan": (
                    "{{ {'covers': area_entities(area) | select('match', 'cover.') | list,"
                    " 'lights': area_entities(area) | select('match', 'light.') | list} }}"
                )
            },
            "sequence": [
                {"action": "light.turn_on", "target": {"entity_id": "{{ plan.lights }}"}},
                {"action": "cover.open_cover", "target": {"entity_id": "{{ plan.covers }}"}},
            ],
        },
    )
    result = await call_service(mcp, "script.air_out", data={"area": "garage"})
    assert_refused(result, reaching="cover.garage_door")
    await assert_house(hass, CLOSED)


async def test_a_for_each_over_a_list_of_pairs_gives_each_pair_not_its_text(
    hass: HomeAssistant, owner: Owner, mcp: McpHarness
) -> None:
    """`for_each: "{{ steps }}"` over `[[entity, action], ...]`: each item is a pair.

    A "good morning" script keeps its steps as pairs in a variable and
    runs `action: "{{ repeat.item[1] }}"` on `{{ repeat.item[0] }}`. Home
    Assistant's `repeat.item` is the pair; the gate keeps a rendered list's
    mappings as mappings but still reads its lists as their text:
    `repeat.item[0]` is `[` and `repeat.item[1]` a quote, and the garage
    door's opening is judged as an action named `'` on an entity `[`.
    """
    await owner.save_script(
        "good_morning",
        {
            "alias": "Good morning",
            "variables": {
                "steps": [
                    ["light.bed_light", "light.turn_on"],
                    ["cover.garage_door", "cover.open_cover"],
                ]
            },
            "sequence": [
                {
                    "repeat": {
                        "for_each": "{{ steps }}",
                        "sequence": [
                            {
                                "action": "{{ repeat.item[1] }}",
                                "target": {"entity_id": "{{ repeat.item[0] }}"},
                            }
                        ],
                    }
                }
            ],
        },
    )
    result = await call_service(mcp, "script.good_morning")
    assert_refused(result, reaching="cover.garage_door")
    await assert_house(hass, CLOSED)


async def test_a_scene_remembering_what_an_area_s_ids_match_ignoring_case_remembers_the_door(
    hass: HomeAssistant, owner: Owner, mcp: McpHarness
) -> None:
    """`select('search', 'Garage', ignorecase=true)` keeps `cover.garage_door`.

    A "pause the garage" script remembers the garage's own entities in a
    scene and gives them back: Home Assistant's `search` test takes
    `ignorecase` as a keyword, as Jinja's `select` hands it on. The gate
    narrows the area's ids by the pattern but drops the keyword: `Garage`,
    case kept, matches no entity id, the scene remembers nothing it
    guards, and giving the door back open runs unasked.
    """
    await owner.save_script(
        "pause_garage",
        {
            "alias": "Pause the garage",
            "variables": {
                "kept": (
                    "{{ area_entities('garage') | select('search', 'Garage', ignorecase=true)"
                    " | list }}"
                )
            },
            "sequence": [
                {
                    "action": "scene.create",
                    "data": {"scene_id": "garage_before", "snapshot_entities": "{{ kept }}"},
                },
                {"action": "scene.turn_on", "target": {"entity_id": "scene.garage_before"}},
            ],
        },
    )
    result = await call_service(mcp, "script.pause_garage")
    assert_refused(result, reaching="cover.garage_door")
    await assert_house(hass, CLOSED)


async def test_an_automation_triggered_by_hand_renders_its_own_variables(
    hass: HomeAssistant, owner: Owner, mcp: McpHarness
) -> None:
    """`automation.trigger` runs an automation with its `variables:`, beneath `trigger`.

    Home Assistant renders them as each run starts, triggered or by hand:
    an automation whose action is `{{ chosen }}` with `chosen: light.turn_on`
    runs; the same with `chosen: lock.unlock` waits.
    """
    [porch] = await _helpers(owner, "Porch")
    for key, chosen in (("evening", "light.turn_on"), ("arrival", "lock.unlock")):
        await owner.save_automation(
            key,
            {
                "alias": key,
                "triggers": [{"trigger": "state", "entity_id": porch, "to": "on"}],
                "variables": {"chosen": chosen},
                "actions": [
                    {
                        "action": "{{ chosen }}",
                        "target": {"entity_id": ["light.bed_light", "lock.front_door"]},
                    }
                ],
            },
        )
    ran = await call_service(mcp, "automation.trigger", target={"entity_id": "automation.evening"})
    assert ran["ok"] is True, ran
    refused = await call_service(
        mcp, "automation.trigger", target={"entity_id": "automation.arrival"}
    )
    assert_refused(refused, reaching="lock.front_door")
    await assert_house(hass, LOCKED)


async def test_a_for_each_over_an_empty_list_runs_none_of_its_steps(
    hass: HomeAssistant, owner: Owner, mcp: McpHarness
) -> None:
    """A chat bot's command without actions: its `for_each` over `[]` runs nothing.

    The steps inside would call whatever action an item names; over an
    empty list, in every way the run can be, Home Assistant runs none of
    them: the script runs at once.
    """
    await owner.save_script(
        "ping",
        {
            "alias": "Ping",
            "variables": {"command": {"command": "/ping", "actions": []}},
            "sequence": [
                {
                    "repeat": {
                        "for_each": "{{ command.actions }}",
                        "sequence": [{"action": "{{ repeat.item.action }}"}],
                    }
                },
                BED_LIGHT_ON,
            ],
        },
    )
    ran = await call_service(mcp, "script.ping")
    assert ran["ok"] is True, ran
    await assert_house(hass, LOCKED)


@pytest.mark.parametrize(("notifiers", "runs"), [([BED_LIGHT_ON], True), ([UNLOCK], False)])
async def test_a_recipient_an_answer_picks_is_sent_through_one_of_the_owner_s_notifiers(
    hass: HomeAssistant, owner: Owner, mcp: McpHarness, notifiers: list[Any], runs: bool
) -> None:
    """A reminder blueprint: `people | selectattr('name', 'eq', who) | map(attribute=...)`.

    Who gets the reminder is an assistant's answer (unbounded), but what is
    done for them is one of the owner's lists of notifiers: a light runs,
    the front door's unlock waits.
    """
    await owner.save_script(
        "remind",
        {
            "alias": "Remind",
            "variables": {
                "people": [
                    {"name": "Alex", "notifiers": notifiers},
                    {"name": "Sam", "notifiers": []},
                ],
                "who": "{{ states('sensor.outside_temperature') }}",
            },
            "sequence": [
                {
                    "variables": {
                        "chosen": "{{ people | selectattr('name', 'eq', who) | "
                        "map(attribute='notifiers') | first | default([], true) }}"
                    }
                },
                {
                    "repeat": {
                        "for_each": "{{ chosen }}",
                        "sequence": [
                            {
                                "action": "{{ repeat.item.action }}",
                                "target": "{{ repeat.item.target }}",
                            }
                        ],
                    }
                },
            ],
        },
    )
    result = await call_service(mcp, "script.remind")
    if runs:
        assert result["ok"] is True, result
    else:
        assert_refused(result, reaching="lock.front_door")
    await assert_house(hass, LOCKED)


async def test_a_scene_remembering_the_listed_lights_that_are_on_remembers_only_those(
    hass: HomeAssistant, owner: Owner, mcp: McpHarness
) -> None:
    """`{{ only_on | select('is_state', 'on') | list + always }}` is some of the listed entities.

    A doorbell's "blink to alert" script remembers the listed lights (those
    of one list only while they are on) in a scene and gives them back:
    which are on is the house's, but they are those lights, and it runs.
    The same script listing the front door may give it back unlocked: it waits.
    """
    for key, listed in (("alert", "light.bed_light"), ("alert_door", "lock.front_door")):
        await owner.save_script(
            key,
            {
                "alias": key,
                "variables": {
                    "blink": {"always": ["light.ceiling_lights"], "only_on": [listed]},
                },
                "sequence": [
                    {
                        "variables": {
                            "chosen": (
                                "{{ blink.only_on | select('is_state', 'on') | list"
                                " + blink.always }}"
                            )
                        }
                    },
                    {
                        "action": "scene.create",
                        "data": {"scene_id": f"before_{key}", "snapshot_entities": "{{ chosen }}"},
                    },
                    {"action": "scene.turn_on", "target": {"entity_id": f"scene.before_{key}"}},
                ],
            },
        )
    ran = await call_service(mcp, "script.alert")
    assert ran["ok"] is True, ran
    refused = await call_service(mcp, "script.alert_door")
    assert_refused(refused, reaching="lock.front_door")
    await assert_house(hass, LOCKED)


_TOGGLER: Final[dict[str, Any]] = {
    "alias": "Toggler",
    "fields": {"toggle_entity": {"example": "switch.desk"}},
    "sequence": [
        {"variables": {"domain": "{{ toggle_entity.split('.')[0] }}"}},
        {"action": "{{ domain }}.toggle", "data": {"entity_id": "{{ toggle_entity }}"}},
    ],
}
"""A script toggling the entity its caller names, through an action built from the field."""


async def test_a_script_run_without_the_field_its_action_is_built_from_runs(
    hass: HomeAssistant, owner: Owner, mcp: McpHarness
) -> None:
    """Turned on bare (a label's "keep on" automation, `homeassistant.turn_on`), it toggles nothing.

    Home Assistant stops the run at `toggle_entity.split`: the field is
    undefined. Given the front door, it still waits.
    """
    await owner.save_script("toggler", _TOGGLER)
    keep_on = await helper_runs(
        owner,
        "Keep on",
        {"action": "homeassistant.turn_on", "target": {"entity_id": "script.toggler"}},
        to=None,
    )
    gate = home_mcp_gate(hass)  # Run, each would only log Home Assistant's error.
    for action in (
        Action("input_boolean", "turn_on", {"entity_id": [keep_on]}),
        Action("script", "turn_on", {"entity_id": ["script.toggler"]}),
        Action("homeassistant", "turn_on", {"entity_id": ["script.toggler"]}),
    ):
        decision = gate.async_check(action)
        assert not decision.guarded, decision.findings
    result = await call_service(
        mcp,
        "script.turn_on",
        target={"entity_id": "script.toggler"},
        data={"variables": {"toggle_entity": "lock.front_door"}},
    )
    assert_refused(result, risk=None)
    result = await call_service(mcp, "script.toggler", data={"toggle_entity": "lock.front_door"})
    assert_refused(result, risk=None)
    await assert_house(hass, LOCKED)


_ALARM_KIND: Final = "{{{{ states('{helper}') }}}}"


async def _wake_up(owner: Owner, kind: str) -> str:
    """Save "switch off the alarm `switch.alarm_<kind>`" and the alarm door; return its flag.

    The owner's template switch `switch.alarm_door` unlocks the front door
    when it is switched off.
    """
    await owner.save_templates(
        [{"switch": [{"name": "Alarm door", "turn_on": [], "turn_off": [UNLOCK]}]}]
    )
    return await helper_runs(
        owner,
        "Wake now",
        {
            "action": "switch.turn_off",
            "target": {"entity_id": "switch.alarm_" + _ALARM_KIND.format(helper=kind)},
        },
        alias="Wake up",
    )


@pytest.mark.parametrize(
    ("options", "guarded"),
    [(["radio", "chime"], False), (["radio", "door"], True)],
    ids=["no-door", "door"],
)
async def test_a_target_named_by_an_input_select_s_state_is_one_of_its_options(
    hass: HomeAssistant, owner: Owner, mcp: McpHarness, options: list[str], guarded: bool
) -> None:
    """`switch.alarm_{{ states('input_select.alarm_kind') }}`: the switches its options name.

    Over radio and chime, waking runs; an option naming the alarm door
    makes it wait; changing the options is judged, as new ones change what
    it switches off.
    """
    kind = await owner.create_helper("input_select", "Alarm kind", options=options)
    wake = await _wake_up(owner, kind)
    result = await call_service(mcp, "input_boolean.turn_on", target={"entity_id": wake})
    if guarded:
        assert_refused(result, reaching="lock.front_door")
    else:
        assert_ran(result)
        result = await call_service(
            mcp,
            "input_select.set_options",
            target={"entity_id": kind},
            data={"options": ["radio", "door"]},
        )
        assert_refused(result, risk="unknown")
    await assert_house(hass, LOCKED)


@pytest.mark.parametrize(
    ("kind", "guarded"),
    [("input_select.alarm_kind", False), ("sensor.alarm_kind", True)],
    ids=["missing-input-select", "missing-sensor"],
)
async def test_a_target_named_by_the_state_of_a_helper_the_house_lacks_reaches_nothing(
    hass: HomeAssistant, owner: Owner, mcp: McpHarness, kind: str, guarded: bool
) -> None:
    """An `input_select` the house lacks is `unknown`: `switch.alarm_unknown` is no switch.

    A sensor the house lacks may yet come with any state (an integration
    adds it): the target may be the alarm door, and waking waits.
    """
    assert hass.states.get(kind) is None
    wake = await _wake_up(owner, kind)
    result = await call_service(mcp, "input_boolean.turn_on", target={"entity_id": wake})
    if guarded:
        assert_refused(result, reaching="lock.front_door")
    else:
        assert_ran(result)
    await assert_house(hass, LOCKED)


@LINGERING_TIMERS
@pytest.mark.redteam(round=43)
@pytest.mark.parametrize(
    ("kind", "config"),
    [
        ("input_select", {"name": "Alarm kind", "options": ["door", "radio"]}),
        ("input_boolean", {"name": "Alarm kind"}),
        ("input_select", {"name": "Radio kind", "options": ["door", "radio"]}),
    ],
    ids=["named-select", "named-boolean", "unrelated"],
)
async def test_creating_the_helper_a_target_is_named_by_is_judged_for_what_it_names(
    hass: HomeAssistant,
    morning: Clock,
    owner: Owner,
    mcp: McpHarness,
    kind: str,
    config: dict[str, Any],
) -> None:
    """`switch.alarm_{{ states('<kind>.alarm_kind') }}` with no such helper yet.

    The index reads a missing helper as `unknown` (`switch.alarm_unknown`,
    no switch); a client then creates it through `save_config`, with the
    option `door` (or as an on/off helper, with states no one has read): its
    new states change what the target names, and the write waits. Creating
    a helper no target reads is done.
    """
    await owner.save_templates(
        [{"switch": [{"name": "Alarm door", "turn_on": [], "turn_off": [UNLOCK]}]}]
    )
    await owner.save_automation(
        "wake_up",
        {
            "alias": "Wake up",
            "triggers": [{"trigger": "time", "at": "10:00:00"}],
            "actions": [
                {
                    "action": "switch.turn_off",
                    "target": {"entity_id": f"switch.alarm_{{{{ states('{kind}.alarm_kind') }}}}"},
                }
            ],
        },
    )
    assert hass.states.get(f"{kind}.alarm_kind") is None
    made = await mcp.data("save_config", {"kind": kind, "config": config})
    morning.move_to(10, 1)
    await assert_house(hass, LOCKED)
    if config["name"] == "Alarm kind":
        assert_refused(made, risk="unknown", reaching=f"{kind}.alarm_kind")
    else:
        assert made["ok"] is True and made["written"] is True, made


# -- an automation's own variables: read where they steer ------------------------------

KEYPAD: Final = {"trigger": "event", "event_type": "keypad_pressed"}
SHOW_MOOD: Final = {"action": "persistent_notification.create", "data": {"message": "{{ mood }}"}}
KEY_A: Final = "{{ trigger.event.data.key == 'a' }}"
MOOD_ON: Final = "{{ mood == 'on' }}"


async def _keypad(owner: Owner, mood: str, actions: list[Any], **config: Any) -> None:
    """Save a keypad automation whose `variables:` set `mood` from the helper."""
    variables = {"mood": f"{{{{ states('{mood}') }}}}", **config.pop("variables", {})}
    await owner.save_automation(
        "keypad",
        {
            "alias": "Keypad",
            "triggers": [KEYPAD],
            "variables": variables,
            "actions": actions,
            **config,
        },
    )


STEERING: Final[dict[str, dict[str, Any]]] = {
    "the_unlock_s_own_option": {
        "actions": [{"choose": [{"conditions": MOOD_ON, "sequence": [UNLOCK]}]}]
    },
    "an_earlier_option_that_made_false_falls_through": {
        "actions": [
            {
                "choose": [
                    {"conditions": MOOD_ON, "sequence": [SHOW_MOOD]},
                    {"conditions": KEY_A, "sequence": [UNLOCK]},
                ]
            }
        ]
    },
    "a_default_after_an_option": {
        "actions": [
            {"choose": [{"conditions": MOOD_ON, "sequence": [SHOW_MOOD]}], "default": [UNLOCK]}
        ]
    },
    "a_condition_step_before_it": {
        "actions": [{"condition": "template", "value_template": MOOD_ON}, UNLOCK]
    },
    "a_stop_before_it": {"actions": [{"if": MOOD_ON, "then": [{"stop": "not now"}]}, UNLOCK]},
    "a_loop_s_while": {"actions": [{"repeat": {"while": MOOD_ON, "sequence": [UNLOCK]}}]},
    "the_unlock_s_data": {"actions": [{**UNLOCK, "data": {"code": "{{ mood }}"}}]},
    "a_script_the_step_runs": {
        "actions": [{"action": "script.open_up", "data": {"who": "{{ mood }}"}}]
    },
    "which_script_the_step_runs": {
        "actions": [{"action": "script.{{ 'open_up' if mood == 'on' else 'nothing' }}"}]
    },
    "which_action_the_step_calls": {
        "actions": [
            {
                "action": "{{ 'lock.unlock' if mood == 'on' else 'lock.lock' }}",
                "target": {"entity_id": "lock.front_door"},
            }
        ]
    },
    "its_conditions": {
        "actions": [UNLOCK],
        "conditions": [{"condition": "template", "value_template": MOOD_ON}],
    },
    "a_variable_a_condition_reads": {
        "actions": [{"if": "{{ party }}", "then": [UNLOCK]}],
        "variables": {"party": MOOD_ON},
    },
}


@pytest.mark.parametrize("config", STEERING.values(), ids=STEERING.keys())
async def test_a_variable_that_steers_the_run_to_the_unlock_keeps_what_it_reads_waiting(
    hass: HomeAssistant, owner: Owner, mcp: McpHarness, config: dict[str, Any]
) -> None:
    """An automation's `variables:` entry read where it decides or shapes the unlock.

    The unlock's option or one before it, a condition, a `stop` or a loop
    before it, the unlock's own data, what a script the step runs is given,
    which script or action the step runs, the automation's conditions, or a variable computed from it that one of
    those reads: changing the helper can open the door, and waits.
    """
    await owner.save_script(
        "open_up",
        {"fields": {"who": {}}, "sequence": [{"if": "{{ who == 'on' }}", "then": [UNLOCK]}]},
    )
    await owner.save_script("nothing", {"sequence": []})
    mood = await owner.create_helper("input_boolean", "Mood")
    await _keypad(owner, mood, **config)
    result = await call_service(mcp, "input_boolean.turn_on", target={"entity_id": mood})
    assert_refused(result, reaching="lock.front_door")
    await assert_house(hass, {**LOCKED, mood: "off"})


async def _turning_on_then_pressing_opens_nothing(
    hass: HomeAssistant, mcp: McpHarness, helper: str, key: str
) -> None:
    """Turn `helper` on through MCP, then press `key`: the door stays locked, the call waits."""
    result = await call_service(mcp, "input_boolean.turn_on", target={"entity_id": helper})
    hass.bus.async_fire("keypad_pressed", {"key": key})
    await assert_house(hass, LOCKED)
    assert_refused(result, reaching="lock.front_door")


MOODS_JINJA: Final = "{%- macro mood() -%}{{ states('input_boolean.mood') }}{%- endmacro -%}"
"""The owner's `custom_templates/moods.jinja`: a macro reading the helper."""
READ_OTHERWISE: Final[dict[str, str]] = {
    "a_select_by_a_named_test": (
        "{{ 'on' if ['input_boolean.mood'] | select('is_state', 'on') | list else 'off' }}"
    ),
    "a_reject_by_a_named_test": (
        "{{ 'off' if ['input_boolean.mood'] | reject('is_state', 'on') | list else 'on' }}"
    ),
    "a_map_by_a_named_filter": "{{ ['input_boolean.mood'] | map('states') | first }}",
    "a_macro_of_an_imported_module": "{% import 'moods.jinja' as m %}{{ m.mood() }}",
}


@pytest.mark.redteam(round=47)
@pytest.mark.parametrize("template", READ_OTHERWISE.values(), ids=READ_OTHERWISE.keys())
async def test_a_variable_reading_the_house_through_a_named_test_or_a_module_s_macro_waits(
    hass: HomeAssistant, owner: Owner, mcp: McpHarness, template: str
) -> None:
    """`guests: "{{ switches | select('is_state', 'on') | list }}"`: it reads the switches.

    Home Assistant applies the test or filter a string names to each item,
    and runs the macro of a module imported `as m`: the variable is set
    from the helper as `states()` would set it, and steers the unlock.
    """
    await owner.save_custom_template("moods.jinja", MOODS_JINJA)
    mood = await owner.create_helper("input_boolean", "Mood")
    await _keypad(
        owner,
        mood,
        [{"if": MOOD_ON, "then": [UNLOCK]}],
        variables={"mood": template},
    )
    await _turning_on_then_pressing_opens_nothing(hass, mcp, mood, "b")


@pytest.mark.redteam(round=47)
async def test_a_script_s_own_variable_reading_the_house_through_a_named_test_waits(
    hass: HomeAssistant, owner: Owner, mcp: McpHarness
) -> None:
    """The keypad runs a script whose own `variables:` work out whether guests are in."""
    mood = await owner.create_helper("input_boolean", "Mood")
    await owner.save_script(
        "let_guests_in",
        {
            "variables": {"mood": READ_OTHERWISE["a_select_by_a_named_test"]},
            "sequence": [{"if": MOOD_ON, "then": [UNLOCK]}],
        },
    )
    await owner.save_automation(
        "keypad",
        {"alias": "Keypad", "triggers": [KEYPAD], "actions": [{"action": "script.let_guests_in"}]},
    )
    await _turning_on_then_pressing_opens_nothing(hass, mcp, mood, "b")


LET_GUESTS_IN: Final = """\
blueprint:
  name: Keypad lets guests in
  domain: automation
  input:
    door:
      selector:
        entity:
          domain: lock
    guest_switches:
      selector:
        entity:
          multiple: true
triggers:
  - trigger: event
    event_type: keypad_pressed
variables:
  switches: !input guest_switches
  guests_home: "{{ switches | select('is_state', 'on') | list | count > 0 }}"
actions:
  - if: "{{ guests_home }}"
    then:
      - action: lock.unlock
        target:
          entity_id: !input door
"""
"""The owner's blueprint: a key opens the door while any of the guest switches is on."""


def _write_blueprint(path: Path, text: str) -> None:
    """Put the owner's blueprint where Home Assistant's blueprint editor keeps it."""
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")


@pytest.mark.redteam(round=47)
async def test_the_guest_switch_a_blueprint_s_keypad_unlock_reads_waits(
    hass: HomeAssistant, owner: Owner, mcp: McpHarness
) -> None:
    """The owner's automation from a blueprint: the guest switch decides the key opens."""
    guests = await owner.create_helper("input_boolean", "Guest mode")
    path = Path(hass.config.path("blueprints/automation/owner/let_guests_in.yaml"))
    await hass.async_add_executor_job(_write_blueprint, path, LET_GUESTS_IN)
    inputs = {"door": "lock.front_door", "guest_switches": [guests]}
    await owner.save_automation(
        "keypad",
        {
            "alias": "Keypad",
            "use_blueprint": {"path": "owner/let_guests_in.yaml", "input": inputs},
        },
    )
    await _turning_on_then_pressing_opens_nothing(hass, mcp, guests, "b")


@pytest.mark.redteam(round=47)
@pytest.mark.parametrize("name", ["max", "version"])
async def test_a_threshold_helper_read_by_a_variable_named_as_a_function_waits(
    hass: HomeAssistant, owner: Owner, mcp: McpHarness, name: str
) -> None:
    """`max: "{{ states('input_number.greenhouse_max') }}"`, then `{{ temperature > max }}`.

    Home Assistant renders a template with the run's variables over its own
    functions: `max` is the helper's value, and decides that the valve opens.
    """
    threshold = await owner.create_helper(
        "input_number", "Greenhouse max", min=0, max=50, step=1, initial=40
    )
    await owner.save_automation(
        "greenhouse",
        {
            "alias": "Greenhouse vent",
            "triggers": [{"trigger": "event", "event_type": "greenhouse_check"}],
            "variables": {name: f"{{{{ states('{threshold}') | float(40) }}}}"},
            "actions": [
                {
                    "if": f"{{{{ state_attr('climate.hvac', 'current_temperature') | float(0) > {name} }}}}",
                    "then": [ORCHARD_OPEN],
                }
            ],
        },
    )
    hass.bus.async_fire("greenhouse_check", {})
    await assert_house(hass, {"valve.orchard": "closed"})
    result = await call_service(
        mcp, "input_number.set_value", target={"entity_id": threshold}, data={"value": 0}
    )
    hass.bus.async_fire("greenhouse_check", {})
    await assert_house(hass, {"valve.orchard": "closed"})
    assert_refused(result, reaching="valve.orchard")


@pytest.mark.redteam(round=47)
async def test_the_helper_a_script_s_own_variable_named_as_a_function_reads_waits(
    hass: HomeAssistant, owner: Owner, mcp: McpHarness
) -> None:
    """The keypad runs a script whose `max: "{{ states(helper) }}"` decides the unlock."""
    mood = await owner.create_helper("input_boolean", "Mood")
    await owner.save_script(
        "let_guests_in",
        {
            "variables": {"max": f"{{{{ states('{mood}') }}}}"},
            "sequence": [{"if": "{{ max == 'on' }}", "then": [UNLOCK]}],
        },
    )
    await owner.save_automation(
        "keypad",
        {"alias": "Keypad", "triggers": [KEYPAD], "actions": [{"action": "script.let_guests_in"}]},
    )
    await _turning_on_then_pressing_opens_nothing(hass, mcp, mood, "b")


WAIT_IN_A_BRANCH: Final[dict[str, tuple[str, dict[str, Any]]]] = {
    "waiting_for_the_helper": ("{{ is_state('input_boolean.mood', 'on') }}", {}),
    "waiting_on_a_variable_set_from_it": (
        MOOD_ON,
        {"mood": "{{ states('input_boolean.mood') }}"},
    ),
}


@pytest.mark.redteam(round=47)
@pytest.mark.parametrize(
    ("wait_template", "variables"), WAIT_IN_A_BRANCH.values(), ids=WAIT_IN_A_BRANCH.keys()
)
async def test_the_helper_a_wait_in_a_branch_watches_for_a_later_unlock_waits(
    hass: HomeAssistant,
    owner: Owner,
    mcp: McpHarness,
    wait_template: str,
    variables: dict[str, Any],
) -> None:
    """The doorbell waits a moment for the guest; `wait` says whether they came.

    Home Assistant keeps `wait` after the `if` the wait stands in: the
    `if` after it opens the door when the wait did not time out.
    """
    mood = await owner.create_helper("input_boolean", "Mood")
    wait = {"wait_template": wait_template, "timeout": 1, "continue_on_timeout": True}
    await owner.save_automation(
        "doorbell",
        {
            "alias": "Doorbell lets the guest in",
            "triggers": [KEYPAD],
            "variables": variables,
            "actions": [
                {"if": "{{ trigger.event.data.key == 'bell' }}", "then": [wait]},
                {"if": "{{ wait is defined and wait.completed }}", "then": [UNLOCK]},
            ],
        },
    )
    await _turning_on_then_pressing_opens_nothing(hass, mcp, mood, "bell")


@pytest.mark.redteam(round=47)
async def test_the_helper_a_script_s_response_in_a_branch_gives_a_later_unlock_waits(
    hass: HomeAssistant, owner: Owner, mcp: McpHarness
) -> None:
    """The bell asks a script whether guests are expected; the answer opens the door after."""
    mood = await owner.create_helper("input_boolean", "Mood")
    await owner.save_script(
        "guests_expected",
        {
            "sequence": [
                {"variables": {"answer": {"expected": f"{{{{ states('{mood}') }}}}"}}},
                {"stop": "answered", "response_variable": "answer"},
            ]
        },
    )
    await owner.save_automation(
        "doorbell",
        {
            "alias": "Doorbell lets the guest in",
            "triggers": [KEYPAD],
            "actions": [
                {
                    "if": "{{ trigger.event.data.key == 'bell' }}",
                    "then": [{"action": "script.guests_expected", "response_variable": "guests"}],
                },
                {"if": "{{ guests is defined and guests.expected == 'on' }}", "then": [UNLOCK]},
            ],
        },
    )
    await _turning_on_then_pressing_opens_nothing(hass, mcp, mood, "bell")


@pytest.mark.redteam(round=47)
async def test_the_helper_a_loop_round_sets_a_variable_from_for_the_next_round_s_unlock_waits(
    hass: HomeAssistant, owner: Owner, mcp: McpHarness
) -> None:
    """Each round opens if the last round saw the helper on; the bell's rounds look at it.

    Home Assistant 2025.4 and later: a `variables` step in an `if` sets the
    automation's own variable, which the next round reads.
    """
    mood = await owner.create_helper("input_boolean", "Mood")
    await owner.save_automation(
        "doorbell",
        {
            "alias": "Doorbell lets the guest in",
            "triggers": [KEYPAD],
            "variables": {"seen": "off"},
            "actions": [
                {
                    "repeat": {
                        "count": 2,
                        "sequence": [
                            {"if": "{{ seen == 'on' }}", "then": [UNLOCK]},
                            {
                                "if": "{{ trigger.event.data.key == 'bell' }}",
                                "then": [{"variables": {"seen": f"{{{{ states('{mood}') }}}}"}}],
                            },
                        ],
                    }
                }
            ],
        },
    )
    await _turning_on_then_pressing_opens_nothing(hass, mcp, mood, "bell")


def _on_the_doorbell(alias: str, step: dict[str, Any]) -> dict[str, Any]:
    """Return an automation called `alias` that runs `step` when the doorbell rings."""
    return {
        "alias": alias,
        "triggers": [{"trigger": "event", "event_type": "doorbell"}],
        "actions": [step],
    }


async def test_a_written_automation_expanding_a_group_reaches_what_the_group_may_gain(
    hass: HomeAssistant, owner: Owner, mcp: McpHarness
) -> None:
    """`homeassistant.turn_on` of `expand('group.porch')`, written by a client.

    It lives on, and a group gains members later: judged as a templated
    target is (any entity that is not plain, the garage door among them),
    the write waits for a person, and nothing is saved.
    """
    hass.states.async_set("group.porch", "off", {"entity_id": ["light.bed_light"]})
    target = "{{ expand('group.porch') | map(attribute='entity_id') | list }}"
    config = _on_the_doorbell(
        "Porch on the doorbell",
        {"action": "homeassistant.turn_on", "target": {"entity_id": target}},
    )
    written = await mcp.data("save_config", {"kind": "automation", "config": config})
    assert_refused(written)
    assert hass.states.get("automation.porch_on_the_doorbell") is None


@pytest.mark.redteam(round=49)
@LINGERING_TIMERS
async def test_adding_to_a_group_a_locking_automation_counts_to_pick_unlock_is_refused(
    hass: HomeAssistant, owner: Owner, mcp: McpHarness
) -> None:
    """At bedtime the door locks, unless a late guest is expected: then it is left unlocked.

    `action: "{{ 'lock.unlock' if expand('group.late_guests') | count > 0
    else 'lock.lock' }}"`: who is in the group decides the verb. Empty now,
    the automation only locks; a client putting a guest's phone (plain) in
    the group turns bedtime into an unlock, and waits for a person (on main
    it did: the group was unbounded, and the change could not be checked).
    """
    hass.states.async_set("device_tracker.guest_phone", "not_home")
    await owner.act("group.set", object_id="late_guests", entities=[])
    bedtime = await helper_runs(
        owner,
        "Bedtime",
        {
            "action": "{{ 'lock.unlock' if expand('group.late_guests') | count > 0"
            " else 'lock.lock' }}",
            "target": {"entity_id": "lock.front_door"},
        },
    )
    result = await call_service(
        mcp,
        "group.set",
        data={"object_id": "late_guests", "add_entities": ["device_tracker.guest_phone"]},
    )
    await owner.act("input_boolean.turn_on", entity_id=bedtime)
    await assert_house(hass, LOCKED)
    assert_refused(result, risk=None)  # On main: the unbounded group could not be checked.


@pytest.mark.redteam(round=49)
async def test_a_written_automation_expanding_an_entity_id_in_capitals_reaches_it(
    hass: HomeAssistant, owner: Owner, mcp: McpHarness
) -> None:
    """`expand('Lock.Front_Door')` is the front door: Home Assistant looks ids up lowered.

    A client's automation unlocking what that expands to on the doorbell
    waits for a person, and nothing is saved.
    """
    target = "{{ expand('Lock.Front_Door') | map(attribute='entity_id') | list }}"
    config = _on_the_doorbell(
        "Doorbell", {"action": "lock.unlock", "target": {"entity_id": target}}
    )
    written = await mcp.data("save_config", {"kind": "automation", "config": config})
    hass.bus.async_fire("doorbell")
    await hass.async_block_till_done()
    await assert_house(hass, LOCKED)
    assert_refused(written)
    assert hass.states.get("automation.doorbell") is None


@pytest.mark.redteam(round=49)
@LINGERING_TIMERS
async def test_a_run_that_adds_to_a_group_then_expands_it_is_judged_with_the_new_member(
    hass: HomeAssistant, owner: Owner, mcp: McpHarness
) -> None:
    """Guest staying: the guest's phone joins `group.late_guests`, then the door is chosen.

    `action: "{{ 'lock.unlock' if expand('group.late_guests') | count > 0
    else 'lock.lock' }}"` runs after the `group.set` of the same run: the
    group is no longer empty, and the door unlocks. The members the house
    holds before the run are not those the step reads; turning the helper on
    waits for a person (on main it did: the group was unbounded).
    """
    hass.states.async_set("device_tracker.guest_phone", "not_home")
    await owner.act("group.set", object_id="late_guests", entities=[])
    staying = await helper_runs(
        owner,
        "Guest staying",
        {
            "action": "group.set",
            "data": {"object_id": "late_guests", "add_entities": ["device_tracker.guest_phone"]},
        },
        {
            "action": "{{ 'lock.unlock' if expand('group.late_guests') | count > 0"
            " else 'lock.lock' }}",
            "target": {"entity_id": "lock.front_door"},
        },
    )
    result = await call_service(mcp, "input_boolean.turn_on", target={"entity_id": staying})
    await assert_house(hass, LOCKED)
    assert_refused(result, risk=None)  # On main: the unbounded group could not be checked.


@pytest.mark.redteam(round=49)
@LINGERING_TIMERS
async def test_creating_a_helper_a_group_already_names_is_judged_as_it_joining_the_group(
    hass: HomeAssistant, owner: Owner, mcp: McpHarness
) -> None:
    """`group.late_guests` names `input_boolean.guest_staying`, which the house does not hold.

    Bedtime locks unless the group expands to someone (`expand` skips what
    does not exist). A client creating the "Guest staying" helper makes the
    member exist: bedtime unlocks. The write waits for a person (on main it
    did: the group was unbounded).
    """
    await owner.act("group.set", object_id="late_guests", entities=["input_boolean.guest_staying"])
    bedtime = await helper_runs(
        owner,
        "Bedtime",
        {
            "action": "{{ 'lock.unlock' if expand('group.late_guests') | count > 0"
            " else 'lock.lock' }}",
            "target": {"entity_id": "lock.front_door"},
        },
    )
    written = await mcp.data(
        "save_config", {"kind": "input_boolean", "config": {"name": "Guest staying"}}
    )
    await owner.act("input_boolean.turn_on", entity_id=bedtime)
    await assert_house(hass, LOCKED)
    assert_refused(written)


@pytest.mark.redteam(round=49)
@LINGERING_TIMERS
async def test_deleting_a_helper_a_group_holds_is_judged_as_it_leaving_the_group(
    hass: HomeAssistant, owner: Owner, mcp: McpHarness
) -> None:
    """Bedtime locks while `group.home` expands to someone, and unlocks otherwise.

    `expand` skips a member the house no longer holds: a client deleting the
    group's only member (the "Someone home" helper) empties it, and bedtime
    unlocks. The delete waits for a person (on main it did: the group was
    unbounded).
    """
    home = await owner.create_helper("input_boolean", "Someone home")
    await owner.act("group.set", object_id="home", entities=[home])
    bedtime = await helper_runs(
        owner,
        "Bedtime",
        {
            "action": "{{ 'lock.lock' if expand('group.home') | count > 0 else 'lock.unlock' }}",
            "target": {"entity_id": "lock.front_door"},
        },
    )
    deleted = await mcp.data("delete_config", {"kind": "input_boolean", "id": "someone_home"})
    await owner.act("input_boolean.turn_on", entity_id=bedtime)
    await assert_house(hass, LOCKED)
    assert_refused(deleted)


@pytest.mark.redteam(round=49)
@LINGERING_TIMERS
@pytest.mark.parametrize("change", ["group.remove", "group.set creating it"])
async def test_removing_or_creating_a_group_a_locking_automation_expands_is_refused(
    hass: HomeAssistant, owner: Owner, mcp: McpHarness, change: str
) -> None:
    """Bedtime locks while `group.home` expands to someone, and unlocks otherwise.

    `expand` of a group the house does not hold is nothing. Removed
    (`group.remove`), the group no longer holds the bed light: bedtime
    unlocks. Bedtime inverted (`lock.unlock` while someone is in
    `group.home`), a client creating the group with the bed light in it
    makes it unlock too. Either waits for a person (on main it did: the
    group was unbounded).
    """
    if change == "group.remove":
        await owner.act("group.set", object_id="home", entities=["light.bed_light"])
        verb = "{{ 'lock.lock' if expand('group.home') | count > 0 else 'lock.unlock' }}"
        data: dict[str, Any] = {"object_id": "home"}
    else:
        verb = "{{ 'lock.unlock' if expand('group.home') | count > 0 else 'lock.lock' }}"
        data = {"object_id": "home", "entities": ["light.bed_light"]}
    bedtime = await helper_runs(
        owner, "Bedtime", {"action": verb, "target": {"entity_id": "lock.front_door"}}
    )
    result = await call_service(mcp, change.partition(" ")[0], data=data)
    await owner.act("input_boolean.turn_on", entity_id=bedtime)
    await assert_house(hass, LOCKED)
    assert_refused(result, risk=None)  # On main: the unbounded group could not be checked.


@pytest.mark.redteam(round=49)
@LINGERING_TIMERS
async def test_a_group_set_is_judged_with_the_members_it_gives_the_automations_it_sets_off(
    hass: HomeAssistant, owner: Owner, mcp: McpHarness
) -> None:
    """Guest door runs when `group.late_guests` changes, and unlocks while it holds someone.

    A client adding a light to the empty group changes it (its members are
    an attribute): the automation runs with the new member, and the door
    unlocks. The `group.set` waits for a person (on main it did: the group
    was unbounded).
    """
    await owner.act("group.set", object_id="late_guests", entities=[])
    await owner.save_automation(
        "guest_door",
        {
            "alias": "Guest door",
            "triggers": [{"trigger": "state", "entity_id": "group.late_guests"}],
            "actions": [
                {
                    "action": "{{ 'lock.unlock' if expand('group.late_guests') | count > 0"
                    " else 'lock.lock' }}",
                    "target": {"entity_id": "lock.front_door"},
                }
            ],
        },
    )
    result = await call_service(
        mcp, "group.set", data={"object_id": "late_guests", "add_entities": ["light.bed_light"]}
    )
    await assert_house(hass, LOCKED)
    assert_refused(result, risk=None)  # On main: the unbounded group could not be checked.
