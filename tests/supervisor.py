"""A stand-in for the Supervisor API on loopback, answering as Supervisor does.

The real Supervisor runs only on Home Assistant OS and Supervised
installations (it manages Docker containers), so it cannot run here. This
stand-in answers the requests Home Assistant's own `hassio` integration makes
while it sets up and refreshes, in Supervisor's envelope
(`{"result": "ok", "data": ...}`), with two installed add-ons; everything
else gets Supervisor's error envelope. It records each request, so a test
can see what Home Assistant asked for.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from aiohttp import web

SECRET = "s3cret-broker-password"
"""An add-on option a tool must never show."""


def _addon(
    slug: str, name: str, state: str, version: str, latest: str, ingress: bool
) -> dict[str, Any]:
    """Return an add-on as `/addons/<slug>/info` describes an installed one."""
    return {
        "advanced": False,
        "available": True,
        "build": False,
        "description": f"{name} for Home Assistant",
        "homeassistant": None,
        "icon": True,
        "logo": True,
        "name": name,
        "repository": "core",
        "slug": slug,
        "stage": "stable",
        "update_available": version != latest,
        "url": f"https://github.com/home-assistant/addons/tree/master/{slug.split('_', 1)[-1]}",
        "version_latest": latest,
        "version": version,
        "detached": False,
        "state": state,
        "arch": ["amd64", "aarch64"],
        "documentation": True,
        "apparmor": "default",
        "auth_api": True,
        "docker_api": False,
        "full_access": False,
        "homeassistant_api": False,
        "host_network": False,
        "host_pid": False,
        "ingress": ingress,
        "long_description": None,
        "rating": 6,
        "signed": True,
        "hassio_api": True,
        "hassio_role": "default",
        "hostname": slug.replace("_", "-"),
        "dns": [f"{slug.replace('_', '-')}.local.hass.io"],
        "protected": True,
        "boot": "auto",
        "boot_config": "auto",
        "options": {"logins": [{"username": "house", "password": SECRET}]},
        "schema": [{"name": "logins", "type": "string"}],
        "machine": [],
        "network": {"1883/tcp": 1883} if not ingress else None,
        "network_description": {"1883/tcp": "MQTT"} if not ingress else None,
        "host_ipc": False,
        "host_uts": False,
        "host_dbus": False,
        "privileged": [],
        "changelog": True,
        "stdin": False,
        "gpio": False,
        "usb": False,
        "uart": False,
        "kernel_modules": False,
        "devicetree": False,
        "udev": False,
        "video": False,
        "audio": False,
        "startup": "application",
        "services": [],
        "discovery": [],
        "translations": {},
        "webui": None,
        "ingress_entry": f"/api/hassio_ingress/{slug}-token" if ingress else None,
        "ingress_url": f"/api/hassio_ingress/{slug}-token/" if ingress else None,
        "ingress_port": 8099 if ingress else None,
        "ingress_panel": True if ingress else None,
        "audio_input": None,
        "audio_output": None,
        "auto_update": False,
        "ip_address": "172.30.33.2",
        "watchdog": True,
        "devices": [],
        "system_managed": False,
        "system_managed_config_entry": None,
    }


LIST_FIELDS = [
    "advanced",
    "available",
    "build",
    "description",
    "homeassistant",
    "icon",
    "logo",
    "name",
    "repository",
    "slug",
    "stage",
    "update_available",
    "url",
    "version_latest",
    "version",
    "detached",
    "state",
]


@dataclass
class SupervisorStandIn:
    """The stand-in's add-ons and what it was asked."""

    url: str = ""
    addons: dict[str, dict[str, Any]] = field(
        default_factory=lambda: {
            "core_mosquitto": _addon(
                "core_mosquitto", "Mosquitto broker", "started", "6.4.1", "6.5.0", False
            ),
            "core_configurator": _addon(
                "core_configurator", "File editor", "stopped", "5.8.0", "5.8.0", True
            ),
        }
    )
    requests: list[str] = field(default_factory=list)

    async def handle(self, request: web.Request) -> web.Response:
        """Answer one request in Supervisor's envelope."""
        self.requests.append(f"{request.method} {request.path}")
        path = request.path.rstrip("/")
        if path == "/addons":
            addons = [{key: a[key] for key in LIST_FIELDS} for a in self.addons.values()]
            return web.json_response({"result": "ok", "data": {"addons": addons}})
        parts = path.split("/")
        if len(parts) == 4 and parts[1] == "addons" and parts[3] == "info":
            if (addon := self.addons.get(parts[2])) is not None:
                return web.json_response({"result": "ok", "data": addon})
            return web.json_response(
                {"result": "error", "message": "Addon is not installed"}, status=404
            )
        if path == "/supervisor/ping":
            return web.json_response({"result": "ok", "data": {}})
        return web.json_response(
            {"result": "error", "message": f"{path} is not answered by this stand-in"},
            status=404,
        )
