"""Start-up from a memory snapshot, and every way back to a normal start.

The first visit starts Pyodide normally and then makes a snapshot in a worker
(``html[data-snapshot='saved']``); later visits start from it
(``html[data-engine-start='snapshot']``). A snapshot that is missing, damaged, truncated,
made by another Pyodide build or for other Python files must never break the app: it
starts normally, rolls, and makes a new snapshot.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, Route, expect

import build

from .conftest import PHONE, READY_TIMEOUT, ROOT, answer_first_start, open_app, reload_app

SNAPSHOT_TIMEOUT = 120_000  # ms: the worker's whole start, import and copy

# Every test here starts with no snapshot stored: a profile of its own each.
pytestmark = pytest.mark.fresh_profile


def started_from(page: Page) -> str:
    return str(page.evaluate("document.documentElement.dataset.engineStart"))


def wait_for_snapshot(page: Page) -> None:
    page.locator("html[data-snapshot='saved']").wait_for(state="attached", timeout=SNAPSHOT_TIMEOUT)


def python(page: Page, code: str) -> Any:
    """Run Python in the page's interpreter (engine.mjs exports it for tests)."""
    return page.evaluate(
        "async (code) => (await import('/static/engine.mjs')).started.runPython(code)", code
    )


def roll(page: Page) -> str:
    """Take a turn on the Explore screen; the result must be a rolled result."""
    turn = int(page.locator("[data-bind='turn']").inner_text())
    page.get_by_role("button", name="Next turn").click()
    expect(page.locator("[data-bind='turn']")).to_have_text(str(turn + 1))
    title = page.locator("[data-bind='result-title']")
    expect(title).to_have_text(re.compile(r"Tension Die"))
    return title.inner_text()


# Change the stored snapshot inside the page: bytes, and headers after the change.
TAMPER = """async (how) => {
  const cache = await caches.open("omen.snapshot");
  const entry = new URL("static/build/engine-snapshot", location.href).href;
  const stored = await cache.match(entry);
  let bytes = new Uint8Array(await stored.arrayBuffer());
  const headers = Object.fromEntries(stored.headers.entries());
  const digest = async (data) => Array.from(
    new Uint8Array(await crypto.subtle.digest("SHA-256", data)),
    (b) => b.toString(16).padStart(2, "0")).join("");
  if (how === "flip") {
    bytes[Math.floor(bytes.length / 2)] ^= 0xff;
  } else if (how === "truncate") {
    bytes = bytes.slice(0, bytes.length - 65536);
  } else if (how === "other-build") {
    // Pyodide writes its build id at bytes 16..47 of its memory, stored right after the
    // page map (one byte per 4 KB page); a checksum made after the change gets past
    // Omen's check, so Pyodide itself must refuse the restore.
    const map = Math.ceil(Number(headers["x-omen-memory"]) / 4096);
    bytes.fill(0x41, map + 16, map + 48);
    headers["x-omen-sha256"] = await digest(bytes);
  } else if (how === "other-key") {
    headers["x-omen-key"] = "0".repeat(32);
  } else if (how === "garbage") {
    bytes = new Uint8Array(4096).fill(7);
    headers["x-omen-size"] = String(bytes.length);
    headers["x-omen-sha256"] = await digest(bytes);
  }
  await cache.put(entry, new Response(bytes, { headers }));
}"""


# Chromium crashed the tab now and then with Pyodide's stack switching (JSPI; see
# static/engine.mjs): neither start may use it.
STACK_SWITCHING = """async () => {
  const { started } = await import('/static/engine.mjs');
  return [started._module.jspiSupported, 'Suspending' in WebAssembly, 'Suspender' in WebAssembly];
}"""


def test_second_visit_starts_from_the_snapshot_and_rolls(page: Page, base: str) -> None:
    open_app(page, base)
    assert started_from(page) == "normal"
    assert page.evaluate(STACK_SWITCHING) == [False, False, False]
    roll(page)
    wait_for_snapshot(page)
    reload_app(page)
    assert started_from(page) == "snapshot"
    assert page.evaluate(STACK_SWITCHING) == [False, False, False]
    roll(page)
    expect(page.get_by_role("button", name="Settings")).to_be_enabled()


def test_two_starts_from_one_snapshot_do_not_share_dice(page: Page, base: str) -> None:
    open_app(page, base)
    wait_for_snapshot(page)
    states, rolls = [], []
    for _ in range(2):
        reload_app(page)
        assert started_from(page) == "snapshot"
        states.append(python(page, "import random; str(hash(random.getstate()))"))
        rolls.append(python(page, "import random; [random.randrange(1 << 30) for _ in range(4)]"))
        roll(page)
    assert states[0] != states[1]
    assert rolls[0] != rolls[1]
    # The app's own dice: SystemRandom unless ?seed=N asks for reproducible ones.
    assert (
        python(page, "from omen.core.dice import SystemDice; SystemDice.__name__") == "SystemDice"
    )


def test_seeded_dice_repeat_after_a_restore(page: Page, base: str) -> None:
    open_app(page, base, "?seed=1")
    assert started_from(page) == "normal"
    first = roll(page)
    wait_for_snapshot(page)
    page.evaluate("localStorage.clear()")
    reload_app(page)
    assert started_from(page) == "snapshot"
    assert roll(page) == first == "Tension Die: nothing yet (pool 18)"


