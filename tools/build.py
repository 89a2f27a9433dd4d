"""Set-up and packaging: vendor the runtime, compile catalogs, list the offline files.

    python tools/build.py          # static/vendor/, static/build/ (run by make)
    python tools/build.py dist     # also dist/: a folder to upload to any static host
    python tools/build.py dist DIR # the same folder written to DIR (tests use this)

The runtime comes from the pinned npm packages in node_modules/ (``npm ci`` first).
"""

from __future__ import annotations

import gzip
import hashlib
import io
import json
import os
import shutil
import subprocess
import sys
import tomllib
import zipfile
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))

import catalog  # noqa: E402
import icons  # noqa: E402
import msgfmt  # noqa: E402
import serve  # noqa: E402
import vendor_patches  # noqa: E402

try:
    import zopfli.gzip
except ImportError:  # pragma: no cover - make installs it into .venv
    raise SystemExit("build: zopfli is missing: run `make build` (it installs .venv).") from None
try:
    import brotli
except ImportError:  # pragma: no cover - make installs it into .venv
    raise SystemExit("build: brotli is missing: run `make build` (it installs .venv).") from None

PYODIDE_FILES = (
    "pyodide.mjs",
    "pyodide.asm.mjs",
    "pyodide.asm.wasm",
    "python_stdlib.zip",
    "pyodide-lock.json",
)
APP_FILES = ("index.html", "pyscript.toml", "sw.js", "player.html", "player-sw.js")
# What the player page needs, and all its service worker keeps (player-sw.js): no Python,
# no runtime, so a player's phone never downloads them (docs/players.md).
PLAYER_FILES = (
    "player.html",
    "static/player.js",
    "static/app.css",
    "static/icon.svg",
    "static/vendor/qrcode-generator/qrcode.mjs",  # loaded when the player's answer is shown
)
VENDOR = ROOT / "static" / "vendor"
BUILD = ROOT / "static" / "build"
# PyScript chunks the page loads (measured by recording a walk through every screen);
# the rest (editor, terminal, MicroPython, …) stay on the host but out of the precache.
PYSCRIPT_USED = frozenset(
    [
        "core",
        "deprecations-manager",
        "donkey",
        "error",
        "py-editor",
        "py-game",
        "py-terminal",
        "toml",
    ]
)
# Compressible files get pre-compressed copies beside them, name.gz and name.br
# (tools/serve.py serves them; make dist ships them for hosts that serve them).
COMPRESS = (
    ".html",
    ".js",
    ".mjs",
    ".wasm",
    ".json",
    ".css",
    ".py",
    ".toml",
    ".svg",
    ".mo",
    ".zip",
    ".bin",
)
STDLIB_LIST = ROOT / "tools" / "stdlib-modules.txt"  # written by tools/stdlib_modules.py
# Standard library modules PyScript's own package imports at every start and the app
# does not: pre-imported in the snapshot, so a return visit does not compile them again
# (html brings html.entities, about 100 KB of source).
SNAPSHOT_STDLIB = ["html"]


def copy_if_changed(source: Path, target: Path) -> None:
    same_size = target.exists() and target.stat().st_size == source.stat().st_size
    if same_size and target.read_bytes() == source.read_bytes():
        return
    target.parent.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(source, target)


def trimmed_stdlib(source: Path, keep: set[str]) -> bytes:
    """Pyodide's standard library archive with only the modules in ``keep``.

    Written the same way every time (sorted, fixed dates), so an unchanged list gives
    the same bytes and the same snapshot key.
    """
    out = io.BytesIO()
    # Stored, not deflated per file: the .gz copy of the whole archive (compress()) then
    # shares one dictionary across files, 1003 KB to download instead of 1096 KB. The
    # price is 4.3 MB instead of 1.1 MB in the page's file system, read without inflating.
    with zipfile.ZipFile(source) as full, zipfile.ZipFile(out, "w", zipfile.ZIP_STORED) as zip:
        for name in sorted(full.namelist()):
            if not name.endswith(".py"):
                continue
            module = name.removesuffix(".py").removesuffix("/__init__").replace("/", ".")
            if module in keep:
                info = zipfile.ZipInfo(name, date_time=(1980, 1, 1, 0, 0, 0))
                zip.writestr(info, full.read(name))
    return out.getvalue()


