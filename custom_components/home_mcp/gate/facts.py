"""The facts the rule table's conditions ask about, read from the house.

`rules.When` names a condition in words; `Facts.holds` answers it for one
effect: the position asked, whether the entity is open or closing (by its
state and by the entity object, the more dangerous reading winning), how
much the alarm watches now, whether an automation can open the house or
secures it (`knowledge.Knowledge`). Judged for later (`now=False`), what depends
on the present state takes its dangerous side.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

from homeassistant.components.alarm_control_panel import AlarmControlPanelState
from homeassistant.components.cover import CoverState
from homeassistant.const import (
    SERVICE_RELOAD,
    SERVICE_TOGGLE,
    SERVICE_TURN_OFF,
    SERVICE_TURN_ON,
    STATE_OFF,
    STATE_ON,
)
from homeassistant.core import HomeAssistant, State, split_entity_id
from homeassistant.helpers import entity_registry as er
from homeassistant.helpers.entity_component import DATA_INSTANCES

from .bindings import given_state, is_template
from .internals import COVER_TOGGLE, DISARM_AFTER_TRIGGER, VALVE_TOGGLE, private_or
from .live import present
from .model import Effect
from .proposals import proposed
from .rules import ALARM_LEVELS, ARM_MODES, CODE_FIELDS, EMPTY_CODES, When, alarm_level
from .targets import static
from .verbs import TIMER_ACTIVE

if TYPE_CHECKING:
    from .knowledge import Knowledge


def entity_object(hass: HomeAssistant, entity_id: str) -> Any:
    """Return the entity object behind `entity_id` from its component (or the proposal)."""
    part_of_proposal, item = proposed(entity_id)
    if part_of_proposal:
        return item
    component = hass.data.get(DATA_INSTANCES, {}).get(split_entity_id(entity_id)[0])
    return component.get_entity(entity_id) if component is not None else None


def is_unavailable(entity: Any) -> bool:
    """Return True for an automation or script Home Assistant could not validate.

    Home Assistant keeps it as an entity that is never available and runs
    nothing (`UnavailableAutomationEntity`, `UnavailableScriptEntity`): its
    own action is not registered, and `turn_on` or `trigger` skip it. A
    device trigger, condition or action on a device that does not exist
    fails validation so (`device_automation.helpers`: "Unknown device").
    """
    return type(entity).__name__.startswith("Unavailable")


SCRIPT_CONTROLS: Final = frozenset(
    {SERVICE_TURN_ON, SERVICE_TURN_OFF, SERVICE_TOGGLE, SERVICE_RELOAD}
)
"""The script domain's own actions: any other `script.<key>` runs the script of that key
(`script_entity_id`); `script.turn_on` starts the scripts it targets."""


def script_entity_id(hass: HomeAssistant, service: str) -> str:
    """Return the script entity that the action `script.<service>` runs.

    A script's own action is named by its key, its unique id, which stays
    when a person renames the entity (`script.cleaner` keeps the action
    `script.let_the_cleaner_in`).
    """
    found = er.async_get(hass).async_get_entity_id("script", "script", service)
    return found or f"script.{service}"


def script_service(hass: HomeAssistant, entity_id: str) -> str:
    """Return the name of a script entity's own action: its key (`script_entity_id`)."""
    entry = er.async_get(hass).async_get(entity_id)
    if entry is not None and entry.platform == "script" and entry.unique_id:
        return entry.unique_id
    return split_entity_id(entity_id)[1]


def code_spared(effect: Effect) -> tuple[str, frozenset[str]] | None:
    """Return (helper, its states) while which the code `effect` gives a lock is empty.

    keymaster's `add_code` with `usercode: "{{ states('input_text.pin').strip()
    }}"` gives no one a way in while that helper is empty (`When.CODE_EMPTY`).
    None: the code is not one entity's state, or never empty so.
    """
    code = effect.data.get(CODE_FIELDS.get(effect.verb, ""))
    helpers: set[str] = set()
    states: set[str] = set()
    for state in EMPTY_CODES:
        found = given_state(code, state)
        if found is not None and all(str(item).strip() in EMPTY_CODES for item in found[1]):
            helpers.add(found[0])
            states.add(state)
    return (helpers.pop(), frozenset(states)) if len(helpers) == 1 else None


