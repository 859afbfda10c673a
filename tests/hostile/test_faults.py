"""The faults a bad-input run against the demo found, each replayed as a client would send it.

1. A non-UTF-8 `User-Agent` (or a lone surrogate in `clientInfo`) stopped every
   later save of the audit and the confirmations, silently.
2. A non-UTF-8 `MCP-Protocol-Version` got HTTP 500.
3. Unbounded string arguments held Home Assistant's event loop for seconds.
4. `dry_run: "false"` ran the macro; `"id": true` was dropped with 202;
   `Content-Type: APPLICATION/JSON` got 415 from the SDK; an entity id with
   a NUL found the front door; a starting Home MCP answered a bare 404.

Stored data is read from what Home Assistant's `Store` writes on its final
write before a restart (`hass_storage`, filled through the same JSON encoder).
"""

from __future__ import annotations

import json
import logging
import time
from typing import Any

import httpx2
import pytest
from pytest_homeassistant_custom_component.common import MockConfigEntry

from homeassistant.config_entries import ConfigEntryState
from homeassistant.const import EVENT_HOMEASSISTANT_FINAL_WRITE
from homeassistant.core import HomeAssistant
from homeassistant.helpers import issue_registry as ir
from tests.conftest import DOMAIN, McpHarness, entity_state

HEADERS = {"Accept": "application/json, text/event-stream", "Content-Type": "application/json"}


def tool_call(name: str, arguments: dict[str, Any], request_id: Any = 1) -> dict[str, Any]:
    """Return a handshake-era `tools/call` request (served statelessly)."""
    return {
        "jsonrpc": "2.0",
        "id": request_id,
        "method": "tools/call",
        "params": {"name": name, "arguments": arguments},
    }


async def post(
    mcp: McpHarness, body: bytes | dict[str, Any], headers: dict[str, Any] | None = None
) -> httpx2.Response:
    """POST `body` to the endpoint with the harness's token; header values may be bytes."""
    content = body if isinstance(body, bytes) else json.dumps(body).encode()
    async with httpx2.AsyncClient(timeout=30) as http:
        return await http.post(
            mcp.url,
            content=content,
            headers={"Authorization": f"Bearer {mcp.token}", **HEADERS, **(headers or {})},
        )


async def saved_audit(hass: HomeAssistant, hass_storage: dict[str, Any]) -> list[dict[str, Any]]:
    """Return the audit entries as the `Store` writes them when Home Assistant stops."""
    hass.bus.async_fire(EVENT_HOMEASSISTANT_FINAL_WRITE)
    await hass.async_block_till_done()
    return list(hass_storage.get(f"{DOMAIN}.audit", {}).get("data", {}).get("entries", []))


def assert_json_rpc_error(response: httpx2.Response, status: int, code: int) -> str:
    """Assert an HTTP status with a JSON-RPC error body; return its message."""
    assert response.status_code == status, response.text
    body = response.json()
    assert body["jsonrpc"] == "2.0"
    assert body["error"]["code"] == code
    assert body["error"]["message"]
    return str(body["error"]["message"])


async def test_non_utf8_user_agent_is_refused_and_the_audit_keeps_saving(
    mcp: McpHarness, hass_storage: dict[str, Any]
) -> None:
    """A header that is not UTF-8 is a 400; every later call is still saved."""
    response = await post(mcp, tool_call("list_areas", {}), {"User-Agent": b"x-\xff\xfe"})
    message = assert_json_rpc_error(response, 400, -32600)
    assert "User-Agent" in message
    await mcp.data("list_floors")
    entries = await saved_audit(mcp.hass, hass_storage)
    assert entries[-1]["tool"] == "list_floors"


