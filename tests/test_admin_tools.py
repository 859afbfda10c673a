"""The action catalogue (`list_services`) and the administrator tools.

`render_template` and `get_error_log` are for a Home Assistant
administrator's own credential, and the configuration tools (`get_config`,
`save_config`, `delete_config`) for it or a `config` client key: other users
and other client keys neither see nor call them.
"""

from __future__ import annotations

import asyncio
from datetime import timedelta
import logging
import threading
import time
from typing import Any
from unittest.mock import patch

from jinja2.compiler import CodeGenerator
from jinja2.filters import do_center
import mcp_types as types
import pytest
from pytest_homeassistant_custom_component.common import MockConfigEntry
import yaml

from custom_components.home_mcp.tools.template_limits import LimitedTemplateEnvironment
from homeassistant.auth.const import GROUP_ID_USER
from homeassistant.core import HomeAssistant, ServiceCall, callback
from homeassistant.helpers.template import (
    _ENVIRONMENT as TEMPLATE_ENVIRONMENT,
    Template,
    TemplateEnvironment,
)
from homeassistant.setup import async_setup_component
from homeassistant.util import dt as dt_util

from .conftest import SCRIPTS, McpHarness, long_lived_token

ADMIN_TOOLS = {"render_template", "get_error_log"}
CONFIG_TOOLS = {"get_config", "get_trace", "save_config", "delete_config"}
RUNAWAY = "{% for i in range(100000) %}{% for j in range(100000) %}{% endfor %}{% endfor %}done"
SQUARING = (
    "{% set ns = namespace(x=7) %}{% for i in range(30) %}"
    "{% set ns.x = ns.x * ns.x %}{% endfor %}{{ ns.x }}"
)
"""7 ** (2 ** 30) by squaring: a power without `**`."""
NIGHT_LOCK: dict[str, Any] = {
    "id": "night_lock_1700000000",
    "alias": "Night lock",
    "description": "Lock the front door at night",
    "triggers": [{"trigger": "event", "event_type": "bedtime"}],
    "conditions": [],
    "actions": [{"action": "lock.lock", "target": {"entity_id": "lock.front_door"}}],
    "mode": "single",
}


def _encoded(result: types.CallToolResult) -> bytes:
    text = result.content[0]
    assert isinstance(text, types.TextContent)
    return text.text.encode()


def _by_service(result: dict[str, Any]) -> dict[str, dict[str, Any]]:
    return {row["service"]: row for row in result["items"]}


# -- list_services --------------------------------------------------------------


async def test_domains_are_a_small_mapping_even_in_a_big_house(
    mcp: McpHarness, hass: HomeAssistant
) -> None:
    async with mcp.client() as client:
        small = await client.call_tool("list_services", {})
    assert small.structured_content is not None
    assert small.structured_content["domains"]["lock"] == 3
    assert small.structured_content["domains"]["script"] == len(SCRIPTS) + 4
    assert len(_encoded(small)) < 4096

    @callback
    def _noop(call: ServiceCall) -> None:
        """Do nothing."""

    for number in range(300):
        hass.services.async_register(f"vendor_integration_number_{number:03d}", "refresh", _noop)
    async with mcp.client() as client:
        big = await client.call_tool("list_services", {})
    data = big.structured_content
    assert data is not None and data["ok"] is True
    assert len(_encoded(big)) < 4096
    # The integrations with the most actions stay; the rest are counted.
    assert data["domains"]["lock"] == 3 and data["domains"]["media_player"] > 1
    assert data["domains_omitted"] == 300 + len(small.structured_content["domains"]) - len(
        data["domains"]
    )
    assert data["domains_omitted"] > 0
    assert data["total_services"] == small.structured_content["total_services"] + 300


async def test_lock_actions_with_fields_and_gate(mcp: McpHarness) -> None:
    result = await mcp.data("list_services", {"domain": "lock"})
    assert result["ok"] is True and result["total"] == 3
    rows = _by_service(result)
    assert rows["unlock"]["guarded"] is True and rows["unlock"]["risk"] == "opens_house"
    assert rows["open"]["guarded"] is True
    assert rows["lock"]["guarded"] is False and rows["lock"]["risk"] == "securing"
    assert rows["unlock"]["name"] == "Unlock lock"
    assert rows["unlock"]["target"] == "entity(lock)"
    assert rows["unlock"]["fields"] == [
        {
            "name": "code",
            "description": "Code used to unlock the lock.",
            "required": False,
            "selector": "text",
            "example": 1234,
        }
    ]