def stdlib(source: Path, target: Path) -> None:
    """The standard library archive: trimmed to the modules the app uses, and compiled.

    OMEN_FULL_STDLIB=1 (or no module list) ships Pyodide's whole archive as it is;
    OMEN_STDLIB_SOURCE=1 ships the trimmed one as source, for tracebacks with every line.
    Otherwise tools/compile_stdlib.mjs compiles the trimmed archive with the Pyodide the
    app ships (its Python writes the bytecode it will read), once per change of input.
    """
    if os.environ.get("OMEN_FULL_STDLIB") == "1" or not STDLIB_LIST.exists():
        copy_if_changed(source, target)
        return
    lines = STDLIB_LIST.read_text(encoding="utf-8").splitlines()
    keep = {line.strip() for line in lines if line.strip() and not line.startswith("#")}
    data = trimmed_stdlib(source, keep)
    if os.environ.get("OMEN_STDLIB_SOURCE") == "1":
        if not target.exists() or target.read_bytes() != data:
            target.write_bytes(data)
        print(f"build: standard library trimmed to {len(keep)} modules (source)")
        return
    compiler = ROOT / "tools" / "compile_stdlib.mjs"
    stamp = hashlib.sha256(data + compiler.read_bytes() + source.read_bytes()).hexdigest()
    cache = ROOT / "node_modules" / ".cache" / "omen"
    done = cache / "stdlib.sha256"
    if target.exists() and done.exists() and done.read_text() == stamp:
        return
    cache.mkdir(parents=True, exist_ok=True)
    (cache / "stdlib-source.zip").write_bytes(data)
    subprocess.run(
        [
            "node",
            str(compiler),
            str(ROOT / "node_modules" / "pyodide"),
            str(cache / "stdlib-source.zip"),
            str(target),
        ],
        check=True,
    )
    done.write_text(stamp)
    size = target.stat().st_size // 1024
    print(f"build: standard library trimmed to {len(keep)} modules and compiled, {size} KB")


def lock_without_packages(source: Path, target: Path) -> None:
    """Pyodide's lock file with its build details and no packages.

    Pyodide reads the lock file at every start to know which packages it could load; the
    app loads none (no ``[packages]`` in pyscript.toml), so the 119 KB list of them is
    left out. Pyodide still checks the lock file's version against its own.
    """
    lock = json.loads(source.read_text(encoding="utf-8"))
    text = json.dumps({"info": lock["info"], "packages": {}}, indent=1) + "\n"
    if not target.exists() or target.read_text(encoding="utf-8") != text:
        target.write_text(text, encoding="utf-8")


def vendor() -> None:
    modules = ROOT / "node_modules"
    pyodide = modules / "pyodide"
    pyscript = modules / "@pyscript" / "core" / "dist"
    if not pyodide.is_dir() or not pyscript.is_dir():
        raise SystemExit("build: node_modules is missing: run `npm ci` first (make does).")
    for name in PYODIDE_FILES:  # untouched, for bench/stock/ (not part of the app)
        copy_if_changed(pyodide / name, VENDOR / "pyodide-stock" / name)
    for name in PYODIDE_FILES:
        if name == "python_stdlib.zip":
            stdlib(pyodide / name, VENDOR / "pyodide" / name)
        elif name == "pyodide-lock.json":
            lock_without_packages(pyodide / name, VENDOR / "pyodide" / name)
        else:  # without pointers to source maps not shipped (see tools/vendor_patches.py)
            data = vendor_patches.pyodide_runtime(name, (pyodide / name).read_bytes())
            vendor_patches.write_if_changed(VENDOR / "pyodide" / name, data)
    wanted = {p.name for p in pyscript.iterdir() if p.suffix in (".js", ".css")}
    for path in sorted(pyscript.iterdir()):
        if path.name in wanted:
            data = vendor_patches.without_source_map(path.read_bytes())
            vendor_patches.write_if_changed(VENDOR / "pyscript" / path.name, data)
    for stale in (VENDOR / "pyscript").iterdir():
        if stale.name not in wanted:
            stale.unlink()
    vendor_qrcode(modules)
    vendor_qr_scanner(modules)


def vendor_qrcode(modules: Path) -> None:
    """The player page's QR encoder (npm qrcode-generator, MIT): its answer as a code."""
    qrcode = modules / "qrcode-generator" / "dist" / "qrcode.mjs"
    if not qrcode.exists():
        raise SystemExit("build: node_modules is missing: run `npm ci` first (make does).")
    copy_if_changed(qrcode, VENDOR / "qrcode-generator" / "qrcode.mjs")


