"""What hassfest, HACS and the release check, checked offline.

.github/workflows/validate.yml runs hassfest and the HACS action on GitHub;
neither runs here (hassfest lives in Home Assistant core's repository, the
HACS action needs GitHub's API). These tests check the part of their rules
that needs no network, citing each rule's source, plus the release tooling
(.github/workflows/release.yml, script/release*), so that a tag never ships a
zip HACS cannot install.

Sources, as of the versions these tests were written against:
- hassfest: home-assistant/core script/hassfest/manifest.py
  (INTEGRATION_MANIFEST_SCHEMA, CUSTOM_INTEGRATION_MANIFEST_SCHEMA,
  validate_manifest, sort_manifest) and script/hassfest/translations.py.
- Home Assistant's en.json: home-assistant/core script/translations/develop.py
  (substitute_reference over homeassistant/strings.json, flattened with "::").
- HACS: hacs/integration custom_components/hacs/utils/validate.py
  (HACS_MANIFEST_JSON_SCHEMA, INTEGRATION_MANIFEST_JSON_SCHEMA), its
  repository download_zip_files / async_download_zip_file (the release asset
  named by hacs.json's filename, extracted into custom_components/<domain>/),
  and hacs.xyz/docs/publish/start (zip_release needs filename).
- Brand images: home-assistant/brands README and pull request checklist.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
import re
import shutil
import struct
import subprocess
import sys
import time
import zipfile

from awesomeversion import AwesomeVersion, AwesomeVersionStrategy
from packaging.requirements import Requirement
import pytest
import yaml

import homeassistant
from homeassistant.helpers import config_validation as cv

ROOT = Path(__file__).parent.parent
PACKAGE = ROOT / "custom_components" / "home_mcp"
HA_ROOT = Path(homeassistant.__file__).parent


def _json(path: Path) -> dict:
    return json.loads(path.read_text(encoding="utf-8"))


def _manifest() -> dict:
    return _json(PACKAGE / "manifest.json")


def _leaves(tree: dict, prefix: str = "") -> dict[str, str]:
    """Every string in a translation tree by its path, "a::b::c" as Home Assistant joins them."""
    leaves: dict[str, str] = {}
    for key, value in tree.items():
        path = f"{prefix}::{key}" if prefix else key
        if isinstance(value, dict):
            leaves |= _leaves(value, path)
        else:
            leaves[path] = value
    return leaves


def _run(*args: str, cwd: Path = ROOT) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        list(args), cwd=cwd, capture_output=True, text=True, timeout=60, check=False
    )


# --- manifest.json (hassfest, HACS) ---------------------------------------------

# hassfest's sort_manifest: sorted(keys, key=_sort_manifest_keys) with
# _SORT_KEYS = {"domain": ".domain", "name": ".name"}; any other order is the
# error "Manifest keys are not sorted correctly: domain, name, then
# alphabetical order".
_SORT_KEYS = {"domain": ".domain", "name": ".name"}

# CUSTOM_INTEGRATION_MANIFEST_SCHEMA's keys (INTEGRATION_MANIFEST_SCHEMA
# extended with version and import_executor). It is a plain vol.Schema, so any
# other key is an error.
HASSFEST_MANIFEST_KEYS = frozenset({
    "domain", "name", "integration_type", "config_flow", "mqtt", "zeroconf", "ssdp",
    "bluetooth", "homekit", "dhcp", "usb", "documentation", "issue_tracker",
    "quality_scale", "requirements", "dependencies", "after_dependencies",
    "codeowners", "loggers", "disabled", "iot_class", "single_config_entry",
    "version", "import_executor",
})  # fmt: skip

# Required by hassfest (domain, name, documentation, codeowners; version by
# validate_version for custom integrations; iot_class unless the domain is in
# NO_IOT_CLASS), by HACS's INTEGRATION_MANIFEST_JSON_SCHEMA (codeowners,
# documentation, domain, issue_tracker, name, version), and by this project
# (requirements: the MCP SDK; config_flow: set up in the UI;
# integration_type: hassfest would default it to "hub").
REQUIRED_MANIFEST_KEYS = frozenset({
    "domain", "name", "codeowners", "documentation", "issue_tracker", "version",
    "requirements", "iot_class", "integration_type", "config_flow",
})  # fmt: skip

# hassfest's SUPPORTED_IOT_CLASSES and INTEGRATION_MANIFEST_SCHEMA's
# integration_type choices ("virtual" has its own schema, without iot_class).
IOT_CLASSES = frozenset({
    "assumed_state", "calculated", "cloud_polling", "cloud_push", "local_polling",
    "local_push",
})  # fmt: skip
INTEGRATION_TYPES = frozenset({
    "device", "entity", "hardware", "helper", "hub", "service", "system",
})  # fmt: skip

# hassfest's verify_version: AwesomeVersion with these strategies.
VERSION_STRATEGIES = [
    AwesomeVersionStrategy.CALVER,
    AwesomeVersionStrategy.SEMVER,
    AwesomeVersionStrategy.SIMPLEVER,
    AwesomeVersionStrategy.BUILDVER,
    AwesomeVersionStrategy.PEP440,
]


def test_manifest_keys_in_hassfest_order() -> None:
    """Keys in hassfest's sort_manifest order: domain, name, then the rest alphabetically."""
    keys = list(_manifest())
    assert keys == sorted(keys, key=lambda key: _SORT_KEYS.get(key, key))
    assert keys[:2] == ["domain", "name"]