async def test_covers_and_scripts_are_judged_like_calls(mcp: McpHarness) -> None:
    covers = _by_service(await mcp.data("list_services", {"domain": "cover"}))
    assert covers["open_cover"]["guarded"] is True
    assert "garage" in covers["open_cover"]["why"]
    assert covers["close_cover"]["guarded"] is False
    position = {f["name"]: f for f in covers["set_cover_position"]["fields"]}["position"]
    assert position == {
        "name": "position",
        "description": "Target position.",
        "required": True,
        "selector": "number 0–100 %",
    }

    scripts = _by_service(await mcp.data("list_services", {"domain": "script"}))
    # Each script is its own action, judged on what it does.
    assert scripts["unlock_front"]["guarded"] is True
    assert scripts["welcome_home"]["risk"] == "opens_house"
    assert "lock.front_door" in scripts["welcome_home"]["why"]
    assert scripts["bedtime"]["guarded"] is False and scripts["bedtime"]["risk"] == "safe"
    assert scripts["dynamic"]["risk"] == "unknown"
    # script.turn_on can start any of them, so it is as guarded as the worst.
    assert scripts["turn_on"]["guarded"] is True
    # Stopping a running script that locks (good_night) leaves the door as it is.
    assert scripts["turn_off"]["guarded"] is True
    assert "good_night" in scripts["turn_off"]["why"]
    assert scripts["reload"]["risk"] == "system"
    assert scripts["bedtime"]["name"] == "Bedtime"


async def test_one_action_and_unknown_names(mcp: McpHarness) -> None:
    result = await mcp.data("list_services", {"domain": "light", "service": "turn_on"})
    assert result["total"] == 1 and result["items"][0]["service"] == "turn_on"
    fields = {f["name"]: f for f in result["items"][0]["fields"]}
    assert fields["brightness_pct"]["selector"] == "number 0–100 %"
    assert fields["flash"]["selector"] == "select(long|short)"

    missing = await mcp.data("list_services", {"domain": "locks"})
    assert missing["ok"] is False and missing["error"] == "not_found"
    assert "lock" in missing["similar"]
    alarm = await mcp.data("list_services", {"domain": "alarm"})
    assert alarm["similar"] == ["alarm_control_panel"]
    typo = await mcp.data("list_services", {"domain": "lock", "service": "unlok"})
    assert typo["error"] == "not_found" and typo["similar"][0] == "unlock"


async def test_catalogue_without_descriptions_still_says_what_is_guarded(
    mcp: McpHarness,
) -> None:
    with patch(
        "custom_components.home_mcp.tools.list_services.async_get_all_descriptions",
        side_effect=ModuleNotFoundError("No module named 'mutagen'"),
    ):
        result = await mcp.data("list_services", {"domain": "lock"})
    assert result["ok"] is True
    assert "mutagen" in result["warning"]
    assert _by_service(result)["unlock"]["guarded"] is True


# -- render_template ------------------------------------------------------------


async def test_render_template_result_and_type(mcp: McpHarness) -> None:
    cases = [
        ("{{ 40 + 2 }}", None, 42, "integer"),
        ("{{ states('lock.front_door') }}", None, "locked", "string"),
        ("{{ {'open': is_state('cover.garage_door', 'open')} }}", None, {"open": False}, "dict"),
        (
            "{{ rooms | map('upper') | list }}",
            {"rooms": ["hall", "büro"]},
            ["HALL", "BÜRO"],
            "list",
        ),
        ("{{ 2.5 * 2 }}", None, 5.0, "float"),
    ]
    for template, variables, expected, kind in cases:
        arguments: dict[str, Any] = {"template": template}
        if variables is not None:
            arguments["variables"] = variables
        result = await mcp.data("render_template", arguments)
        assert result["ok"] is True, result
        assert (result["result"], result["type"]) == (expected, kind), template

    undefined = await mcp.data("render_template", {"template": "Hello {{ nowhere }}!"})
    assert (undefined["result"], undefined["type"]) == ("Hello !", "string")
    assert "nowhere" in undefined["warnings"][0]


async def test_render_template_errors_name_the_line(mcp: McpHarness) -> None:
    syntax = await mcp.data(
        "render_template", {"template": "{{ states('sun.sun') }}\nline two\n{% if %}yes{% endif %}"}
    )
    assert syntax["ok"] is False and syntax["error"] == "template_syntax_error"
    assert syntax["line"] == 3 and syntax["source_line"] == "{% if %}yes{% endif %}"
    assert "line 3" in syntax["message"]

    failing = await mcp.data("render_template", {"template": "\n\na\n{{ 1 / 0 }}"})
    assert failing["error"] == "template_error" and failing["line"] == 4
    assert failing["source_line"] == "{{ 1 / 0 }}"
    assert "ZeroDivisionError" in failing["message"]

    recursion = await mcp.data(
        "render_template",
        {"template": "{% macro deeper(n) %}{{ deeper(n + 1) }}{% endmacro %}{{ deeper(0) }}"},
    )
    assert recursion["error"] == "template_error"

    too_long = await mcp.data("render_template", {"template": "x" * 10_001})
    assert too_long["error"] == "invalid_arguments"


