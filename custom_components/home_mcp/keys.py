"""Home MCP client keys (§2 Credentials).

An administrator creates, names, scopes (`read` or `control`) and revokes keys
in the Home MCP panel. A key is shown once, at creation: `hmk_<id>_<secret>`,
where the secret is 32 random bytes; only its SHA-256 is stored (`.storage/
home_mcp.keys`), which suffices for a secret of that entropy. Keys work on the
MCP endpoint and nowhere else: Home Assistant's REST and WebSocket APIs do not
know them. Actions taken with a key run as a dedicated system user, "Home
MCP", and the audit names the key.

A key created or revoked is written before the call returns; only a key's
last use waits (`LAST_USED_SAVE_DELAY`), and never holds back a revocation.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass
import hashlib
import hmac
import secrets
from typing import Any, Final, Literal

from homeassistant.auth.const import GROUP_ID_ADMIN
from homeassistant.auth.models import User
from homeassistant.core import HomeAssistant, callback
from homeassistant.util import dt as dt_util

from .const import DOMAIN
from .shaping import clean_text
from .store import EntryStore

STORAGE_KEY: Final = f"{DOMAIN}.keys"
STORAGE_VERSION: Final = 1
KEY_PREFIX: Final = "hmk_"
SYSTEM_USER_NAME: Final = "Home MCP"
KEY_NAME_MAX_CHARS: Final = 60
LAST_USED_SAVE_DELAY: Final = 60
"""Seconds a key's last use may wait to be written (bookkeeping: one write per busy minute)."""

type KeyScope = Literal["read", "control", "config"]


@dataclass(slots=True, kw_only=True)
class ClientKey:
    """A stored client key (never the secret itself).

    scope: `read` keys see no write tools and are refused on any write;
        `control` keys may act, through the gate; `config` keys may also
        write automations, scripts, scenes and helpers, through the gate.
    """

    key_id: str
    name: str
    scope: KeyScope
    secret_hash: str
    created_at: str
    last_used_at: str | None = None

    def public(self) -> dict[str, Any]:
        """Return the key as the panel shows it (no hash)."""
        data = asdict(self)
        data.pop("secret_hash")
        return data


def _hash(secret: str) -> str:
    return hashlib.sha256(secret.encode()).hexdigest()


class KeyStore:
    """Creates, verifies and revokes client keys; owns the system user."""

    def __init__(self, hass: HomeAssistant) -> None:
        """Create the store; call `async_load` before use."""
        self._hass = hass
        self._store = EntryStore(hass, STORAGE_VERSION, STORAGE_KEY, self._data)
        self._keys: dict[str, ClientKey] = {}
        self._user_id: str | None = None

    async def async_load(self) -> None:
        """Load keys and make sure the system user exists."""
        data = await self._store.async_load() or {}
        for item in data.get("keys", []):
            key = ClientKey(**item)
            self._keys[key.key_id] = key
        self._user_id = data.get("user_id")
        user = await self._hass.auth.async_get_user(self._user_id) if self._user_id else None
        if user is None:
            user = await self._hass.auth.async_create_system_user(
                SYSTEM_USER_NAME, group_ids=[GROUP_ID_ADMIN]
            )
            self._user_id = user.id
            await self._store.async_save()

    async def async_user(self) -> User:
        """Return the system user that key-authenticated actions run as."""
        assert self._user_id is not None
        user = await self._hass.auth.async_get_user(self._user_id)
        assert user is not None
        return user

    @callback
    def async_list(self) -> list[ClientKey]:
        """Return every key, oldest first."""
        return sorted(self._keys.values(), key=lambda k: k.created_at)

    async def async_create(self, name: str, scope: KeyScope) -> tuple[ClientKey, str]:
        """Create a key, written before this returns; return it and its plaintext.

        The plaintext is never shown again.

        The name is cleaned (no control or bidirectional characters, at most
        60 characters): it is shown in the panel, the audit and notifications.
        """
        key_id = secrets.token_hex(4)
        while key_id in self._keys:
            key_id = secrets.token_hex(4)
        secret = secrets.token_urlsafe(32)
        key = ClientKey(
            key_id=key_id,
            name=clean_text(name, KEY_NAME_MAX_CHARS) or f"key {key_id}",
            scope=scope,
            secret_hash=_hash(secret),
            created_at=dt_util.utcnow().isoformat(),
        )
        self._keys[key_id] = key
        await self._store.async_save()
        return key, f"{KEY_PREFIX}{key_id}_{secret}"

    async def async_revoke(self, key_id: str) -> bool:
        """Revoke a key, written before this returns; return False if there was none."""
        if self._keys.pop(key_id, None) is None:
            return False
        await self._store.async_save()
        return True

    @callback
    def async_verify(self, token: str) -> ClientKey | None:
        """Return the key a bearer token is, or None (constant-time compare)."""
        if not token.startswith(KEY_PREFIX):
            return None
        key_id, _, secret = token[len(KEY_PREFIX) :].partition("_")
        key = self._keys.get(key_id)
        expected = key.secret_hash if key is not None else _hash("")
        if not hmac.compare_digest(expected, _hash(secret)) or key is None:
            return None
        key.last_used_at = dt_util.utcnow().isoformat()
        self._store.async_delay_save(LAST_USED_SAVE_DELAY)
        return key

    async def async_close(self) -> None:
        """Write the keys now and no more (the entry unloads)."""
        await self._store.async_close()

    @callback
    def _data(self) -> dict[str, Any]:
        """Return what the store keeps: the system user and every key, hashed."""
        return {"user_id": self._user_id, "keys": [asdict(key) for key in self._keys.values()]}