class Facts:
    """The conditions of `rules.When`, for one effect on the house as it is.

    now: the action runs now (the house's present state counts); False for
        what an automation would do when it runs later, judged on any state.
    held: when not now, the states the entity can be in as it runs (its
        automation's conditions; None: any).
    """

    def __init__(
        self,
        knowledge: Knowledge,
        effect: Effect,
        *,
        now: bool,
        held: frozenset[str] | None = None,
    ) -> None:
        """Evaluate conditions for `effect`."""
        self._knowledge = knowledge
        self._effect = effect
        self._now = now
        self._held = None if now else held

    def _state(self) -> State | None:
        return present(self._knowledge.hass, self._effect.entity_id)

    def _motion(self) -> str | None:
        """Return open, opening, closed or closing, as the state and the entity say."""
        state = self._state()
        current = state.state if state is not None else None
        entity = entity_object(self._knowledge.hass, self._effect.entity_id)
        if entity is None:
            return current
        if getattr(entity, "is_closing", None) is True:
            return CoverState.CLOSING
        if getattr(entity, "is_closed", None) is True:
            return CoverState.CLOSED
        if getattr(entity, "is_opening", None) is True:
            return CoverState.OPENING
        return current

    def _toggle_closes(self) -> bool:
        """Return True if toggling the cover or valve now closes it.

        Home Assistant's own choice (`CoverEntity._get_toggle_function`,
        `ValveEntity.async_toggle`): a moving one stops (left open), a closed
        or closing one opens, a fully open or opening one closes, and one
        stopped part way goes back the way it last moved.
        """
        state = self._state()
        entity = entity_object(self._knowledge.hass, self._effect.entity_id)
        if state is None or entity is None:
            return False
        if "tilt" in self._effect.verb:  # `toggle_cover_tilt`: a tilt of 0 opens.
            tilt = state.attributes.get("current_tilt_position")
            return isinstance(tilt, (int, float)) and tilt > 0
        if state.state not in (CoverState.OPEN, CoverState.OPENING):
            return False
        if entity.is_closed or entity.is_closing or entity.is_opening:
            return False
        # Missing (an entity that never toggled keeps none, or another Home
        # Assistant): the reading that opens.
        toggle = COVER_TOGGLE if self._effect.domain == "cover" else VALVE_TOGGLE
        last_open = private_or(entity, toggle, False)
        position = state.attributes.get("current_position")
        return position == 100 or last_open is True

    def holds(self, when: When) -> bool:
        """Return True if `when` is true for the effect."""
        knowledge = self._knowledge
        entity_id, now = self._effect.entity_id, self._now
        if when is When.POSITION_ZERO:
            key = "tilt_position" if "tilt" in self._effect.verb else "position"
            value = static(self._effect.data.get(key))
            return isinstance(value, (int, float)) and not isinstance(value, bool) and value <= 0
        if when is When.CODE_EMPTY:
            code = self._effect.data.get(CODE_FIELDS.get(self._effect.verb, ""))
            return (
                not is_template(code)
                and isinstance(static(code), str)
                and (static(code).strip() in EMPTY_CODES)
            )
        if when is When.TOGGLE_CLOSES:
            return now and self._toggle_closes()
        if when is When.IS_CLOSING:
            return not now or self._motion() == CoverState.CLOSING
        if when is When.IS_ARMED:
            if self._held is not None:
                return any(state != AlarmControlPanelState.DISARMED for state in self._held)
            state = self._state()
            return not now or state is None or state.state != AlarmControlPanelState.DISARMED
        if when is When.DISARMS_AFTER_SOUNDING:
            # Missing (a panel of another integration, or another Home Assistant):
            # the reading that opens.
            entity = entity_object(knowledge.hass, entity_id)
            disarms = entity is None or private_or(entity, DISARM_AFTER_TRIGGER, True) is not False
            return disarms and self.holds(When.IS_ARMED)
        if when is When.WATCHES_LESS:
            state = self._state() if now else None
            if self._held is not None:
                # None of them: it never runs, and arms nothing.
                current = max((alarm_level(held, {}) for held in self._held), default=0)
            elif state is not None:
                current = alarm_level(state.state, state.attributes)
            else:
                current = ALARM_LEVELS[AlarmControlPanelState.ARMED_AWAY]
            return ALARM_LEVELS[ARM_MODES[self._effect.verb]] < current
        state = self._state() if now else None
        is_now = state.state if state is not None else None
        if when is When.RESTARTS_SECURING_WAIT:
            # `Timer.async_start` without a duration: an active timer runs its
            # duration again, a paused one resumes, an idle one starts the
            # countdown to the lock. Judged for later, a start is that countdown.
            return is_now == TIMER_ACTIVE and any(
                (waiting := present(knowledge.hass, macro_id)) is not None
                and waiting.state == STATE_ON
                for macro_id in knowledge.waits_on(entity_id)
            )
        if when is When.CAN_OPEN:  # Turning on (or toggling) what is on already enables nothing.
            return knowledge.can_open(entity_id) and is_now != STATE_ON
        if when is When.SECURES:  # Turning off what is off already disables nothing.
            return knowledge.secures(entity_id, now=now) and is_now != STATE_OFF
        if when is When.RUNNING_SECURES:
            return knowledge.secures(entity_id) and (not now or is_now == STATE_ON)
        return knowledge.is_guarded(entity_id)  # When.GUARDED