# The game master's QR decoder (npm qr-scanner, MIT): loaded by static/scan.mjs only when
# "Scan the answer" is tapped where the browser has no BarcodeDetector (never at start).
QR_SCANNER_FILES = ("qr-scanner.min.js", "qr-scanner-worker.min.js", "LICENSE")


def vendor_qr_scanner(modules: Path) -> None:
    """static/vendor/qr-scanner/: the decoder and its worker, without source map pointers."""
    folder = modules / "qr-scanner"
    if not (folder / QR_SCANNER_FILES[0]).exists():
        raise SystemExit("build: node_modules is missing: run `npm ci` first (make does).")
    for name in QR_SCANNER_FILES:
        data = vendor_patches.without_source_map((folder / name).read_bytes())
        vendor_patches.write_if_changed(VENDOR / "qr-scanner" / name, data)


# segno's QR encoder (pure Python, BSD licence): the share sheet loads these two files on
# demand, so start-up does not pay for them. Pinned by version and by the wheel's hash.
SEGNO = "segno==1.6.6"
SEGNO_WHEEL = "segno-1.6.6-py3-none-any.whl"
SEGNO_SHA256 = "28c7d081ed0cf935e0411293a465efd4d500704072cdb039778a2ab8736190c7"
SEGNO_FILES = ("segno/consts.py", "segno/encoder.py", "segno-1.6.6.dist-info/licenses/LICENSE")


def vendor_segno() -> None:
    """static/vendor/segno/: segno's encoder from its wheel, downloaded once into .cache/."""
    cache = ROOT / ".cache" / "wheels"
    wheel = cache / SEGNO_WHEEL
    if not wheel.exists():
        command = [sys.executable, "-m", "pip", "download", "--quiet", "--no-deps"]
        command += ["--only-binary=:all:", "--dest", str(cache), SEGNO]
        subprocess.run(command, check=True)
    if hashlib.sha256(wheel.read_bytes()).hexdigest() != SEGNO_SHA256:
        wheel.unlink()
        raise SystemExit(f"build: {SEGNO_WHEEL} does not match its pinned hash; run again.")
    with zipfile.ZipFile(wheel) as archive:
        for name in SEGNO_FILES:
            target = VENDOR / "segno" / Path(name).name
            data = archive.read(name)
            if not target.exists() or target.read_bytes() != data:
                target.parent.mkdir(parents=True, exist_ok=True)
                target.write_bytes(data)


def python_files() -> list[str]:
    """The page script and every file pyscript.toml puts into Python's file system."""
    config = tomllib.loads((ROOT / "pyscript.toml").read_text(encoding="utf-8"))
    return ["py/main.py", *(source.removeprefix("./") for source in config["files"])]


def snapshot_manifest() -> None:
    """static/build/snapshot.js: what the memory snapshot holds, and the key it is valid for.

    The key changes with Pyodide's build, the standard library archive, the snapshot
    worker and its reader (engine.mjs: the stored format is theirs, and both say that
    Pyodide runs without stack switching), the list of pre-imported modules and the
    source of every pre-imported file; static/engine.mjs throws away a snapshot stored
    under any other key.
    """
    config = tomllib.loads((ROOT / "pyscript.toml").read_text(encoding="utf-8"))
    files = {url: path for url, path in config["files"].items() if url.endswith(".py")}
    modules = sorted(
        path.removeprefix("./").removesuffix(".py").removesuffix("/__init__").replace("/", ".")
        for path in files.values()
    )
    modules += SNAPSHOT_STDLIB
    digest = hashlib.sha256()
    pyodide = json.loads((ROOT / "node_modules" / "pyodide" / "package.json").read_text())
    digest.update(pyodide["version"].encode())
    runtime = [VENDOR / "pyodide" / name for name in PYODIDE_FILES if name != "pyodide-lock.json"]
    for path in [*runtime, ROOT / "static" / "snapshot-worker.mjs", ROOT / "static" / "engine.mjs"]:
        digest.update(path.name.encode() + hashlib.sha256(path.read_bytes()).digest())
    digest.update(json.dumps(modules).encode())
    for url, path in sorted(files.items()):
        source = (ROOT / url).read_bytes()
        digest.update(f"{url}={path}".encode() + hashlib.sha256(source).digest())
    manifest = {
        "key": digest.hexdigest()[:32],
        "pyodide": pyodide["version"],
        "modules": modules,
        "files": files,
        # Every file PyScript will fetch for the page (static/engine.mjs asks for them
        # as the page opens and hands them over when PyScript asks); not part of the key.
        "prefetch": [f"./{name}" for name in python_files()],
        # Where each module's bytecode in the bundle goes in Python's file system (beside
        # its source, where the import system looks); static/engine.mjs and the snapshot
        # worker write it there. Not part of the key: it is made from the files and the
        # Pyodide above, and Python uses it only while its source has the hash it holds.
        "bytecode": {
            bytecode_address(url, path): path for url, (path, _) in app_bytecode().items()
        },
        # PyScript's modules, which static/start.mjs asks the browser to load (not run)
        # as the page opens; not part of the key.
        "pyscript": pyscript_chunks(),
        # What a first visit downloads before it is ready, for the page's progress
        # ("1.2 of 4.0 MB", static/progress.mjs): each file's bytes as it is, as .gz and
        # as .br (0: no copy); not part of the key.
        "download": download_sizes(),
    }
    text = "// Written by tools/build.py: what the memory snapshot holds (see static/engine.mjs).\n"
    text += f"export default {json.dumps(manifest, indent=1)};\n"
    target = BUILD / "snapshot.js"
    if not target.exists() or target.read_text() != text:
        target.write_text(text)
    print(f"build: snapshot of {len(modules)} modules, key {manifest['key']}")


