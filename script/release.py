"""What a release is made of: the tag it comes from, the zip HACS installs, its notes.

The release workflow (.github/workflows/release.yml) runs these through
script/release_check, script/release_zip and script/release_notes, and
tests/test_validation.py runs the same scripts, so what CI releases is what the
tests check. Standard library only: the release job calls it before anything
is installed.

    python script/release.py check v0.1.0     # the tag is v + the manifest's version
    python script/release.py zip dist         # dist/home_mcp.zip, printed
    python script/release.py notes v0.1.0     # the CHANGELOG.md section, printed

A tag is "v" followed by custom_components/home_mcp/manifest.json's version,
exactly: v0.1.0 releases 0.1.0; "0.1.0", "v0.1" and "v0.1.0-rc" are refused
for it. The leading v is required so that the workflow's tag filter (v*) and
the check agree, and so that every release tag reads the same way.
"""

from __future__ import annotations

import argparse
from collections.abc import Sequence
import json
from pathlib import Path
import re
import sys
import zipfile

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "custom_components" / "home_mcp"
CHANGELOG = ROOT / "CHANGELOG.md"
TAG_PREFIX = "v"

# Semantic Versioning 2.0.0's own grammar (semver.org). Both validators accept
# these: hassfest's verify_version (AwesomeVersion, SEMVER among its
# strategies) and HACS, which compares release tags with AwesomeVersion.
SEMVER = re.compile(
    r"(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)"
    r"(?:-((?:0|[1-9]\d*|\d*[a-zA-Z-][0-9a-zA-Z-]*)"
    r"(?:\.(?:0|[1-9]\d*|\d*[a-zA-Z-][0-9a-zA-Z-]*))*))?"
    r"(?:\+([0-9a-zA-Z-]+(?:\.[0-9a-zA-Z-]+)*))?"
)

# Left out of the zip: bytecode the tests leave behind (the workflow runs them
# before it zips) is specific to one Python and would be stale on another.
EXCLUDED_DIRS = frozenset({"__pycache__"})
EXCLUDED_SUFFIXES = frozenset({".pyc", ".pyo"})

# One timestamp and one mode for every entry, so the same tree always gives
# the same bytes (the zip's checksum says which tree it came from).
ZIP_DATE = (1980, 1, 1, 0, 0, 0)
ZIP_MODE = 0o644


class ReleaseError(Exception):
    """A release that must not be made, and why."""


def manifest(package: Path = PACKAGE) -> dict[str, object]:
    """Read the integration's manifest.json."""
    data = json.loads((package / "manifest.json").read_text(encoding="utf-8"))
    if not isinstance(data, dict):
        raise ReleaseError(f"{package / 'manifest.json'} is not a JSON object")
    return data


def manifest_version(package: Path = PACKAGE) -> str:
    """Return the manifest's version, which must be a semantic version."""
    version = manifest(package).get("version")
    if not isinstance(version, str) or not SEMVER.fullmatch(version):
        raise ReleaseError(f"manifest.json's version {version!r} is not a semantic version")
    return version


def zip_name(package: Path = PACKAGE) -> str:
    """Name the release asset: the integration's domain, .zip (hacs.json's filename)."""
    domain = manifest(package).get("domain")
    if not isinstance(domain, str) or not domain:
        raise ReleaseError("manifest.json has no domain")
    return f"{domain}.zip"


def check_tag(tag: str, package: Path = PACKAGE, changelog: Path = CHANGELOG) -> str:
    """Return the version a tag releases, or raise ReleaseError.

    The tag must be "v" and the manifest's version, and CHANGELOG.md must have
    that version's section (its notes become the release's description).
    """
    version = manifest_version(package)
    expected = f"{TAG_PREFIX}{version}"
    if tag == version:
        raise ReleaseError(f"tag {tag!r} lacks the leading {TAG_PREFIX!r}: tag {expected!r}")
    if tag != expected:
        raise ReleaseError(
            f"tag {tag!r} does not match manifest.json's version {version!r}: "
            f"tag {expected!r}, or change the version in {package / 'manifest.json'}"
        )
    changelog_section(version, changelog)
    return version


def changelog_section(version: str, changelog: Path = CHANGELOG) -> str:
    """Return the body of CHANGELOG.md's "## [version] - YYYY-MM-DD" section."""
    heading = re.compile(rf"## \[{re.escape(version)}\] - \d{{4}}-\d{{2}}-\d{{2}}")
    lines = changelog.read_text(encoding="utf-8").splitlines()
    start = next((i for i, line in enumerate(lines) if heading.fullmatch(line.strip())), None)
    if start is None:
        raise ReleaseError(f"{changelog.name} has no '## [{version}] - YYYY-MM-DD' section")
    body: list[str] = []
    for line in lines[start + 1 :]:
        # The next version's heading, or the link references at the bottom.
        if line.startswith("## ") or re.match(r"\[[^\]]+\]: ", line):
            break
        body.append(line)
    text = "\n".join(body).strip()
    if not text:
        raise ReleaseError(f"{changelog.name}'s section for {version} is empty")
    return text + "\n"


def release_files(package: Path = PACKAGE) -> list[Path]:
    """List the files the zip holds, relative to the package, in a stable order."""
    files = []
    for path in sorted(package.rglob("*")):
        relative = path.relative_to(package)
        if EXCLUDED_DIRS.intersection(relative.parts) or path.suffix in EXCLUDED_SUFFIXES:
            continue
        if path.is_file():
            files.append(relative)
    return files


def build_zip(dest_dir: Path, package: Path = PACKAGE) -> Path:
    """Write the release zip into dest_dir and return its path.

    HACS extracts a zip_release asset straight into
    custom_components/<domain>/ (its download_zip_files: ZipFile.extractall
    into the integration's local path), so the zip's root holds the package's
    files themselves (manifest.json at the top), not a folder around them.
    """
    files = release_files(package)
    if Path("manifest.json") not in files:
        raise ReleaseError(f"{package} has no manifest.json")
    dest_dir.mkdir(parents=True, exist_ok=True)
    target = dest_dir / zip_name(package)
    with zipfile.ZipFile(target, "w", compression=zipfile.ZIP_DEFLATED) as archive:
        for relative in files:
            info = zipfile.ZipInfo(relative.as_posix(), date_time=ZIP_DATE)
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = ZIP_MODE << 16
            archive.writestr(info, (package / relative).read_bytes())
    return target


def _version_of(tag_or_version: str) -> str:
    if tag_or_version.startswith(TAG_PREFIX):
        return tag_or_version.removeprefix(TAG_PREFIX)
    return tag_or_version


def main(argv: Sequence[str] | None = None) -> int:
    """Run one command; a refused release exits 1 with the reason on stderr."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    commands = parser.add_subparsers(dest="command", required=True)
    check = commands.add_parser("check", help="the tag releases manifest.json's version")
    check.add_argument("tag")
    build = commands.add_parser("zip", help="write the release zip into a directory")
    build.add_argument("dest_dir", type=Path)
    notes = commands.add_parser("notes", help="print CHANGELOG.md's section for a version")
    notes.add_argument("tag_or_version")
    args = parser.parse_args(argv)
    try:
        if args.command == "check":
            print(check_tag(args.tag))
        elif args.command == "zip":
            print(build_zip(args.dest_dir))
        else:
            print(changelog_section(_version_of(args.tag_or_version)), end="")
    except ReleaseError as err:
        print(f"release: {err}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
