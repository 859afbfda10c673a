"""What an action reaches: what it names, and what it changes without naming it.

Its target however written (an entity registry id is an entity), and what
changes with it though no target names it: the to-do list behind the
shopping list's actions, the media player a legacy `tts` service is given,
the event entity on a pressed button's device, the entity
`homeassistant.update_entity` reads again, the automation a change runs (its
entity's `last_triggered`). An owner's automation watching any of them is set
off by the action, which waits; the same action on what no such automation
watches runs.

A trigger with `enabled: false` reaches nothing.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Final

from freezegun.api import FrozenDateTimeFactory
import pytest
from pytest_homeassistant_custom_component.common import MockConfigEntry, MockEntityPlatform

from homeassistant.components.conversation import (
    ChatLog,
    ConversationEntity,
    ConversationEntityFeature,
    ConversationInput,
    ConversationResult,
)
from homeassistant.components.homeassistant.exposed_entities import async_expose_entity
from homeassistant.components.intent_script import ScriptIntentHandler
from homeassistant.components.vacuum import StateVacuumEntity, VacuumActivity, VacuumEntityFeature
from homeassistant.const import CONF_LLM_HASS_API
from homeassistant.core import HomeAssistant
from homeassistant.helpers import entity_registry as er, intent
from homeassistant.setup import async_setup_component
from tests.conftest import McpHarness

from .house import (
    ALARM,
    CLOSED,
    DISARM,
    LOCKED,
    OPEN_GARAGE,
    ORCHARD_OPEN,
    UNLOCK_FRONT,
    Owner,
    arm,
    assert_house,
    assert_ran,
    assert_refused,
    call_service,
)

# -- a device read again, an event entity on a pressed button's device -----------------


@pytest.mark.redteam(round=1)
async def test_updating_an_entity_an_unlock_watches_is_refused_and_another_runs(
    owner: Owner, mcp: McpHarness, hass: HomeAssistant
) -> None:
    """Near miss: `homeassistant.update_entity` re-reads a device; what that changes is judged."""
    helper = await owner.create_helper("input_boolean", "Doorbell")
    await owner.save_automation(
        "doorbell",
        {
            "alias": "Doorbell",
            "triggers": [{"trigger": "state", "entity_id": helper}],
            "actions": [UNLOCK_FRONT],
        },
    )
    result = await call_service(mcp, "homeassistant.update_entity", data={"entity_id": [helper]})
    assert_refused(result)
    assert_ran(
        await call_service(
            mcp, "homeassistant.update_entity", data={"entity_id": ["light.bed_light"]}
        )
    )


@pytest.mark.redteam(round=1)
async def test_pressing_a_button_whose_device_s_event_entity_an_unlock_watches_is_refused(
    owner: Owner, mcp: McpHarness, hass: HomeAssistant
) -> None:
    """S2: an `event` entity reports what its device does: pressing the device's button.

    The demo's event platform is not loaded here; an event entity is put on
    the button's device the way an integration registers one.
    """
    from homeassistant.helpers import entity_registry as er  # noqa: PLC0415

    registry = er.async_get(hass)
    event_entry = registry.async_get_or_create(
        "event", "demo", "push_event", device_id=owner.device_of("button.push")
    )
    hass.states.async_set(event_entry.entity_id, "unknown", {"event_types": ["press"]})
    await owner.save_automation(
        "pressed",
        {
            "alias": "Entrance button lets me out",
            "triggers": [{"trigger": "state", "entity_id": event_entry.entity_id}],
            "actions": [UNLOCK_FRONT],
        },
    )
    assert_refused(await call_service(mcp, "button.press", target={"entity_id": "button.push"}))
    await assert_house(hass, LOCKED)
    entity = await mcp.data("get_entity", {"entity_id": "button.push"})
    assert entity["entity"]["guarded"] is True


# -- a shopping list's to-do list, the media player a legacy tts service is given ------


@pytest.mark.redteam(round=2)
@pytest.mark.usefixtures("shopping_list")
async def test_shopping_list_actions_without_a_target_reach_its_to_do_list(
    owner: Owner, mcp: McpHarness, hass: HomeAssistant
) -> None:
    """4: `shopping_list.add_item` has no target but changes `todo.shopping_list`."""
    await owner.save_automation(
        "list",
        {
            "alias": "Open for the parcel",
            "triggers": [{"trigger": "state", "entity_id": "todo.shopping_list"}],
            "actions": [OPEN_GARAGE],
        },
    )
    for action, data in (
        ("shopping_list.add_item", {"name": "Parcel"}),
        ("shopping_list.complete_all", {}),
    ):
        assert_refused(await call_service(mcp, action, data=data))
    await assert_house(hass, CLOSED)


@pytest.fixture
async def legacy_tts(demo_house: HomeAssistant) -> None:
    """Set up a YAML `tts` platform (before HTTP serves): it registers `tts.demo_say`."""
    assert await async_setup_component(demo_house, "tts", {"tts": {"platform": "demo"}})
    await demo_house.async_block_till_done()
    assert demo_house.services.has_service("tts", "demo_say")


@pytest.mark.redteam(round=2)
@pytest.mark.usefixtures("legacy_tts")
async def test_a_legacy_tts_service_reaches_the_media_player_it_is_given(
    owner: Owner, mcp: McpHarness, hass: HomeAssistant
) -> None:
    """10: `tts.demo_say` acts on the media player it is given; an automation watches it."""
    player = "media_player.living_room"
    await owner.save_automation(
        "player",
        {
            "alias": "Open when the living room plays",
            "triggers": [
                {"trigger": "state", "entity_id": player, "attribute": "media_content_id"}
            ],
            "actions": [OPEN_GARAGE],
        },
    )
    result = await call_service(mcp, "tts.demo_say", data={"entity_id": player, "message": "hello"})
    assert_refused(result)
    await assert_house(hass, CLOSED)


# -- a target written as an entity registry id -----------------------------------------


@pytest.mark.redteam(round=5)
async def test_an_automation_targeting_a_registry_id_keeps_the_gate_working(
    owner: Owner, mcp: McpHarness, hass: HomeAssistant
) -> None:
    """A registry id as an action's `entity_id` (valid in Home Assistant) is read, not a crash.

    It used to make the house unreadable, so every call, a light's
    included, was refused as unknown.
    """
    garage = er.async_get(hass).async_get("cover.garage_door")
    assert garage is not None
    helper = await owner.create_helper("input_boolean", "garage remote")
    await owner.save_automation(
        "remote",
        {
            "alias": "Garage remote",
            "triggers": [{"trigger": "state", "entity_id": helper}],
            "actions": [{"action": "cover.open_cover", "target": {"entity_id": garage.id}}],
        },
    )
    light = await call_service(mcp, "light.turn_on", target={"entity_id": "light.bed_light"})
    assert light["ok"] is True, light
    result = await call_service(mcp, "input_boolean.turn_on", target={"entity_id": helper})
    assert_refused(result, reaching="cover.garage_door")
    await assert_house(hass, {"cover.garage_door": "closed"})


# -- moved from red-team round 24: a disabled trigger ----------------------------------


@pytest.mark.redteam(round=24)
async def test_a_change_only_a_disabled_trigger_watches_runs(
    hass: HomeAssistant, owner: Owner, mcp: McpHarness
) -> None:
    """Home Assistant does not attach a trigger with `enabled: false`."""
    guests = await owner.create_helper("input_boolean", "Guests arriving")
    trigger = {"trigger": "state", "entity_id": guests, "to": "on"}
    await owner.save_automation(
        "guest_arrival",
        {
            "alias": "Guest arrival unlock (paused)",
            "triggers": [{**trigger, "enabled": False}],
            "actions": [UNLOCK_FRONT],
        },
    )

    assert_ran(await call_service(mcp, "input_boolean.turn_on", target={"entity_id": guests}))

    await assert_house(hass, {guests: "on", "lock.front_door": "locked"})
    # Enabled again, the same change waits.
    await owner.act("input_boolean.turn_off", entity_id=guests)
    await owner.save_automation(
        "guest_arrival",
        {"alias": "Guest arrival unlock", "triggers": [trigger], "actions": [UNLOCK_FRONT]},
    )
    assert_refused(
        await call_service(mcp, "input_boolean.turn_on", target={"entity_id": guests}),
        reaching="lock.front_door",
    )


# -- moved from red-team round 26: an automation's run changes its own entity ----------


@pytest.mark.redteam(round=26)
async def test_an_automations_run_sets_off_what_watches_its_entity(
    hass: HomeAssistant, owner: Owner, mcp: McpHarness
) -> None:
    """The owner's "after Kitchen follow has run, water the orchard" (`last_triggered`, or any)."""
    await owner.act("light.turn_off", entity_id="light.kitchen_lights")
    follow = await owner.save_automation(
        "kitchen_follow",
        {
            "alias": "Kitchen follow",
            "triggers": [{"trigger": "state", "entity_id": "light.kitchen_lights", "to": "on"}],
            "actions": [
                {"action": "light.turn_on", "target": {"entity_id": "light.ceiling_lights"}}
            ],
        },
    )
    for watch in ({"attribute": "last_triggered"}, {}):
        await owner.save_automation(
            "orchard_after",
            {
                "alias": "Orchard after Kitchen follow",
                "triggers": [{"trigger": "state", "entity_id": follow, **watch}],
                "actions": [ORCHARD_OPEN],
            },
        )

        turned_on = await call_service(
            mcp, "light.turn_on", target={"entity_id": "light.kitchen_lights"}
        )

        assert_refused(turned_on, reaching="valve.orchard")
        await assert_house(hass, {"light.kitchen_lights": "off", "valve.orchard": "closed"})


