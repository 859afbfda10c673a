"""What secures the house, beyond what locks, closes or arms itself.

The perimeter (`perimeter.build_snapshot`) finds the automations and scripts
whose own actions lock, close or arm; this module widens that to what they
depend on: what sets them off (`securing_chains`), what else they read
(`dependencies`), and the scripts they run (`securing_runners`). Changing
any of these can keep the house from being secured.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping

from homeassistant.core import HomeAssistant

from .facts import entity_object
from .reads import EVERYTHING, Reads
from .verbs import resulting_states
from .wiring import Runnable, TriggerOn, is_state_key


def dependencies(runnable: Runnable) -> Iterator[tuple[str, frozenset[str] | None]]:
    """Yield (entity, the states it may take; None: none) a securing automation depends on.

    Its conditions' checks, then whatever else decides when or whether it
    secures (a trigger's `for:` template, a time trigger `at:` a helper,
    templated data such as a delay), for which any change counts: entities,
    and the whole domain or house a template reads (`states.light`, a bare
    `states`, an entity computed as it runs). Not what fires it (a state
    trigger's entity: changing it runs it), what it acts on, nor the timer
    it waits for (its verbs are judged as such).
    """
    yield from runnable.checks
    checked = {key for key, _ in runnable.checks}
    read = runnable.inputs.union(*(keys for _, keys in runnable.triggers))
    ruled = checked | runnable.acted | runnable.fired_by | runnable.timers
    for key in sorted(read - ruled):
        if is_state_key(key):
            yield key, None


def checks_on(
    checked_by: Mapping[str, list[tuple[str, frozenset[str] | None]]], entity_id: str
) -> list[tuple[str, frozenset[str] | None]]:
    """Return (securing automation, the states it accepts) of what checks `entity_id`.

    Its conditions name the entity, its whole domain (`states.light`) or the
    whole house (a bare `states`, an entity computed as it runs).
    """
    domain = entity_id.partition(".")[0]
    return [
        *checked_by.get(entity_id, ()),
        *checked_by.get(f"domain:{domain}", ()),
        *checked_by.get(EVERYTHING, ()),
    ]


def stopped_by(
    checks: Iterable[tuple[str, frozenset[str] | None]], entity_id: str, verb: str
) -> Iterator[str]:
    """Yield the automations of `checks` whose condition `verb` on `entity_id` can fail.

    Automations that lock, close or arm do not run when a condition they
    check fails: any change of what they check without knowing the states
    they accept, a change to a state they do not accept otherwise. (The
    timer they wait for, cancelled, paused or changed, is `Snapshot.waits_on`.)
    """
    states = resulting_states(entity_id.partition(".")[0], verb)
    for automation_id, accepted in checks:
        if accepted is None or not states or not states <= accepted:
            yield automation_id


def held_up_by_variables(hass: HomeAssistant, runners: list[str], macro_id: str) -> list[str]:
    """Return the securing macros of `runners` a run of `macro_id` with variables holds up.

    Started with variables of the caller's (a delay of 10 h), a script or
    automation in any mode but `parallel` keeps its securing runs from
    securing: in `single` mode theirs is dropped, in `queued` it waits
    behind, in `restart` the caller's run cancels theirs. (`runners`: the
    securing macros that run the script, `securing_runners`, or the
    securing automation itself.)
    """
    entity = entity_object(hass, macro_id)
    script = getattr(entity, "script", None) or getattr(entity, "action_script", None)
    if getattr(script, "script_mode", "single") == "parallel":
        return []
    return runners


def securing_chains(
    macros: list[Runnable], triggers_on: Mapping[str, list[TriggerOn]], securing: set[str]
) -> None:
    """Add to `securing` what sets off a securing automation: the first half of its chain.

    An automation that starts the timer the auto-lock waits for, or turns on
    the "night mode" helper whose change runs the locking automation, secures
    the house as much as the automation it sets off: turning it off, or
    editing it, keeps the house from being secured. Until nothing changes.
    """
    grown = True
    while grown:
        grown = False
        timers = {
            timer for r in macros if r.entity_id in securing and r.runs_itself for timer in r.timers
        }
        for runnable in macros:
            if runnable.entity_id in securing:
                continue
            for key, verbs in runnable.touched.items():
                domain = key.partition(".")[0]
                starts = domain == "timer" and "start" in verbs
                if (starts and (key in timers or "domain:timer" in timers)) or any(
                    trigger.automation_id in securing
                    and trigger.fires(resulting_states(domain, verb))
                    for verb in verbs
                    for trigger in triggers_on.get(key, ())
                ):
                    securing.add(runnable.entity_id)
                    grown = True
                    break


def securing_runners(hass: HomeAssistant, securing: Iterable[str], script_id: str) -> list[str]:
    """Return the securing automations and scripts (of `securing`) that run `script_id`.

    Such a script is part of what secures the house: edited to wait, or
    deleted, it holds up or breaks the lock that comes after it.
    """
    if not script_id.startswith("script."):
        return []
    found = []
    for macro in sorted(securing):
        raw = getattr(entity_object(hass, macro), "raw_config", None)
        if macro != script_id and script_id in Reads(hass).add(raw).keys:
            found.append(macro)
    return found
