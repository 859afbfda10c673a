"""Approving from a phone: the companion app's actionable push, and the tap that decides.

When a request is raised, each administrator's `mobile_app` device (or the
devices the options name, still only administrators') gets a push: the
effect first, and two actions, Approve and Deny. Each action id carries a
secret of 256 bits (`secrets`) made for that request, that device and that
verb; it lives only in memory here and in the push, never in a confirmation,
the store, the audit, a log line or anything an MCP caller reads. The push
is sent through the `mobile_app` notify service object itself, not through
`hass.services`, so no `call_service` event (which automations, traces and
the recorder would keep) ever carries it.

Where the platform can make the person unlock the phone before an action
runs (iOS: `authenticationRequired`), Approve decides from the notification;
elsewhere (Android) Approve opens the approval page in the app, where the
person's login session decides as in the panel. Deny is `destructive` on iOS.

A `mobile_app_notification_action` decides only when every one of these
holds (`_async_on_tap`), measured in `tests/test_phone_approvals.py`:

- its action id carries a secret that matches, in constant time
  (`hmac.compare_digest`), one a still open request sent to one device;
- it came the way only that device's webhook brings it: origin `REMOTE`
  (a script, an automation, `run_macro` or anything in-process fires
  `LOCAL`); a fresh context (no parent) whose user is the device's own
  registered user, an active administrator; and the HTTP request being
  served is `/api/webhook/<that device's webhook id>` (Home Assistant's REST
  `POST /api/events/...` and the websocket's `fire_event` arrive with the
  same origin and user, but on another path), or, for a device registered
  with a cloudhook, no HTTP request at all (Home Assistant Cloud hands the
  webhook over from its own connection);
- the request is still pending and not expired (the manager checks).

A matching secret is spent at once, whatever follows: a second tap, a
replay or the same secret seen anywhere else decides nothing. When a request
ends, by any path, every push of it is cleared (`clear_notification` on its
`tag`) and its secrets are forgotten.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
import hmac
import logging
import secrets
from typing import Any, Final, Protocol, cast

from homeassistant.core import CALLBACK_TYPE, Event, EventOrigin, HomeAssistant, callback
from homeassistant.helpers import device_registry as dr
from homeassistant.helpers.dispatcher import async_dispatcher_connect
from homeassistant.helpers.http import current_request
from homeassistant.util.hass_dict import HassKey

from .. import wording
from ..const import DOMAIN, NAME_MAX_CHARS, PANEL_URL_PATH, TEXT_MAX_CHARS
from ..gate import Action, Gate
from ..shaping import clean_text
from .manager import SIGNAL_CONFIRMATIONS_UPDATED, ConfirmationManager
from .model import Confirmation
from .policy import DecisionRefused

_LOGGER = logging.getLogger(__name__)

MOBILE_APP: Final = "mobile_app"
"""Home Assistant's companion app integration."""
MOBILE_APP_NOTIFY: Final = "notify"
"""Where `mobile_app` keeps its notification service object
(`hass.data["mobile_app"]["notify"]`, its `DATA_NOTIFY`); named by a contract test."""
EVENT_NOTIFICATION_ACTION: Final = "mobile_app_notification_action"
ACTION_PREFIX: Final = "HOME_MCP_"
APPROVE: Final = "APPROVE"
DENY: Final = "DENY"
SECRET_BYTES: Final = 32
"""Bytes of each action's secret (256 bits)."""
TAG_PREFIX: Final = f"{DOMAIN}_"
APPLE_APP_IDS: Final = ("io.robbie.HomeAssistant",)
"""Companion apps that honour `authenticationRequired` (iOS, iPadOS, macOS)."""
WEBHOOK_PATH: Final = "/api/webhook/"

DATA_PUSHED: HassKey[dict[str, dict[str, Pushed]]] = HassKey(f"{DOMAIN}_pushed")
"""confirmation id -> webhook id (one per registration) -> what was pushed: kept
across a reload of the entry (pending requests survive it), never stored (a
restart expires them)."""