def test_manifest_keys_known_and_required() -> None:
    """Keys: none that hassfest's custom-integration schema lacks, none required missing."""
    keys = set(_manifest())
    assert keys <= HASSFEST_MANIFEST_KEYS, keys - HASSFEST_MANIFEST_KEYS
    assert keys >= REQUIRED_MANIFEST_KEYS, REQUIRED_MANIFEST_KEYS - keys


def test_manifest_values() -> None:
    """Values as hassfest's schema and HACS's manifest schema type them."""
    manifest = _manifest()
    # validate_manifest: "Domain does not match dir name".
    assert manifest["domain"] == PACKAGE.name
    # Same check's warning "Domain collides with built-in core integration":
    # a custom integration named like a core one replaces it.
    assert not (HA_ROOT / "components" / manifest["domain"]).exists()
    assert isinstance(manifest["name"], str)
    assert manifest["name"]
    # verify_version (custom integrations) and HACS's vol.Coerce(AwesomeVersion).
    AwesomeVersion(manifest["version"], ensure_strategy=VERSION_STRATEGIES)
    assert manifest["iot_class"] in IOT_CLASSES
    assert manifest["integration_type"] in INTEGRATION_TYPES
    assert isinstance(manifest["config_flow"], bool)
    assert isinstance(manifest.get("single_config_entry", False), bool)
    # documentation: vol.Url() and https (documentation_url); issue_tracker: vol.Url().
    for key in ("documentation", "issue_tracker"):
        assert re.fullmatch(r"https://[^\s/]+(/\S*)?", manifest[key]), key
    # codeowners: [str], GitHub handles.
    assert manifest["codeowners"]
    assert all(re.fullmatch(r"@[\w-]+(/[\w-]+)?", owner) for owner in manifest["codeowners"])
    # requirements: [str], each a requirement pip understands.
    for requirement in manifest["requirements"]:
        Requirement(requirement)
    # dependencies and after_dependencies: [str] of integrations Home Assistant has.
    for key in ("dependencies", "after_dependencies"):
        for domain in manifest.get(key, []):
            assert (HA_ROOT / "components" / domain / "manifest.json").is_file(), (key, domain)


def test_one_integration_in_custom_components() -> None:
    """HACS: one integration per repository, under custom_components/ (content_in_root false)."""
    integrations = [
        path.name
        for path in (ROOT / "custom_components").iterdir()
        if path.is_dir() and (path / "manifest.json").is_file()
    ]
    assert integrations == [PACKAGE.name]


# --- strings.json and translations (hassfest, script/translations) ------------

# script/translations/develop.py: the references it substitutes.
_REFERENCE = re.compile(r"\[%key:([a-z0-9_]+(?:::(?:[a-z0-9-_])+)+)%\]")


def _resolve(value: str, shared: dict[str, str]) -> str:
    """develop.py's substitute_reference: each [%key:...%] by its (resolved) text."""
    for key in _REFERENCE.findall(value):
        assert key in shared, f"invalid substitution key {key!r} in {value!r}"
        value = value.replace(f"[%key:{key}%]", _resolve(shared[key], shared))
    return value