def start_files() -> list[str]:
    """The files a first visit downloads before it is ready: the offline files less
    those asked for later (the QR encoder, the snapshot worker, the service worker and
    its list) and the Czech catalog (counted only where it is read)."""
    later = (
        "static/vendor/segno/",
        "static/snapshot-worker.mjs",
        "static/build/locale/",
        "static/vendor/qr-scanner/",  # loaded when the game master scans an answer
        "static/scan.mjs",
    )
    return [
        name
        for name in offline_files()
        if not name.startswith(later)
        and name not in ("sw.js", "static/build/precache.js", "player-sw.js", "static/player.js")
        and not name.startswith("static/vendor/qrcode-generator/")
        and name != "player.html"  # the player page: its own entry, not the app's start
    ]


def download_sizes() -> dict[str, list[int]]:
    """Each start file's size as it is, as .gz and as .br, by its address from static/
    (snapshot.js's own copies are those of the last build: it is written after them)."""
    out = {}
    for name in start_files():
        path = ROOT / name
        sizes = [path.stat().st_size if path.exists() else 0]
        for suffix in (".gz", ".br"):
            packed = path.with_name(path.name + suffix)
            sizes.append(packed.stat().st_size if packed.exists() else 0)
        out[f"../{name}" if not name.startswith("static/") else "./" + name[7:]] = sizes
    return out


def pyscript_used(path: Path) -> bool:
    """Whether the page loads this file of PyScript's (see PYSCRIPT_USED)."""
    chunk = path.stem.rsplit("-", 1)[0]  # "py-editor-C4XsZtn7" -> "py-editor"
    return not PYSCRIPT_USED.isdisjoint({path.stem, chunk})


def pyscript_chunks() -> list[str]:
    """The modules PyScript imports one after another once it has read pyscript.toml,
    as addresses from static/ (static/start.mjs asks for them at once)."""
    folder = VENDOR / "pyscript"
    return [
        f"./vendor/pyscript/{path.name}"
        for path in sorted(folder.glob("*.js"))
        if pyscript_used(path) and not path.stem.startswith("core")
    ]


def bundle(files: dict[str, bytes]) -> bytes:
    """The bytes of static/build/app-files.bin (read by static/app-files.mjs): a
    little-endian 32-bit length, that many bytes of JSON giving each file's address its
    [offset, length], then the files one after the other."""
    index: dict[str, list[int]] = {}
    body = bytearray()
    for url, data in files.items():
        index[url] = [len(body), len(data)]
        body += data
    head = json.dumps(index, separators=(",", ":")).encode()
    return len(head).to_bytes(4, "little") + head + bytes(body)


def unbundle(data: bytes) -> dict[str, bytes]:
    """The files in a bundle made by :func:`bundle`."""
    size = int.from_bytes(data[:4], "little")
    index = json.loads(data[4 : 4 + size])
    body = data[4 + size :]
    return {url: body[offset : offset + length] for url, (offset, length) in index.items()}