class _NotifyService(Protocol):
    """What Home MCP uses of `mobile_app`'s notification service."""

    async def async_send_message(self, message: str = "", **kwargs: Any) -> None:
        """Send `message` to the webhook ids in `target`."""


@dataclass(slots=True, frozen=True, kw_only=True)
class Phone:
    """An administrator's companion app, as `mobile_app` registered it."""

    device_id: str
    """The device registry id (what the options name)."""
    name: str
    user_id: str
    webhook_id: str
    apple: bool
    cloudhook: bool


@dataclass(slots=True, kw_only=True)
class Pushed:
    """One request's push to one phone: its secrets (None once spent or never sent)."""

    phone: Phone
    approve: str | None
    deny: str | None


@callback
def async_phones(hass: HomeAssistant, chosen: list[str] | None = None) -> list[Phone]:
    """Return the companion apps that can receive a push, each with its registration.

    chosen: device registry ids the options name; None or empty: every one.
    Administrators are checked when pushing (`_async_admins`).
    """
    devices = dr.async_get(hass)
    phones: list[Phone] = []
    for entry in hass.config_entries.async_loaded_entries(MOBILE_APP):
        data = entry.data
        app_data = data.get("app_data") or {}
        if not (
            ("push_url" in app_data and "push_token" in app_data)
            or app_data.get("push_websocket_channel")
        ):
            continue
        device = next(iter(dr.async_entries_for_config_entry(devices, entry.entry_id)), None)
        if device is None or (chosen and device.id not in chosen):
            continue
        app_id = str(data.get("app_id", ""))
        phones.append(
            Phone(
                device_id=device.id,
                name=clean_text(str(data.get("device_name") or device.name or ""), NAME_MAX_CHARS),
                user_id=str(data.get("user_id", "")),
                webhook_id=str(data.get("webhook_id", "")),
                apple=app_id.startswith(APPLE_APP_IDS) or data.get("manufacturer") == "Apple",
                cloudhook=bool(data.get("cloudhook_url")),
            )
        )
    return phones


def push_message(confirmation: Confirmation) -> str:
    """Return the push's text: the effect first, then who asked, as untrusted text."""
    summary = clean_text(confirmation.summary, TEXT_MAX_CHARS)
    effect = summary[:1].upper() + summary[1:]
    requester = confirmation.requester
    who = clean_text(requester.user_name or requester.user_id, NAME_MAX_CHARS)
    client = wording.quoted(requester.client_name or requester.credential_name)
    return f"{effect} — asked by {client} for {who}"


def tag(confirmation_id: str) -> str:
    """Return the notification tag of a request (one per request, on every phone)."""
    return f"{TAG_PREFIX}{confirmation_id}"


def push_data(confirmation_id: str, pushed: Pushed) -> dict[str, Any]:
    """Return the push's `data`: its tag, where a tap on it leads, and its two actions."""
    page = f"/{PANEL_URL_PATH}/confirmation/{confirmation_id}"
    data: dict[str, Any] = {"tag": tag(confirmation_id), "url": page, "clickAction": page}
    if pushed.phone.apple:
        approve = {
            "action": f"{ACTION_PREFIX}{APPROVE}_{pushed.approve}",
            "title": "Approve",
            "authenticationRequired": True,
        }
        data["push"] = {"interruption-level": "time-sensitive"}
    else:
        # Android cannot make the person unlock the phone for an action:
        # Approve opens the page, where their login session decides.
        approve = {"action": "URI", "title": "Approve", "uri": page}
    deny = {"action": f"{ACTION_PREFIX}{DENY}_{pushed.deny}", "title": "Deny", "destructive": True}
    data["actions"] = [approve, deny]
    return data


