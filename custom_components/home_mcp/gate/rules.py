"""The gate's rules, in one table: what each effect does to the house.

Every path an action can take (a direct call, `homeassistant.*`, a scene
state, a device action, a script, `group.set`, a helper an automation reads)
is first reduced to effects, `(entity, verb)` (`expansion.py`,
`macros.py`); this module then decides each effect's risk from the entity's
class and the verb, and nothing else does. `docs/gate.md` is generated from
these tables (`docs.py`; a test fails when they differ).

- `ENTITY_RULES`: (entity class, verb, condition) -> risk. The first rule
  that matches wins.
- `SERVICE_RULES`: risks of an action as a whole (restarts, reloads, Assist
  text, ...), whatever it targets.
- how `homeassistant.*`, a scene state and a device action become the
  entity's own verb is in `verbs.py`.
- `HOLD_RULES`: the second order: each way a change keeps an automation
  that locks, closes or arms from securing (its condition fails, its timer
  stops, its run is held up, ...), with the verbs, risk and reason of each.
- `ALARM_LEVELS`: how much each alarm mode watches; arming a mode that
  watches less than the current one opens the house.
- `more_open`: which state changes the tripwire (`tripwire.py`) watches.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum
from functools import lru_cache
from typing import Any, Final, Protocol

from homeassistant.components.alarm_control_panel import AlarmControlPanelState
from homeassistant.components.cover import CoverDeviceClass, CoverState
from homeassistant.components.lock import LockState
from homeassistant.components.notify import DOMAIN as NOTIFY_DOMAIN
from homeassistant.components.valve import ValveState
from homeassistant.const import (
    SERVICE_ALARM_ARM_AWAY,
    SERVICE_ALARM_ARM_CUSTOM_BYPASS,
    SERVICE_ALARM_ARM_HOME,
    SERVICE_ALARM_ARM_NIGHT,
    SERVICE_ALARM_ARM_VACATION,
    SERVICE_ALARM_DISARM,
    SERVICE_ALARM_TRIGGER,
    SERVICE_CLOSE_COVER,
    SERVICE_CLOSE_COVER_TILT,
    SERVICE_CLOSE_VALVE,
    SERVICE_LOCK,
    SERVICE_OPEN,
    SERVICE_OPEN_COVER,
    SERVICE_OPEN_COVER_TILT,
    SERVICE_OPEN_VALVE,
    SERVICE_SET_COVER_POSITION,
    SERVICE_SET_COVER_TILT_POSITION,
    SERVICE_SET_VALVE_POSITION,
    SERVICE_STOP_COVER,
    SERVICE_STOP_COVER_TILT,
    SERVICE_STOP_VALVE,
    SERVICE_TOGGLE,
    SERVICE_TOGGLE_COVER_TILT,
    SERVICE_TURN_OFF,
    SERVICE_TURN_ON,
    SERVICE_UNLOCK,
)

from .model import GUARDED_RISKS, Risk


class EntityClass(StrEnum):
    """What kind of entity an effect acts on, as far as the gate cares."""

    LOCK = "lock"
    ENTRANCE = "entrance cover"
    COVER = "cover"
    VALVE = "valve"
    ALARM = "alarm panel"
    OPENER = "opener"
    GUARDED = "marked guarded"
    AUTOMATION = "automation"
    SCRIPT = "script"
    SCENE = "scene"
    OTHER = "any other entity"


CLASS_NOTES: Final[Mapping[EntityClass, str]] = {
    EntityClass.LOCK: "a `lock`, or a switch that Switch as X shows as one",
    EntityClass.ENTRANCE: "a `cover` of device class door, gate or garage (Google "
    "Assistant's `COVER_2FA`), a cover the person marked guarded, or a switch "
    "shown as such a cover",
    EntityClass.COVER: "any other cover (blinds, windows, shades)",
    EntityClass.VALVE: "any `valve`, or a switch shown as one",
    EntityClass.ALARM: "an `alarm_control_panel`",
    EntityClass.OPENER: "a `button`, `switch` or `remote` on the same device as a "
    "lock, an entrance cover, a valve or an alarm panel (garage openers expose one)",
    EntityClass.GUARDED: "any other entity the person marked guarded in the options",
    EntityClass.AUTOMATION: "an `automation`",
    EntityClass.SCRIPT: "a `script`",
    EntityClass.SCENE: "a `scene`",
    EntityClass.OTHER: "lights, climate, media, helpers, ...",
}
SENSITIVE_CLASSES: Final = frozenset(
    {
        EntityClass.LOCK,
        EntityClass.ENTRANCE,
        EntityClass.VALVE,
        EntityClass.ALARM,
        EntityClass.GUARDED,
    }
)
"""Entities whose own actions open the house: what the person can pre-approve."""
OPENING_DEVICE_CLASSES: Final = frozenset(
    {EntityClass.LOCK, EntityClass.ENTRANCE, EntityClass.VALVE, EntityClass.ALARM}
)
"""A button, switch or remote on a device with one of these is an `OPENER`."""
ENTRANCE_COVER_CLASSES: Final = frozenset(
    {CoverDeviceClass.DOOR, CoverDeviceClass.GATE, CoverDeviceClass.GARAGE}
)
OPENER_DOMAINS: Final = frozenset({"button", "switch", "remote"})
NOT_OPENER_DEVICE_CLASSES: Final = frozenset({"identify"})
"""Buttons that only make a device show itself."""


class When(StrEnum):
    """Conditions a rule can have, in words (`Facts` evaluates them)."""

    ALWAYS = ""
    POSITION_ZERO = "the position asked is 0"
    TOGGLE_CLOSES = (
        "toggling closes it, as Home Assistant decides: still, not closed, and fully open or "
        "last moved open"
    )
    IS_CLOSING = "it is closing, or it is judged for later"
    IS_ARMED = "it is armed, or it is judged for later"
    DISARMS_AFTER_SOUNDING = (
        "it is armed, or it is judged for later, and it may disarm once its trigger time is "
        "over (a manual panel set to `disarm_after_trigger`, or any other panel: Home MCP "
        "cannot tell)"
    )
    WATCHES_LESS = "the mode asked watches less than the current one"
    CAN_OPEN = "running it can open the house, and it is not on already"
    SECURES = "it locks, closes or arms, and it is not off already"
    RUNNING_SECURES = "it is running and locks, closes or arms"
    GUARDED = "some action on it is guarded"
    RESTARTS_SECURING_WAIT = (
        "it is a timer an enabled automation that locks, closes or arms waits for "
        "(`timer.finished`), running now (`active`; a paused one resumes where it stopped)"
    )
    CODE_EMPTY = (
        "the code it is given (`CODE_FIELDS`) is plain text, empty or blank: it gives no one "
        "a way in"
    )


class Facts(Protocol):
    """What a rule's condition may look at, for one effect."""

    def holds(self, when: When) -> bool:
        """Return True if `when` is true for this effect."""


