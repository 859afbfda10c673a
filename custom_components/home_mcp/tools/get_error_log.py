"""`get_error_log`: Home Assistant's recorded warnings and errors.

Administrator only (`admin_only`: only a Home Assistant administrator's own
credential lists and calls it, `server._may_use`); it reads Home Assistant
in-process and changes nothing: the `system_log` integration's in-memory
records (`hass.data["system_log"].records`, what `system_log/list` returns).
"""

from __future__ import annotations

import logging
import re
from typing import Any, Final, Literal

from pydantic import Field

from homeassistant.components.system_log import (
    DOMAIN as SYSTEM_LOG_DOMAIN,
    LogEntry,
    LogErrorHandler,
)
from homeassistant.core import HomeAssistant
from homeassistant.util import dt as dt_util

from ..const import MESSAGE_MAX_CHARS
from ..shaping import clean_text, envelope, local_iso
from . import PageOutput, Tool, ToolContext, ToolError, ToolInput

DEFAULT_LOG_LIMIT: Final = 20
MAX_LOG_LIMIT: Final = 100
_LEVELS: Final = {"warning": logging.WARNING, "error": logging.ERROR, "critical": logging.CRITICAL}


class GetErrorLogInput(ToolInput):
    """Filters on the recorded warnings and errors; all optional."""

    level: Literal["warning", "error", "critical"] | None = Field(
        None, description="Lowest level shown"
    )
    logger: str | None = Field(
        None, description="Logger prefix or integration, e.g. zha", max_length=200
    )
    text: str | None = Field(None, description="Text contained", max_length=200)
    offset: int = Field(0, ge=0)
    limit: int = Field(DEFAULT_LOG_LIMIT, ge=1, le=MAX_LOG_LIMIT)


class GetErrorLogOutput(PageOutput):
    """Records, most recent first, in the standard envelope."""

    by_level: dict[str, int]


def _iso(timestamp: float) -> str | None:
    return local_iso(dt_util.utc_from_timestamp(timestamp))


def _integration(logger: str) -> str | None:
    """Return the integration a logger belongs to, if its name says."""
    parts = logger.split(".")
    if len(parts) >= 3 and parts[:2] == ["homeassistant", "components"]:
        return parts[2]
    if len(parts) >= 2 and parts[0] == "custom_components":
        return parts[1]
    return None


def _entries(handler: LogErrorHandler) -> list[LogEntry]:
    """Return a copy of the records; the logging thread may add one meanwhile."""
    for _ in range(5):
        try:
            return list(handler.records.values())
        except RuntimeError:  # Changed size during iteration.
            continue
    return []


MOBILE_APP_DOMAIN: Final = "mobile_app"
PHONE_SECRETS: Final = ("webhook_id", "cloudhook_url", "secret")
"""What a companion app's registration holds that acts as the phone without a login
(`mobile_app`'s config entry data): never shown, even to an administrator's client."""
HIDDEN: Final = "<a phone's webhook>"


def _phone_secrets(hass: HomeAssistant) -> tuple[str, ...]:
    """Return each registered phone's webhook id, cloudhook URL and secret."""
    found = {
        str(value)
        for entry in hass.config_entries.async_entries(MOBILE_APP_DOMAIN)
        for key in PHONE_SECRETS
        if isinstance(value := entry.data.get(key), str) and len(value) >= 8
    }
    return tuple(sorted(found, key=len, reverse=True))


def _hidden(text: str, secrets: tuple[str, ...]) -> str:
    for secret in secrets:
        text = text.replace(secret, HIDDEN)
    return text


def _log_row(entry: LogEntry, secrets: tuple[str, ...]) -> dict[str, Any]:
    messages = [_hidden(str(message), secrets) for message in entry.message]
    latest = messages[-1] if messages else ""
    lines = [line for line in latest.splitlines() if line.strip()]
    row: dict[str, Any] = {
        "level": entry.level.lower(),
        "logger": clean_text(entry.name),
        "message": clean_text(" ".join(lines[:2]), MESSAGE_MAX_CHARS),
        "count": entry.count,
        "first_occurred": _iso(entry.first_occurred),
        "last_occurred": _iso(entry.timestamp),
        "source": clean_text(f"{entry.source[0]}:{entry.source[1]}"),
    }
    if len(messages) > 1:
        row["other_messages"] = len(messages) - 1
    if entry.exception and (summary := _exception_summary(_hidden(entry.exception, secrets))):
        row["exception"] = clean_text(summary, MESSAGE_MAX_CHARS)
    return row


_EXCEPTION_LINE: Final = re.compile(r"^[A-Za-z_][\w.]*(?::\s|$)")


def _exception_summary(text: str) -> str | None:
    """Return the `Type: message` line of a formatted traceback (the last one)."""
    lines = [line for line in text.splitlines() if line.strip()]
    for line in reversed(lines):
        if _EXCEPTION_LINE.match(line) and not line.startswith("Traceback"):
            return line
    return lines[-1] if lines else None


async def get_error_log(ctx: ToolContext, args: GetErrorLogInput) -> GetErrorLogOutput:
    """Return Home Assistant's recorded warnings and errors.

    Reads the `system_log` integration's in-memory records (deduplicated:
    one row per logger, source and root cause, with `count`; at most
    `max_entries`, 50 by default). Rows: `{level, logger, message (first
    lines of the latest), count, first_occurred, last_occurred (ISO 8601
    with offset), source (file:line), exception (its last line),
    other_messages}`, most recent first. Raises `ToolError`
    `system_log_not_loaded` when there is nothing to read.
    """
    handler = ctx.hass.data.get(SYSTEM_LOG_DOMAIN)
    if not isinstance(handler, LogErrorHandler):
        raise ToolError(
            "system_log_not_loaded",
            "Home Assistant's system_log integration is not loaded, so no warnings "
            "or errors are kept in memory",
            "Add system_log: (or default_config:) to configuration.yaml and restart, "
            "or read home-assistant.log on the host",
        )
    entries = sorted(_entries(handler), key=lambda entry: entry.timestamp, reverse=True)
    by_level: dict[str, int] = {}
    for entry in entries:
        by_level[entry.level.lower()] = by_level.get(entry.level.lower(), 0) + 1
    lowest = _LEVELS[args.level] if args.level else logging.WARNING
    wanted_logger = args.logger.strip().lower() if args.logger else None
    wanted_text = args.text.casefold() if args.text else None
    secrets = _phone_secrets(ctx.hass)
    rows = []
    for entry in entries:
        if logging.getLevelNamesMapping().get(entry.level, logging.ERROR) < lowest:
            continue
        name = entry.name.lower()
        if wanted_logger is not None and not (
            name == wanted_logger
            or name.startswith(f"{wanted_logger}.")
            or _integration(name) == wanted_logger
        ):
            continue
        if wanted_text is not None and not any(
            wanted_text in _hidden(str(text), secrets).casefold()
            for text in (*entry.message, entry.exception, entry.name)
        ):
            continue  # Matched on what is shown: a secret cannot be guessed a letter at a time.
        rows.append(_log_row(entry, secrets))
    return GetErrorLogOutput(
        by_level=by_level, **envelope(rows, offset=args.offset, limit=args.limit)
    )


TOOLS = [
    Tool(
        name="get_error_log",
        title="Error log",
        description=(
            "Logged warnings and errors with counts, newest first; "
            "filter by level, logger or integration, text."
        ),
        input_model=GetErrorLogInput,
        output_model=GetErrorLogOutput,
        handler=get_error_log,
        admin_only=True,
        narrow_hint="Filter by level, logger or text, or page with offset/limit.",
    ),
]