class PhoneApprovals:
    """Pushes each request to the administrators' phones and decides on their taps."""

    def __init__(
        self,
        hass: HomeAssistant,
        gate: Gate,
        confirmations: ConfirmationManager,
        devices: list[str],
    ) -> None:
        """Create it; `async_start` listens.

        devices: the device registry ids the options chose (empty: every
        administrator's phone).
        """
        self._hass = hass
        self._gate = gate
        self._confirmations = confirmations
        self._devices = list(devices)
        self._pushed = hass.data.setdefault(DATA_PUSHED, {})

    @callback
    def async_start(self) -> CALLBACK_TYPE:
        """Start pushing requests and hearing taps; return what stops both."""
        stops = [
            async_dispatcher_connect(self._hass, SIGNAL_CONFIRMATIONS_UPDATED, self._async_changed),
            self._hass.bus.async_listen(EVENT_NOTIFICATION_ACTION, self._async_on_tap),
        ]

        @callback
        def stop() -> None:
            for cancel in stops:
                cancel()

        return stop

    @callback
    def _async_changed(self, confirmation: Confirmation) -> None:
        """Push a new request; clear the pushes of one that ended."""
        cid = confirmation.confirmation_id
        if confirmation.is_pending:
            if cid not in self._pushed:
                self._pushed[cid] = {}
                self._hass.async_create_background_task(
                    self._async_push(confirmation), f"{DOMAIN} push {cid}"
                )
            return
        if (pushed := self._pushed.pop(cid, None)) is not None and pushed:
            self._hass.async_create_background_task(
                self._async_clear(cid, [p.phone for p in pushed.values()]), f"{DOMAIN} clear {cid}"
            )

    async def _async_admins(self, phones: list[Phone]) -> list[Phone]:
        """Return the phones whose registered user is an active administrator."""
        kept: list[Phone] = []
        for phone in phones:
            user = await self._hass.auth.async_get_user(phone.user_id)
            if user is not None and user.is_active and user.is_admin and not user.system_generated:
                kept.append(phone)
        return kept

    async def _async_push(self, confirmation: Confirmation) -> None:
        """Send the request to each administrator's phone, with fresh secrets."""
        cid = confirmation.confirmation_id
        service = _notify_service(self._hass)
        phones = await self._async_admins(async_phones(self._hass, self._devices))
        if service is None or not phones:
            return
        await self._gate.async_ready()
        if (sets_off := self._gate.async_check(_stand_in())).guarded:
            _LOGGER.warning(
                "Home MCP pushed no request to %s to phones: a notification would set off %s. "
                "The request waits in the Home MCP panel",
                confirmation.summary,
                ", ".join(sets_off.affected_entities) or "an automation",
            )
            return
        sent = self._pushed.get(cid)
        if sent is None:  # Decided or expired meanwhile.
            return
        message = push_message(confirmation)
        for phone in phones:
            pushed = Pushed(
                phone=phone,
                approve=secrets.token_hex(SECRET_BYTES) if phone.apple else None,
                deny=secrets.token_hex(SECRET_BYTES),
            )
            sent[phone.webhook_id] = pushed
            await self._async_send(
                service,
                phone,
                message,
                title="Home MCP",
                data=push_data(cid, pushed),
            )
            if self._pushed.get(cid) is not sent:  # Decided or expired while sending.
                await self._async_clear(cid, [p.phone for p in sent.values()])
                return

    async def _async_clear(self, confirmation_id: str, phones: list[Phone]) -> None:
        """Take a request's push down from every phone it went to."""
        if (service := _notify_service(self._hass)) is None:
            return
        for phone in phones:
            await self._async_send(
                service, phone, "clear_notification", data={"tag": tag(confirmation_id)}
            )

    async def _async_send(
        self, service: _NotifyService, phone: Phone, message: str, **kwargs: Any
    ) -> None:
        """Send one push; a phone that cannot be reached is logged by name, nothing more.

        Never the error's text: `mobile_app` names the phone's webhook id in it
        ("Device(s) with webhook id(s) … not connected"), and whoever holds
        that id acts as the phone (red team 40).
        """
        try:
            await service.async_send_message(message, target=[phone.webhook_id], **kwargs)
        except Exception as err:  # noqa: BLE001 - whatever the push service raises
            _LOGGER.warning("Home MCP could not reach %s (%s)", phone.name, type(err).__name__)

    @callback
    def _async_on_tap(self, event: Event[Mapping[str, Any]]) -> None:
        """Decide a request when the tap is the one its push asked for, and nothing else.

        Runs as the event is fired (a callback), so the HTTP request that
        fired it is still `current_request`.
        """
        action = event.data.get("action")
        if not isinstance(action, str) or not action.startswith(ACTION_PREFIX):
            return  # Not Home MCP's.
        verb, _, secret = action.removeprefix(ACTION_PREFIX).partition("_")
        if verb not in (APPROVE, DENY) or not secret:
            _LOGGER.warning("Home MCP ignored a notification action it did not send")
            return
        found = self._async_spend(verb, secret)
        if found is None:
            _LOGGER.warning(
                "Home MCP ignored a notification action that matches no open request "
                "(already used, expired, or never sent)"
            )
            return
        confirmation_id, phone = found
        if (why := _not_from_webhook(event, phone)) is not None:
            _LOGGER.warning(
                "Home MCP ignored a notification action for %s that did not come from its "
                "companion app (%s); that action can no longer decide",
                phone.name,
                why,
            )
            return
        self._hass.async_create_task(
            self._async_decide(confirmation_id, verb == APPROVE, phone),
            f"{DOMAIN} tap {confirmation_id}",
        )

    @callback
    def _async_spend(self, verb: str, secret: str) -> tuple[str, Phone] | None:
        """Return the request and phone `secret` was sent for, and spend it; None if none."""
        found: tuple[str, Phone] | None = None
        given = secret.encode()
        for confirmation_id, pushed in self._pushed.items():
            for item in pushed.values():
                expected = item.approve if verb == APPROVE else item.deny
                if expected is not None and hmac.compare_digest(given, expected.encode()):
                    found = (confirmation_id, item.phone)
                    item.approve = item.deny = None  # Single use, for both verbs.
        return found

    async def _async_decide(self, confirmation_id: str, approve: bool, phone: Phone) -> None:
        """Decide as the phone's user, recording the phone."""
        user = await self._hass.auth.async_get_user(phone.user_id)
        if user is None:
            return
        try:
            await self._confirmations.async_decide_by_device(
                confirmation_id,
                approve,
                user,
                device={"device_id": phone.device_id, "name": phone.name},
            )
        except DecisionRefused as err:
            _LOGGER.warning(
                "Home MCP did not take the decision from %s: %s", phone.name, err.message
            )