def app_bytecode() -> dict[str, tuple[str, bytes]]:
    """The app's own modules compiled to bytecode: for each bundled file's address
    ("./py/omen/core/dice.py"), the path of its .pyc in Python's file system
    ("./omen/__pycache__/dice.cpython-314.pyc") and its bytes.

    Every Python file of pyscript.toml's [files] is compiled (a new module needs no list
    of its own), by tools/compile_app.mjs with the Pyodide the app ships, as the page's
    import would compile it, into *checked* hash-based .pyc files: Python reads them
    only while the source beside them has the hash they were made from, and compiles
    the source otherwise. Once per change of input (kept in .cache/omen/, by a hash of
    the sources, the compiler and Pyodide's runtime). OMEN_APP_SOURCE=1 ships none.
    """
    if os.environ.get("OMEN_APP_SOURCE") == "1":
        return {}
    global _BYTECODE
    if _BYTECODE is not None:
        return _BYTECODE
    config = tomllib.loads((ROOT / "pyscript.toml").read_text(encoding="utf-8"))
    sources = {
        url: path.removeprefix("./") for url, path in config["files"].items() if url.endswith(".py")
    }
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_STORED) as archive:
        for url, path in sorted(sources.items(), key=lambda item: item[1]):
            info = zipfile.ZipInfo(path, date_time=(1980, 1, 1, 0, 0, 0))
            archive.writestr(info, (ROOT / url).read_bytes())
    data = out.getvalue()
    compiler = ROOT / "tools" / "compile_app.mjs"
    pyodide = ROOT / "node_modules" / "pyodide"
    stamp = hashlib.sha256(data + compiler.read_bytes())
    for name in ("package.json", "pyodide.asm.wasm", "python_stdlib.zip"):
        stamp.update(hashlib.sha256((pyodide / name).read_bytes()).digest())
    cache = ROOT / ".cache" / "omen"
    compiled = cache / f"app-bytecode-{stamp.hexdigest()[:32]}.zip"
    if not compiled.exists():
        cache.mkdir(parents=True, exist_ok=True)
        for old in cache.glob("app-bytecode-*"):  # an older build's, or one cut short
            old.unlink()
        (cache / "app-source.zip").write_bytes(data)
        partial = compiled.with_suffix(".partial")
        subprocess.run(
            ["node", str(compiler), str(pyodide), str(cache / "app-source.zip"), str(partial)],
            check=True,
        )
        partial.rename(compiled)
        print(f"build: the app's {len(sources)} modules compiled to bytecode")
    with zipfile.ZipFile(compiled) as archive:
        index = json.loads(archive.read("index.json"))
        _BYTECODE = {
            url: ("./" + index[path], archive.read(index[path])) for url, path in sources.items()
        }
    return _BYTECODE


_BYTECODE: dict[str, tuple[str, bytes]] | None = None


def bytecode_address(url: str, path: str) -> str:
    """The bundle's address for a .pyc: its path in Python's file system under the
    folder its source is served from ("./py/omen/__pycache__/dice.cpython-314.pyc")."""
    folder = url.rsplit("/", 1)[0]
    return f"{folder}/__pycache__/{path.rsplit('/', 1)[1]}"


def bundled_files() -> list[str]:
    """The source files in static/build/app-files.bin (which holds their bytecode too):
    py/main.py and every Python file of pyscript.toml's [files]. (The Czech catalog stays
    a file of its own: the page's shell reads it too, before Python starts.)"""
    return [name for name in python_files() if name.endswith(".py")]


def app_files() -> None:
    """static/build/app-files.bin: the app's Python files in one download (a start asks
    for it once instead of for forty files), each module followed by its bytecode
    (:func:`app_bytecode`, under :func:`bytecode_address`)."""
    names = bundled_files()
    compiled = app_bytecode()
    files = {}
    for name in names:
        url = f"./{name}"
        files[url] = (ROOT / name).read_bytes()
        if url in compiled:  # beside its source: gzip's window then spans both
            path, pyc = compiled[url]
            files[bytecode_address(url, path)] = pyc
    data = bundle(files)
    target = BUILD / "app-files.bin"
    if not target.exists() or target.read_bytes() != data:
        target.write_bytes(data)
    print(
        f"build: {len(names)} Python files and {len(compiled)} compiled in one bundle, "
        f"{len(data) // 1024} KB"
    )