ANY: Final = frozenset[str]()
"""Any verb."""


@dataclass(frozen=True, slots=True)
class Rule:
    """One line of the rule table."""

    classes: frozenset[EntityClass]
    verbs: frozenset[str]
    risk: Risk
    reason: str
    when: When = When.ALWAYS

    def matches(self, entity_class: EntityClass, verb: str, facts: Facts) -> bool:
        """Return True if this rule decides `verb` on an entity of `entity_class`."""
        return (
            entity_class in self.classes
            and (not self.verbs or verb in self.verbs)
            and (self.when is When.ALWAYS or facts.holds(self.when))
        )


def _rule(
    classes: EntityClass | tuple[EntityClass, ...],
    verbs: tuple[str, ...] | frozenset[str],
    risk: Risk,
    reason: str,
    when: When = When.ALWAYS,
) -> Rule:
    members = classes if isinstance(classes, tuple) else (classes,)
    return Rule(frozenset(members), frozenset(verbs), risk, reason, when)


_ALL_CLASSES: Final = tuple(EntityClass)
_DOORS: Final = (EntityClass.ENTRANCE, EntityClass.VALVE)
OPEN_VERBS: Final = (
    SERVICE_OPEN_COVER,
    SERVICE_OPEN_COVER_TILT,
    SERVICE_OPEN_VALVE,
    SERVICE_TURN_ON,
)
CLOSE_VERBS: Final = (SERVICE_CLOSE_COVER, SERVICE_CLOSE_COVER_TILT, SERVICE_CLOSE_VALVE)
POSITION_VERBS: Final = (
    SERVICE_SET_COVER_POSITION,
    SERVICE_SET_COVER_TILT_POSITION,
    SERVICE_SET_VALVE_POSITION,
)
TOGGLE_VERBS: Final = (SERVICE_TOGGLE, SERVICE_TOGGLE_COVER_TILT)
STOP_VERBS: Final = (SERVICE_STOP_COVER, SERVICE_STOP_COVER_TILT, SERVICE_STOP_VALVE)
ARM_VERBS: Final = (
    SERVICE_ALARM_ARM_AWAY,
    SERVICE_ALARM_ARM_VACATION,
    SERVICE_ALARM_ARM_NIGHT,
    SERVICE_ALARM_ARM_HOME,
    SERVICE_ALARM_ARM_CUSTOM_BYPASS,
)

READ_VERBS: Final = (
    "update_entity", "zwave_js.ping", "zwave_js.refresh_value", "zwave_js.refresh_notifications",
)  # fmt: skip
"""Actions that only ask a device how it is (another integration's, as `domain.service`)."""
ASSIST_ACTIONS: Final = frozenset(
    {"conversation.process", "assist_satellite.start_conversation", "assist_satellite.ask_question"}
)
"""Actions that hand text to Assist, whose intents (or an LLM agent) act on the house."""
CODE_VERBS: Final = (
    "zwave_js.set_lock_usercode", "zha.set_lock_user_code", "zha.enable_lock_user_code",
    "keymaster.add_code",
)  # fmt: skip
"""Actions that give a lock a user code: whoever holds the code can unlock it."""
CODE_FIELDS: Final[Mapping[str, str]] = {
    "keymaster.add_code": "usercode", "zwave_js.set_lock_usercode": "usercode",
    "zha.set_lock_user_code": "user_code",
}  # fmt: skip
"""The field that holds the code each of them gives (`zha.enable_lock_user_code` names none)."""
EMPTY_CODES: Final = frozenset({""})
"""A code that gives no one a way in (`When.CODE_EMPTY`)."""
CODE_REMOVE_VERBS: Final = (
    "zwave_js.clear_lock_usercode", "zha.clear_lock_user_code", "zha.disable_lock_user_code",
    "keymaster.clear_code",
)  # fmt: skip
"""Actions that take a user code off a lock."""