async def test_runaway_template_stops_at_the_limit_while_home_assistant_serves(
    mcp: McpHarness, hass: HomeAssistant
) -> None:
    limit = 5.0
    loop = asyncio.get_running_loop()
    gaps: list[float] = []
    done = asyncio.Event()

    async def heartbeat() -> None:
        last = loop.time()
        while not done.is_set():
            await asyncio.sleep(0.02)
            now = loop.time()
            gaps.append(now - last)
            last = now

    def renderers() -> list[threading.Thread]:
        return [t for t in threading.enumerate() if t.name == "home_mcp_render_template"]

    # Wait for this render's own thread, not one left by an earlier test: with
    # another thread of that name about, the checks below could run before the
    # runaway render has even reached Home Assistant (nothing to be busy with).
    earlier = set(renderers())
    beat = asyncio.create_task(heartbeat())
    async with mcp.client() as client:
        render = asyncio.create_task(
            mcp.data("render_template", {"template": RUNAWAY, "timeout": limit})
        )
        ours: list[threading.Thread] = []
        for _ in range(1000):
            if ours := [t for t in renderers() if t not in earlier]:
                break
            await asyncio.sleep(0.01)
        assert len(ours) == 1
        thread = ours[0]
        started = loop.time()

        # One template at a time: each spinning thread slows Home Assistant.
        # Checked first, while the runaway render surely runs.
        assert thread.is_alive() and not render.done()
        second = await client.call_tool("render_template", {"template": "{{ 1 }}"})
        assert second.structured_content is not None
        assert second.structured_content.get("error") == "busy", second.structured_content

        # While the template spins in its thread, Home Assistant answers.
        await hass.services.async_call(
            "light", "turn_on", {"entity_id": "light.bed_light"}, blocking=True
        )
        listed = await client.call_tool("list_entities", {"domain": "light", "state": "on"})
        assert listed.structured_content is not None
        assert "light.bed_light" in {row["entity_id"] for row in listed.structured_content["items"]}
        # (Whether the render still ran when that answer came depends on the
        # machine's load; the heartbeat below is what proves the loop ran.)

        try:
            result = await render
            elapsed = loop.time() - started
        finally:
            done.set()
            await beat
        assert result["ok"] is False and result["error"] == "timeout"
        assert result["limit_seconds"] == limit and "5 s" in result["message"]
        assert limit - 0.2 < elapsed < limit + 1.5
        # The thread was stopped, not left spinning.
        assert not thread.is_alive() and set(renderers()) <= earlier
        # Slowed down by the spinning thread, the event loop never stood still:
        # rendered in the loop, one gap would last the whole limit. The beats
        # cover the whole render (the heartbeat began before it and beat once
        # more after it ended); how many there were and how short they are
        # depends on the machine's load (a busy CI runner has shown 20 beats
        # of a quarter second), so only a stall of half the limit fails.
        assert sum(gaps) >= elapsed, (sum(gaps), elapsed)
        assert max(gaps) < limit / 2, max(gaps)

        after = await client.call_tool("render_template", {"template": "{{ 1 }}"})
        assert after.structured_content is not None
        assert after.structured_content["result"] == 1


