"""How Omen is served: tools/serve.py's compressed copies and caching, and what the build
writes for static hosts (the brotli copies, _headers, the first visit's sizes)."""

from __future__ import annotations

import gzip
import json
import sys
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import brotli  # type: ignore[import-untyped]
import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tools"))

import build  # noqa: E402
import serve  # noqa: E402


@pytest.fixture
def site(tmp_path: Path) -> Iterator[str]:
    (tmp_path / "static" / "vendor" / "pyscript").mkdir(parents=True)
    page = b"<!doctype html><title>Omen</title>" + b" " * 2000
    (tmp_path / "index.html").write_bytes(page)
    (tmp_path / "index.html.gz").write_bytes(gzip.compress(page))
    (tmp_path / "index.html.br").write_bytes(brotli.compress(page))
    (tmp_path / "sw.js").write_text("// worker\n")
    (tmp_path / "static" / "vendor" / "pyscript" / "core-C9KDLldu.js").write_text("1;\n")
    (tmp_path / "static" / "vendor" / "pyscript" / "core.js").write_text("2;\n")
    server, url = serve.serve_in_background(tmp_path)
    yield url
    server.shutdown()


def get(url: str, encoding: str = "identity") -> tuple[dict[str, str], bytes]:
    request = urllib.request.Request(url, headers={"Accept-Encoding": encoding})
    with urllib.request.urlopen(request, timeout=10) as response:
        return dict(response.headers), response.read()


def test_the_root_is_index_html_compressed_like_it(site: str) -> None:
    for path in ("/", "/index.html"):
        headers, body = get(site + path, "gzip, deflate, br, zstd")
        assert headers["Content-Encoding"] == "br", path
        assert brotli.decompress(body).startswith(b"<!doctype html>")
        headers, body = get(site + path, "gzip, deflate")
        assert headers["Content-Encoding"] == "gzip", path
        assert gzip.decompress(body).startswith(b"<!doctype html>")
        headers, body = get(site + path)
        assert "Content-Encoding" not in headers and body.startswith(b"<!doctype html>")


def test_a_coding_refused_with_q_0_is_not_sent(site: str) -> None:
    headers, _ = get(site + "/", "br;q=0, gzip")
    assert headers["Content-Encoding"] == "gzip"
    assert serve.accepted("gzip;q=0.5, br;q=0,identity") == {"gzip", "identity"}


def test_caching_follows_the_service_workers_versioning(site: str) -> None:
    assert get(site + "/")[0]["Cache-Control"] == "no-cache"
    assert get(site + "/sw.js")[0]["Cache-Control"] == "no-cache"
    assert get(site + "/static/vendor/pyscript/core.js")[0]["Cache-Control"] == "no-cache"
    hashed = get(site + "/static/vendor/pyscript/core-C9KDLldu.js")[0]["Cache-Control"]
    assert hashed == "public, max-age=31536000, immutable"


def test_a_gzip_only_host_never_sends_brotli(tmp_path: Path) -> None:
    (tmp_path / "index.html").write_bytes(b"x" * 2000)
    (tmp_path / "index.html.gz").write_bytes(gzip.compress(b"x" * 2000))
    (tmp_path / "index.html.br").write_bytes(brotli.compress(b"x" * 2000))
    server, url = serve.serve_in_background(tmp_path, 0, serve.GzipOnly)
    try:
        assert get(url + "/", "br, gzip")[0]["Content-Encoding"] == "gzip"
    finally:
        server.shutdown()


def test_headers_file_lists_each_hashed_chunk_and_nothing_overlaps() -> None:
    files = ["index.html", "static/vendor/pyscript/core-C9KDLldu.js", "static/app.css"]
    text = build.headers(files)
    rules: dict[str, list[str]] = {}
    path = ""
    for line in text.splitlines():
        if line.startswith("/"):
            path = line
            rules[path] = []
        elif line.startswith("  "):
            rules[path].append(line.strip())
    assert rules["/static/vendor/pyscript/core-C9KDLldu.js"] == [
        "Cache-Control: public, max-age=31536000, immutable"
    ]
    assert rules["/index.html"] == rules["/sw.js"] == ["Cache-Control: no-cache"]
    assert "/*" not in rules  # a site-wide rule would overlap the hashed ones


def test_the_build_writes_brotli_copies_and_lists_the_first_visits_sizes() -> None:
    wasm = ROOT / "static" / "vendor" / "pyodide" / "pyodide.asm.wasm"
    manifest = ROOT / "static" / "build" / "snapshot.js"
    if not wasm.exists() or not manifest.exists():
        pytest.fail("the runtime is not built: run `make build` first")
    packed = wasm.with_name(wasm.name + ".br")
    assert brotli.decompress(packed.read_bytes()) == wasm.read_bytes()
    assert packed.stat().st_size < 0.85 * wasm.with_name(wasm.name + ".gz").stat().st_size
    text = manifest.read_text(encoding="utf-8")
    sizes = json.loads(text[text.index("{") : text.rindex("}") + 1])["download"]
    assert sizes["./vendor/pyodide/pyodide.asm.wasm"] == [
        wasm.stat().st_size,
        wasm.with_name(wasm.name + ".gz").stat().st_size,
        packed.stat().st_size,
    ]
    assert "../index.html" in sizes and "./progress.mjs" in sizes
    assert not [name for name in sizes if "segno" in name or "snapshot-worker" in name]
    assert not [name for name in build.offline_files() if name.endswith((".gz", ".br"))]


def test_the_qr_decoder_is_kept_offline_but_not_downloaded_at_start() -> None:
    decoder = ("static/scan.mjs", "static/vendor/qr-scanner/qr-scanner.min.js")
    decoder += ("static/vendor/qr-scanner/qr-scanner-worker.min.js",)
    offline = build.offline_files()
    assert all(name in offline for name in decoder)
    assert not [name for name in build.start_files() if "scan" in name]
    assert not [name for name in build.PLAYER_FILES if "scan" in name]
    for name in decoder:  # vendored without a pointer to a source map not shipped
        assert b"sourceMappingURL" not in (ROOT / name).read_bytes()