ENTITY_RULES: Final[tuple[Rule, ...]] = (
    _rule(_ALL_CLASSES, READ_VERBS, Risk.SAFE,
          "Reads the device again (what that changes is judged as a change)"),
    _rule(_ALL_CLASSES, ("join_group",), Risk.OPENS_HOUSE,
          "Puts it in a group: an action on the group would reach it, and a group "
          "changed while such an action runs escapes its check", When.GUARDED),
    _rule(_ALL_CLASSES, ("join_group",), Risk.SAFE, "Puts it in a group"),
    _rule(EntityClass.LOCK, (SERVICE_LOCK,), Risk.SECURING, "Locks it"),
    _rule(EntityClass.LOCK, (SERVICE_UNLOCK, SERVICE_OPEN, SERVICE_TOGGLE), Risk.OPENS_HOUSE,
          "Unlocks or opens it"),
    _rule(EntityClass.LOCK, CODE_VERBS, Risk.SAFE, "Gives it an empty code: no one holds it",
          When.CODE_EMPTY),
    _rule(EntityClass.LOCK, CODE_VERBS, Risk.OPENS_HOUSE,
          "Gives it a user code: whoever holds the code can unlock it"),
    _rule(EntityClass.LOCK, CODE_REMOVE_VERBS, Risk.SAFE, "Takes one of its user codes off"),
    _rule(EntityClass.LOCK, ANY, Risk.UNKNOWN, "An action on a lock that Home MCP does not know"),
    _rule(_DOORS, CLOSE_VERBS, Risk.SECURING, "Closes it"),
    _rule(_DOORS, POSITION_VERBS, Risk.SECURING, "Moves it to closed", When.POSITION_ZERO),
    _rule(_DOORS, POSITION_VERBS, Risk.OPENS_HOUSE, "Moves it to an open position"),
    _rule(_DOORS, OPEN_VERBS, Risk.OPENS_HOUSE, "Opens it"),
    _rule(_DOORS, TOGGLE_VERBS, Risk.SECURING, "It is open, so toggling closes it",
          When.TOGGLE_CLOSES),
    _rule(_DOORS, TOGGLE_VERBS, Risk.OPENS_HOUSE, "Toggling may open it"),
    _rule(_DOORS, STOP_VERBS, Risk.OPENS_HOUSE, "Stopping it while it closes leaves it open",
          When.IS_CLOSING),
    _rule(_DOORS, STOP_VERBS, Risk.SAFE, "Stops it"),
    _rule(_DOORS, ANY, Risk.UNKNOWN, "An action on it that Home MCP does not know"),
    _rule(EntityClass.COVER, CLOSE_VERBS, Risk.SECURING, "Closes a cover"),
    _rule(EntityClass.COVER, ANY, Risk.SAFE, "An ordinary cover (blind, window, shade)"),
    _rule(EntityClass.ALARM, (SERVICE_ALARM_DISARM,), Risk.OPENS_HOUSE, "Disarms it"),
    _rule(EntityClass.ALARM, ARM_VERBS, Risk.OPENS_HOUSE,
          "Arms it in a mode that watches less than the one it is in", When.WATCHES_LESS),
    _rule(EntityClass.ALARM, ARM_VERBS, Risk.SECURING, "Arms it"),
    _rule(EntityClass.ALARM, (SERVICE_ALARM_TRIGGER,), Risk.OPENS_HOUSE,
          "Sounding it may leave it disarmed once it has sounded", When.DISARMS_AFTER_SOUNDING),
    _rule(EntityClass.ALARM, (SERVICE_ALARM_TRIGGER,), Risk.SAFE, "Sounds it"),
    _rule(EntityClass.ALARM, (SERVICE_TOGGLE,), Risk.OPENS_HOUSE, "Toggling an armed alarm disarms it",
          When.IS_ARMED),
    _rule(EntityClass.ALARM, (SERVICE_TOGGLE,), Risk.SECURING, "Toggling a disarmed alarm arms it"),
    _rule(EntityClass.ALARM, ANY, Risk.UNKNOWN,
          "An action on an alarm panel that Home MCP does not know"),
    _rule(EntityClass.OPENER, ANY, Risk.OPENS_HOUSE,
          "It is on the same device as a lock, door, valve or alarm: it can open it"),
    _rule(EntityClass.GUARDED, ANY, Risk.OPENS_HOUSE,
          "The person marked it as guarded in Home MCP's options"),
    _rule(EntityClass.AUTOMATION, (SERVICE_TURN_ON, SERVICE_TOGGLE), Risk.OPENS_HOUSE,
          "Enables an automation that can open the house", When.CAN_OPEN),
    _rule(EntityClass.AUTOMATION, (SERVICE_TURN_OFF, SERVICE_TOGGLE), Risk.OPENS_HOUSE,
          "Disables an automation that locks, closes or arms", When.SECURES),
    _rule(EntityClass.AUTOMATION, ANY, Risk.SAFE,
          "Automation control (a run is judged by its actions)"),
    _rule(EntityClass.SCRIPT, (SERVICE_TURN_OFF, SERVICE_TOGGLE), Risk.OPENS_HOUSE,
          "Stops a running script that locks, closes or arms", When.RUNNING_SECURES),
    _rule(EntityClass.SCRIPT, ANY, Risk.SAFE, "Runs or stops a script (its actions are judged)"),
    _rule(EntityClass.SCENE, ANY, Risk.SAFE, "Activates a scene (its states are judged)"),
    _rule(EntityClass.OTHER, ("start",), Risk.OPENS_HOUSE,
          "Starts its whole duration over: what locks, closes or arms when it ends waits "
          "again, and never secures if started again before each end",
          When.RESTARTS_SECURING_WAIT),
    _rule(EntityClass.OTHER, ANY, Risk.SAFE, "Does not open the house"),
)  # fmt: skip
PLAIN_RULE: Final = ENTITY_RULES[-1]
"""What an entity no other line is about gets (its verbs need no matching)."""
GUARDED_CLASSES: Final = frozenset(
    entity_class
    for rule in ENTITY_RULES
    if rule.when is When.ALWAYS and rule.risk in GUARDED_RISKS
    for entity_class in rule.classes
)
"""The classes some action on which is guarded whatever the house: read from the
table, never listed (lock, entrance cover, valve, alarm panel, opener, marked
guarded). While the perimeter is built, an entity of one of them is guarded
(`Snapshot.is_guarded`); judging, the rule table decides each of its effects."""
OPTIONS_BOUND: Final = (
    "Its options decide what {macro} runs or acts on: what new options would make it do "
    "is only known once they exist"
)
"""Changing the options of a select an automation's templates take their values from."""
OPTIONS_VERBS: Final = frozenset({"set_options"})
"""What changes a select's options rather than its state."""
PERIMETER_REASON: Final = (
    "Changing it sets off {automation}, which can do this: the house's own "
    "automations are judged as part of the action"
)
"""An effect on an entity in the perimeter (`perimeter.py`) that no rule above
makes securing is judged as what the automations reading it would do."""