async def test_huge_powers_and_repetitions_are_refused_while_home_assistant_serves(
    mcp: McpHarness, hass: HomeAssistant
) -> None:
    """One `**` or `*` computed in C would hold the event loop (a thread cannot stop it)."""
    refused = [
        # Without the limits the integer and repetition cases held the event
        # loop for seconds or without end (Jinja even computes constant ones
        # while compiling, in the loop) or allocated gigabytes; the float
        # cases gave a bare OverflowError.
        ("{{ 7 ** 10000000 }}", "'**'", "10,000 bits"),
        ("{{ 10 ** (10 ** 10) }}", "'**'", "10,000 bits"),
        ("{{ 'x' * 1500000000 }}", "'*'", "at most 1,000,000"),
        ("{{ 1500000000 * 'x' }}", "'*'", "at most 1,000,000"),
        ("{{ [0] * 10**9 }}", "'*'", "at most 1,000,000"),
        ("{{ (2 ** 5000) * (2 ** 5000) }}", "'*'", "10,000 bits"),
        (SQUARING, "'*'", "10,000 bits"),
        ("{{ 2.0 ** 100000 }}", "'**'", "float"),
        ("{{ 1.5 ** 10 ** 400 }}", "'**'", "float"),
    ]
    loop = asyncio.get_running_loop()
    gaps: list[float] = []
    done = asyncio.Event()

    async def heartbeat() -> None:
        # The loop's own work between beats (its thread's CPU time): a render
        # held in the loop shows; a busy machine's wait for a core does not.
        last = time.thread_time()
        while not done.is_set():
            await asyncio.sleep(0.02)
            now = time.thread_time()
            gaps.append(now - last)
            last = now

    beat = asyncio.create_task(heartbeat())
    try:
        async with mcp.client() as client:
            for template, operator, limit in refused:
                started = loop.time()
                answer = await client.call_tool("render_template", {"template": template})
                assert loop.time() - started < 2.0, template
                data = answer.structured_content
                assert data is not None and answer.is_error is True
                assert data["ok"] is False and data["error"] == "template_error", data
                assert data["line"] == 1 and f"TemplateLimitError: {operator} " in data["message"]
                assert limit in data["message"], data["message"]
                # Home Assistant answers in between.
                listed = await client.call_tool("list_entities", {"domain": "lock"})
                assert listed.structured_content is not None
                assert listed.structured_content["ok"] is True
    finally:
        done.set()
        await beat
    # The event loop never stood still.
    assert gaps and max(gaps) < 1.0

    where = await mcp.data(
        "render_template", {"template": "{% set n = 10 %}\nfine\n{{ 'ab' * n ** 9 }}"}
    )
    assert where["error"] == "template_error" and where["line"] == 3
    assert where["source_line"] == "{{ 'ab' * n ** 9 }}"
    assert "'*' would repeat a str to 2,000,000,000 characters" in where["message"]


async def test_ordinary_powers_and_repetitions_still_render(
    mcp: McpHarness, hass: HomeAssistant
) -> None:
    hass.states.async_set("sensor.x", "21.5")
    cases: list[tuple[str, Any, str]] = [
        ("{{ 2 ** 10 }}", 1024, "integer"),
        ("{{ '-' * 20 }}", "-" * 20, "string"),
        ("{{ [1, 2] * 3 }}", [1, 2, 1, 2, 1, 2], "list"),
        ("{{ 2 * (1, 2) }}", [1, 2, 1, 2], "tuple"),
        ("{{ 3 * 4 }}", 12, "integer"),
        ("{{ states('sensor.x') | float * 2 }}", 43.0, "float"),
        ("{{ 2 ** 0.5 }}", 2**0.5, "float"),
        ("{{ (-2) ** 3 }}", -8, "integer"),
        ("{{ 2 ** -2 }}", 0.25, "float"),
        ("{{ 1 ** 10 ** 100 }}", 1, "integer"),
        # Jinja's `**` is left-associative: (10 ** 10) ** 10, a 333-bit number.
        ("{{ 10 ** 10 ** 10 }}", 10**100, "integer"),
        # At the limits, not past them.
        ("{{ (2 ** 9999) % 1000 }}", pow(2, 9999, 1000), "integer"),
        ("{{ ('x' * 1000000) | length }}", 1_000_000, "integer"),
    ]
    for template, expected, kind in cases:
        result = await mcp.data("render_template", {"template": template})
        assert result["ok"] is True, (template, result)
        assert (result["result"], result["type"]) == (expected, kind), template


async def test_home_assistant_templates_keep_home_assistant_operators(
    mcp: McpHarness, hass: HomeAssistant
) -> None:
    """Only render_template's templates have the limits; the shared environment is untouched."""
    power = "{{ (2 ** 20000) % 1000 }}"  # 20,001 bits: past render_template's limit
    repeat = "{{ ('x' * 2000000) | length }}"
    # Compiled (and cached by source) in Home Assistant's shared environment first.
    home_assistant = [Template(power, hass), Template(repeat, hass)]
    assert [t.async_render() for t in home_assistant] == [pow(2, 20000, 1000), 2_000_000]
    assert Template("{{ 2 ** 100 }}", hass).async_render() == 2**100

    # render_template does not reuse the code Home Assistant cached for them.
    for template, operator in ((power, "'**'"), (repeat, "'*'")):
        refused = await mcp.data("render_template", {"template": template})
        assert refused["error"] == "template_error", refused
        assert f"TemplateLimitError: {operator} " in refused["message"]

    # And Home Assistant's rendering afterwards is as before.
    assert [Template(t.template, hass).async_render() for t in home_assistant] == [
        pow(2, 20000, 1000),
        2_000_000,
    ]
    assert Template("{{ 7 ** 1000 % 10 }}", hass).async_render() == pow(7, 1000, 10)
    environment = hass.data[TEMPLATE_ENVIRONMENT]
    assert type(environment) is TemplateEnvironment
    assert environment.intercepted_binops == frozenset()


