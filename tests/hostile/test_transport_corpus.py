"""The transport bad-input corpus against a real Home Assistant (issue 10, item 6).

Every case of `corpus.build_cases` goes, byte for byte, over a real TCP
connection to Home Assistant's aiohttp server (the harness's), where Home
MCP's view answers it. After each case:

- the answer is what the contract says (`corpus.check`: an acceptable
  status, a non-empty explanatory body, a JSON-RPC error object from Home
  MCP when it refuses, never a 5xx);
- Home Assistant still answers (`GET /api/`);
- a good `tools/call` still works, and the audit records it: in memory
  (what the panel's `home_mcp/audit` shows) and in `.storage/home_mcp.audit`
  once written (the harness's storage serializes like the real one, so a
  record that cannot be written fails here);
- no lock, cover, valve, alarm panel, light or switch changed state;
- nothing was logged at ERROR with a traceback.

Home Assistant's test fixtures are per test, and a fresh Home Assistant with
the demo house takes a few tenths of a second, so the cases run in groups
(one Home Assistant per category, ids = categories); a failure names every
failing case of its group with what was wrong. `HOME_MCP_CORPUS_PER_CASE=1`
gives one test per case instead (ids = case names; slower).
"""

from __future__ import annotations

from dataclasses import replace
from datetime import timedelta
import json
import logging
import os
from typing import Any
from urllib.parse import urlsplit

from aiohttp import web
from aiohttp.http_exceptions import HttpProcessingError
import pytest
from pytest_homeassistant_custom_component.common import async_fire_time_changed

from homeassistant.core import HomeAssistant
from homeassistant.util import dt as dt_util
from tests.conftest import DOMAIN, McpHarness

from .corpus import Answer, Case, build_cases, call, check, headers, send_case, send_raw

PLACEHOLDER = "corpus-placeholder-token"
"""The token cases are built with at collection; the real one replaces it when sent."""
CASES = {case.name: case for case in build_cases(PLACEHOLDER)}
PER_CASE = os.environ.get("HOME_MCP_CORPUS_PER_CASE") == "1"
GROUPS: dict[str, list[str]] = {}
for _case in CASES.values():
    GROUPS.setdefault(_case.category, []).append(_case.name)

WATCHED_DOMAINS = ("lock", "cover", "valve", "alarm_control_panel", "light", "switch")
AUDIT_KEY = f"{DOMAIN}.audit"
SAVE_WAIT = timedelta(seconds=30)
"""Time skipped after the good call so the audit's delayed save runs."""
CASE_TIMEOUT = 60.0


def with_token(case: Case, token: str) -> Case:
    """Return `case` with the placeholder token replaced by `token` (headers and path)."""
    old, new = PLACEHOLDER.encode(), token.encode()
    return replace(
        case,
        headers=tuple((name, value.replace(old, new)) for name, value in case.headers),
        path=case.path.replace(PLACEHOLDER, token),
    )


def _watched(hass: HomeAssistant) -> dict[str, str]:
    return {state.entity_id: state.state for state in hass.states.async_all(WATCHED_DOMAINS)}


def _tracebacks(caplog: pytest.LogCaptureFixture, case: Case) -> list[str]:
    found = []
    for record in caplog.get_records("call"):
        if record.levelno < logging.ERROR:
            continue
        if not (record.exc_info or "Traceback" in record.getMessage()):
            continue
        if case.core_5xx and not record.name.startswith("custom_components"):
            continue  # Home Assistant core's own failure on these bytes (not ours).
        error = record.exc_info[1] if record.exc_info else None
        if record.name == "aiohttp.server" and isinstance(error, HttpProcessingError):
            # aiohttp's HTTP parser refused the bytes (its 400): logged with a
            # traceback only because the harness runs the loop in debug mode.
            continue
        if record.name == "aiohttp.server" and isinstance(error, web.RequestPayloadError):
            # After Home MCP answered (400), aiohttp drains the rest of a body
            # it cannot decode and logs the same decoding error: aiohttp's own
            # behaviour for any handler, Home Assistant's included.
            continue
        found.append(f"{record.name}: {record.getMessage()[:300]}")
    return found


async def _save_audit(hass: HomeAssistant, audit: Any) -> None:
    """Write the audit's pending entries, the way its delayed save (or unload) would.

    Skipping time alone does not do it: Home Assistant's `Store` re-arms its
    timer on the loop's real clock when saves come close together.
    """
    if (flush := getattr(audit, "async_flush", None)) is not None:
        await flush()
    else:
        async_fire_time_changed(hass, dt_util.utcnow() + SAVE_WAIT)
    await hass.async_block_till_done()