def entity_rule(entity_class: EntityClass, verb: str, facts: Facts) -> Rule:
    """Return the rule that decides `verb` on an entity of `entity_class`."""
    for rule in ENTITY_RULES:
        if rule.matches(entity_class, verb, facts):
            return rule
    return Rule(frozenset(), ANY, Risk.UNKNOWN, "No rule decides this action")


@dataclass(frozen=True, slots=True)
class ServiceRule:
    """A risk of an action as a whole, whatever it targets (the first that matches).

    services: `domain.service` names; `domain.*` and `*.service` patterns;
        `*.prefix*` for services starting with `prefix`.
    effects: False when the action moves nothing: its targets are not
        judged (`homeassistant.update_entity`).
    external: what it does leaves Home Assistant (`external.py`): the
        risk is a client's own call's; inside the owner's own automation or
        script it is the owner's, unless marked or named as opening.
    """

    services: frozenset[str]
    risk: Risk
    reason: str
    effects: bool = True
    external: bool = False

    def matches(self, domain: str, service: str) -> bool:
        """Return True if this rule covers `domain.service`."""
        for pattern in self.services:
            left, _, right = pattern.partition(".")
            if left not in ("*", domain):
                continue
            if right in ("*", service) or (right.endswith("*") and service.startswith(right[:-1])):
                return True
        return False


SERVICE_RULES: Final[tuple[ServiceRule, ...]] = (
    ServiceRule(frozenset({
        "logbook.log", "system_log.write", "recorder.get_statistics",
    }), Risk.SAFE, "Writes to a log or reads: moves nothing", effects=False),
    ServiceRule(frozenset({
        "hassio.*", "backup.*", "python_script.*", "pyscript.*",
        "hacs.*", "cloud.*", "homeassistant.restart", "homeassistant.stop",
        "homeassistant.set_location", "homeassistant.check_config",
        "homeassistant.save_persistent_states", "recorder.*", "update.install",
        "update.skip", "update.clear_skipped", "system_log.clear", "logger.*",
        "camera.record", "camera.snapshot", "image.snapshot", "frontend.set_theme", "tts.clear_cache",
        "ai_task.clear_images",
    }), Risk.SYSTEM, "Controls Home Assistant itself: its core, add-ons, backups, "
        "updates, recorder, logs, shell or files"),
    ServiceRule(frozenset({"shell_command.*"}), Risk.SYSTEM,
                "Runs a shell command on Home Assistant's machine", external=True),
    ServiceRule(frozenset({"*.reload", "*.reload_*", "homeassistant.reload_config_entry"}),
                Risk.SYSTEM, "Reloading re-creates entities, which can put a device back "
                "in its starting state (an unlocked door, an open valve)"),
    ServiceRule(frozenset({"device_tracker.see"}), Risk.SYSTEM,
                "Sets presence by hand (and writes known_devices.yaml)"),
    ServiceRule(frozenset({"persistent_notification.dismiss_all"}), Risk.SYSTEM,
                "It would dismiss Home MCP's own approval requests"),
    ServiceRule(frozenset(ASSIST_ACTIONS), Risk.SAFE,
                "Judged by what its agent may run: the owner's sentence triggers the text "
                "matches, and what is exposed to Assist (each exposed entity that is not "
                "plain turned on, turned off and toggled; an LLM agent's exposed scripts "
                "with any fields)"),
)  # fmt: skip