DOUBLING = (
    "{% set ns = namespace(x=START) %}{% for i in range(31) %}"
    "{% set ns.x = ns.x OP ns.x %}{% endfor %}{{ ns.x | length }}"
)
"""Doubles a text or a list 31 times: 2 ** 31 characters or items without the limits."""
SET_BLOCK = (
    "{% set x %}{% for i in range(2000) %}{{ 'x' * 999999 }}{% endfor %}{% endset %}"
    "{{ x | length }}"
)
"""Two gigabytes of text in a block's buffer, a megabyte at a time."""
GROWING: list[tuple[str, str, str]] = [
    # Without the limits these allocated up to gigabytes in one C call (which
    # a thread cannot stop; `sum` held the GIL for seconds), the filters and
    # `%` with constant arguments while compiling, in the event loop. The
    # smaller ones stand for their bigger versions: past the limit is refused.
    (DOUBLING.replace("START", "'x'").replace("OP", "+"), "'+'", "1,048,576 characters"),
    (DOUBLING.replace("START", "[0]").replace("OP", "+"), "'+'", "1,048,576 items"),
    (DOUBLING.replace("START", "'x'").replace("OP", "~"), "'~'", "1,048,576 characters"),
    ("{{ 'x' | center(10**9) }}", "'| center'", "1,000,000,000 characters"),
    ("{{ '%1000000000s' % 'x' }}", "'%'", "1,000,000,000 characters"),
    ("{{ '%*s' % (10**9, 'x') }}", "'%'", "1,000,000,000 characters"),
    ("{{ '%(a(b))1000000000s' % {'a(b)': 1} }}", "'%'", "1,000,000,000 characters"),
    ("{{ '%1000000000s' | format('x') }}", "'| format'", "1,000,000,000 characters"),
    ("{{ '{:>1000000000}'.format('x') }}", "'.format()'", "1,000,000,000 characters"),
    ("{{ '{:{}}'.format('x', 10**9) }}", "'.format()'", "1,000,000,000 characters"),
    ("{{ '{a:>1000000000}'.format_map({'a': 1}) }}", "'.format()'", "1,000,000,000"),
    ("{{ 'x'.ljust(10**9) }}", "'.ljust()'", "1,000,000,000 characters"),
    ("{{ 'x'.rjust(10**9) }}", "'.rjust()'", "1,000,000,000 characters"),
    ("{{ 'x'.center(10**9) }}", "'.center()'", "1,000,000,000 characters"),
    ("{{ 'x'.zfill(10**9) }}", "'.zfill()'", "1,000,000,000 characters"),
    ("{{ 'a\\tb'.expandtabs(10**9) }}", "'.expandtabs()'", "1,000,000,003 characters"),
    ("{{ ('x' * 999999).join(['a', 'b', 'c']) }}", "'.join()'", "2,000,001 characters"),
    ("{{ ''.join(['x' * 999999] * 3) }}", "'.join()'", "2,999,997 characters"),
    ("{{ ('x' * 999999).replace('x', 'yy') }}", "'.replace()'", "1,999,998 characters"),
    ("{{ (10**9) | apply('x'.ljust) }}", "'.ljust()'", "1,000,000,000 characters"),
    ("{{ 'x' | indent(10**9) }}", "'| indent'", "2,000,000,001 characters"),
    ("{{ ('x' * 999999) | replace('x', 'yy') }}", "'| replace'", "1,999,998 characters"),
    ("{{ (['x' * 999999] * 3) | join }}", "'| join'", "1,999,998 characters"),
    ("{{ [1, 2] | tojson(indent=10**9) }}", "'| tojson'", "at most 16"),
    (
        "{{ ('x' * 10000) | regex_replace('', 'y' * 10000) }}",
        "'| regex_replace'",
        "100,020,000 characters",
    ),
    ("{{ [0] | batch(10**9, 0) | list }}", "'| batch'", "1,000,000,000 items"),
    ("{{ ([[0] * 1000] * 2000) | sum(start=[]) }}", "'| sum'", "2,000,000 items"),
    ("{{ ('x' * 600000).encode().hex() }}", "'hex()'", "1,200,000 characters"),
    ("{{ pack(0, '>1000000000x') }}", "'pack()'", "1,000,000,000 bytes"),
    (SET_BLOCK, "rendering", "1,999,998 characters"),
]