def offline_files() -> list[str]:
    """Every file the service worker keeps, as paths relative to the site root: the app's
    Python files come in their bundle, static/build/app-files.bin."""
    files = list(APP_FILES)
    bundled = set(bundled_files())
    for path in sorted((ROOT / "static").rglob("*")):
        if (
            not path.is_file()
            or path.name in ("precache.js", "player-precache.js")
            or path.suffix in (".map", ".gz", ".br")
        ):
            continue
        if "docs" in path.parts or "pyodide-stock" in path.parts:  # README, benchmark
            continue
        if path.parent.name == "pyscript" and not pyscript_used(path):
            continue
        name = path.relative_to(ROOT).as_posix()
        if name not in bundled:
            files.append(name)
    return files


def site_files() -> list[str]:
    """Every file a host serves: the offline files, and the app's Python files one by one
    too (static/engine.mjs asks for them so if their bundle cannot be read)."""
    files = offline_files()
    files += ["static/docs/screenshot.png"]  # the manifest's screenshot, for install sheets
    return files + [name for name in python_files() if name not in files]


def precache() -> None:
    files = offline_files()
    digest = hashlib.sha256()
    for name in files:
        digest.update(name.encode())
        digest.update(hashlib.sha256((ROOT / name).read_bytes()).digest())
    manifest = {"version": digest.hexdigest()[:16], "files": files}
    text = "// Written by tools/build.py: what the service worker keeps for offline use.\n"
    text += f"self.OMEN_PRECACHE = {json.dumps(manifest, indent=1)};\n"
    target = BUILD / "precache.js"
    if not target.exists() or target.read_text() != text:
        target.write_text(text)
    print(f"build: {len(files)} files for offline use, version {manifest['version']}")


def player_precache() -> None:
    """static/build/player-precache.js: the player page's files and their version."""
    digest = hashlib.sha256()
    for name in PLAYER_FILES:
        digest.update(name.encode())
        digest.update(hashlib.sha256((ROOT / name).read_bytes()).digest())
    manifest = {"version": digest.hexdigest()[:16], "files": list(PLAYER_FILES)}
    text = "// Written by tools/build.py: what the player page's service worker keeps.\n"
    text += f"self.OMEN_PLAYER_PRECACHE = {json.dumps(manifest, indent=1)};\n"
    target = BUILD / "player-precache.js"
    if not target.exists() or target.read_text() != text:
        target.write_text(text)


def gzipped(data: bytes) -> bytes:
    """gzip as small as it gets (zopfli): about 3% under ``gzip -9``, read by every browser.

    Slow to make (about 10 s for the 9.6 MB WebAssembly file, with one iteration), so it
    is made once per changed file.
    """
    iterations = 1 if len(data) > 2_000_000 else 10
    return bytes(zopfli.gzip.compress(data, numiterations=iterations))


def brotlied(data: bytes) -> bytes:
    """brotli at its best quality (11): about 20% under zopfli's gzip for the runtime.

    Browsers ask for it (``Accept-Encoding: br``) on HTTPS and on localhost; about 40 s
    for the 9.6 MB WebAssembly file, so it too is made once per changed file.
    """
    return bytes(brotli.compress(data, quality=11))


def compress(
    files: list[str], pack: Callable[[bytes], bytes] = gzipped, suffix: str = ".gz"
) -> None:
    """Write ``name`` + ``suffix`` beside each compressible file, when missing or older."""
    for name in files:
        source = ROOT / name
        target = source.with_name(source.name + suffix)
        if source.suffix not in COMPRESS or source.stat().st_size < 1024:
            if target.exists():
                target.unlink()
            continue
        if target.exists() and target.stat().st_mtime >= source.stat().st_mtime:
            continue
        target.write_bytes(pack(source.read_bytes()))


# What the common static hosts read, shipped at the top of dist/ (docs/serving.md explains
# each): tools/host/<name> is copied as dist/<name>; _headers is written by headers().
HOST_FILES = ("nginx-omen.conf",)