@lru_cache(maxsize=1024)
def service_rule(domain: str, service: str) -> ServiceRule | None:
    """Return the service rule that decides `domain.service` as a whole (the first), if any."""
    return next((rule for rule in SERVICE_RULES if rule.matches(domain, service)), None)


MESSAGE_DOMAINS: Final = frozenset(
    {
        "persistent_notification", "notify", "logbook", "frontend", "group", "shopping_list",
        "template",
    }
)  # fmt: skip
"""Domains whose services send messages (a logbook entry is one) or keep helpers, and act
on no device: their text takes any value (`macros._can_fail`)."""
DATA_RULES: Final[Mapping[str, ServiceRule]] = {
    "own_notification": ServiceRule(
        frozenset({"*.*"}), Risk.SYSTEM,
        "Home MCP's own notifications (its approval requests) cannot be changed from MCP"),
    "speaks_as_home_mcp": ServiceRule(
        frozenset({"*.*"}), Risk.SYSTEM,
        "A message from MCP could pass itself off as Home MCP's approval request"),
    "own_means": ServiceRule(
        frozenset({"*.*"}), Risk.UNKNOWN,
        "It addresses devices by its own means, so Home MCP cannot tell what it reaches",
        external=True),
    "external_marked": ServiceRule(
        frozenset({"*.*"}), Risk.OPENS_HOUSE,
        "It leaves Home Assistant, and the owner marked it as opening in Home MCP's options"),
    "external_named": ServiceRule(
        frozenset({"*.*"}), Risk.OPENS_HOUSE,
        "It leaves Home Assistant, and its name says it opens (garage, gate, door, unlock, "
        "open, disarm, or a lock or an alarm turned off)"),
    "system_owners": ServiceRule(
        frozenset({"*.*"}), Risk.SAFE,
        "It controls Home Assistant itself, as one of the owner's own steps: not what opens "
        "the house"),
    "external_owners": ServiceRule(
        frozenset({"*.*"}), Risk.SAFE,
        "It leaves Home Assistant, as one of the owner's own steps: judged by what Home "
        "Assistant can see"),
    "broadcast": ServiceRule(
        frozenset({"*.*"}), Risk.UNKNOWN, "It broadcasts beyond its targets"),
    "templated_action": ServiceRule(
        frozenset({"*.*"}), Risk.UNKNOWN, "The action's name is a template: what it does "
        "is only known when it runs"),
    "templated_target": ServiceRule(
        frozenset({"*.*"}), Risk.UNKNOWN, "The targets are templates of an action that is "
        "not an entity's own: what it reaches is only known when it runs"),
    "acting_agent": ServiceRule(
        frozenset({"*.*"}), Risk.UNKNOWN, "The conversation agent it hands the text to may "
        "call any action (it is not one Home MCP knows to act only through Assist)"),
    "unreadable_item": ServiceRule(
        frozenset({"*.*"}), Risk.UNKNOWN, "Home MCP could not read what it does (its repair "
        "in Settings says why), so what runs or changes it waits"),
}  # fmt: skip
DATA_RULE_WHEN: Final[Mapping[str, str]] = {
    "own_notification": "its data names one of Home MCP's notifications "
    "(`notification_id: home_mcp…`, at any depth)",
    "speaks_as_home_mcp": "any text in its data names Home MCP or its approval pages, "
    "read after decoding HTML entities and percent-encoding, folding full-width and "
    "look-alike letters",
    "own_means": "an integration's service with no target that Home MCP does not know "
    "(`mqtt.publish` to a topic no MQTT entity takes commands on, `rest_command.*`, "
    "`esphome.*`), called by a client or in a configuration it writes",
    "external_marked": "such an action (or `shell_command.*`) the owner marked as opening "
    "in the options, wherever it is",
    "external_named": "such an action whose name (an MQTT topic) says it opens, in English, "
    "French, German, Spanish, Italian, Dutch or Portuguese, wherever it is",
    "system_owners": "an action that controls Home Assistant itself (a restart, a backup, "
    "a snapshot, a purge) inside the owner's own automation or script: it does not make "
    "that item, or what sets it off, guarded; a client's own call of it, or one in what a "
    "client writes, is `system`",
    "external_owners": "such an action (or `shell_command.*`) inside the owner's own "
    "automation or script: it does not make that item, or what sets it off, guarded",
    "broadcast": "an integration's service with `broadcast: true`",
    "templated_action": "a templated action name (inside a macro)",
    "templated_target": "templated targets of an integration's service that is not an "
    "entity service (an entity component's service with templated targets is judged on "
    "every entity of its domain that is not plain; an integration's entity service, "
    "such as `music_assistant.transfer_queue`, on each of that integration's own "
    "entities, and on none where Home Assistant lacks the action)",
    "acting_agent": "text handed to a conversation agent of an integration not known to "
    "act only through Home Assistant's LLM APIs (Extended OpenAI Conversation calls any "
    "action through functions of its own), one given an LLM API other than Assist's and Home "
    "MCP's (an MCP server's tools), one named by a template, or one whose settings cannot be "
    "read; a satellite's conversation started (`start_conversation`) when a pipeline of the "
    "house names such an agent",
    "unreadable_item": "it runs, enables, triggers or acts on an automation, script or "
    "template entity Home MCP could not read (a shape it does not know, or an attribute "
    "a Home Assistant upgrade renamed): that item alone, the rest of the house is judged "
    "as usual",
}
"""Whole-action risks that depend on the data (checked in `core.py`)."""


