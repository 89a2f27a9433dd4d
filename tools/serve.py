"""Serve the app folder on 127.0.0.1 with the types browsers insist on.

Usage: ``python tools/serve.py [--port 8000] [--root .]``. Python's built-in server does
not know every type a PyScript page needs (``.mjs`` must be JavaScript, ``.wasm`` must
be ``application/wasm``), and a stale copy of ``sw.js`` must never be cached. Where
tools/build.py wrote pre-compressed copies, a browser that accepts brotli gets
``name.br`` and one that accepts gzip ``name.gz``, as a static host configured for
pre-compressed files would serve them (``/`` is ``/index.html``, compressed too).

Caching follows the service worker's versioning (docs/serving.md): files
whose name carries a hash of their content (PyScript's chunks) may be kept for a year;
every other file is revalidated on each use (``no-cache``: a 304 when unchanged), since
a deploy changes them under the same name and ``static/build/precache.js`` says which
version belongs with which. tools/host/ gives the same rules to nginx and to Netlify
and Cloudflare Pages.
"""

from __future__ import annotations

import argparse
import contextlib
import email.utils
import functools
import http.server
import os
import re
import threading
from pathlib import Path
from typing import ClassVar

TYPES = {
    ".mjs": "text/javascript",
    ".js": "text/javascript",
    ".wasm": "application/wasm",
    ".json": "application/json",
    ".toml": "text/plain; charset=utf-8",
    ".py": "text/plain; charset=utf-8",
    ".mo": "application/octet-stream",
    ".zip": "application/zip",
    ".webmanifest": "application/manifest+json",
    ".svg": "image/svg+xml",
    ".html": "text/html; charset=utf-8",
    ".css": "text/css; charset=utf-8",
}


# A file name with a content hash, as PyScript's build writes them: "core-C9KDLldu.js".
HASHED = re.compile(r"/static/vendor/pyscript/[\w.-]+-[\w-]{8}\.js$")
IMMUTABLE = "public, max-age=31536000, immutable"
REVALIDATE = "no-cache"
ENCODINGS = ((".br", "br"), (".gz", "gzip"))  # preferred first


def cache_control(path: str) -> str:
    """The Cache-Control header for a site path ("/static/app.css")."""
    return IMMUTABLE if HASHED.search(path) else REVALIDATE


def accepted(header: str) -> set[str]:
    """The codings an Accept-Encoding header accepts ("gzip, br;q=0" -> {"gzip"})."""
    out = set()
    for item in header.split(","):
        name, _, params = item.strip().partition(";")
        quality = params.strip().removeprefix("q=")
        with contextlib.suppress(ValueError):
            if params and float(quality) == 0:
                continue
        if name.strip():
            out.add(name.strip().lower())
    return out


class Handler(http.server.SimpleHTTPRequestHandler):
    extensions_map: ClassVar[dict[str, str]] = {
        **http.server.SimpleHTTPRequestHandler.extensions_map,
        **TYPES,
    }
    sent: ClassVar[int] = 0  # response body bytes, for the benchmark's download figures
    encodings: ClassVar[tuple[tuple[str, str], ...]] = ENCODINGS  # the copies it may serve

    def send_head(self):  # type: ignore[no-untyped-def]
        """Serve ``name.br`` or ``name.gz`` (written by tools/build.py) to a browser that
        takes brotli or gzip; ``/`` and any folder ending in ``/`` as its index.html."""
        path = Path(self.translate_path(self.path))
        if path.is_dir() and self.path.split("?")[0].endswith("/"):
            path = path / "index.html"
        takes = accepted(self.headers.get("Accept-Encoding", ""))
        found = [
            (path.with_name(path.name + suffix), coding)
            for suffix, coding in self.encodings
            if coding in takes and path.with_name(path.name + suffix).is_file()
        ]
        if not path.is_file() or not found:
            return super().send_head()
        packed, coding = found[0]
        since = self.headers.get("If-Modified-Since")
        with contextlib.suppress(TypeError, ValueError):
            if since and email.utils.parsedate_to_datetime(since).timestamp() >= int(
                path.stat().st_mtime
            ):
                self.send_response(304)
                self.end_headers()
                return None
        body = packed.open("rb")
        self.send_response(200)
        self.send_header("Content-Type", self.guess_type(str(path)))
        self.send_header("Content-Encoding", coding)
        self.send_header("Vary", "Accept-Encoding")
        self.send_header("Content-Length", str(packed.stat().st_size))
        self.send_header("Last-Modified", self.date_time_string(int(path.stat().st_mtime)))
        self.end_headers()
        return body

    def copyfile(self, source, outputfile):  # type: ignore[no-untyped-def]
        before = source.tell()
        super().copyfile(source, outputfile)
        Handler.sent += source.tell() - before

    def end_headers(self) -> None:
        self.send_header("Cache-Control", cache_control(self.path.split("?")[0]))
        super().end_headers()

    def log_message(self, format: str, *args: object) -> None:
        if os.environ.get("OMEN_SERVE_QUIET") != "1":
            super().log_message(format, *args)


class GzipOnly(Handler):
    """A host that serves the .gz copies only (bench/firstvisit.py's baseline)."""

    encodings: ClassVar[tuple[tuple[str, str], ...]] = ((".gz", "gzip"),)


def make_server(
    root: Path, port: int, kind: type[Handler] = Handler
) -> http.server.ThreadingHTTPServer:
    handler = functools.partial(kind, directory=str(root))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", port), handler)
    server.daemon_threads = True
    return server


def serve_in_background(
    root: Path, port: int = 0, kind: type[Handler] = Handler
) -> tuple[http.server.ThreadingHTTPServer, str]:
    """Start a server on a free port in a thread (for tests and benchmarks)."""
    server = make_server(root, port, kind)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_address[1]}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--port", type=int, default=8000)
    parser.add_argument("--root", type=Path, default=Path(__file__).resolve().parent.parent)
    args = parser.parse_args()
    server = make_server(args.root, args.port)
    print(f"Omen is served on http://127.0.0.1:{args.port}/ (Ctrl+C stops)")
    with contextlib.suppress(KeyboardInterrupt):
        server.serve_forever()


if __name__ == "__main__":
    main()
