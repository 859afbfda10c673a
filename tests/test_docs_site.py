"""The documentation site (mkdocs.yml, docs/), built and opened as a reader would.

1. `mkdocs build --strict` passes: a broken link or anchor, a page missing
   from the navigation, any warning fails the build (as `script/docs build`
   runs it).
2. Every page is written in English (`name.md`) and French (`name.fr.md`);
   a Japanese page (`name.ja.md`) has its English page; a page built in a
   language it is not written in carries the visible "not translated yet"
   banner, and a translated page does not.
3. In Chromium (Playwright, Debian's /usr/bin/chromium), the built site,
   served on loopback, opens every page in every language: it loads with no
   console error, no failed request and nothing fetched from anywhere but
   the site itself, and its language switcher leads to the same page in
   each other language (followed by a click once per page).

Needs the `docs` dependency group (script/setup installs it); the browser
part is skipped, with the reason, without Chromium or Playwright.
"""

from __future__ import annotations

from collections.abc import Iterator
import os
from pathlib import Path
import re
import socket
import subprocess
import sys
import time
from typing import Any
from urllib.parse import urlsplit

import pytest

from .chromium import CHROMIUM, CHROMIUM_ARGS

pytest.importorskip(
    "mkdocs", reason="MkDocs is not installed (script/setup installs the `docs` group)"
)

ROOT = Path(__file__).parent.parent
DOCS = ROOT / "docs"
LANGUAGES = ("en", "fr", "ja")
DEFAULT = "en"
COMPLETE = ("en", "fr")
"""Languages every page is written in."""
EXCLUDED = {"sdk-sessions.md"}
"""Developer notes in docs/ that are not part of the site (mkdocs.yml's exclude_docs)."""
BUILD_SECONDS = 300
SERVE_SECONDS = 30
UI_TIMEOUT_MS = 30_000
BANNER = "[data-untranslated]"
SUFFIX = re.compile(r"\.(?P<lang>[a-z]{2})\.md$")


def _pages() -> dict[str, set[str]]:
    """Return each page (its English source path) and the languages it is written in."""
    pages: dict[str, set[str]] = {}
    for path in sorted(DOCS.rglob("*.md")):
        source = path.relative_to(DOCS).as_posix()
        if source.startswith("overrides/") or source in EXCLUDED:
            continue
        if match := SUFFIX.search(source):
            page, lang = source[: match.start()] + ".md", match["lang"]
        else:
            page, lang = source, DEFAULT
        pages.setdefault(page, set()).add(lang)
    return pages


PAGES = _pages()


def _url_path(page: str, lang: str) -> str:
    """Return the path a page is served at in `lang` (directory URLs)."""
    stem = page.removesuffix(".md")
    if stem == "index":
        path = "/"
    elif stem.endswith("/index"):
        path = "/" + stem.removesuffix("index")
    else:
        path = f"/{stem}/"
    prefix = "" if lang == DEFAULT else f"/{lang}"
    return prefix + path


def _built_file(site: Path, page: str, lang: str) -> Path:
    return site / _url_path(page, lang).lstrip("/") / "index.html"


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Build the site once, as `script/docs build` does, into a temporary directory."""
    site_dir = tmp_path_factory.mktemp("site")
    result = subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "--clean", "--site-dir", site_dir],
        cwd=ROOT,
        env={**os.environ, "NO_MKDOCS_2_WARNING": "1"},
        capture_output=True,
        text=True,
        timeout=BUILD_SECONDS,
        check=False,
    )
    output = result.stdout + result.stderr
    assert result.returncode == 0, f"mkdocs build --strict failed:\n{output}"
    assert "WARNING" not in output, output
    return site_dir


def test_the_site_builds_strict(site: Path) -> None:
    """The strict build wrote every language's home page and the search index."""
    for lang in LANGUAGES:
        assert _built_file(site, "index.md", lang).is_file(), lang
    assert (site / "search" / "search_index.json").is_file()


def test_every_page_is_in_english_and_french() -> None:
    """Each page has its English source and its French translation."""
    assert "index.md" in PAGES
    assert "gate.md" in PAGES
    assert "architecture.md" in PAGES
    missing = {
        page: sorted(set(COMPLETE) - langs)
        for page, langs in PAGES.items()
        if not set(COMPLETE) <= langs
    }
    assert not missing, f"pages without their translation: {missing}"
    unknown = {page: langs for page, langs in PAGES.items() if not langs <= set(LANGUAGES)}
    assert not unknown, f"pages in a language the site does not build: {unknown}"


def test_the_readme_names_every_variable_the_demo_reads() -> None:
    """A newcomer reads how to move the demo (its port, its directory) in the README."""
    script = (ROOT / "script" / "demo").read_text(encoding="utf-8")
    variables = set(re.findall(r"\$\{?(HOME_MCP_[A-Z_]+)", script))
    assert {"HOME_MCP_DEMO_PORT", "HOME_MCP_DEMO_DIR"} <= variables
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert not {name for name in variables if f"`{name}`" not in readme}