def _shared_strings() -> dict[str, str]:
    """Collect what references can name: Home Assistant's common strings and ours."""
    shared = _leaves(_json(HA_ROOT / "strings.json"))
    shared |= _leaves({"component": {PACKAGE.name: _json(PACKAGE / "strings.json")}})
    return shared


def test_en_json_is_strings_json_with_references_resolved() -> None:
    """translations/en.json is what `script/translations develop` writes from strings.json.

    Home Assistant loads a custom integration's translations/*.json only;
    strings.json is the source. develop.py replaces each [%key:...%] with the
    text it names (Home Assistant's homeassistant/strings.json for common::,
    recursively) and keeps everything else.
    """
    strings = _json(PACKAGE / "strings.json")
    shared = _shared_strings()
    expected = {path: _resolve(text, shared) for path, text in _leaves(strings).items()}
    assert _leaves(_json(PACKAGE / "translations" / "en.json")) == expected


def test_translations_only_have_keys_strings_json_has() -> None:
    """Every translations/*.json has strings.json's keys only (ours: all of them)."""
    strings = _leaves(_json(PACKAGE / "strings.json"))
    files = sorted((PACKAGE / "translations").glob("*.json"))
    assert {path.stem for path in files} >= {"en", "fr", "ja"}
    for path in files:
        translation = _leaves(_json(path))
        assert set(translation) <= set(strings), (path.name, set(translation) - set(strings))
        # Not a validator's rule but this project's: each language is complete.
        assert set(translation) == set(strings), (path.name, set(strings) - set(translation))


def test_translations_keep_placeholders_and_no_html() -> None:
    """Each translation fills the same {placeholders} as English; no text holds HTML.

    hassfest validates strings.json and translations/en.json with
    cv.string_with_no_html for every text; the placeholders are what the code
    passes (translation_placeholders), so a renamed one would show raw.
    """
    english = _leaves(_json(PACKAGE / "translations" / "en.json"))
    for path in sorted((PACKAGE / "translations").glob("*.json")):
        for key, text in _leaves(_json(path)).items():
            cv.string_with_no_html(text)
            assert set(re.findall(r"{(\w+)}", text)) == set(re.findall(r"{(\w+)}", english[key])), (
                path.name,
                key,
            )


# --- brand images (home-assistant/brands rules) --------------------------------

_PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"
_BRAND_NAMES = frozenset(
    f"{dark}{kind}{hidpi}.png"
    for dark in ("", "dark_")
    for kind in ("icon", "logo")
    for hidpi in ("", "@2x")
)


def _png_size(path: Path) -> tuple[int, int]:
    """Width and height from a PNG's IHDR chunk, which must come first."""
    header = path.read_bytes()[:24]
    assert header[:8] == _PNG_SIGNATURE, f"{path.name} is not a PNG"
    length, chunk = struct.unpack(">I4s", header[8:16])
    assert (length, chunk) == (13, b"IHDR"), f"{path.name} has no IHDR first"
    width, height = struct.unpack(">II", header[16:24])
    return width, height


def test_brand_images() -> None:
    """brand/: icon.png 256x256 and icon@2x.png 512x512, PNG; logos' shortest side in range.

    home-assistant/brands: a domain folder holds icon.png at least, and only
    [dark_]icon|logo[@2x].png; icons are square, 256x256 (512x512 for @2x);
    a logo's shortest side is 128-256 px (256-512 for @2x). Home Assistant
    2026.3 and later read these from the integration's brand/ folder.
    """
    brand = PACKAGE / "brand"
    names = {path.name for path in brand.iterdir()}
    assert names <= _BRAND_NAMES, names - _BRAND_NAMES
    assert {"icon.png", "icon@2x.png"} <= names
    for name in sorted(names):
        width, height = _png_size(brand / name)
        hidpi = "@2x" in name
        if "icon" in name:
            assert (width, height) == ((512, 512) if hidpi else (256, 256)), name
        else:
            low, high = (256, 512) if hidpi else (128, 256)
            assert low <= min(width, height) <= high, name


