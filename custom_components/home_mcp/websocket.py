"""Websocket commands for the Home MCP panel (administrators only).

- `home_mcp/status`: version, endpoints, options in force, open confirmations,
  calls per credential since start.
- `home_mcp/confirmations`: pending confirmations and recent decisions.
- `home_mcp/confirmations/subscribe`: the same list again whenever it changes.
- `home_mcp/confirmation/decide`: approve or deny; only an administrator on a
  Home Assistant login session (`approvals.async_check_approver`).
- `home_mcp/audit`: the audit log's newest entries.
- `home_mcp/keys`, `home_mcp/keys/create`, `home_mcp/keys/revoke`: client keys
  (a creation or a revocation is written before it is answered).
- `home_mcp/config/history`: the versions Home MCP's configuration writes
  replaced; `home_mcp/config/restore`: put one back, judged by the gate like
  any write (a guarded restore becomes a confirmation to approve), by an
  administrator on a login session only.

None of this is reachable over MCP: the MCP endpoint serves tools only.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import probatio

from homeassistant.auth.models import RefreshToken
from homeassistant.components import websocket_api
from homeassistant.core import Context, HomeAssistant, callback
from homeassistant.exceptions import HomeAssistantError
from homeassistant.helpers.dispatcher import async_dispatcher_connect
from homeassistant.helpers.http import current_request

from .approvals import (
    SIGNAL_CONFIRMATIONS_UPDATED,
    Confirmation,
    DecisionRefused,
    TooManyPending,
    async_check_approver,
)
from .caller import Caller, key_credential_id
from .const import DOMAIN
from .keys import KEY_NAME_MAX_CHARS
from .wording import house_names

if TYPE_CHECKING:
    from .models import HomeMcpData


@callback
def async_register_commands(hass: HomeAssistant) -> None:
    """Register the panel's websocket commands."""
    for command in (
        ws_status,
        ws_confirmations,
        ws_subscribe,
        ws_decide,
        ws_audit,
        ws_keys,
        ws_create_key,
        ws_revoke_key,
        ws_config_history,
        ws_config_restore,
    ):
        websocket_api.async_register_command(hass, command)


def _data(
    hass: HomeAssistant, connection: websocket_api.ActiveConnection, msg_id: int
) -> HomeMcpData | None:
    entries = hass.config_entries.async_loaded_entries(DOMAIN)
    if not entries:
        connection.send_error(msg_id, "not_loaded", "Home MCP is not set up")
        return None
    data: HomeMcpData = entries[0].runtime_data
    return data


def _session(
    hass: HomeAssistant, connection: websocket_api.ActiveConnection
) -> tuple[RefreshToken | None, str | None]:
    """Return the connection's refresh token and where it connects from (the approver policy's facts)."""
    refresh_token = (
        hass.auth.async_get_refresh_token(connection.refresh_token_id)
        if connection.refresh_token_id
        else None
    )
    # The websocket's own HTTP request: where the person's app connects from.
    request = current_request.get()
    return refresh_token, request.remote if request is not None else None


def _panel_row(confirmation: Confirmation) -> dict[str, Any]:
    """Return a confirmation as the panel shows it: a few findings in full, and how many more.

    What an approval compares (`finding_keys`) and every entity reached
    (`targets`) stay in the store: the person reads `findings` and
    `findings_omitted`.
    """
    data = confirmation.as_dict()
    for kept in ("key", "finding_keys", "targets", "caller_summary"):
        data.pop(kept, None)
    data["requester"].pop("refresh_token_id", None)
    return data


def _confirmation_list(data: HomeMcpData) -> list[dict[str, Any]]:
    return [_panel_row(c) for c in data.confirmations.async_list()]


@websocket_api.require_admin
@websocket_api.websocket_command({probatio.Required("type"): "home_mcp/status"})
@callback
def ws_status(
    hass: HomeAssistant, connection: websocket_api.ActiveConnection, msg: dict[str, Any]
) -> None:
    """Return the integration's status for the panel."""
    if (data := _data(hass, connection, msg["id"])) is None:
        return
    connection.send_result(msg["id"], data.async_status())