class HelperWrite(StrEnum):
    """What a helper is to the house, for creating, changing or deleting it."""

    OPTIONS_BOUND = "options_bound"
    IN_PERIMETER = "in_perimeter"
    GUARDED = "guarded"
    SETS_OFF_SECURING = "sets_off_securing"
    ACTED_ON = "acted_on"
    PLAIN = "plain"


@dataclass(frozen=True, slots=True)
class HelperWriteRule:
    """One line of the helper-write table: the first whose `when` holds decides."""

    when: HelperWrite
    described: str
    risk: Risk
    reason: str


HELPER_WRITE_RULES: Final[tuple[HelperWriteRule, ...]] = (
    HelperWriteRule(
        HelperWrite.OPTIONS_BOUND,
        "a select whose options an automation's templates take their values from",
        Risk.UNKNOWN,
        OPTIONS_BOUND,
    ),
    HelperWriteRule(
        HelperWrite.IN_PERIMETER,
        "in the perimeter: its change can lead to an opening",
        Risk.OPENS_HOUSE,
        "What it is set to can open the house",
    ),
    HelperWriteRule(
        HelperWrite.GUARDED,
        "guarded: what opens or secures the house reads it or waits for it",
        Risk.SYSTEM,
        "What opens or secures the house reads it, or waits for it",
    ),
    HelperWriteRule(
        HelperWrite.SETS_OFF_SECURING,
        "an existing helper whose change sets off an automation that locks, closes or arms "
        "(its trigger: a schedule's blocks, a toggle turned on at night)",
        Risk.SYSTEM,
        "{macro} is set off by its change, and locks, closes or arms: changed or deleted, "
        "it may never be",
    ),
    HelperWriteRule(
        HelperWrite.ACTED_ON,
        "acted on by an automation that locks, closes or arms (its options or range "
        "changed, the action on it can fail)",
        Risk.SYSTEM,
        "{macro} acts on it, and locks, closes or arms",
    ),
    HelperWriteRule(
        HelperWrite.PLAIN,
        "anything else",
        Risk.SAFE,
        "Nothing that opens or secures the house reads it",
    ),
)
"""Creating, changing or deleting a helper (`Gate.async_judge_helper_write`):
the first line whose condition holds decides; what the write itself fires
(`footprint.HELPER_WRITE`) is judged besides."""

CATALOGUE_NOTES: Final[Mapping[str, tuple[Risk, str]]] = {
    "scene.apply": (Risk.OPENS_HOUSE, "When a state it sets unlocks, opens or disarms"),
    "scene.create": (Risk.OPENS_HOUSE, "When a state it would set unlocks, opens or disarms"),
    "group.set": (
        Risk.OPENS_HOUSE,
        "When it brings into a group something that can open the house",
    ),
}
"""What depends on an action's data, said in the catalogue (`list_services`)
besides what it risks on the house's entities as they are."""

CATALOGUE_DATA: Final[Mapping[str, tuple[Mapping[str, Any], str]]] = {
    NOTIFY_DOMAIN: (
        {"message": "{{ message }}", "data": {"tag": "{{ tag }}"}},
        (
            "sent with any tag: one may take the place of the owner's prompt to lock up "
            "(a notification with buttons that set off what locks, closes or arms)"
        ),
    ),
}
"""The data the catalogue judges a domain's actions with, where what they set off
depends on it: data some call could give, so the catalogue says the worst a call
gets, in this house (a phone's notify action is guarded only where the owner's
phone asks to lock up)."""


class Hold(StrEnum):
    """A way a change keeps an automation that locks, closes or arms from securing."""

    CHECK = "check"
    DECIDES = "decides"
    DERIVED = "derived"
    TIMER = "timer"
    REDEFINED = "redefined"
    WAIT = "wait"
    RUN = "run"
    AGAIN = "again"
    PROMPT = "prompt"
    FIRES = "fires"
    AWAY = "away"
    ANSWER = "answer"


@dataclass(frozen=True, slots=True)
class HoldRule:
    """One line of the second-order table: a way a change keeps the house from being secured.

    The change is judged `risk`, as the opening it allows would be; what
    sets it off in turn is judged as for an opening (the perimeter's fixpoint).
    changes: what the change is made to, as a reader states it.
    verbs: the verbs of that change it applies to (`ANY`: any change).
    when: what else must hold, and what is spared.
    on_itself: the change is made to the securing automation itself (its
        finding names it as what the verb acts on); otherwise a finding's
        path ends with what the change is made to.
    """

    hold: Hold
    changes: str
    verbs: frozenset[str]
    when: str
    reason: str
    risk: Risk = Risk.OPENS_HOUSE
    on_itself: bool = False

    def applies(self, verb: str) -> bool:
        """Return True if this way applies to a change by `verb`."""
        return not self.verbs or verb in self.verbs


NUMERIC_VERBS: Final = frozenset({"increment", "decrement", "set_value", "reset"})
"""Verbs that change a number (a counter's, an `input_number`'s, a `number`'s) by a
step, to a value, or to its `initial`."""