def _not_from_webhook(event: Event[Mapping[str, Any]], phone: Phone) -> str | None:
    """Return why `event` did not come through `phone`'s own webhook, or None if it did."""
    if event.origin is not EventOrigin.remote:
        return "fired inside Home Assistant"
    if event.context.user_id != phone.user_id or event.context.parent_id is not None:
        return "fired by another user or from another action"
    request = current_request.get()
    if request is None:
        return None if phone.cloudhook else "not through its webhook"
    webhook_id = request.match_info.get("webhook_id", "")
    if request.path != f"{WEBHOOK_PATH}{webhook_id}" or not hmac.compare_digest(
        webhook_id.encode(), phone.webhook_id.encode()
    ):
        return "not through its webhook"
    return None


def _notify_service(hass: HomeAssistant) -> _NotifyService | None:
    """Return `mobile_app`'s notification service object, or None (no push then)."""
    data = hass.data.get(MOBILE_APP)
    service = data.get(MOBILE_APP_NOTIFY) if isinstance(data, dict) else None
    if service is None or not callable(getattr(service, "async_send_message", None)):
        return None
    return cast("_NotifyService", service)


def _stand_in() -> Action:
    """Return what the gate judges a push by: a notification with two neutral actions.

    What a push can set off is what a person's gesture on it fires (a tap,
    a swipe): automations waiting for any action, or for notifications
    being cleared. Its real action ids are secrets no automation can name;
    the stand-in's are neutral (Home MCP's own names are refused as
    spoofing, as `notification.async_notify` does).
    """
    actions = [{"action": "ACTION_APPROVE"}, {"action": "ACTION_DENY"}]
    return Action("notify", "notify", data={"message": "A request", "data": {"actions": actions}})