async def test_lone_surrogates_in_client_info_and_arguments_are_replaced_and_saved(
    mcp: McpHarness, hass: HomeAssistant, hass_storage: dict[str, Any]
) -> None:
    r"""`\ud800` escapes in clientInfo and a guarded request's data reach no store."""
    raw = (
        b'{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"call_service",'
        b'"arguments":{"domain":"lock","service":"unlock",'
        b'"target":{"entity_id":"lock.front_door"},"data":{"code":"\\udfff\\ud800 x"}},'
        b'"_meta":{"io.modelcontextprotocol/clientInfo":{"name":"evil\\udcff","version":"1"},'
        b'"io.modelcontextprotocol/protocolVersion":"2026-07-28",'
        b'"io.modelcontextprotocol/clientCapabilities":{}}}}'
    )
    response = await post(
        mcp,
        raw,
        {
            "MCP-Protocol-Version": "2026-07-28",
            "Mcp-Method": "tools/call",
            "Mcp-Name": "call_service",
        },
    )
    assert response.status_code == 200, response.text
    result = response.json()["result"]
    assert result["structuredContent"]["error"] == "needs_confirmation"
    assert entity_state(hass, "lock.front_door") == "locked"
    await mcp.data("list_floors")
    entries = await saved_audit(hass, hass_storage)
    refused = next(e for e in entries if e.get("decision") == "refused")
    assert refused["client"] == "evil\ufffd 1"
    assert entries[-1]["tool"] == "list_floors"
    stored = hass_storage[f"{DOMAIN}.confirmations"]["data"]["confirmations"]
    assert stored[-1]["action"]["data"]["code"] == "\ufffd\ufffd x"
    assert stored[-1]["requester"]["client_name"] == "evil\ufffd 1"


async def test_a_record_that_cannot_be_saved_is_repaired_and_says_so(
    mcp: McpHarness,
    hass: HomeAssistant,
    home_mcp: MockConfigEntry,
    hass_storage: dict[str, Any],
    caplog: pytest.LogCaptureFixture,
) -> None:
    """The store's safety net: a record no writer can encode is repaired, logged, raised."""
    audit = home_mcp.runtime_data.audit
    audit.async_record({"kind": "tool", "tool": "list_areas", "client": "bad \udcff", "x": {1}})
    await mcp.data("list_floors")
    entries = await saved_audit(hass, hass_storage)
    assert [e["tool"] for e in entries[-2:]] == ["list_areas", "list_floors"]
    assert entries[-2]["client"] == "bad \ufffd"
    assert ir.async_get(hass).async_get_issue(DOMAIN, "record_repaired_audit") is not None
    logged = [r for r in caplog.records if r.levelno >= logging.ERROR]
    assert any("repaired a audit record" in r.getMessage() for r in logged)
    for record in logged:
        record.getMessage().encode("utf-8")  # The log line itself can be written.


async def test_non_utf8_protocol_version_is_400_not_500(mcp: McpHarness) -> None:
    """The protocol version header with bytes that are not UTF-8 gets a JSON-RPC 400."""
    response = await post(
        mcp, tool_call("list_areas", {}), {"MCP-Protocol-Version": b"2025-\xff\xfe"}
    )
    message = assert_json_rpc_error(response, 400, -32600)
    assert "MCP-Protocol-Version" in message


@pytest.mark.parametrize(
    ("tool", "arguments", "field"),
    [
        ("list_devices", {"area": "x" * 900_000}, "area"),
        ("list_entities", {"area": "x" * 900_000}, "area"),
        ("list_entities", {"floor": "x" * 900_000}, "floor"),
        ("get_logbook", {"area": "x" * 900_000}, "area"),
        ("get_history", {"area": "x" * 900_000}, "area"),
        ("get_entity", {"name": "x" * 900_000}, "name"),
        (
            "call_service",
            {"domain": "light", "service": "turn_on", "data": {"x": "y" * 900_000}},
            "data",
        ),
    ],
)
async def test_too_long_arguments_are_refused_before_any_work(
    mcp: McpHarness, tool: str, arguments: dict[str, Any], field: str
) -> None:
    """A string over its limit is `invalid_arguments` naming the field and the limit, at once."""
    started = time.perf_counter()
    data = await mcp.data(tool, arguments)
    elapsed = time.perf_counter() - started
    assert data["error"] == "invalid_arguments"
    assert f"{field}:" in data["message"]
    problem = next(p for p in data["problems"] if p["field"] == field)
    assert problem.get("limit") or "KB" in problem["problem"]
    # Not a timing claim (bench/ has those): the old code took 2-9 s here.
    assert elapsed < 2, elapsed