async def test_growing_text_is_refused_while_home_assistant_serves(
    mcp: McpHarness, hass: HomeAssistant
) -> None:
    """Text or lists grown past the limit are refused before they are made."""
    environment = LimitedTemplateEnvironment(hass)
    loop = asyncio.get_running_loop()
    gaps: list[float] = []
    done = asyncio.Event()

    async def heartbeat() -> None:
        # The loop's own work between beats (its thread's CPU time): a render
        # held in the loop shows; a busy machine's wait for a core does not.
        last = time.thread_time()
        while not done.is_set():
            await asyncio.sleep(0.02)
            now = time.thread_time()
            gaps.append(now - last)
            last = now

    beat = asyncio.create_task(heartbeat())
    try:
        async with mcp.client() as client:
            for template, operation, size in GROWING:
                # Nothing is computed while compiling (in the event loop).
                started = loop.time()
                assert len(environment.compile(template, raw=True)) < 20_000, template
                assert loop.time() - started < 0.5, template

                started = loop.time()
                answer = await client.call_tool("render_template", {"template": template})
                assert loop.time() - started < 2.0, template
                data = answer.structured_content
                assert data is not None and answer.is_error is True
                assert data["ok"] is False and data["error"] == "template_error", data
                assert data["line"] == 1, data
                assert f"TemplateLimitError: {operation} would " in data["message"], data
                assert size in data["message"], data["message"]
                # Home Assistant answers in between.
                listed = await client.call_tool("list_entities", {"domain": "lock"})
                assert listed.structured_content is not None
                assert listed.structured_content["ok"] is True
    finally:
        done.set()
        await beat
    # The event loop never stood still.
    assert gaps and max(gaps) < 1.0

    output = await mcp.data(
        "render_template", {"template": "{% for i in range(3) %}{{ 'x' * 999999 }}{% endfor %}"}
    )
    assert output["error"] == "template_error"
    assert "rendering would give 1,999,998 characters" in output["message"]


async def test_ordinary_text_operations_still_render(mcp: McpHarness, hass: HomeAssistant) -> None:
    hass.states.async_set("sensor.x", "21.5")
    cases: list[tuple[str, Any]] = [
        ("{{ 'a' + 'b' }}", "ab"),
        ("{{ [1] + [2] }}", [1, 2]),
        ("{{ '%05.1f' % 3.14159 }}", "003.1"),
        ("{{ '%s is %-*s|' % ('x', 4, 'on') }}", "x is on  |"),
        ("{{ '%(n)s: %(v).1f' % {'n': 'temp', 'v': 21.46} }}", "temp: 21.5"),
        ("{{ 'x'.ljust(10) }}|", "x         |"),
        ("[{{ 'x' | center(5) }}]", "[  x  ]"),
        ("{{ states('sensor.x') ~ ' °C' }}", "21.5 °C"),
        ("{{ 'a,b'.split(',') | join('-') }}", "a-b"),
        ("{{ '[{:>6.2f}]{}'.format(3.14159, 'x') }}", "[  3.14]x"),
        ("{{ '{n}'.format_map({'n': 'hall'}) }}", "hall"),
        ("{{ '%s-%s' | format('a', 'b') }}", "a-b"),
        ("{{ 'a1b22' | regex_replace('(\\\\d+)', '<\\\\1>') }}", "a<1>b<22>"),
        ("{{ 'one two three' | wordwrap(5) }}", "one\ntwo\nthree"),
        ("{{ 'a\\nb' | indent(2, true) }}", "a\n  b"),
        ("{{ 'ab'.replace('b', 'cd') ~ 'x'.zfill(3) }}", "acd00x"),
        ("{{ [{'n': 'a'}, {'n': 'b'}] | join(', ', attribute='n') }}", "a, b"),
        ("{{ [[1], [2]] | sum(start=[]) }}", [1, 2]),
        ("{{ [1, 2, 3] | sum }}", 6),
        ("{{ {'a': 1} | tojson(indent=2) }}", {"a": 1}),
        ("{% set t %}{% for i in range(3) %}{{ i }}{% endfor %}{% endset %}{{ t }}", "012"),
        ("{% macro m(n) %}<{{ n }}>{% endmacro %}{{ m(1) ~ m(2) }}", "<1><2>"),
        ("[{{ 4 | apply('ab'.center) }}]", "[ ab ]"),
        # At the limits, not past them.
        ("{{ ('x' | center(1000000)) | length }}", 1_000_000),
        ("{{ ('x' * 500000 + 'y' * 500000) | length }}", 1_000_000),
        ("{{ (('x' * 500000) ~ ('y' * 500000)) | length }}", 1_000_000),
        ("{{ ('%1000000s' % 'x') | length }}", 1_000_000),
        ("{{ ([[0] * 1000] * 1000) | sum(start=[]) | length }}", 1_000_000),
    ]
    for template, expected in cases:
        result = await mcp.data("render_template", {"template": template})
        assert result["ok"] is True, (template, result)
        assert result["result"] == expected, (template, result)


