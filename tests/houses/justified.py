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
}
"""House -> `service entity_id` -> the path that makes it wait."""

NOT_YET: Final[Mapping[str, str]] = {
    "heyitsyang": "72 of 1,140 wait (6.3 %): the PINs a client would set and the "
    "override_parent flags and copy_from_parent scripts that copy the front door's PIN to the "
    "back door (real: keymaster's synchronize automation gives the lock that code; not yet "
    "listed); each code slot's reset (it empties the PIN, which the gate reads as any PIN); "
    "the auto-lock flags and timers; and the announcement volumes a client can push past what "
    "the speakers take, which stop the extended-absence run before it arms",
    "jazzyisj": "759 of 759 wait, reviewed: binary_sensor.alarm_open_sensor_alert tests "
    "is_state() of each entity the panel's open_sensors attribute names (any entity, so any "
    "change may set it off); automation.alarm_open_sensor then runs script.arm_alarm, which "
    "arms through alarmo.arm in the mode input_select.current_arm_mode holds: home or night "
    "watch less than away, the mode the panel may be in. Real only if a change of the house "
    "can make that sensor flip while the panel is armed in a higher mode; not yet: what the "
    "panel's attribute can list (binary sensors Alarmo watches), and what arming leaves a "
    "template reading the panel in",
    "thefes": "340 of 340 wait: script.party_party remembers in a scene the lights a loop "
    "over the area's lights picked ({{ effect_data.lights }}: the area's lights are bounded, "
    "a loop over them is not), and a template light's scripts, run when something acts on "
    "the light, are read without the light's own variables (a call's data may replace them), "
    "so script.light_blink's `{{ domain }}.toggle` is any action there; every template light "
    "reaches them. Its chat-bot commands, reminder notifiers and the effect scripts a light's "
    "own call runs are bounded",
    "zanix": "93 of 1,292 wait (7.2 %). Reviewed, real but not yet listed (43): the PINs a "
    "client would set (16), the override_parent flags and copy_from_parent scripts that give the "
    "garage entry the front door's PIN (16), the auto-lock and retry flags, timers and timer "
    "scripts (8), guest mode, the scripts that open the garage to start a car (2). False "
    "positives left (49): each code slot's reset, by its flag, a client's run of the reset "
    "scripts without a slot, and script.collection_at_curb (the reset empties the PIN, which "
    "the gate reads as any PIN keymaster's synchronize automation gives the lock; 19); and the "
    "notifications script.notify_mobile sends with an iOS `push: category` (its buttons are "
    "defined on the phone, so read as any button, turn_on_water among them), set off by a "
    "timer, a grill alert, a reset flag or a notify script a client runs (30). Not yet "
    "reviewed (1): script.kona_remote_stop, a single-mode run that closes the garage, held up "
    "by a client's run of itself",
}
"""House -> what it still lacks (issue 30), measured: an expected failure while it lacks it.

`bench/RESULTS.md` has the figures (`script/bench --houses`).
"""
SLOW: Final[Mapping[str, str]] = dict.fromkeys(
    ("ccostan", "jazzyisj", "thefes", "zanix"),
    "each forced call waits for the index rebuilt after the last change (issue 30, item 5)",
)
"""House -> why forcing its inputs through MCP is skipped."""
