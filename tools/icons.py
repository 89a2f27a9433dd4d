"""The app's PNG icons, drawn at build time from static/icon.svg with resvg.

    python tools/icons.py    # writes them into static/build/icons/ (tools/build.py does)

Phones want bitmaps: Android's install sheet a 192 and a 512 px icon and a "maskable"
one (drawn to the edges; the launcher cuts its own shape out of the middle 80%), and
iOS an ``apple-touch-icon`` of 180 px, which it rounds itself and shows on black where
the picture is transparent. The SVG is the one source: the plain icons are it as drawn
(rounded corners), the full-bleed ones are the same picture with the square's corners
not rounded. resvg (the ``resvg-py`` wheel, pinned in pyproject.toml's build extras)
renders the same bytes for the same input, so an unchanged SVG leaves the files alone.
"""

from __future__ import annotations

import sys
import xml.etree.ElementTree as ElementTree
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SOURCE = ROOT / "static" / "icon.svg"
TARGET = ROOT / "static" / "build" / "icons"
SVG_NS = "http://www.w3.org/2000/svg"
# file name -> (size in pixels, drawn to the edges)
ICONS = {
    "icon-192.png": (192, False),
    "icon-512.png": (512, False),
    "maskable-512.png": (512, True),
    "apple-touch-icon.png": (180, True),
}


def full_bleed(svg: str) -> str:
    """The icon with its background square's corners not rounded (for maskable and iOS
    icons, whose shape the system cuts). The picture must start with that square."""
    ElementTree.register_namespace("", SVG_NS)
    root = ElementTree.fromstring(svg)
    back = root.find(f"{{{SVG_NS}}}rect")
    if back is None or back.get("rx") is None:
        raise SystemExit("icons: static/icon.svg no longer starts with a rounded square")
    back.attrib.pop("rx")
    back.attrib.pop("ry", None)
    return ElementTree.tostring(root, encoding="unicode")


def render(svg: str, size: int) -> bytes:
    try:
        import resvg_py
    except ImportError:  # pragma: no cover - make installs it into .venv
        raise SystemExit(
            "icons: resvg-py is missing: run `make build` (it installs .venv)."
        ) from None
    return bytes(resvg_py.svg_to_bytes(svg_string=svg, width=size, height=size))


def make_icons(source: Path = SOURCE, target: Path = TARGET) -> list[Path]:
    """Write every icon of :data:`ICONS` into ``target`` (only those that changed)."""
    svg = source.read_text(encoding="utf-8")
    target.mkdir(parents=True, exist_ok=True)
    written = []
    for name, (size, bleed) in ICONS.items():
        data = render(full_bleed(svg) if bleed else svg, size)
        path = target / name
        if not path.exists() or path.read_bytes() != data:
            path.write_bytes(data)
        written.append(path)
    for stale in target.iterdir():
        if stale.name not in ICONS and not stale.name.endswith(".gz"):
            stale.unlink()
    return written


if __name__ == "__main__":
    for path in make_icons():
        print(path.relative_to(ROOT))
    sys.exit(0)