@pytest.mark.parametrize("dry_run", ["false", 0, "yes", "no", 1, None, [], {}])
async def test_dry_run_is_a_boolean_or_nothing_runs(
    mcp: McpHarness, hass: HomeAssistant, dry_run: Any
) -> None:
    """`dry_run` given as text or a number is an error, and the macro does not run."""
    # Good night locks the kitchen door and turns the ceiling lights off.
    assert (
        await hass.services.async_call(
            "lock", "unlock", {"entity_id": "lock.kitchen_door"}, blocking=True
        )
        is None
    )
    await hass.services.async_call(
        "light", "turn_on", {"entity_id": "light.ceiling_lights"}, blocking=True
    )
    data = await mcp.data("run_macro", {"phrase": "good night", "dry_run": dry_run})
    assert data["error"] == "invalid_arguments"
    assert "dry_run" in data["message"]
    await hass.async_block_till_done()
    assert entity_state(hass, "light.ceiling_lights") == "on"
    assert entity_state(hass, "lock.kitchen_door") == "unlocked"


@pytest.mark.parametrize("request_id", [True, False, None, 1.5, {}, []])
async def test_a_request_id_that_is_not_a_string_or_integer_is_400(
    mcp: McpHarness, request_id: Any
) -> None:
    """`"id": true` is an invalid request, not a notification dropped with 202."""
    response = await post(mcp, tool_call("list_areas", {}, request_id))
    message = assert_json_rpc_error(response, 400, -32600)
    assert '"id"' in message


@pytest.mark.parametrize(
    "content_type",
    ["APPLICATION/JSON", "Application/Json; Charset=UTF-8", 'application/json;charset="utf-8"'],
)
async def test_media_types_are_case_insensitive_with_parameters(
    mcp: McpHarness, content_type: str
) -> None:
    """What passes Home MCP's media type check is served, never a 415 from the SDK."""
    response = await post(mcp, tool_call("list_areas", {}), {"Content-Type": content_type})
    assert response.status_code == 200, response.text
    assert response.json()["result"]["structuredContent"]["ok"] is True


async def test_another_charset_is_415(mcp: McpHarness) -> None:
    """JSON is UTF-8: a body declared in another charset is refused with what to send."""
    response = await post(
        mcp, tool_call("list_areas", {}), {"Content-Type": "application/json; charset=latin-1"}
    )
    assert "UTF-8" in assert_json_rpc_error(response, 415, -32600)


async def test_a_utf8_byte_order_mark_is_accepted(mcp: McpHarness) -> None:
    """RFC 8259 lets a parser ignore a BOM; the SDK gets the message without it."""
    body = b"\xef\xbb\xbf" + json.dumps(tool_call("list_areas", {})).encode()
    response = await post(mcp, body)
    assert response.status_code == 200, response.text
    assert response.json()["result"]["structuredContent"]["ok"] is True


@pytest.mark.parametrize(
    "body",
    [b'{"jsonrpc":"2.0","id":1,"method":"tools/list"\xff}', "{}".encode("utf-16")],
)
async def test_a_body_that_is_not_utf8_is_a_parse_error(mcp: McpHarness, body: bytes) -> None:
    """Bytes that are not UTF-8 (UTF-16 included) are a parse error saying so."""
    message = assert_json_rpc_error(await post(mcp, body), 400, -32700)
    assert "UTF-8" in message


async def test_deep_nesting_is_refused_with_the_limit(mcp: McpHarness) -> None:
    """Arrays nested past the limit are an invalid request; 10,000 levels too."""
    for depth in (65, 10_000):
        nested = "[" * depth + "]" * depth
        body = (
            '{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"call_service",'
            f'"arguments":{{"domain":"light","service":"turn_on","data":{{"x":{nested}}}}}}}}}'
        ).encode()
        message = assert_json_rpc_error(await post(mcp, body), 400, -32600)
        assert "64 levels" in message