# -- text handed to Assist: the owner's sentence triggers ------------------------------

OPEN_SESAME: Final = {
    "alias": "Open sesame",
    "triggers": [{"trigger": "conversation", "command": ["open sesame"]}],
    "actions": [UNLOCK_FRONT],
}
"""An owner's sentence-triggered automation ("Hey, let me in"): Home Assistant's own
agent runs it for matching text before any intent, whatever is exposed."""


@pytest.mark.redteam(round=44)
async def test_text_for_assist_that_an_owners_sentence_trigger_opens_on_waits(
    owner: Owner, mcp: McpHarness, hass: HomeAssistant
) -> None:
    """The owner hid the garage and the scene from Assist; "open sesame" unlocks the door."""
    assert await async_setup_component(hass, "conversation", {})
    await owner.save_automation("open_sesame", OPEN_SESAME)
    for entity_id in ("cover.garage_door", "scene.open_house"):
        async_expose_entity(hass, "conversation", entity_id, False)
    result = await call_service(mcp, "conversation.process", data={"text": "open sesame"})
    await assert_house(hass, LOCKED)
    assert_refused(result, reaching="lock.front_door")


@pytest.mark.redteam(round=44)
async def test_the_approval_for_text_a_sentence_trigger_opens_on_names_what_it_opens(
    owner: Owner, mcp: McpHarness, hass: HomeAssistant
) -> None:
    """The text waits for the garage Assist may open; the person must see the valve too."""
    assert await async_setup_component(hass, "conversation", {})
    await owner.save_automation("water", {**OPEN_SESAME, "actions": [ORCHARD_OPEN]})
    result = await call_service(mcp, "conversation.process", data={"text": "open sesame"})
    assert_refused(result, reaching="valve.orchard")


