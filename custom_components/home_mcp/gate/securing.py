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
from .reads import Reads
from .verbs import resulting_states
from .wiring import Runnable, TriggerOn


def dependencies(runnable: Runnable) -> Iterator[tuple[str, frozenset[str] | None]]:
    """Yield (entity, the states it may take; None: none) a securing automation depends on.

    Its conditions' checks, then whatever else decides when or whether it
    secures (a trigger's `for:` template, a time trigger `at:` a helper,
    templated data such as a delay), for which any change counts. Not what
    fires it (a state trigger's entity: changing it runs it), what it acts
    on, nor the timer it waits for (its verbs are judged as such).
    """
    yield from runnable.checks
    checked = {key for key, _ in runnable.checks}
    read = runnable.inputs.union(*(keys for _, keys in runnable.triggers))
    ruled = checked | runnable.acted | runnable.fired_by | runnable.timers
    for key in sorted(read - ruled):
        if "." in key and ":" not in key:
            yield key, None


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