def test_png_size_reader_refuses_what_is_not_a_png(tmp_path: Path) -> None:
    """The reader above fails on a file that is not a PNG rather than reading garbage."""
    fake = tmp_path / "icon.png"
    fake.write_bytes(b"GIF89a" + bytes(32))
    with pytest.raises(AssertionError, match="not a PNG"):
        _png_size(fake)


# --- hacs.json (HACS) ------------------------------------------------------------

# HACS_MANIFEST_JSON_SCHEMA (extra=vol.PREVENT_EXTRA: any other key fails
# HACS's validation) and its types.
HACS_KEYS: dict[str, type] = {
    "name": str,
    "content_in_root": bool,
    "zip_release": bool,
    "filename": str,
    "hide_default_branch": bool,
    "country": object,  # a code or a list of codes
    "homeassistant": str,
    "persistent_directory": str,
    "render_readme": bool,
    "hacs": str,
}


def _demo_homeassistant() -> str:
    """Return the Home Assistant that tests/test_browser.py runs (script/demo's pin)."""
    pins = (ROOT / "script" / "requirements_demo.txt").read_text(encoding="utf-8")
    match = re.search(r"^homeassistant==(\S+)$", pins, re.MULTILINE)
    assert match, "script/requirements_demo.txt pins no homeassistant"
    return match.group(1)


def test_hacs_json_keys() -> None:
    """Only HACS's keys, with HACS's types; name required."""
    hacs = _json(ROOT / "hacs.json")
    assert set(hacs) <= set(HACS_KEYS), set(hacs) - set(HACS_KEYS)
    assert hacs["name"] == _manifest()["name"]
    for key, value in hacs.items():
        assert isinstance(value, HACS_KEYS[key]), key
    # The integration lives in custom_components/, not at the root.
    assert not hacs.get("content_in_root", False)


def test_hacs_json_minimum_home_assistant() -> None:
    """homeassistant: a Home Assistant version (CalVer), no newer than one the tests run.

    HACS coerces it with AwesomeVersion and refuses to install on an older
    Home Assistant. The unit tests run on the harness's Home Assistant
    (2026.10.4, the newest pytest-homeassistant-custom-component), which is
    below the minimum: the MCP SDK 2.x that Home MCP needs is what core
    pins from 2026.11.0. The real Home Assistant the browser test starts
    (script/requirements_demo.txt) must satisfy it.
    """
    minimum = AwesomeVersion(_json(ROOT / "hacs.json")["homeassistant"])
    assert minimum.strategy == AwesomeVersionStrategy.CALVER
    assert minimum <= AwesomeVersion(_demo_homeassistant())


def test_hacs_json_zip_release_names_the_zip_the_script_builds(tmp_path: Path) -> None:
    """zip_release needs filename (hacs.xyz), and filename is the asset script/release_zip makes.

    HACS downloads releases/download/<tag>/<filename>; any other name is a
    failed install. The default branch has no such asset, so HACS is told not
    to offer it (hide_default_branch).
    """
    hacs = _json(ROOT / "hacs.json")
    assert hacs["zip_release"] is True
    assert hacs["hide_default_branch"] is True
    result = _run("script/release_zip", str(tmp_path))
    assert result.returncode == 0, result.stderr
    built = Path(result.stdout.strip())
    assert built.parent == tmp_path
    assert built.is_file()
    assert hacs["filename"] == built.name


# --- the release zip and the release check (script/release*) -------------------


def _zip_names(path: Path) -> list[str]:
    with zipfile.ZipFile(path) as archive:
        return archive.namelist()


def test_release_zip_holds_the_integration_at_its_root(tmp_path: Path) -> None:
    """HACS extracts the asset into custom_components/<domain>/: manifest.json at the zip's root.

    Every tracked file of the package is in it, and the extracted manifest is
    the repository's.
    """
    result = _run("script/release_zip", str(tmp_path))
    assert result.returncode == 0, result.stderr
    built = Path(result.stdout.strip())
    names = _zip_names(built)
    assert "manifest.json" in names
    assert not any(name.startswith(("/", "home_mcp/", "custom_components/")) for name in names)
    assert not any("__pycache__" in name or name.endswith((".pyc", ".pyo")) for name in names)
    tracked = _run("git", "ls-files", "custom_components/home_mcp")
    if tracked.returncode == 0 and tracked.stdout:
        expected = {
            str(Path(line).relative_to("custom_components/home_mcp"))
            for line in tracked.stdout.splitlines()
        }
        assert expected <= set(names), expected - set(names)
    target = tmp_path / "custom_components" / "home_mcp"
    with zipfile.ZipFile(built) as archive:
        archive.extractall(target)
    assert _json(target / "manifest.json") == _manifest()
    assert (target / "translations" / "en.json").is_file()


