"""What a harmless-looking action may wait for in each real house, and why.

Each entry is one action the gate guards in a real house (`test_real_houses`),
with the real path to an opening, or to a weakening of what secures the house,
that makes it wait: checked by hand against the house's configuration. A
guarded action not listed here is a false positive; a listed one that runs is
a miss or a stale entry. Entity ids only: the houses stay in `../shared`.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final

JUSTIFIED: Final[Mapping[str, Mapping[str, str]]] = {
    "geekofweek": {
        "turn_on input_boolean.bedtime": "turned on now, it keeps automation."
        "bedtime_turn_on_primary_bedtime_if_user1_not_home from turning it on later, when "
        "automation.alarm_arm_night_at_bedtime's own conditions (household home, alarm "
        "disarmed) would be checked",
        "turn_on input_boolean.disable_door_lock_automations": "automation."
        "location_after_user1_home_lock_doors locks lock.garage_door only while it is off",
        "turn_on input_boolean.disable_garage_automations": "automation."
        "garage_household_away_mode_close_garage closes cover.garage_door only while it is off",
        "turn_off input_boolean.disable_garage_automations": "automation."
        "garage_user1_home_open_garage_door opens cover.garage_door when USER1 arrives, only "
        "while it is off",
        "turn_on input_boolean.disable_location_automations": "automation."
        "location_household_away_mode_locks locks the doors only while it is off",
        "turn_off input_boolean.disable_location_automations": "automation."
        "out_of_town_turn_off_when_home then turns out-of-town mode off, and the 7 a.m. reset "
        "turns disable_garage_automations off: the garage opens on USER1's arrival",
        "turn_on input_boolean.garage_door": "automation.garage_open_on_demand opens "
        "cover.garage_door",
        "turn_on input_boolean.guest_mode": "automation.alarm_enable_alarm_when_away arms "
        "the alarm only while guest mode is off",
        "turn_off input_boolean.out_of_town_mode": "automation.system_reset_overrides_at_7a "
        "runs only while it is off, and turns disable_garage_automations off: the garage "
        "opens on USER1's arrival",
    },
    "jlpouffier": {
        "turn_off input_boolean.automation_presence_simulator": "turned off now, it keeps "
        "automation.simulation_de_presence_arreter_lors_du_retour from turning it off on "
        "arrival, which sets off automation.mode_chien_actions (whose own conditions are then "
        "checked at another time)",
        "turn_off input_boolean.guest_mode": "turned off now, it keeps automation."
        "mode_invite_notifier_mode_invite_lors_de_l_arrivee's notification from turning it off "
        "on arrival, which sets off automation.mode_chien_actions (conditions of its own)",
        "turn_on script.power_notification_desactiver_mode_invite_lors_de_l_arrivee": "its "
        "button turns guest mode off at another time than the arrival automation would "
        "(as above)",
        "turn_on input_boolean.automation_presence_simulator": "automation.mode_chien_actions "
        "locks the front door on departure (script.leave_home) only while it is off",
        "turn_off input_boolean.depart_intelligent": "automation."
        "surveillance_de_la_maison_eteindre_appareils_lors_du_depart locks on departure "
        "(script.leave_home) only while it is on",
        "turn_on input_boolean.guest_mode": "the same departure automation locks only while "
        "guest mode is off",
        "turn_on input_boolean.mode_chien": "automation.mode_chien_actions locks on departure "
        "only when dog mode is off",
        "select_next input_select.modes_de_presence_de_la_maison_v2": "automation."
        "mode_sommeil_actions locks lock.serrure_porte_d_entree at bedtime only while the "
        "house is 'Occupée'",
        "turn_on script.power_notification_simulation_de_presence_et_eloignement_du_domicile": (
            "its notification's button turns the presence simulator on, which keeps "
            "automation.mode_chien_actions from locking on departure"
        ),
        "turn_on script.quitter_la_maison": "it sets the house to 'Départ en cours': "
        "automation.mode_sommeil_actions then does not lock at bedtime",
    },
    "ccostan": {
        "turn_on input_boolean.guest_mode": "automation.away_mode locks and arms only while "
        "guest mode is off (its condition)",
        "turn_on script.kitchen_kiosk_restore_phyn_water": "it opens valve.phyn_shutoff_valve",
        "turn_on script.open_large_garage_door_if_ready": "it opens cover.large_garage_door",
    },
    "heyitsyang": {
        **{
            f"set_value input_text.keymaster_{door}_autolock_door_time_{part}": f"automation."
            f"keymaster_{door}_opened starts keymaster's auto-lock timer for this time: set "
            f"long, the door stays unlocked that long; emptied, no timer starts"
            for door in ("front_door", "back_door")
            for part in ("day", "night")
        },
        "set_datetime input_datetime.party_mode_start": "it moves the time automation."
        "aut_datetime_extended_absence_on turns party mode on, which keeps automation."
        "aut_auto_front_door_lock from locking the front door",
        "set_datetime input_datetime.guest_arrives": "it moves the time automation."
        "aut_datetime_guest_mode_on turns guest mode on, which keeps automation."
        "aut_departure_security_check from locking both doors on departure",
        "set_datetime input_datetime.guest_departs": "it moves the time automation."
        "aut_datetime_guest_mode_off turns guest mode off: later, guest mode stays on longer, "
        "which keeps automation.aut_departure_security_check from locking both doors on "
        "departure until then",
        "turn_on input_boolean.inp_bool_extended_absence_mode": "turned on now, it keeps "
        "automation.aut_extended_absence_auto_on (which runs only while it is off) from "
        "turning it on when both phones have been 100 miles away for 30 minutes, which locks "
        "both doors then (aut_extended_absence_on, script.scr_common_extended_absence_on)",
        "turn_on input_boolean.inp_bool_guest_mode": "automation.aut_departure_security_check "
        "locks both doors on departure (script.scr_nobody_home) only while it is off",
        "turn_on input_boolean.party_mode": "automation.aut_auto_front_door_lock locks "
        "lock.front_door_lock only while it is off",
        "turn_off input_boolean.party_mode": "automation.aut_auto_front_door_lock_party_mode "
        "locks the front door only while it is on; turned off once the everyday auto-lock's "
        "triggers have fired (its template stays true), nothing locks the door",
        "increment input_number.inp_num_auto_front_door_lock_trig_delay": "it postpones "
        "automation.aut_auto_front_door_lock",
        "increment input_number.inp_num_auto_front_door_lock_trig_party_delay": "it postpones "
        "automation.aut_auto_front_door_lock_party_mode",
        "increment input_number.inp_num_auto_back_door_lock_trig_delay": "it postpones "
        "automation.aut_auto_back_door_lock",
        "set_datetime input_datetime.extended_absence_start": "it moves the time automation."
        "aut_datetime_extended_absence_on_2 turns extended absence on, which locks both doors",
        "set_datetime input_datetime.party_mode_end": "it moves the time automation."
        "aut_datetime_extended_absence_off turns party mode off: the everyday front door "
        "auto-lock waits for the party delay (180 to 360 minutes) until then",
        **{
            f"turn_off input_boolean.keymaster_{door}_{flag}": f"automation."
            f"keymaster_retry_bolt_closed_{door} locks the {door} again when it closes only "
            f"while it is on"
            for door in ("front_door", "back_door")
            for flag in ("autolock", "retry")
        },
        **{
            f"cancel timer.keymaster_{door}_autolock": f"it cancels the auto-lock: automation."
            f"keymaster_{door}_timer_finished locks the {door} when it finishes"
            for door in ("front_door", "back_door")
        },
        **{
            f"turn_on script.keymaster_{door}_start_timer": f"it cancels the running "
            f"auto-lock timer (which turns the retry flag off) and starts it again for the "
            f"whole day or night time: the {door}'s auto-lock is postponed"
            for door in ("front_door", "back_door")
        },
        **{
            f"set_value input_text.{door}_pin_{slot}": f"automation."
            f"keymaster_synchronize_codeslot_{door}_{slot} gives the lock that code"
            for door, slots in (("front_door", 10), ("back_door", 4))
            for slot in range(1, slots + 1)
        },
        **{
            f"turn_off input_boolean.override_parent_back_door_{slot}": f"automation."
            f"keymaster_override_parent_back_door_{slot}_state_change copies the front door's "
            f"PIN to input_text.back_door_pin_{slot}, which keymaster's synchronize automation "
            f"gives lock.back_door_lock"
            for slot in range(1, 5)
        },
        **{
            f"turn_on script.keymaster_back_door_copy_from_parent_{slot}": f"it copies the "
            f"front door's PIN to input_text.back_door_pin_{slot}, which keymaster's "
            f"synchronize automation gives lock.back_door_lock"
            for slot in range(1, 5)
        },
    },
    "thefes": {
        **{
            f"turn_on script.{name}": "its group.set puts the entities its caller names "
            "(any entity, a lock too) in group.transition_active"
            for name in (
                "transition_lights",
                "transition_lights_perform_transition",
                "resume_transition_lights",
            )
        },
    },
    "zanix": {
        **{
            f"set_value input_text.keymaster_{door}_autolock_door_time_{part}": f"automation."
            f"{door}_opened starts keymaster's auto-lock timer for this time: set long, the "
            f"door stays unlocked that long; emptied, no timer starts and it is never locked"
            for door in ("front_door", "garage_entry")
            for part in ("day", "night")
        },
        "turn_on input_boolean.guest_mode": "automation.lock_doors_when_away locks the doors "
        "only while it is off",
        "turn_on script.ascent_remote_start": "it opens cover.garage_door when the Ascent is "
        "in the garage",
        # script.kona_remote_start opens cover.garage_door in the real house; here its
        # car's device is absent, so Home Assistant keeps it unavailable and it runs nothing.
        **{
            f"turn_off input_boolean.keymaster_{door}_{flag}": f"automation."
            f"retry_bolt_closed_{door} locks the {door} again when it closes only while it "
            f"is on"
            for door in ("front_door", "garage_entry")
            for flag in ("autolock", "retry")
        },
        **{
            f"cancel timer.keymaster_{door}_autolock": f"it cancels the auto-lock: automation."
            f"{door}_timer_finished locks the {door} when it finishes"
            for door in ("front_door", "garage_entry")
        },
        **{
            f"turn_on script.keymaster_{door}_start_timer": f"it cancels the running "
            f"auto-lock timer (which turns the retry flag off) and starts it again for the "
            f"whole day or night time: the {door}'s auto-lock is postponed"
            for door in ("front_door", "garage_entry")
        },
        **{
            f"set_value input_text.{door}_pin_{slot}": f"automation."
            f"synchronize_codeslot_{door}_{slot} gives the lock that code"
            for door in ("front_door", "garage_entry")
            for slot in range(1, 9)
        },
        **{
            f"turn_off input_boolean.override_parent_garage_entry_{slot}": f"automation."
            f"override_parent_garage_entry_{slot}_state_change copies the front door's PIN to "
            f"input_text.garage_entry_pin_{slot}, which keymaster's synchronize automation "
            f"gives lock.garage_entry"
            for slot in range(1, 9)
        },
        **{
            f"turn_on script.keymaster_garage_entry_copy_from_parent_{slot}": f"it copies the "
            f"front door's PIN to input_text.garage_entry_pin_{slot}, which keymaster's "
            f"synchronize automation gives lock.garage_entry"
            for slot in range(1, 9)
        },
    },
}
"""House -> `service entity_id` -> the path that makes it wait."""

NOT_YET: Final[Mapping[str, str]] = {
    "jazzyisj": "759 of 759 wait. Every harmless action keeps a securing automation from "
    "securing: five of them depend on every entity (measured as the house is first read, "
    "before the perimeter grows: `Snapshot.checked_by['*']`), and one of them is enough. "
    "What holds a securing run now reads a script it starts with data it fixes, in any mode "
    "but queued, with that data (`securing.paused_by`, branch `paused30`): alone that frees "
    "none of the five (5 of 5); with the group bound below put in by hand, "
    "automation.waketime (its single script.waketime given alarm_delay, its parallel light "
    "scripts given their lights) no longer depends on every entity (4 of 5). "
    "script.lock_door_locks is queued: a call waits behind any caller's run, so it is read "
    "as any caller runs it, its while expand(entity_id) reading every entity although "
    "`repeat.index < 4` and a 30 s timeout bound each run (not yet read as such). "
    "Bounding what a group can hold frees none of the five on its own (measured with the "
    "tightest bound put in by hand: group.media_players, which nothing of the owner's makes, "
    "empty; group.door_locks, which update_alarm_groups sets from states.lock, the house's "
    "locks, for expand and state_attr): lock_door_locks' and waketime's own walks come out "
    "bounded, but what holds their runs (`securing.paused_by`) still reads every entity, "
    "twice: the waited script as written, without what its caller gives it or its own "
    "`variables:` steps (script.lock_door_locks' while expand(entity_id); script.waketime's "
    "wait is_state(wake_player, 'off'), without a timeout, after it arms), and the pauses "
    "of each script it waits for as walked on its own, given anything by any caller "
    "(script.lock_door_locks; the light, fan and LED scripts script.waketime runs: their "
    "loops' counts over entities worked out by valid_lights from the entity_id their "
    "caller gives). With both also read with what the securing run gives them (put in by "
    "hand too), lock_door_locks and waketime no longer depend on every entity (without the "
    "group bound, lock_door_locks still does: its own walk reads group.door_locks' members "
    "through valid_locks … | to_json, from_json); three still do, whatever a group holds. "
    "automation.reset_door_locks: expand(states.binary_sensor "
    "| selectattr(…)), expand(locks) of regex-built lock ids, expand(sensors), the LED "
    "scripts' state_attr('group.notify_led', …) (set from states of two domains). "
    "automation.zwave_keypress_events: its garage and unlock options' conditions "
    "(is_state_attr(entity, 'garage_led', true), entity picked from group.zwave_entities, "
    "which automation.update_zwave_groups builds from a bare states: any entity, so only "
    "reading which attributes a client can change would bound it); its taps and "
    "script.unlock_door_locks are real paths. The light and fan scripts' loop items "
    "(repeat.item handed to light_timer, adaptive_switch, manual_mode, fan_timer, "
    "state_attr(…, 'group')) read every entity too, but no opening automation counts them "
    "as the house is first read: they count only once every light's change is guarded, "
    "which the five make so. automation.alarm_open_sensor reads no group: its announcement "
    "before it arms says the open sensors' names through the speech helpers' array_to_clist and "
    "plural_verb, custom macro calls read as ones that can raise, fed by every entity "
    "(expand of an attribute); judged by their bodies (branch `w30-macros`) it no longer "
    "depends on every entity, but red team 50 showed that judging wrong for a parameter "
    "the body sets again or left to a default, and for the caller's names. Bounded now: "
    "its notification's names, sorted (what each state has as text sorts), "
    "the wake-time routine's switch.alarm_clock_{{ states('input_select.…') }} (a helper "
    "the house lacks: no switch), names set only to written ids, custom template macros as "
    "their calls render them, twelve_hour(this.entity_id), group.door_locks read before it "
    "exists, an entity a filter names only to leave it out. Tried and not merged: an "
    "automation's own variables counting only where they steer (branch `jazzy`): jazzyisj "
    "unchanged, and zanix's and heyitsyang's harmless actions waited (1,246 of 1,292; 639 of "
    "1,140); a group expanded to its members as the house holds them (red team 49: a "
    "client's group.set, a helper a group names created or deleted, flip an owner's "
    "templated verb)",
}
"""House -> what it still lacks (issue 30), measured: an expected failure while it lacks it.

`bench/RESULTS.md` has the figures (`script/bench --houses`).
"""
SLOW: Final[Mapping[str, str]] = {
    "jazzyisj": "no forced call waits for the house read again (none marks it changed), but "
    "a reading takes about 20 s here, and a call after the house's own runs changed it "
    "waits for one (a second list_macros 25 s after a first of 8 s; the first list_macros "
    "(200) 5 s): over the client's 30 s when the machine is loaded (issue 30, item 5)",
    "thefes": "no forced call waits for the house read again, but its reading takes 65 to "
    "150 s (two thirds judging scene.create's remembered lights, walked again in each "
    "macro) and the first list_macros (200) more than the client's 30 s (issue 30, item 5)",
}
"""House -> why forcing its inputs through MCP is skipped, measured."""
