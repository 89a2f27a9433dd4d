// Compiles the trimmed standard library archive to bytecode (run by tools/build.py).
//
//     node tools/compile_stdlib.mjs <pyodide folder> <archive of .py> <archive of .pyc>
//
// A first visit otherwise compiles every standard library module Pyodide and the app
// import from source, in WebAssembly code the browser has not optimised yet: about 1.5 s
// of a 3 s first start on this machine. Bytecode must come from the very Python that
// will load it, so this runs the Pyodide the app ships, under Node.
//
// Bytecode is larger than source, and the first download must stay small, so each
// module is compiled as `python -OO` would (no docstrings, no asserts) and keeps one
// line number per function (its first line) instead of one per instruction. Modules are
// written without their source as unchecked hash-based .pyc files, which zipimport loads
// as they are. A traceback through the standard library then names the function and the
// line it starts on; the app's own files are still shipped and run as source.

import { readFileSync, writeFileSync } from "node:fs";
import { resolve } from "node:path";

const [pyodideDir, input, output] = process.argv.slice(2);
if (!output) {
  console.error("usage: node tools/compile_stdlib.mjs <pyodide folder> <in.zip> <out.zip>");
  process.exit(2);
}
const { loadPyodide } = await import(resolve(pyodideDir, "pyodide.mjs"));
const pyodide = await loadPyodide({ indexURL: resolve(pyodideDir) + "/" });
pyodide.FS.writeFile("/tmp/source.zip", readFileSync(input));
pyodide.runPython(`
import importlib.util
import sys
import zipfile
from importlib._bootstrap_external import _code_to_hash_pyc

ARCHIVE = next(path for path in sys.path if path.endswith(".zip"))  # where Pyodide mounts it
FIXED_DATE = (1980, 1, 1, 0, 0, 0)  # the same bytes for the same sources


def first_line_only(code_units):
    """A location table that gives every instruction its function's first line.

    Entries of kind 13 ("line, no columns") cover up to 8 code units each and move the
    line by 0 (the signed varint 0), so each costs 2 bytes.
    """
    table = bytearray()
    while code_units > 0:
        size = min(code_units, 8)
        table += bytes((0x80 | (13 << 3) | (size - 1), 0))
        code_units -= size
    return bytes(table)


def slim(code):
    consts = tuple(slim(c) if isinstance(c, type(code)) else c for c in code.co_consts)
    return code.replace(co_consts=consts, co_linetable=first_line_only(len(code.co_code) // 2))


with zipfile.ZipFile("/tmp/source.zip") as source, zipfile.ZipFile(
    "/tmp/compiled.zip", "w", zipfile.ZIP_STORED
) as compiled:
    for name in sorted(source.namelist()):
        data = source.read(name)
        if not name.endswith(".py"):
            compiled.writestr(zipfile.ZipInfo(name, date_time=FIXED_DATE), data)
            continue
        code = compile(data, f"{ARCHIVE}/{name}", "exec", dont_inherit=True, optimize=2)
        pyc = _code_to_hash_pyc(slim(code), importlib.util.source_hash(data), checked=False)
        compiled.writestr(zipfile.ZipInfo(name + "c", date_time=FIXED_DATE), bytes(pyc))
`);
writeFileSync(output, pyodide.FS.readFile("/tmp/compiled.zip"));