@websocket_api.require_admin
@websocket_api.websocket_command({probatio.Required("type"): "home_mcp/confirmations"})
@callback
def ws_confirmations(
    hass: HomeAssistant, connection: websocket_api.ActiveConnection, msg: dict[str, Any]
) -> None:
    """Return pending confirmations and recent decisions, newest first."""
    if (data := _data(hass, connection, msg["id"])) is None:
        return
    connection.send_result(msg["id"], _confirmation_list(data))


@websocket_api.require_admin
@websocket_api.websocket_command({probatio.Required("type"): "home_mcp/confirmations/subscribe"})
@callback
def ws_subscribe(
    hass: HomeAssistant, connection: websocket_api.ActiveConnection, msg: dict[str, Any]
) -> None:
    """Send the confirmation list now and whenever it changes."""
    if (data := _data(hass, connection, msg["id"])) is None:
        return

    @callback
    def updated(_confirmation: Confirmation) -> None:
        if not (entries := hass.config_entries.async_loaded_entries(DOMAIN)):
            return  # Unloading: the next load sends the list again.
        connection.send_message(
            websocket_api.event_message(
                msg["id"], {"confirmations": _confirmation_list(entries[0].runtime_data)}
            )
        )

    connection.subscriptions[msg["id"]] = async_dispatcher_connect(
        hass, SIGNAL_CONFIRMATIONS_UPDATED, updated
    )
    connection.send_result(msg["id"])
    connection.send_message(
        websocket_api.event_message(msg["id"], {"confirmations": _confirmation_list(data)})
    )


@websocket_api.require_admin
@websocket_api.websocket_command(
    {
        probatio.Required("type"): "home_mcp/confirmation/decide",
        probatio.Required("confirmation_id"): str,
        probatio.Required("decision"): probatio.In(["approve", "deny"]),
    }
)
@websocket_api.async_response
async def ws_decide(
    hass: HomeAssistant, connection: websocket_api.ActiveConnection, msg: dict[str, Any]
) -> None:
    """Approve or deny a confirmation, as the connection's user.

    Only a Home Assistant login session (the frontend or a companion app)
    decides; the connection's refresh token is checked, not just the user.
    """
    if (data := _data(hass, connection, msg["id"])) is None:
        return
    refresh_token, peer = _session(hass, connection)
    try:
        confirmation = await data.confirmations.async_decide(
            msg["confirmation_id"],
            msg["decision"] == "approve",
            connection.user,
            refresh_token,
            peer,
        )
    except DecisionRefused as err:
        connection.send_error(msg["id"], err.error, err.message)
        return
    connection.send_result(msg["id"], _panel_row(confirmation))


@websocket_api.require_admin
@websocket_api.websocket_command(
    {
        probatio.Required("type"): "home_mcp/audit",
        probatio.Optional("limit", default=200): probatio.All(int, probatio.Range(min=1, max=2000)),
    }
)
@callback
def ws_audit(
    hass: HomeAssistant, connection: websocket_api.ActiveConnection, msg: dict[str, Any]
) -> None:
    """Return the newest audit entries."""
    if (data := _data(hass, connection, msg["id"])) is None:
        return
    connection.send_result(msg["id"], data.audit.async_tail(msg["limit"]))


@websocket_api.require_admin
@websocket_api.websocket_command({probatio.Required("type"): "home_mcp/keys"})
@callback
def ws_keys(
    hass: HomeAssistant, connection: websocket_api.ActiveConnection, msg: dict[str, Any]
) -> None:
    """Return the client keys (never their secrets)."""
    if (data := _data(hass, connection, msg["id"])) is None:
        return
    connection.send_result(msg["id"], [key.public() for key in data.keys.async_list()])


@websocket_api.require_admin
@websocket_api.websocket_command(
    {
        probatio.Required("type"): "home_mcp/keys/create",
        probatio.Required("name"): probatio.All(
            str, probatio.Length(min=1, max=KEY_NAME_MAX_CHARS)
        ),
        probatio.Required("scope"): probatio.In(["read", "control", "config"]),
    }
)
@websocket_api.async_response
async def ws_create_key(
    hass: HomeAssistant, connection: websocket_api.ActiveConnection, msg: dict[str, Any]
) -> None:
    """Create a client key, answered once written; its secret is in this answer only."""
    if (data := _data(hass, connection, msg["id"])) is None:
        return
    key, secret = await data.keys.async_create(msg["name"], msg["scope"])
    connection.send_result(msg["id"], {**key.public(), "key": secret})


