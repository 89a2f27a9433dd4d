"""Installable on Android and iOS: the manifest, its icons as built, and the page's tags.

Reads the built files (``make build`` first): the PNG icons tools/icons.py draws, the
vendored runtime as tools/vendor_patches.py leaves it, and the offline file list.
"""

from __future__ import annotations

import json
import re
import struct
import sys
import zlib
from html.parser import HTMLParser
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
STATIC = ROOT / "static"
sys.path.insert(0, str(ROOT / "tools"))

import vendor_patches  # noqa: E402


def manifest() -> dict:  # type: ignore[type-arg]
    data: dict = json.loads((STATIC / "manifest.webmanifest").read_text(encoding="utf-8"))  # type: ignore[type-arg]
    return data


def png_size(path: Path) -> tuple[int, int]:
    """The width and height in a PNG's header (its IHDR chunk)."""
    head = path.read_bytes()[:24]
    assert head[:8] == b"\x89PNG\r\n\x1a\n", f"{path.name} is not a PNG"
    assert head[12:16] == b"IHDR"
    width, height = struct.unpack(">II", head[16:24])
    return width, height


class Head(HTMLParser):
    """The <meta> and <link> tags of a page's <head>."""

    def __init__(self) -> None:
        super().__init__()
        self.metas: list[dict[str, str]] = []
        self.links: list[dict[str, str]] = []
        self.in_head = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = {key: value or "" for key, value in attrs}
        if tag == "head":
            self.in_head = True
        elif self.in_head and tag == "meta":
            self.metas.append(values)
        elif self.in_head and tag == "link":
            self.links.append(values)

    def handle_endtag(self, tag: str) -> None:
        if tag == "head":
            self.in_head = False


def page_head() -> Head:
    head = Head()
    head.feed((ROOT / "index.html").read_text(encoding="utf-8"))
    return head


def meta(head: Head, name: str) -> list[dict[str, str]]:
    return [m for m in head.metas if m.get("name") == name]


def test_manifest_has_png_icons_of_the_declared_sizes() -> None:
    icons = manifest()["icons"]
    pngs = [icon for icon in icons if icon["type"] == "image/png"]
    declared = {(icon["sizes"], icon.get("purpose", "any")) for icon in pngs}
    assert {("192x192", "any"), ("512x512", "any"), ("512x512", "maskable")} <= declared
    for icon in pngs:
        path = STATIC / icon["src"]
        assert path.is_file(), f"{icon['src']} is not built: run `make build`"
        width, height = (int(n) for n in icon["sizes"].split("x"))
        assert png_size(path) == (width, height), icon["src"]


def corner_alpha(path: Path) -> int:
    """The opacity of a PNG's top-left pixel (8-bit RGBA, as resvg writes). The first
    pixel of the first row is stored as it is whatever the row's filter."""
    data = path.read_bytes()
    assert data[24:26] == b"\x08\x06", "not 8-bit RGBA"
    at, pixels = 8, b""
    while at < len(data):
        (length,) = struct.unpack(">I", data[at : at + 4])
        if data[at + 4 : at + 8] == b"IDAT":
            pixels += data[at + 8 : at + 8 + length]
        at += 12 + length
    return zlib.decompress(pixels)[4]  # filter byte, then R G B A


def test_maskable_and_ios_icons_are_drawn_to_the_edges() -> None:
    """A maskable or iOS icon has no transparent corners (the system cuts its own
    shape); the plain icons keep the SVG's rounded ones."""
    icons = manifest()["icons"]
    maskable = next(i for i in icons if i.get("purpose") == "maskable")
    assert corner_alpha(STATIC / maskable["src"]) == 255
    assert corner_alpha(STATIC / "build" / "icons" / "apple-touch-icon.png") == 255
    plain = next(i for i in icons if i["sizes"] == "512x512" and i.get("purpose") == "any")
    assert corner_alpha(STATIC / plain["src"]) == 0


def test_manifest_has_an_id_and_a_screenshot_for_the_install_sheet() -> None:
    data = manifest()
    assert data["id"]
    assert data["start_url"] and data["display"] == "standalone"
    shots = data["screenshots"]
    assert shots, "no screenshot for the install sheet"
    for shot in shots:
        path = STATIC / shot["src"]
        assert path.is_file(), shot["src"]
        width, height = (int(n) for n in shot["sizes"].split("x"))
        assert png_size(path) == (width, height)
        assert shot["form_factor"] in ("narrow", "wide") and shot["label"]


def test_page_has_the_ios_tags() -> None:
    head = page_head()
    touch = [link for link in head.links if link.get("rel") == "apple-touch-icon"]
    assert len(touch) == 1
    assert png_size(ROOT / touch[0]["href"]) == (180, 180)
    assert meta(head, "apple-mobile-web-app-capable")[0]["content"] == "yes"
    assert meta(head, "apple-mobile-web-app-title")[0]["content"] == "Omen"
    assert meta(head, "apple-mobile-web-app-status-bar-style")[0]["content"]


def test_theme_color_for_each_scheme_and_a_description() -> None:
    head = page_head()
    colours = {m.get("media", ""): m["content"] for m in meta(head, "theme-color")}
    assert set(colours) == {"(prefers-color-scheme: light)", "(prefers-color-scheme: dark)"}
    assert len(set(colours.values())) == 2
    description = meta(head, "description")
    assert len(description) == 1 and 50 <= len(description[0]["content"]) <= 300


def test_service_worker_keeps_every_icon_the_page_names() -> None:
    text = (STATIC / "build" / "precache.js").read_text(encoding="utf-8")
    kept = set(json.loads(text.split("=", 1)[1].strip().rstrip(";"))["files"])
    named = {f"static/{icon['src']}" for icon in manifest()["icons"]}
    named |= {link["href"] for link in page_head().links if "icon" in link.get("rel", "")}
    assert named <= kept


def test_vendored_runtime_points_at_no_missing_source_map() -> None:
    vendor = STATIC / "vendor"
    scripts = [*vendor.glob("pyscript/*.js"), *vendor.glob("pyodide/*.mjs")]
    assert scripts, "the runtime is not vendored: run `make build`"
    pointing = []
    for path in scripts:
        for found in re.finditer(rb"sourceMappingURL=(\S+)", path.read_bytes()):
            target = path.with_name(found.group(1).decode())
            if not target.exists():
                pointing.append(path.name)
    assert pointing == []


def test_pyodide_makes_no_shared_memory_as_it_loads() -> None:
    runtime = (STATIC / "vendor" / "pyodide" / "pyodide.asm.mjs").read_bytes()
    assert vendor_patches.SHARED_AT_LOAD not in runtime
    assert runtime.count(vendor_patches.SHARED_WHEN_USED) == 1


@pytest.mark.parametrize(
    ("text", "kept"),
    [
        (b"a();\n//# sourceMappingURL=x.js.map\n", b"a();\n"),
        (b"a();\n//# sourceMappingURL=x.js.map", b"a();\n"),
        (b"a(); // sourceMappingURL= in a comment\n", b"a(); // sourceMappingURL= in a comment\n"),
    ],
)
def test_source_map_line_is_dropped(text: bytes, kept: bytes) -> None:
    assert vendor_patches.without_source_map(text) == kept


def test_a_changed_pyodide_stops_the_build() -> None:
    with pytest.raises(SystemExit, match="shared memory"):
        vendor_patches.pyodide_runtime("pyodide.asm.mjs", b"var io=somethingElse;")