def test_missing_translations_say_so(site: Path) -> None:
    """A page built in a language it is not written in shows the banner; others do not."""
    for page, langs in PAGES.items():
        for lang in LANGUAGES:
            html = _built_file(site, page, lang).read_text(encoding="utf-8")
            banner = f'data-untranslated="{lang}"' in html
            assert banner == (lang not in langs), (page, lang)


def test_the_gate_rules_are_one_generated_source(site: Path) -> None:
    """The French gate page shows the tables generated into docs/gate.md, not a copy."""
    french = (DOCS / "gate.fr.md").read_text(encoding="utf-8")
    assert '--8<-- "gate.md:rules"' in french
    assert "<!-- BEGIN generated" not in french
    built = _built_file(site, "gate.md", "fr").read_text(encoding="utf-8")
    assert "Entity classes" in built
    assert "Whole actions" in built


def _free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


@pytest.fixture
def served(site: Path, socket_enabled: None) -> Iterator[str]:
    """Serve the built site on loopback with Python's http.server; yield its base URL."""
    port = _free_port()
    server = subprocess.Popen(
        [sys.executable, "-m", "http.server", str(port), "--bind", "127.0.0.1"],
        cwd=site,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        deadline = time.monotonic() + SERVE_SECONDS
        while True:
            try:
                with socket.create_connection(("127.0.0.1", port), timeout=1):
                    break
            except OSError:
                assert server.poll() is None, "http.server exited"
                assert time.monotonic() < deadline, "http.server did not start"
                time.sleep(0.1)
        yield f"http://127.0.0.1:{port}"
    finally:
        server.terminate()
        server.wait(timeout=10)


@pytest.mark.skipif(
    not Path(CHROMIUM).exists(),
    reason=f"No Chromium at {CHROMIUM}: script/setup installs it with "
    "`apt-get install -y chromium` when it runs as root",
)
@pytest.mark.timeout(BUILD_SECONDS + 600)
async def test_every_page_opens_in_every_language(served: str) -> None:
    """Every page loads cleanly in Chromium, and the language switcher keeps the page."""
    playwright_api = pytest.importorskip(
        "playwright.async_api",
        reason="Playwright is not installed (script/setup installs the `browser` group)",
    )
    origin = urlsplit(served).netloc
    problems: list[str] = []
    where = ["(none)"]

    async def only_the_site(route: Any) -> None:
        if urlsplit(route.request.url).netloc == origin:
            await route.continue_()
        else:
            problems.append(f"{where[0]}: fetched {route.request.url}")
            await route.abort()

    def console(message: Any) -> None:
        if message.type in ("error", "warning"):
            problems.append(f"{where[0]}: console {message.type}: {message.text}")

    def failed(request: Any) -> None:
        # Leaving a page aborts what it was still loading (its search
        # worker): not a failure of the site.
        if request.failure != "net::ERR_ABORTED":
            problems.append(f"{where[0]}: failed {request.url} ({request.failure})")

    def response(answer: Any) -> None:
        if answer.status >= 400:
            problems.append(f"{where[0]}: {answer.status} {answer.url}")

    async with playwright_api.async_playwright() as playwright:
        browser = await playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            context = await browser.new_context(viewport={"width": 1280, "height": 900})
            context.set_default_timeout(UI_TIMEOUT_MS)
            await context.route("**/*", only_the_site)
            page = await context.new_page()
            page.on("console", console)
            page.on("pageerror", lambda error: problems.append(f"{where[0]}: {error}"))
            page.on("requestfailed", failed)
            page.on("response", response)
            settled: set[str] = set()
            for number, source in enumerate(PAGES):
                for index, lang in enumerate(LANGUAGES):
                    path = _url_path(source, lang)
                    where[0] = path
                    # The first page of each language waits for the network to
                    # settle (the search worker, its language's files); the
                    # others for their load event.
                    wait = "load" if lang in settled else "networkidle"
                    settled.add(lang)
                    await page.goto(served + path, wait_until=wait)
                    assert urlsplit(page.url).path == path
                    assert await page.locator("article h1").count() == 1, path
                    # Every other language's link leads to this page there.
                    for other in LANGUAGES:
                        link = page.locator(f"a.md-select__link[hreflang={other}]")
                        href = await link.get_attribute("href")
                        assert href is not None, (path, other)
                        target = await page.evaluate(
                            "(href) => new URL(href, location).pathname", href
                        )
                        assert target == _url_path(source, other), (path, other, target)
                    # Once per page, follow one of them as a person would
                    # (hover, click), from each language in turn.
                    if index != number % len(LANGUAGES):
                        continue
                    other = LANGUAGES[(index + 1) % len(LANGUAGES)]
                    await page.locator(".md-header__option .md-select").hover()
                    await page.locator(f"a.md-select__link[hreflang={other}]").click()
                    await page.wait_for_url(served + _url_path(source, other), wait_until="load")
                    assert await page.locator("html").get_attribute("lang") == other, path
        finally:
            await browser.close()
    assert not problems, "\n".join(problems)