@websocket_api.require_admin
@websocket_api.websocket_command(
    {probatio.Required("type"): "home_mcp/keys/revoke", probatio.Required("key_id"): str}
)
@websocket_api.async_response
async def ws_revoke_key(
    hass: HomeAssistant, connection: websocket_api.ActiveConnection, msg: dict[str, Any]
) -> None:
    """Revoke a client key, answered once written; its MCP sessions and waiting requests end."""
    if (data := _data(hass, connection, msg["id"])) is None:
        return
    if not await data.keys.async_revoke(msg["key_id"]):
        connection.send_error(msg["id"], "not_found", "No such key")
        return
    await data.confirmations.async_end_credential(key_credential_id(msg["key_id"]))
    hass.async_create_task(
        data.sessions.async_close_credential(key_credential_id(msg["key_id"])),
        f"{DOMAIN} close a revoked key's sessions",
    )
    connection.send_result(msg["id"])


@websocket_api.require_admin
@websocket_api.websocket_command({probatio.Required("type"): "home_mcp/config/history"})
@websocket_api.async_response
async def ws_config_history(
    hass: HomeAssistant, connection: websocket_api.ActiveConnection, msg: dict[str, Any]
) -> None:
    """Send the items Home MCP wrote, each with the versions its writes replaced."""
    if (data := _data(hass, connection, msg["id"])) is None:
        return
    names: dict[str, str | None] = {}
    items = []
    for item, versions in data.writer.history.async_items().items():
        kind, key = item.split("/", 1)
        for version in versions:
            if (by := version["by"]) not in names:
                user = await hass.auth.async_get_user(by)
                names[by] = user.name if user is not None else None
        items.append(
            {
                "kind": kind,
                "key": key,
                "entity_id": data.writer.entity_id(kind, key),
                "versions": [{**v, "by_name": names.get(v["by"])} for v in versions],
            }
        )
    connection.send_result(msg["id"], {"items": items})


@websocket_api.require_admin
@websocket_api.websocket_command(
    {
        probatio.Required("type"): "home_mcp/config/restore",
        probatio.Required("kind"): str,
        probatio.Required("key"): str,
        probatio.Required("version"): probatio.All(int, probatio.Range(min=0)),
    }
)
@websocket_api.async_response
async def ws_config_restore(
    hass: HomeAssistant, connection: websocket_api.ActiveConnection, msg: dict[str, Any]
) -> None:
    """Put back a replaced version, as the connection's user, through the gate.

    Only who may approve may restore (`async_check_approver`): a restore the
    gate lets through is written at once; a guarded one becomes a
    confirmation (the answer's `confirmation_id`), approved like any other.
    """
    if (data := _data(hass, connection, msg["id"])) is None:
        return
    user = connection.user
    try:
        async_check_approver(hass, user, *_session(hass, connection))
        plan = await data.writer.async_plan_restore(msg["kind"], msg["key"], msg["version"], user)
    except DecisionRefused as err:
        connection.send_error(msg["id"], err.error, err.message)
        return
    except HomeAssistantError as err:
        connection.send_error(msg["id"], "not_restored", str(err))
        return
    if plan.guarded:
        # Asked by the panel itself, not by an MCP client: the person who
        # asked approves it from the same session, after reading the diff.
        caller = Caller(
            user=user,
            refresh_token_id=None,
            credential_name="Home MCP panel",
            client_name="Home MCP panel (restore)",
        )
        try:
            confirmation, _ = data.confirmations.async_request(
                plan.decision(),
                caller,
                write=plan.record,
                summary=plan.question(house_names(hass), restoring=True),
            )
        except TooManyPending as err:
            connection.send_error(msg["id"], "too_many_pending", str(err))
            return
        connection.send_result(msg["id"], {"confirmation_id": confirmation.confirmation_id})
        return
    try:
        written = await data.writer.async_apply(
            plan.record, Context(user_id=user.id), user=user, requested_by=user.id
        )
    except HomeAssistantError as err:
        connection.send_error(msg["id"], "not_restored", str(err))
        return
    connection.send_result(
        msg["id"],
        {"written": {"kind": written.kind.value, "id": written.key, "action": written.action}},
    )