async def test_text_for_assist_that_matches_a_sentence_triggers_slot_waits(
    owner: Owner, mcp: McpHarness, hass: HomeAssistant
) -> None:
    """A sentence's `{slot}` matches any words: "let the plumber in" unlocks the door."""
    assert await async_setup_component(hass, "conversation", {})
    sentence = {"trigger": "conversation", "command": ["let {who} in"]}
    await owner.save_automation("let_in", {**OPEN_SESAME, "triggers": [sentence]})
    for entity_id in ("cover.garage_door", "scene.open_house"):
        async_expose_entity(hass, "conversation", entity_id, False)
    result = await call_service(mcp, "conversation.process", data={"text": "let the plumber in"})
    await assert_house(hass, LOCKED)
    assert_refused(result, reaching="lock.front_door")


async def test_text_for_assist_that_matches_no_sentence_trigger_runs(
    owner: Owner, mcp: McpHarness, hass: HomeAssistant
) -> None:
    """Only the sentences the text matches run: "good morning" leaves "open sesame" alone."""
    assert await async_setup_component(hass, "conversation", {})
    await owner.save_automation("open_sesame", OPEN_SESAME)
    for entity_id in ("cover.garage_door", "scene.open_house"):
        async_expose_entity(hass, "conversation", entity_id, False)
    result = await call_service(mcp, "conversation.process", data={"text": "good morning"})
    assert_ran(result)
    await assert_house(hass, LOCKED)