@pytest.mark.parametrize(
    "entity_id", ["lock.front_door\u0000", "lock.front_door\n", "\x1b[2J", "lock.front_door\u200b"]
)
async def test_control_characters_in_an_entity_id_find_nothing(
    mcp: McpHarness, entity_id: str
) -> None:
    """An id with a NUL or another control character is refused, never the front door."""
    data = await mcp.data("get_entity", {"entity_id": entity_id})
    assert data["error"] == "invalid_arguments"
    assert "entity_id: control or invisible characters are not allowed" in data["message"]


async def test_while_home_mcp_starts_its_paths_answer_503_with_retry_after(
    mcp: McpHarness, hass: HomeAssistant, home_mcp: MockConfigEntry
) -> None:
    """Between Home MCP's setup and its entry serving, clients are told to retry.

    The code is Home MCP's "starting, try again" (-32011), not an internal
    error; the id is null, the body being left unread before authentication.
    """
    await hass.config_entries.async_unload(home_mcp.entry_id)
    assert home_mcp.state is ConfigEntryState.NOT_LOADED
    async with httpx2.AsyncClient(timeout=30) as http:
        for path in ("/api/mcp", "/api/home_mcp"):
            # No token needed: a client key cannot be checked yet, and the
            # answer must not count as a failed login.
            response = await http.post(
                f"{mcp.base_url}{path}", json=tool_call("list_areas", {}, 7), headers=HEADERS
            )
            message = assert_json_rpc_error(response, 503, -32011)
            assert "starting" in message
            assert response.json()["id"] is None
            assert response.headers["Retry-After"] == "5"
    assert await hass.config_entries.async_setup(home_mcp.entry_id)
    await hass.async_block_till_done()
    assert (await mcp.data("list_areas"))["ok"] is True


# Found by the red team (hostile input, round 1).


@pytest.mark.parametrize(
    ("tool", "arguments", "field"),
    [
        (
            "call_service",
            {"domain": "light", "service": "turn_on", "data": {"brightness": 2**100}},
            "data",
        ),
        (
            "call_service",
            {"domain": "script", "service": "turn_on", "data": {"a": [{"b": 2**64}]}},
            "data",
        ),
        ("render_template", {"template": "{{ v }}", "variables": {"v": 10**30}}, "variables"),
    ],
)
async def test_integers_beyond_64_bits_are_invalid_arguments(
    mcp: McpHarness, hass: HomeAssistant, tool: str, arguments: dict[str, Any], field: str
) -> None:
    """Home Assistant's JSON cannot hold them: a clear error, not `internal_error`."""
    before = entity_state(hass, "light.bed_light")
    data = await mcp.data(tool, arguments)
    assert data["error"] == "invalid_arguments"
    assert f"{field}: integers must fit in 64 bits" in data["message"]
    assert entity_state(hass, "light.bed_light") == before


@pytest.mark.parametrize("number", ["NaN", "Infinity", "-Infinity", "1e400"])
async def test_numbers_json_does_not_have_are_a_parse_error(mcp: McpHarness, number: str) -> None:
    """`NaN`, `Infinity` and overflowing numbers are not JSON: never stored as null."""
    body = (
        '{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"call_service",'
        '"arguments":{"domain":"script","service":"unlock_front","data":{"n":' + number + "}}}}"
    ).encode()
    message = assert_json_rpc_error(await post(mcp, body), 400, -32700)
    assert number.lstrip("-") in message


@pytest.mark.parametrize(
    "params",
    [None, {"name": "list_areas", "arguments": [1]}, {"arguments": {}}, {"name": 5}],
)
async def test_tools_call_params_say_what_to_send(mcp: McpHarness, params: Any) -> None:
    """A `tools/call` without a name or with arguments that are not an object says so."""
    body: dict[str, Any] = {"jsonrpc": "2.0", "id": 3, "method": "tools/call"}
    if params is not None:
        body["params"] = params
    message = assert_json_rpc_error(await post(mcp, body), 200, -32602)
    assert '"arguments"' in message or '"name"' in message
    assert (await post(mcp, body)).json()["id"] == 3
