"""Running an action the gate let through, and saying what really happened.

`async_execute` calls the action through `hass.services.async_call` with the
caller's `Context` (Home Assistant's permission checks and the logbook's
attribution apply), waits for it within `ACTION_TIMEOUT`, and reports the
state of every entity it addressed as Home Assistant reports it afterwards:
a lock that jams says `jammed`, a call that raised says Home Assistant's
error. Never a bare "ok".

"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable, Iterable
import logging
from typing import Any, Final

import probatio

from homeassistant.components.alarm_control_panel import (
    DOMAIN as ALARM_DOMAIN,
    AlarmControlPanelState,
)
from homeassistant.components.cover import DOMAIN as COVER_DOMAIN, CoverState
from homeassistant.components.lock import DOMAIN as LOCK_DOMAIN, LockState
from homeassistant.components.media_player import MediaPlayerState
from homeassistant.components.valve import DOMAIN as VALVE_DOMAIN, ValveState
from homeassistant.const import (
    SERVICE_ALARM_ARM_AWAY,
    SERVICE_ALARM_ARM_HOME,
    SERVICE_ALARM_ARM_NIGHT,
    SERVICE_ALARM_ARM_VACATION,
    SERVICE_ALARM_DISARM,
    SERVICE_CLOSE_COVER,
    SERVICE_CLOSE_VALVE,
    SERVICE_LOCK,
    SERVICE_MEDIA_PAUSE,
    SERVICE_MEDIA_PLAY,
    SERVICE_OPEN,
    SERVICE_OPEN_COVER,
    SERVICE_OPEN_VALVE,
    SERVICE_TURN_OFF,
    SERVICE_UNLOCK,
    STATE_OFF,
)
from homeassistant.core import Context, HomeAssistant, SupportsResponse, split_entity_id
from homeassistant.exceptions import HomeAssistantError, ServiceNotFound, Unauthorized

from .const import ACTION_TIMEOUT, DOMAIN, PROGRESS_INTERVAL
from .gate import Action

_LOGGER = logging.getLogger(__name__)

type ProgressCallback = Callable[[float, float | None, str | None], Awaitable[None]]
"""`(progress, total, message)`: MCP progress for the request being served."""

MAX_REPORTED_ENTITIES: Final = 50

# What a state should be after a service completes, where that is clear.
_ON_OFF_DOMAINS: Final = frozenset(
    {"light", "switch", "fan", "input_boolean", "siren", "humidifier", "remote", "automation"}
)
_ARMING: Final = (AlarmControlPanelState.ARMING, AlarmControlPanelState.PENDING)
_EXPECTED: Final[dict[tuple[str, str], frozenset[str]]] = {
    (LOCK_DOMAIN, SERVICE_LOCK): frozenset({LockState.LOCKED}),
    (LOCK_DOMAIN, SERVICE_UNLOCK): frozenset({LockState.UNLOCKED, LockState.OPEN}),
    (LOCK_DOMAIN, SERVICE_OPEN): frozenset({LockState.OPEN, LockState.UNLOCKED}),
    (COVER_DOMAIN, SERVICE_OPEN_COVER): frozenset({CoverState.OPEN, CoverState.OPENING}),
    (COVER_DOMAIN, SERVICE_CLOSE_COVER): frozenset({CoverState.CLOSED, CoverState.CLOSING}),
    (VALVE_DOMAIN, SERVICE_OPEN_VALVE): frozenset({ValveState.OPEN, ValveState.OPENING}),
    (VALVE_DOMAIN, SERVICE_CLOSE_VALVE): frozenset({ValveState.CLOSED, ValveState.CLOSING}),
    (ALARM_DOMAIN, SERVICE_ALARM_DISARM): frozenset({AlarmControlPanelState.DISARMED}),
    (ALARM_DOMAIN, SERVICE_ALARM_ARM_AWAY): frozenset(
        {AlarmControlPanelState.ARMED_AWAY, *_ARMING}
    ),
    (ALARM_DOMAIN, SERVICE_ALARM_ARM_HOME): frozenset(
        {AlarmControlPanelState.ARMED_HOME, *_ARMING}
    ),
    (ALARM_DOMAIN, SERVICE_ALARM_ARM_NIGHT): frozenset(
        {AlarmControlPanelState.ARMED_NIGHT, *_ARMING}
    ),
    (ALARM_DOMAIN, SERVICE_ALARM_ARM_VACATION): frozenset(
        {AlarmControlPanelState.ARMED_VACATION, *_ARMING}
    ),
    ("climate", SERVICE_TURN_OFF): frozenset({STATE_OFF}),
    ("media_player", SERVICE_TURN_OFF): frozenset({STATE_OFF}),
    ("media_player", SERVICE_MEDIA_PLAY): frozenset({MediaPlayerState.PLAYING}),
    ("media_player", SERVICE_MEDIA_PAUSE): frozenset({MediaPlayerState.PAUSED}),
}


def expected_states(domain: str, service: str, entity_id: str) -> frozenset[str] | None:
    """Return the states `domain.service` should leave `entity_id` in, if known."""
    entity_domain = split_entity_id(entity_id)[0]
    if domain == "homeassistant":
        domain = entity_domain
    if domain != entity_domain:
        return None
    if (found := _EXPECTED.get((domain, service))) is not None:
        return found
    if domain in _ON_OFF_DOMAINS and service in ("turn_on", "turn_off"):
        return frozenset({service.removeprefix("turn_")})
    return None


def _state_row(
    hass: HomeAssistant, entity_id: str, before: str | None, action: Action
) -> dict[str, Any]:
    state = hass.states.get(entity_id)
    row: dict[str, Any] = {"entity_id": entity_id}
    if state is None:
        row["state"] = None
        row["note"] = "No such entity in Home Assistant"
        return row
    row["name"] = state.name
    row["state"] = state.state
    row["state_before"] = before
    row["changed"] = before != state.state
    row["last_changed"] = state.last_changed.isoformat()
    expected = expected_states(action.domain, action.service, entity_id)
    if expected is not None:
        row["reached"] = state.state in expected
        if not row["reached"]:
            row["expected"] = sorted(expected)
    return row


def _error(error: str, message: str, hint: str | None = None) -> dict[str, Any]:
    result: dict[str, Any] = {"ok": False, "error": error, "message": message}
    if hint:
        result["hint"] = hint
    return result


async def async_execute(
    hass: HomeAssistant,
    context: Context,
    action: Action,
    report: Iterable[str],
    progress: ProgressCallback | None = None,
) -> dict[str, Any]:
    """Run `action` as `context`'s user and return what Home Assistant reports.

    report: the entity ids whose state to report afterwards (the decision's
        affected entities); at most `MAX_REPORTED_ENTITIES` are shown.
    progress: called every `PROGRESS_INTERVAL` seconds while Home Assistant
        works, in seconds waited out of `ACTION_TIMEOUT`.

    Returns `{ok, action, completed, states[, response][, error, message]}`.
    `ok` is False when Home Assistant raised or the time limit passed; the
    states are reported either way. An action still running after
    `ACTION_TIMEOUT` seconds keeps running; the result says so.
    """
    entity_ids = list(dict.fromkeys(report))
    shown = entity_ids[:MAX_REPORTED_ENTITIES]
    before = {
        entity_id: (state.state if (state := hass.states.get(entity_id)) else None)
        for entity_id in shown
    }
    supports = hass.services.supports_response(action.domain, action.service)
    task = hass.async_create_background_task(
        hass.services.async_call(
            action.domain,
            action.service,
            action.service_data(),
            blocking=True,
            context=context,
            return_response=supports is not SupportsResponse.NONE,
        ),
        f"{DOMAIN} {action.name}",
    )
    done = await _async_wait(task, action, progress)
    result: dict[str, Any]
    if not done:
        result = _error(
            "timeout",
            f"{action.name} is still running after {ACTION_TIMEOUT:.0f} s; "
            "Home Assistant keeps running it. The states below are as of now.",
            "Read the entities again in a moment (list_entities) before telling the person it is done.",
        )
        result["completed"] = False
    elif (err := task.exception()) is not None:
        result = _describe_failure(action, err)
        result["completed"] = False
    else:
        result = {"ok": True, "completed": True}
        response = task.result()
        if response:
            result["response"] = response
    result["action"] = action.name
    result["states"] = [
        _state_row(hass, entity_id, before[entity_id], action) for entity_id in shown
    ]
    if len(entity_ids) > len(shown):
        result["states_omitted"] = len(entity_ids) - len(shown)
    if result["ok"]:
        missed = [row for row in result["states"] if row.get("reached") is False]
        if missed:
            result["warning"] = (
                "Home Assistant finished the action, but "
                + ", ".join(f"{row['entity_id']} is {row['state']}" for row in missed[:5])
                + ": tell the person what actually happened."
            )
    return result


async def _async_wait(
    task: asyncio.Task[Any], action: Action, progress: ProgressCallback | None
) -> bool:
    """Wait for `task` up to `ACTION_TIMEOUT`, reporting progress; return True if done."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + ACTION_TIMEOUT
    while (remaining := deadline - loop.time()) > 0:
        done, _ = await asyncio.wait({task}, timeout=min(PROGRESS_INTERVAL, remaining))
        if done:
            return True
        if progress is not None:
            waited = ACTION_TIMEOUT - max(deadline - loop.time(), 0)
            try:
                await progress(waited, ACTION_TIMEOUT, f"Home Assistant is running {action.name}")
            except Exception:  # noqa: BLE001  # The client's stream is not our action.
                _LOGGER.debug("Could not report progress for %s", action.name, exc_info=True)
    return task.done()


def _describe_failure(action: Action, err: BaseException) -> dict[str, Any]:
    """Turn what Home Assistant raised into a structured error."""
    if isinstance(err, Unauthorized):
        return _error(
            "unauthorized",
            f"Home Assistant refused {action.name}: the user may not control "
            f"{err.entity_id or 'this'}",
            "Ask the person to do it, or to grant the user the right in Home Assistant",
        )
    if isinstance(err, ServiceNotFound):
        return _error("service_not_found", f"Home Assistant has no action {action.name}")
    if isinstance(err, probatio.Invalid):
        return _error(
            "invalid_data",
            f"Home Assistant rejected the data for {action.name}: {err}",
            "Check the fields with the action's description in Home Assistant",
        )
    if isinstance(err, HomeAssistantError):
        return _error("action_failed", f"Home Assistant reported an error for {action.name}: {err}")
    _LOGGER.warning("%s raised %s: %s", action.name, type(err).__name__, err)
    return _error(
        "action_failed",
        f"{action.name} failed in Home Assistant ({type(err).__name__}: {err})",
    )
