"""What tools/build.py changes in the runtime files it vendors, and nothing more.

- **No pointers to missing source maps.** PyScript's and Pyodide's JavaScript end with
  ``//# sourceMappingURL=….map``; the ``.map`` files are not shipped (1 MB more for a
  debugger's comfort), so a browser's developer tools and Lighthouse asked for each one
  and got a 404. The line is dropped.
- **No shared memory at load.** Pyodide 314's ``pyodide.asm.mjs`` makes a one-page shared
  WebAssembly memory as the module loads, only so that Node can sleep between retries
  of a busy file (``syncSleep``, ``Atomics.wait``). In a page that is not cross-origin
  isolated, Chromium reports that as a deprecated use of SharedArrayBuffer. The memory
  is now made the first time ``syncSleep`` runs (never, in a browser: Omen reads no
  Node files), with the same behaviour when it does. If a Pyodide update changes that
  code, the build stops and says so, rather than ship an unpatched file unnoticed.
"""

from __future__ import annotations

import re
from pathlib import Path

SOURCE_MAP = re.compile(rb"\n?//# sourceMappingURL=[^\n]*\n?\Z")

SHARED_AT_LOAD = (
    b"var io=new Int32Array(new WebAssembly.Memory({shared:!0,initial:1,maximum:1}).buffer);"
    b"function so(t){try{return Atomics.wait(io,0,0,t),!0}catch{return!1}}"
)
SHARED_WHEN_USED = (
    b"var io;"
    b"function so(t){try{return io??=new Int32Array(new WebAssembly.Memory("
    b"{shared:!0,initial:1,maximum:1}).buffer),Atomics.wait(io,0,0,t),!0}catch{return!1}}"
)


def without_source_map(data: bytes) -> bytes:
    """``data`` without a closing ``//# sourceMappingURL=`` line.

    >>> without_source_map(b"let a=1;\\n//# sourceMappingURL=a.js.map\\n")
    b'let a=1;\\n'
    >>> without_source_map(b"let a=1;")
    b'let a=1;'
    """
    found = SOURCE_MAP.search(data)
    return data if found is None else data[: found.start()] + b"\n"


def pyodide_runtime(name: str, data: bytes) -> bytes:
    """One of Pyodide's files as Omen ships it (see the module's text)."""
    if name.endswith((".mjs", ".js")):
        data = without_source_map(data)
    if name == "pyodide.asm.mjs":
        if data.count(SHARED_AT_LOAD) != 1:
            raise SystemExit(
                "build: pyodide.asm.mjs no longer makes its shared memory as expected: "
                "look at tools/vendor_patches.py again for this Pyodide version."
            )
        data = data.replace(SHARED_AT_LOAD, SHARED_WHEN_USED)
    return data


def write_if_changed(target: Path, data: bytes) -> None:
    """Write ``data`` to ``target`` unless it already holds exactly that."""
    if target.exists() and target.read_bytes() == data:
        return
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_bytes(data)