@pytest.mark.parametrize("how", ["flip", "truncate", "other-build", "other-key", "garbage"])
def test_a_bad_snapshot_means_a_normal_start_and_a_new_snapshot(
    page: Page, base: str, how: str
) -> None:
    open_app(page, base)
    wait_for_snapshot(page)
    page.evaluate(TAMPER, how)
    page.evaluate("delete document.documentElement.dataset.snapshot")
    reload_app(page)
    assert started_from(page) == "normal"
    roll(page)
    wait_for_snapshot(page)
    reload_app(page)
    assert started_from(page) == "snapshot"
    roll(page)


def test_missing_cache_storage_entry_starts_normally(page: Page, base: str) -> None:
    open_app(page, base)
    wait_for_snapshot(page)
    page.evaluate("caches.delete('omen.snapshot')")
    reload_app(page)
    assert started_from(page) == "normal"
    roll(page)


def test_snapshot_off_starts_normally_and_makes_none(page: Page, base: str) -> None:
    open_app(page, base, "?snapshot=off")
    assert started_from(page) == "normal"
    roll(page)
    # the page says it makes none (no worker is started for one), and none is stored
    expect(page.locator("html")).to_have_attribute("data-snapshot", "off")
    assert page.evaluate("caches.has('omen.snapshot')") is False
    # so the next start without it is a normal one too, which then makes one
    open_app(page, base)
    assert started_from(page) == "normal"
    wait_for_snapshot(page)


@pytest.fixture
def no_worker_context(browser: Browser) -> Iterator[BrowserContext]:
    """A context without the service worker, so routes see every request."""
    context = answer_first_start(
        browser.new_context(viewport=PHONE, locale="en-US", service_workers="block")
    )
    yield context
    context.close()


@pytest.mark.allow_console_errors  # its own page, not the guarded fixture page
def test_other_python_files_are_not_restored_from_an_old_snapshot(
    no_worker_context: BrowserContext, base: str
) -> None:
    page = no_worker_context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    open_app(page, base)
    wait_for_snapshot(page)

    # A new deploy: one adapter file changed, and the build wrote a new key.
    manifest = (ROOT / "static" / "build" / "snapshot.js").read_text(encoding="utf-8")
    key = re.search(r'"key": "(\w+)"', manifest)
    assert key is not None
    new_manifest = manifest.replace(key.group(1), "f" * 32)
    files = build.unbundle((ROOT / "static" / "build" / "app-files.bin").read_bytes())
    files["./py/omen_web/kit/storage.py"] += b"\nDEPLOY_MARK = 'new files'\n"
    changed = build.bundle(files)

    def serve(route: Route, body: str | bytes, kind: str) -> None:
        route.fulfill(body=body, content_type=kind, headers={"cache-control": "no-store"})

    no_worker_context.route(
        "**/static/build/snapshot.js", lambda r: serve(r, new_manifest, "text/javascript")
    )
    no_worker_context.route(
        "**/static/build/app-files.bin", lambda r: serve(r, changed, "application/octet-stream")
    )
    page.evaluate("delete document.documentElement.dataset.snapshot")
    page.reload()
    page.locator("html[data-ready='true']").wait_for(state="attached", timeout=READY_TIMEOUT)
    assert started_from(page) == "normal"
    assert python(page, "import omen_web.kit.storage as s; s.DEPLOY_MARK") == "new files"
    roll(page)
    wait_for_snapshot(page)
    page.reload()
    page.locator("html[data-ready='true']").wait_for(state="attached", timeout=READY_TIMEOUT)
    assert started_from(page) == "snapshot"
    roll(page)
    assert errors == []


def both_starts(page: Page, base: str) -> Iterator[str]:
    """A normal start (the first visit), then, once its snapshot is stored, a start from
    the snapshot: yields the kind of each, after checking it."""
    open_app(page, base)
    assert started_from(page) == "normal"
    yield "normal"
    wait_for_snapshot(page)
    reload_app(page)
    assert started_from(page) == "snapshot"
    yield "snapshot"


def test_a_start_downloads_the_python_files_once_in_their_bundle(page: Page, base: str) -> None:
    """static/engine.mjs reads the app's Python files from their bundle while Pyodide
    starts and hands them to PyScript when it asks; a hand-over that missed would
    download the files one by one as well."""
    for _start in both_starts(page, base):
        roll(page)
        asked = page.evaluate(
            """() => performance.getEntriesByType("resource").map((e) => e.name)
                .filter((name) => name.includes("/py/") || name.endsWith(".bin"))"""
        )
        assert asked == [f"{base}/static/build/app-files.bin"]


def test_pyscript_modules_are_asked_for_as_the_page_opens(page: Page, base: str) -> None:
    """static/start.mjs preloads the modules PyScript imports one by one once it has read
    pyscript.toml (static/build/snapshot.js lists them): every one the page loads must be
    on that list, or PyScript would wait for it on the first visit after an update."""
    for _start in both_starts(page, base):
        loaded = page.evaluate(
            """() => performance.getEntriesByType("resource").map((e) => e.name)
                .filter((name) => /\\/vendor\\/pyscript\\/(?!core)[^/]+\\.js$/.test(name))"""
        )
        preloaded = page.evaluate(
            """() => [...document.querySelectorAll("link[rel=modulepreload]")]
                .map((link) => link.href)"""
        )
        assert len(loaded) >= 5
        assert set(loaded) <= set(preloaded)