REDEFINING: Final = frozenset(
    {
        ("group", "set"),
        ("group", "remove"),
        ("scene", "create"),
        ("scene", "delete"),
        ("input_select", "set_options"),
    }
)
"""(domain, verb) that change what an entity is, not its state: a group's
members, a scene's states, a helper's options. A securing macro that acts
on it then locks something else, or fails ("Night" is no longer an option)."""

HOLD_RULES: Final[tuple[HoldRule, ...]] = (
    HoldRule(
        Hold.CHECK,
        "what its conditions check",
        ANY,
        "to a state they do not accept, or any change when they accept no state the "
        "gate can name; not when the automation secures only by setting off others "
        "and the change sets them off as it would",
        "Makes a condition of an automation that locks, closes or arms fail",
    ),
    HoldRule(
        Hold.DECIDES,
        "what else decides whether, or when, it secures: a template it renders or checks "
        "before it secures (a message that can fail, a template condition), a pause, a "
        "wait, a loop",
        ANY,
        "any change: the gate cannot name the values that keep it from securing; not when "
        "the automation secures only by setting off others and the change sets them off "
        "as it would",
        "Changes what decides whether, or when, an automation that locks, closes or arms "
        "secures: a message or template it renders first, a pause, a wait",
    ),
    HoldRule(
        Hold.FIRES,
        "what its triggers compare with or wait for, besides what fires them: a threshold "
        "helper (`below: input_number.x`), a time helper (`at:`), a `for:` template, what a "
        "template trigger reads",
        ANY,
        "any change: the gate cannot name the values that keep it from firing; not when the "
        "automation secures only by setting off others and the change sets them off as it "
        "would",
        "Changes when an automation that locks, closes or arms is set off: what its trigger "
        "compares with, or waits for",
    ),
    HoldRule(
        Hold.DERIVED,
        "what a template entity its conditions check is computed from",
        ANY,
        "any change: the template entity may take any state",
        "Changes what an automation that locks, closes or arms checks: a template "
        "entity computed from it",
    ),
    HoldRule(
        Hold.TIMER,
        "the timer it waits for (`timer.finished`)",
        frozenset({"cancel", "pause", "change"}),
        "a start with a duration of its own is a change: it ends later, maybe never",
        "Stops or delays the timer an automation that locks, closes or arms waits for",
    ),
    HoldRule(
        Hold.REDEFINED,
        "a group, scene or helper it acts on or runs (what it is, not its state)",
        frozenset(verb for _, verb in REDEFINING),
        "the domain's own redefining action: "
        + ", ".join(f"`{domain}.{verb}`" for domain, verb in sorted(REDEFINING)),
        "Changes what an automation that locks, closes or arms acts on, so it "
        "secures something else or fails",
    ),
    HoldRule(
        Hold.WAIT,
        "what its trigger fires on",
        ANY,
        "a `for:` trigger's wait ended by a change elsewhere, or a `restart` run started "
        "over by its trigger firing again (judged now, while it waits or runs; for a "
        "written item, whenever it might)",
        "Ends the wait of an automation that locks, closes or arms, or starts its run over",
    ),
    HoldRule(
        Hold.RUN,
        "the automation or script itself, or one it runs or waits for",
        frozenset({SERVICE_TURN_ON, "trigger"}),
        "a run the caller starts, in any mode but `parallel` (a `single` run dropped, a "
        "`queued` one behind, a `restart` one cancelled; a full `max` drops the next): "
        "one with the caller's variables, or of the securing automation itself",
        "Holds up a run of an automation or script that locks, closes or arms",
    ),
    HoldRule(
        Hold.AGAIN,
        "the automation itself",
        frozenset({"trigger"}),
        "set off again and again by what is judged (not the item itself): it never "
        "finishes (`restart`) or drops the trigger that secures (`single`)",
        "Sets off an automation that locks, closes or arms again and again, so it never secures",
        on_itself=True,
    ),
    HoldRule(
        Hold.PROMPT,
        'the owner\'s notification whose button sets it off ("No one home, lock the doors?"), '
        "or the owner's alert that sends it",
        ANY,
        "a notification sent with the same `tag` (or one a template decides; on an iPhone, "
        "the same `apns-collapse-id` too), which takes "
        "the owner's off the phone (`clear_notification`, a `timeout`) or takes its place, "
        "not one that carries buttons setting off the same automations; on Android, one that "
        "removes the owner's channel (`remove_channel`) or posts on it at a quiet importance, "
        "and a command that silences the phone (`command_dnd`, `command_ringer_mode`); "
        "for the owner's alert (`alert:`) that sends it, acknowledging it "
        "(`alert.turn_off`, `alert.toggle`, where `can_acknowledge`) or taking what it "
        "watches out of its state (not by locking, closing or arming): it is not sent "
        "again, and its `done_message` may clear it; asked by a client, or by what a client "
        "runs or writes, not by the owner's own automations (the alert's *Pause* button)",
        "Takes off the phone, silences, or keeps from being sent again, the notification "
        "whose button sets off an automation that locks, closes or arms, so no one can tap it",
    ),
    HoldRule(
        Hold.AWAY,
        "the number its `numeric_state` trigger compares (a counter, an `input_number`, a "
        "`number`: the people home, `below: 1`)",
        NUMERIC_VERBS,
        "a change that moves it away from the range that fires it (`below:`: up, `above:`: "
        "down), not one toward or into it (that sets it off); a value set (`set_value`, "
        "`reset` to its `initial`) is compared with the present one, and, in what a client "
        "writes (or with a bound from a helper or a `value_template`), one outside the range "
        "may be away. A template trigger or a condition comparing it counts any change (the "
        "rows above)",
        "Moves the number an automation that locks, closes or arms fires on away from its "
        "threshold, so it may never fire",
    ),
    HoldRule(
        Hold.ANSWER,
        'what a wait of its run waits for (`wait_for_trigger`: the "Not now" tap on its '
        "prompt; `wait_template`)",
        ANY,
        "an event or change that ends the wait on a path where it then does not secure (a "
        "condition, or an `if` on `wait.trigger` or `wait.completed`, after it), while another "
        "answer, or the timeout, leads on to what secures; not one that leads on (the Lock tap "
        "itself). Judged now, while it waits; for a written item, whenever it might",
        "Answers the wait of an automation that locks, closes or arms so that it does not secure",
    ),
)
"""The second-order rules: each way a change keeps what secures the house
from securing it. `securing.py` and the perimeter find the automations
(`Snapshot.keeps_from_securing`, `securing.blocked_by_run_mode`); this table says which
way, for which verbs, with what risk and reason. `docs/gate.md` renders it."""

