"""Serve the app folder on 127.0.0.1 with the types browsers insist on.

Usage: ``python tools/serve.py [--port 8000] [--root .]``. Python's built-in server does
not know every type a PyScript page needs (``.mjs`` must be JavaScript, ``.wasm`` must
be ``application/wasm``), and a stale copy of ``sw.js`` must never be cached. Where
tools/build.py wrote a pre-compressed ``name.gz``, a browser that accepts gzip gets it,
as a static host configured for pre-compressed files would serve it.
"""

from __future__ import annotations

import argparse
import contextlib
import email.utils
import functools
import http.server
import os
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


class Handler(http.server.SimpleHTTPRequestHandler):
    extensions_map: ClassVar[dict[str, str]] = {
        **http.server.SimpleHTTPRequestHandler.extensions_map,
        **TYPES,
    }
    sent: ClassVar[int] = 0  # response body bytes, for the benchmark's download figures

    def send_head(self):  # type: ignore[no-untyped-def]
        """Serve ``name.gz`` (written by tools/build.py) to a browser that takes gzip."""
        path = Path(self.translate_path(self.path))
        packed = path.with_name(path.name + ".gz")
        takes_gzip = "gzip" in self.headers.get("Accept-Encoding", "")
        if not takes_gzip or not path.is_file() or not packed.is_file():
            return super().send_head()
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
        self.send_header("Content-Encoding", "gzip")
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
        if self.path.split("?")[0].endswith(("sw.js", "precache.js")):
            self.send_header("Cache-Control", "no-cache")
        super().end_headers()

    def log_message(self, format: str, *args: object) -> None:
        if os.environ.get("OMEN_SERVE_QUIET") != "1":
            super().log_message(format, *args)


def make_server(root: Path, port: int) -> http.server.ThreadingHTTPServer:
    handler = functools.partial(Handler, directory=str(root))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", port), handler)
    server.daemon_threads = True
    return server


def serve_in_background(root: Path, port: int = 0) -> tuple[http.server.ThreadingHTTPServer, str]:
    """Start a server on a free port in a thread (for tests and benchmarks)."""
    server = make_server(root, port)
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