async def test_home_assistant_templates_keep_home_assistant_filters(
    mcp: McpHarness, hass: HomeAssistant
) -> None:
    """The limits live in render_template's own environment, not in Home Assistant's."""
    centered = "{{ ('x' | center(2000000)) | length }}"
    refused = await mcp.data("render_template", {"template": centered})
    assert "TemplateLimitError: '| center' " in refused["message"]

    assert Template(centered, hass).async_render() == 2_000_000
    assert Template("{{ ('x' ~ 'y' * 1500000) | length }}", hass).async_render() == 1_500_001
    environment = hass.data[TEMPLATE_ENVIRONMENT]
    assert environment.filters["center"] is do_center
    assert environment.code_generator_class is CodeGenerator
    assert environment.concat == "".join
    assert environment.intercepted_binops == frozenset()


async def test_multi_line_results_keep_their_lines(mcp: McpHarness) -> None:
    result = await mcp.data(
        "render_template", {"template": "{% for s in ['a', 'b'] %}{{ s }}\n{% endfor %}"}
    )
    assert result["result"] == "a\nb"


# -- get_error_log ---------------------------------------------------------------


async def test_error_log_shows_a_logged_warning(mcp: McpHarness, hass: HomeAssistant) -> None:
    assert await async_setup_component(hass, "system_log", {})
    garage = logging.getLogger("custom_components.fake_garage.cover")
    for _ in range(2):
        garage.warning("Garage door %s did not answer", "left")

    def parse_frame() -> None:
        raise ValueError("bad frame 0x7f")

    try:
        parse_frame()
    except ValueError:
        garage.warning("Garage protocol error\nsecond line\nthird line", exc_info=True)
    logging.getLogger("homeassistant.components.fake_zwave").warning("Node 5 is dead")

    result = await mcp.data("get_error_log", {"logger": "fake_garage"})
    assert result["ok"] is True and result["total"] == 2, result
    assert result["by_level"]["warning"] >= 3
    newest, repeated = result["items"]
    assert newest["message"] == "Garage protocol error second line"
    assert newest["exception"] == "ValueError: bad frame 0x7f"
    assert repeated["message"] == "Garage door left did not answer"
    assert repeated["count"] == 2 and repeated["level"] == "warning"
    assert repeated["logger"] == "custom_components.fake_garage.cover"
    first = dt_util.parse_datetime(repeated["first_occurred"])
    last = dt_util.parse_datetime(repeated["last_occurred"])
    assert first is not None and last is not None and first.utcoffset() is not None
    assert first <= last and abs(dt_util.utcnow() - last) < timedelta(minutes=1)
    assert repeated["source"].rsplit(":", 1)[1].isdigit()

    by_integration = await mcp.data("get_error_log", {"logger": "fake_zwave"})
    assert [row["message"] for row in by_integration["items"]] == ["Node 5 is dead"]
    by_text = await mcp.data("get_error_log", {"text": "BAD FRAME"})
    assert [row["message"] for row in by_text["items"]] == ["Garage protocol error second line"]
    errors_only = await mcp.data("get_error_log", {"level": "error", "logger": "fake_garage"})
    assert errors_only["total"] == 0
    page = await mcp.data("get_error_log", {"logger": "fake_garage", "limit": 1})
    assert page["has_more"] is True and page["next_offset"] == 1