async def test_text_for_assist_whose_sentence_automation_opens_nothing_runs(
    owner: Owner, mcp: McpHarness, hass: HomeAssistant
) -> None:
    """The owner's "good morning" turns the kitchen lights on: the text runs, and so does it."""
    assert await async_setup_component(hass, "conversation", {})
    await owner.save_automation("open_sesame", OPEN_SESAME)
    await owner.save_automation(
        "good_morning",
        {
            "alias": "Good morning",
            "triggers": [{"trigger": "conversation", "command": ["good morning"]}],
            "actions": [
                {"action": "light.turn_on", "target": {"entity_id": "light.kitchen_lights"}}
            ],
        },
    )
    for entity_id in ("cover.garage_door", "scene.open_house"):
        async_expose_entity(hass, "conversation", entity_id, False)
    await hass.services.async_call(
        "light", "turn_off", {"entity_id": "light.kitchen_lights"}, blocking=True
    )
    result = await call_service(mcp, "conversation.process", data={"text": "good morning"})
    assert_ran(result)
    await assert_house(hass, {**LOCKED, "light.kitchen_lights": "on"})


OPEN_UP_SENTENCES: Final = """
language: en
intents:
  OpenUp:
    data:
      - sentences:
          - "open up"
"""
"""The owner's custom sentence for an intent of `intent_script`'s."""


async def test_text_for_assist_that_an_owners_intent_script_opens_on_waits(
    owner: Owner, mcp: McpHarness, hass: HomeAssistant
) -> None:
    """The owner's "open up" intent unlocks the door: Assist runs it for that text."""
    path = Path(hass.config.path("custom_sentences/en/open_up.yaml"))
    await hass.async_add_executor_job(_write, path, OPEN_UP_SENTENCES)
    assert await async_setup_component(
        hass,
        "intent_script",
        {"intent_script": {"OpenUp": {"action": [UNLOCK_FRONT], "speech": {"text": "Come in"}}}},
    )
    assert await async_setup_component(hass, "conversation", {})
    for entity_id in ("cover.garage_door", "scene.open_house"):
        async_expose_entity(hass, "conversation", entity_id, False)
    result = await call_service(mcp, "conversation.process", data={"text": "open up"})
    await assert_house(hass, LOCKED)
    assert_refused(result, reaching="lock.front_door")


class _RenamedConfigHandler(ScriptIntentHandler):
    """`intent_script`'s handler as a release that keeps its configuration as `_config` has it."""

    __module__ = ScriptIntentHandler.__module__

    async def async_handle(self, intent_obj: intent.Intent) -> intent.IntentResponse:
        """Handle the intent as Home Assistant's does, from `_config`."""
        self.config = self._config  # type: ignore[attr-defined]
        try:
            return await super().async_handle(intent_obj)
        finally:
            del self.config


@pytest.mark.redteam(round=51)
async def test_text_for_an_intent_script_kept_in_another_shape_waits(
    owner: Owner, mcp: McpHarness, hass: HomeAssistant
) -> None:
    """A Home Assistant that keeps `ScriptIntentHandler.config` elsewhere: the intent still opens.

    The gate reads the handler's `config` (no contract test names it); a
    release that renames it (as `_config`), or keeps it as an object, must
    leave the intent's actions unknown, never unread.
    """
    path = Path(hass.config.path("custom_sentences/en/open_up.yaml"))
    await hass.async_add_executor_job(_write, path, OPEN_UP_SENTENCES)
    assert await async_setup_component(
        hass,
        "intent_script",
        {"intent_script": {"OpenUp": {"action": [UNLOCK_FRONT], "speech": {"text": "Come in"}}}},
    )
    assert await async_setup_component(hass, "conversation", {})
    for entity_id in ("cover.garage_door", "scene.open_house"):
        async_expose_entity(hass, "conversation", entity_id, False)
    [handler] = [h for h in intent.async_get(hass) if h.intent_type == "OpenUp"]
    handler.__class__ = _RenamedConfigHandler
    handler._config = handler.config  # type: ignore[attr-defined]  # As an upgrade would keep it.
    del handler.config  # type: ignore[attr-defined]
    result = await call_service(mcp, "conversation.process", data={"text": "open up"})
    await assert_house(hass, LOCKED)
    assert_refused(result, risk=None)