ACKNOWLEDGING: Final = frozenset({SERVICE_TURN_OFF, SERVICE_TOGGLE})
"""The verbs that acknowledge an alert: it sends no more of its notifications (`Hold.PROMPT`)."""

HOLDS: Final[Mapping[Hold, HoldRule]] = {rule.hold: rule for rule in HOLD_RULES}
_BY_REASON: Final[Mapping[str, HoldRule]] = {rule.reason: rule for rule in HOLD_RULES}


def keeps_from_securing(reason: str) -> bool:
    """Return True if a finding of `reason` keeps the house from being secured (a weakening)."""
    return reason in _BY_REASON


def hold_of(reason: str) -> HoldRule | None:
    """Return the second-order row a finding of `reason` comes from, if any."""
    return _BY_REASON.get(reason)


ALARM_LEVELS: Final[Mapping[str, int]] = {
    AlarmControlPanelState.ARMED_AWAY: 4,
    AlarmControlPanelState.ARMED_VACATION: 4,
    AlarmControlPanelState.ARMED_NIGHT: 3,
    AlarmControlPanelState.ARMED_HOME: 2,
    AlarmControlPanelState.ARMED_CUSTOM_BYPASS: 1,
    AlarmControlPanelState.DISARMED: 0,
}
"""How much an alarm mode watches. An alarm arming, pending or triggered
counts as the mode it comes from or goes to, whichever watches more (away
when unknown)."""
ARM_MODES: Final[Mapping[str, str]] = {
    verb: f"armed_{verb.removeprefix('alarm_arm_')}" for verb in ARM_VERBS
}
"""The mode each arming verb asks for (`alarm_arm_home` -> `armed_home`)."""
OPEN_STATES: Final[Mapping[EntityClass, frozenset[str]]] = {
    EntityClass.LOCK: frozenset(
        {LockState.UNLOCKED, LockState.UNLOCKING, LockState.OPEN, LockState.OPENING}
    ),
    EntityClass.ENTRANCE: frozenset({CoverState.OPEN, CoverState.OPENING}),
    EntityClass.VALVE: frozenset({ValveState.OPEN, ValveState.OPENING}),
}


def alarm_level(state: str | None, attributes: Mapping[str, Any]) -> int:
    """Return how much an alarm in `state` watches (`ALARM_LEVELS`)."""
    if state is not None and state in ALARM_LEVELS:
        return ALARM_LEVELS[state]
    around = [
        ALARM_LEVELS[value]
        for key in ("previous_state", "next_state", "post_pending_state")
        if isinstance(value := attributes.get(key), str) and value in ALARM_LEVELS
    ]
    return max(around, default=ALARM_LEVELS[AlarmControlPanelState.ARMED_AWAY])


def more_open(
    entity_class: EntityClass,
    old: str,
    new: str,
    old_attributes: Mapping[str, Any],
    new_attributes: Mapping[str, Any],
) -> bool:
    """Return True if a state change of a lock, door, valve or alarm opens the house."""
    if entity_class is EntityClass.ALARM:
        # An alarm arming watches, from now on, only what the mode it is
        # going to will watch.
        going_to = (
            new_attributes.get("next_state") if new == AlarmControlPanelState.ARMING else None
        )
        level = (
            ALARM_LEVELS[going_to]
            if isinstance(going_to, str) and going_to in ALARM_LEVELS
            else alarm_level(new, new_attributes)
        )
        return level < alarm_level(old, old_attributes)
    if (opened := OPEN_STATES.get(entity_class)) is None:
        return False
    if new in opened and old not in opened:
        return True
    if new in (CoverState.CLOSING, ValveState.CLOSING):
        return False
    before, after = old_attributes.get("current_position"), new_attributes.get("current_position")
    return isinstance(before, (int, float)) and isinstance(after, (int, float)) and after > before