async def test_error_log_without_system_log(
    mcp: McpHarness, hass: HomeAssistant, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delitem(hass.data, "system_log", raising=False)
    result = await mcp.data("get_error_log", {})
    assert result["ok"] is False and result["error"] == "system_log_not_loaded"
    assert "system_log" in result["message"]


# -- get_config: automations and scripts ------------------------------------------


async def test_automation_config_as_yaml_and_json(mcp: McpHarness, hass: HomeAssistant) -> None:
    assert await async_setup_component(hass, "automation", {"automation": [NIGHT_LOCK]})
    await hass.async_block_till_done()
    await hass.services.async_call(
        "automation", "trigger", {"entity_id": "automation.night_lock"}, blocking=True
    )

    by_id = await mcp.data("get_config", {"kind": "automation", "id": NIGHT_LOCK["id"]})
    by_entity = await mcp.data("get_config", {"kind": "automation", "id": "automation.night_lock"})
    assert by_id == by_entity
    assert by_id["ok"] is True and by_id["entity_id"] == "automation.night_lock"
    assert by_id["id"] == NIGHT_LOCK["id"] and by_id["name"] == "Night lock"
    assert by_id["state"] == "on"
    assert by_id["config"] == NIGHT_LOCK
    for line in ("alias: Night lock", "- trigger: event", "action: lock.lock", "mode: single"):
        assert line in by_id["yaml"]
    triggered = dt_util.parse_datetime(by_id["last_triggered"])
    assert triggered is not None and triggered.utcoffset() is not None
    assert abs(dt_util.utcnow() - triggered) < timedelta(minutes=1)

    missing = await mcp.data("get_config", {"kind": "automation", "id": "night lok"})
    assert missing["ok"] is False and missing["error"] == "not_found"
    assert missing["suggestions"][0]["entity_id"] == "automation.night_lock"


async def test_what_the_ui_cannot_edit_is_refused_with_its_explanation(
    mcp: McpHarness, hass: HomeAssistant
) -> None:
    """An automation kept in configuration.yaml, not automations.yaml: read, never written."""
    assert await async_setup_component(hass, "automation", {"automation": [NIGHT_LOCK]})
    await hass.async_block_till_done()
    for tool, arguments in (
        ("save_config", {"kind": "automation", "id": NIGHT_LOCK["id"], "config": NIGHT_LOCK}),
        (
            "save_config",
            {"kind": "automation", "id": "automation.night_lock", "config": NIGHT_LOCK},
        ),
        ("delete_config", {"kind": "automation", "id": "automation.night_lock"}),
    ):
        refused = await mcp.data(tool, arguments)
        assert refused["error"] == "not_editable", refused
        assert "cannot be edited from the UI" in refused["message"]
    assert hass.states.get("automation.night_lock") is not None


async def test_automation_yaml_parses_back(mcp: McpHarness, hass: HomeAssistant) -> None:
    assert await async_setup_component(hass, "automation", {"automation": [NIGHT_LOCK]})
    result = await mcp.data("get_config", {"kind": "automation", "id": NIGHT_LOCK["id"]})
    assert yaml.safe_load(result["yaml"]) == result["config"]


async def test_script_config(mcp: McpHarness, hass: HomeAssistant) -> None:
    await hass.services.async_call("script", "good_night", blocking=True)
    result = await mcp.data("get_config", {"kind": "script", "id": "good_night"})
    assert result["ok"] is True and result["entity_id"] == "script.good_night"
    assert result["id"] == "good_night" and result["name"] == "Good night"
    assert result["config"] == SCRIPTS["good_night"]
    assert "alias: Good night" in result["yaml"] and "action: lock.lock" in result["yaml"]
    assert result["state"] == "off"
    assert dt_util.parse_datetime(result["last_triggered"]) is not None

    never_run = await mcp.data("get_config", {"kind": "script", "id": "script.bedtime"})
    assert never_run.get("last_triggered") is None

    missing = await mcp.data("get_config", {"kind": "script", "id": "goodnight"})
    assert missing["error"] == "not_found"
    assert missing["suggestions"][0]["entity_id"] == "script.good_night"


# -- who may use them ------------------------------------------------------------


async def test_only_an_administrators_own_credential_gets_admin_tools(
    mcp: McpHarness, hass: HomeAssistant, home_mcp: MockConfigEntry
) -> None:
    async with mcp.client() as client:
        names = {tool.name for tool in (await client.list_tools()).tools}
        assert names >= ADMIN_TOOLS | CONFIG_TOOLS and "list_services" in names

    member = await hass.auth.async_create_user("Member", group_ids=[GROUP_ID_USER])
    _, key = await home_mcp.runtime_data.keys.async_create("Kitchen tablet", "control")
    _, reader = await home_mcp.runtime_data.keys.async_create("Wall display", "read")
    _, builder = await home_mcp.runtime_data.keys.async_create("Automation builder", "config")
    async with mcp.client(token=builder) as client:
        names = {tool.name for tool in (await client.list_tools()).tools}
        assert names >= CONFIG_TOOLS and not ADMIN_TOOLS & names
    for token in (await long_lived_token(hass, member), key, reader):
        async with mcp.client(token=token) as client:
            names = {tool.name for tool in (await client.list_tools()).tools}
            assert not (ADMIN_TOOLS | CONFIG_TOOLS) & names
            assert "list_services" in names
            for tool, arguments, error in (
                ("render_template", {"template": "{{ 1 }}"}, "admin_only"),
                ("get_error_log", {}, "admin_only"),
                ("get_config", {"kind": "automation", "id": "x"}, "config_scope_needed"),
                ("get_config", {"kind": "script", "id": "good_night"}, "config_scope_needed"),
                ("get_trace", {"entity_id": "script.good_night"}, "config_scope_needed"),
                ("save_config", {"kind": "script", "config": {}}, None),
                ("delete_config", {"kind": "script", "id": "good_night"}, None),
            ):
                refused = await client.call_tool(tool, arguments)
                assert refused.is_error is True
                assert refused.structured_content is not None
                expected = error or (
                    "read_only_credential" if token == reader else "config_scope_needed"
                )
                assert refused.structured_content["error"] == expected
                assert set(refused.structured_content) == {"ok", "error", "message", "hint"}
            catalogue = await client.call_tool("list_services", {"domain": "lock"})
            assert catalogue.is_error is False