def headers(files: list[str]) -> str:
    """dist/_headers for Netlify and Cloudflare Pages: the caching tools/serve.py gives.

    Every file is revalidated on each use, except those named with a hash of their
    content, kept for a year. Each of those is listed by name (a rule matching a folder
    would overlap the site-wide one, and the two hosts join overlapping values
    differently).
    """
    lines = [
        "# Written by tools/build.py for Netlify and Cloudflare Pages (docs/serving.md,",
        '# "Serving Omen"): caching that follows the service worker\'s versioning.',
        "/",
        f"  Cache-Control: {serve.REVALIDATE}",
        "/index.html",
        f"  Cache-Control: {serve.REVALIDATE}",
        "/sw.js",
        f"  Cache-Control: {serve.REVALIDATE}",
        "/player.html",
        f"  Cache-Control: {serve.REVALIDATE}",
        "/player-sw.js",
        f"  Cache-Control: {serve.REVALIDATE}",
        "/static/build/*",
        f"  Cache-Control: {serve.REVALIDATE}",
    ]
    for name in files:
        if serve.cache_control("/" + name) == serve.IMMUTABLE:
            lines += ["/" + name, f"  Cache-Control: {serve.IMMUTABLE}"]
    return "\n".join(lines) + "\n"


def dist(target: Path = ROOT / "dist") -> None:
    """Write ``target`` (dist/): every file a host serves, its .gz and .br copies, and
    the host configuration files (HOST_FILES and _headers)."""
    if target.exists():
        shutil.rmtree(target)
    for name in [*site_files(), "static/build/precache.js", "static/build/player-precache.js"]:
        destination = target / name
        destination.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(ROOT / name, destination)
        for suffix in (".gz", ".br"):
            packed = (ROOT / name).with_name(Path(name).name + suffix)
            if packed.exists():
                shutil.copyfile(packed, destination.with_name(destination.name + suffix))
    for name in HOST_FILES:
        shutil.copyfile(ROOT / "tools" / "host" / name, target / name)
    (target / "_headers").write_text(headers(site_files()), encoding="utf-8")
    print(f"dist: {target} is ready to upload to any static host")


def pyscript_files() -> None:
    """pyscript.toml's [files]: every Python file under py/ (but the page script), then
    the other entries as they are. A new module or package needs no edit there: the
    build lists it (tests/unit/test_architecture.py checks the list and the folder)."""
    path = ROOT / "pyscript.toml"
    text = path.read_text(encoding="utf-8")
    head, rest = text.split("\n[files]\n", 1)
    others = [line for line in rest.splitlines() if line.strip() and '.py" =' not in line]
    sources = sorted(
        source.relative_to(ROOT).as_posix()
        for source in (ROOT / "py").rglob("*.py")
        if source.name != "main.py" and "egg-info" not in source.as_posix()
    )
    listed = [f'"./{source}" = "./{source.removeprefix("py/")}"' for source in sources]
    written = head + "\n[files]\n" + "\n".join([*listed, *others]) + "\n"
    if written != text:
        path.write_text(written, encoding="utf-8")
        print("build: pyscript.toml lists the Python files under py/")


def main(argv: list[str]) -> None:
    BUILD.mkdir(parents=True, exist_ok=True)
    pyscript_files()
    vendor()
    vendor_segno()
    icons.make_icons()  # PNG icons from static/icon.svg, before the offline file list
    catalog.main([])  # py/omen/core/catalog.py: the message ids stored steps are checked against
    for folder in sorted(p for p in (ROOT / "locale").iterdir() if p.is_dir()):
        count = msgfmt.compile_language(folder, BUILD)
        print(f"build: {folder.name} catalog, {count} messages")
    app_files()
    snapshot_manifest()
    precache()
    player_precache()
    served = [*site_files(), "static/build/precache.js", "static/build/player-precache.js"]
    compress(served)
    compress(served, brotlied, ".br")
    # snapshot.js lists the compressed sizes, so it is written again once they are known
    # (and precache.js with it); only files that changed are compressed again.
    snapshot_manifest()
    precache()
    compress(served)
    compress(served, brotlied, ".br")
    # The benchmark's baseline is served as a host usually compresses it: gzip -9, and
    # the (already deflated) standard library archive as it is.
    stock = [f"static/vendor/pyodide-stock/{n}" for n in PYODIDE_FILES if not n.endswith(".zip")]
    compress(stock, lambda data: gzip.compress(data, compresslevel=9, mtime=0))
    if argv[1:2] == ["dist"] and len(argv) <= 3:
        dist(Path(argv[2]).resolve() if len(argv) == 3 else ROOT / "dist")


if __name__ == "__main__":
    main(sys.argv)