async def _run_case(
    mcp: McpHarness,
    hass_storage: dict[str, Any],
    caplog: pytest.LogCaptureFixture,
    case: Case,
    index: int,
) -> list[str]:
    """Send `case`, then check that everything still works; return the problems."""
    hass = mcp.hass
    address = urlsplit(mcp.base_url)
    host, port = address.hostname or "127.0.0.1", address.port or 80
    before = _watched(hass)
    caplog.clear()
    problems = check(case, await send_case(host, port, case, CASE_TIMEOUT))
    await hass.async_block_till_done()

    # Home Assistant still answers.
    api = await send_raw(
        host,
        port,
        b"GET /api/ HTTP/1.1\r\nHost: %b\r\nAuthorization: Bearer %b\r\n"
        b"Connection: close\r\n\r\n" % (f"{host}:{port}".encode(), mcp.token.encode()),
    )
    if api.status != 200:
        problems.append(f"Home Assistant's GET /api/ answered {api.status}: {api.snippet()}")

    # A good call works and the audit records it, in memory and in storage.
    marker = f"corpus-after-{index}"
    good = Case(
        name="good",
        category="good",
        statuses=frozenset({200}),
        headers=headers(mcp.token, {b"User-Agent": marker.encode()}),
        body=call("list_areas"),
        answer=Answer.TOOL_OK,
    )
    good_problems = check(good, await send_case(host, port, good, CASE_TIMEOUT))
    problems.extend(f"the good call after it: {problem}" for problem in good_problems)
    entry = hass.config_entries.async_entries(DOMAIN)[0]
    try:
        tail = entry.runtime_data.audit.async_tail(1)
    except Exception as err:  # noqa: BLE001  # Any failure here is a finding.
        problems.append(f"the audit cannot be read: {err!r}")
        tail = []
    if not tail or tail[0].get("client") != marker or tail[0].get("tool") != "list_areas":
        problems.append(f"the audit's newest entry is not the good call: {tail[:1]!r}")
    try:
        json.dumps(entry.runtime_data.audit.async_tail(50), ensure_ascii=False).encode()
    except (TypeError, ValueError) as err:
        problems.append(f"the audit holds an entry that cannot be saved as JSON: {err!r}")
    try:
        await _save_audit(hass, entry.runtime_data.audit)
    except Exception as err:  # noqa: BLE001  # A store that cannot save is a finding.
        problems.append(f"the audit cannot be saved: {err!r}")
    stored = hass_storage.get(AUDIT_KEY, {}).get("data", {}).get("entries", [])
    if not any(e.get("client") == marker for e in stored if isinstance(e, dict)):
        problems.append("the good call's audit entry never reached .storage/home_mcp.audit")

    if (after := _watched(hass)) != before:
        changed = {k: (before.get(k), v) for k, v in after.items() if before.get(k) != v}
        problems.append(f"the house changed: {changed}")
    problems.extend(f"logged: {line}" for line in _tracebacks(caplog, case))
    return problems


if PER_CASE:

    @pytest.mark.parametrize("name", list(CASES), ids=list(CASES))
    async def test_corpus_case(
        mcp: McpHarness,
        hass_storage: dict[str, Any],
        caplog: pytest.LogCaptureFixture,
        name: str,
    ) -> None:
        """One case of the corpus: the answer, and Home Assistant and the audit afterwards."""
        case = with_token(CASES[name], mcp.token)
        problems = await _run_case(mcp, hass_storage, caplog, case, 0)
        assert not problems, "\n".join(problems)

else:

    @pytest.mark.parametrize("category", list(GROUPS), ids=list(GROUPS))
    async def test_corpus_category(
        mcp: McpHarness,
        hass_storage: dict[str, Any],
        caplog: pytest.LogCaptureFixture,
        category: str,
    ) -> None:
        """Every case of a category, one after the other on one Home Assistant."""
        failures = []
        for index, name in enumerate(GROUPS[category]):
            case = with_token(CASES[name], mcp.token)
            try:
                problems = await _run_case(mcp, hass_storage, caplog, case, index)
            except Exception as err:  # noqa: BLE001  # Reported with the case; the next runs.
                problems = [f"the case raised {err!r}"]
            if problems:
                failures.append(f"{name}:\n  " + "\n  ".join(problems))
        assert not failures, (
            f"{len(failures)} of {len(GROUPS[category])} cases failed:\n" + "\n".join(failures)
        )


def test_corpus_size() -> None:
    """The corpus keeps at least the issue's 153 transport cases, with unique names."""
    assert len(CASES) >= 160
    assert all(case.statuses for case in CASES.values())
