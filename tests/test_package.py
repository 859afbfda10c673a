"""The package's own facts: the manifest's values and the test pins.

What hassfest and HACS check (key order, hacs.json, translations, brand
images, the release zip) is in tests/test_validation.py.
"""

from __future__ import annotations

import json
from pathlib import Path
import tomllib

ROOT = Path(__file__).parent.parent
PACKAGE = ROOT / "custom_components" / "home_mcp"


def _json(path: Path) -> dict:
    return json.loads(path.read_text(encoding="utf-8"))


def test_manifest() -> None:
    manifest = _json(PACKAGE / "manifest.json")
    assert manifest["domain"] == "home_mcp"
    assert manifest["name"] == "Home MCP"
    assert manifest["config_flow"] is True
    assert manifest["single_config_entry"] is True
    assert manifest["iot_class"] == "local_push"
    assert manifest["integration_type"] == "service"
    assert "http" in manifest["dependencies"]
    assert manifest["requirements"] == ["mcp>=2.3.0,<3"]
    assert manifest["version"]
    assert manifest["documentation"].startswith("https://")
    assert manifest["issue_tracker"].startswith("https://")
    assert manifest["codeowners"]


def test_manifest_requirement_matches_test_pin() -> None:
    """The SDK the tests run on satisfies the manifest's range."""
    pyproject = tomllib.loads((ROOT / "pyproject.toml").read_text())
    assert "mcp==2.3.0" in pyproject["dependency-groups"]["test"]
    assert any(
        dep.startswith("pytest-homeassistant-custom-component==")
        for dep in pyproject["dependency-groups"]["test"]
    )
    assert pyproject["project"]["requires-python"] == ">=3.14.2"


def test_project_version_is_the_manifest_version() -> None:
    """pyproject.toml's version follows manifest.json's, which is what a release tag must match."""
    pyproject = tomllib.loads((ROOT / "pyproject.toml").read_text())
    assert pyproject["project"]["version"] == _json(PACKAGE / "manifest.json")["version"]