def _write(path: Path, text: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")


class _AssistAgent(ConversationEntity):
    """An LLM agent given Assist's API: it runs each exposed script as a tool, with arguments.

    Home Assistant's `llm.ActionTool` calls `script.<key>` with the fields
    the model fills in; this agent's model asks for the front door.
    """

    _attr_unique_id = "butler"
    _attr_name = "Butler"
    _attr_supported_features = ConversationEntityFeature.CONTROL

    @property
    def supported_languages(self) -> str:
        """Answer in any language."""
        return "*"

    async def _async_handle_message(
        self, user_input: ConversationInput, chat_log: ChatLog
    ) -> ConversationResult:
        await self.hass.services.async_call(
            "script", "open_for", {"door": "lock.front_door"}, context=user_input.context
        )
        response = intent.IntentResponse(language=user_input.language)
        response.async_set_speech("Done")
        return ConversationResult(response=response, conversation_id=user_input.conversation_id)


@pytest.mark.redteam(round=44)
async def test_text_for_an_agent_that_runs_an_exposed_script_with_fields_waits(
    owner: Owner, mcp: McpHarness, hass: HomeAssistant
) -> None:
    """The owner's "open for" script, exposed to the voice assistant, opens the door it is given."""
    assert await async_setup_component(hass, "conversation", {})
    script = await owner.save_script(
        "open_for",
        {
            "alias": "Open for",
            "fields": {"door": {"selector": {"entity": {"domain": "lock"}}}},
            "sequence": [{"action": "lock.unlock", "target": {"entity_id": "{{ door }}"}}],
        },
    )
    async_expose_entity(hass, "conversation", script, True)
    for entity_id in ("cover.garage_door", "scene.open_house"):
        async_expose_entity(hass, "conversation", entity_id, False)
    agent = MockConfigEntry(domain="openai_conversation", options={CONF_LLM_HASS_API: ["assist"]})
    agent.add_to_hass(hass)
    platform = MockEntityPlatform(hass, domain="conversation", platform_name="openai_conversation")
    platform.config_entry = agent
    await platform.async_add_entities([_AssistAgent()])

    data = {"text": "let the plumber in", "agent_id": "conversation.butler"}
    result = await call_service(mcp, "conversation.process", data=data)

    await assert_house(hass, LOCKED)
    assert_refused(result, reaching="lock.front_door")


# -- Assist's intents beyond on and off ----------------------------------------------------


class _RobotVacuum(StateVacuumEntity):
    """A robot vacuum as its integration adds it (Roborock, Roomba, ...): it starts and docks."""

    _attr_unique_id = "robot"
    _attr_name = "Robot"
    _attr_supported_features = (
        VacuumEntityFeature.START | VacuumEntityFeature.RETURN_HOME | VacuumEntityFeature.STATE
    )
    _attr_activity = VacuumActivity.DOCKED

    async def async_start(self) -> None:
        """Leave the dock and clean."""
        self._attr_activity = VacuumActivity.CLEANING
        self.async_write_ha_state()

    async def async_return_to_base(self, **kwargs: Any) -> None:
        """Go back to the dock."""
        self._attr_activity = VacuumActivity.DOCKED
        self.async_write_ha_state()


@pytest.mark.redteam(round=54)
async def test_text_for_assist_that_starts_the_vacuum_an_owners_disarm_watches_waits(
    owner: Owner, mcp: McpHarness, hass: HomeAssistant, freezer: FrozenDateTimeFactory
) -> None:
    """The owner disarms the alarm while the robot cleans, so it does not trip the motion sensors.

    A vacuum is exposed to Assist as Home Assistant exposes it by default;
    the owner hid the garage and the scene that unlocks. "Start the robot"
    is Assist's `HassVacuumStart` (`vacuum.start`), which no on or off is;
    any change of an exposed entity in the perimeter is judged, so it waits.
    """
    assert await async_setup_component(hass, "conversation", {})
    assert await async_setup_component(hass, "vacuum", {})
    platform = MockEntityPlatform(hass, domain="vacuum", platform_name="roborock")
    await platform.async_add_entities([_RobotVacuum()])
    await owner.save_automation(
        "robot_cleans",
        {
            "alias": "Robot cleans: alarm off",
            "triggers": [{"trigger": "state", "entity_id": "vacuum.robot", "to": "cleaning"}],
            "actions": [DISARM],
        },
    )
    for entity_id in ("cover.garage_door", "scene.open_house"):
        async_expose_entity(hass, "conversation", entity_id, False)
    await arm(hass, freezer, "alarm_arm_away")
    result = await call_service(mcp, "conversation.process", data={"text": "start the robot"})
    await assert_house(hass, {"vacuum.robot": "docked", ALARM: "armed_away"})
    assert_refused(result, reaching=ALARM)