def _release_tree(tmp_path: Path, version: str, changelog: str) -> Path:
    """Copy the release script beside a package with this version and changelog."""
    root = tmp_path / "repo"
    (root / "script").mkdir(parents=True)
    shutil.copy(ROOT / "script" / "release.py", root / "script" / "release.py")
    package = root / "custom_components" / "home_mcp"
    shutil.copytree(PACKAGE, package, ignore=shutil.ignore_patterns("__pycache__"))
    manifest = _manifest() | {"version": version}
    (package / "manifest.json").write_text(json.dumps(manifest, indent=2), encoding="utf-8")
    (root / "CHANGELOG.md").write_text(changelog, encoding="utf-8")
    return root


def _release_py(root: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return _run(sys.executable, "script/release.py", *args, cwd=root)


def test_release_zip_leaves_out_bytecode_and_is_reproducible(tmp_path: Path) -> None:
    """__pycache__ and .pyc (the tests leave them before the workflow zips) stay out.

    The same tree gives the same bytes later, whatever its files' times.
    """
    root = _release_tree(tmp_path, "0.1.0", "")
    package = root / "custom_components" / "home_mcp"
    (package / "__pycache__").mkdir()
    (package / "__pycache__" / "const.cpython-314.pyc").write_bytes(b"\0")
    (package / "__pycache__" / "stale.txt").write_bytes(b"\0")
    (package / "tools" / "__pycache__").mkdir(exist_ok=True)
    (package / "tools" / "__pycache__" / "x.cpython-314.pyc").write_bytes(b"\0")
    (package / "stray.pyc").write_bytes(b"\0")
    first = _release_py(root, "zip", "out1")
    assert first.returncode == 0, first.stderr
    names = _zip_names(root / "out1" / "home_mcp.zip")
    assert "manifest.json" in names
    assert "const.py" in names
    assert not [name for name in names if "__pycache__" in name or name.endswith(".pyc")]
    # Zip timestamps have a two-second resolution: build again later, with
    # every file's modification time moved.
    time.sleep(2.1)
    for path in package.rglob("*"):
        os.utime(path, (path.stat().st_atime, path.stat().st_mtime - 86400))
    second = _release_py(root, "zip", "out2")
    assert second.returncode == 0, second.stderr
    assert (root / "out1" / "home_mcp.zip").read_bytes() == (
        root / "out2" / "home_mcp.zip"
    ).read_bytes()


def test_release_check_accepts_the_manifest_version_only() -> None:
    """script/release_check: "v" + manifest.json's version passes; anything else fails."""
    version = _manifest()["version"]
    accepted = _run("script/release_check", f"v{version}")
    assert accepted.returncode == 0, accepted.stderr
    assert accepted.stdout.strip() == version
    major, minor, patch = (int(part) for part in version.split(".")[:3])
    for tag in (f"v{major}.{minor}.{patch + 1}", version, f"v{major}.{minor}", f"v{version}-rc1"):
        refused = _run("script/release_check", tag)
        assert refused.returncode == 1, tag
        assert "release:" in refused.stderr, tag


def test_release_check_reads_the_manifest_and_the_changelog(tmp_path: Path) -> None:
    """The check follows manifest.json (not a fixed version) and needs the version's changelog section."""
    changelog = (
        "# Changelog\n\n## [Unreleased]\n\n## [2.3.4] - 2027-01-02\n\n### Fixed\n\n- A fix.\n"
    )
    root = _release_tree(tmp_path, "2.3.4", changelog)
    assert _release_py(root, "check", "v2.3.4").returncode == 0
    assert _release_py(root, "check", "v0.1.0").returncode == 1
    notes = _release_py(root, "notes", "v2.3.4")
    assert notes.stdout == "### Fixed\n\n- A fix.\n"
    # A version without its section in CHANGELOG.md is not released.
    missing = _release_tree(tmp_path / "other", "2.3.5", changelog)
    refused = _release_py(missing, "check", "v2.3.5")
    assert refused.returncode == 1
    assert "CHANGELOG.md has no" in refused.stderr
    # Nor a manifest version that is not a semantic version.
    odd = _release_tree(tmp_path / "odd", "2.3", "## [2.3] - 2027-01-02\n\n- x\n")
    assert _release_py(odd, "check", "v2.3").returncode == 1


# --- CHANGELOG.md (Keep a Changelog 1.1.0) and the workflows ---------------------

_CHANGE_TYPES = frozenset({"Added", "Changed", "Deprecated", "Removed", "Fixed", "Security"})


def test_changelog_keeps_a_changelog() -> None:
    """## [Unreleased] first, then ## [x.y.z] - YYYY-MM-DD, newest first, the manifest's among them.

    Sections are Keep a Changelog's six types; every version heading has a
    link reference at the bottom.
    """
    text = (ROOT / "CHANGELOG.md").read_text(encoding="utf-8")
    headings = re.findall(r"^## (.+)$", text, re.MULTILINE)
    assert headings[0] == "[Unreleased]"
    versions = []
    for heading in headings[1:]:
        match = re.fullmatch(
            r"\[(\d+\.\d+\.\d+(?:-[0-9A-Za-z.-]+)?)\] - \d{4}-\d{2}-\d{2}", heading
        )
        assert match, heading
        versions.append(match.group(1))
    assert _manifest()["version"] in versions
    assert versions == sorted(versions, key=AwesomeVersion, reverse=True)
    assert set(re.findall(r"^### (.+)$", text, re.MULTILINE)) <= _CHANGE_TYPES
    links = dict(re.findall(r"^\[([^\]]+)\]: (https://\S+)$", text, re.MULTILINE))
    assert set(links) == {"Unreleased", *versions}
    for version in versions:
        assert links[version].endswith(f"/v{version}"), version


def _workflow(name: str) -> dict:
    return yaml.safe_load((ROOT / ".github" / "workflows" / name).read_text(encoding="utf-8"))


def test_release_workflow_uses_the_scripts() -> None:
    """release.yml: on v* tags, check, test with .ci/run, zip and attach hacs.json's filename.

    Only the job that publishes may write to the repository.
    """
    workflow = _workflow("release.yml")
    # PyYAML reads the key `on` as True (YAML 1.1).
    trigger = workflow.get("on", workflow.get(True))
    assert trigger == {"push": {"tags": ["v*"]}}
    assert workflow["permissions"] == {"contents": "read"}
    jobs = workflow["jobs"]
    runs = {
        job: " ".join(step.get("run", "") for step in spec["steps"]) for job, spec in jobs.items()
    }
    assert 'script/release_check "$GITHUB_REF_NAME"' in runs["check"]
    assert ".ci/run" in runs["test"]
    assert jobs["test"]["needs"] == "check"
    assert jobs["release"]["needs"] == "test"
    assert "script/release_zip dist" in runs["release"]
    writers = {job for job, spec in jobs.items() if spec.get("permissions")}
    assert writers == {"release"}
    assert jobs["release"]["permissions"] == {"contents": "write"}
    publish = next(
        step for step in jobs["release"]["steps"] if "action-gh-release" in step.get("uses", "")
    )
    assert publish["with"]["files"] == f"dist/{_json(ROOT / 'hacs.json')['filename']}"
    for spec in jobs.values():
        python = next(step for step in spec["steps"] if "setup-python" in step.get("uses", ""))
        assert python["with"]["python-version"] == "3.14"


def test_validate_workflow_keeps_hassfest_and_hacs() -> None:
    """validate.yml still runs the validators these tests stand in for, on GitHub."""
    jobs = _workflow("validate.yml")["jobs"]
    uses = {step.get("uses", "") for job in jobs.values() for step in job["steps"]}
    assert "home-assistant/actions/hassfest@master" in uses
    assert "hacs/action@main" in uses
    hacs = next(
        job
        for job in jobs.values()
        if any("hacs/action" in s.get("uses", "") for s in job["steps"])
    )
    assert hacs["steps"][0]["with"]["category"] == "integration"
