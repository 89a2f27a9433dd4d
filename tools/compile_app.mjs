// Compiles the app's own Python files to bytecode (run by tools/build.py).
//
//     node tools/compile_app.mjs <pyodide folder> <archive of .py> <archive of .pyc>
//
// The input archive holds each file under the path it gets in Python's file system
// (relative to Pyodide's home folder, as pyscript.toml's [files] writes it:
// "omen/core/dice.py"). The output holds, for each, the .pyc file Python looks for beside it
// ("omen/__pycache__/dice.cpython-314.pyc"), and "index.json" mapping each source path
// to its .pyc path.
//
// Bytecode must come from the very Python that will load it, so this runs the Pyodide
// the app ships, under Node. Each file is compiled as Python's import would compile it
// in the page (same file name, same optimisation level: docstrings and asserts kept),
// and written as a *checked* hash-based .pyc: the import system reads the source beside
// it, compares its hash with the one in the .pyc, and compiles the source instead when
// they differ. A .pyc that does not belong to the source it sits beside is never run.
//
// Two things are left out to keep the first download small:
// - the columns in each instruction's location (what draws the ^^^^ under an expression
//   in a traceback), a third of the bytecode's compressed size. Every instruction keeps
//   its exact line, so a traceback names the same file, function and line, with the
//   source line, as from source; the compiler checks that every line is unchanged.
// - the docstrings of modules and functions (the rules in prose and their doctests),
//   about a fifth of the rest. Nothing in the page reads them: the doctests run on
//   CPython from the sources, which keep them. A class keeps its docstring: a
//   dataclass without one would work out its signature as it is made, at every start.

import { readFileSync, writeFileSync } from "node:fs";
import { resolve } from "node:path";

const [pyodideDir, input, output] = process.argv.slice(2);
if (!output) {
  console.error("usage: node tools/compile_app.mjs <pyodide folder> <in.zip> <out.zip>");
  process.exit(2);
}
const { loadPyodide } = await import(resolve(pyodideDir, "pyodide.mjs"));
const pyodide = await loadPyodide({ indexURL: resolve(pyodideDir) + "/" });
pyodide.FS.writeFile("/tmp/source.zip", readFileSync(input));
pyodide.runPython(`
import ast
import importlib.util
import json
import os
import zipfile
from importlib._bootstrap_external import _code_to_hash_pyc

FIXED_DATE = (1980, 1, 1, 0, 0, 0)  # the same bytes for the same sources


def signed_varint(number):
    number = (-number << 1) | 1 if number < 0 else number << 1
    out = bytearray()
    while number >= 64:
        out.append(0x40 | (number & 63))
        number >>= 6
    out.append(number)
    return bytes(out)


def lines_only(code):
    """The code's location table with each instruction's line and no columns.

    Each entry covers up to 8 code units of one line: kind 13 ("line, no columns", the
    line as a signed varint change from the entry before) or kind 15 (no location).
    """
    lines = [position[0] for position in code.co_positions()]
    table = bytearray()
    previous = code.co_firstlineno
    at = 0
    while at < len(lines):
        line = lines[at]
        size = 1
        while at + size < len(lines) and size < 8 and lines[at + size] == line:
            size += 1
        if line is None:
            table.append(0x80 | (15 << 3) | (size - 1))
        else:
            table.append(0x80 | (13 << 3) | (size - 1))
            table += signed_varint(line - previous)
            previous = line
        at += size
    return bytes(table)


def is_docstring(statement):
    return (
        isinstance(statement, ast.Expr)
        and isinstance(statement.value, ast.Constant)
        and isinstance(statement.value.value, str)
    )


def without_docstrings(tree):
    """The module's tree with no docstring on the module or on any function (a body
    left empty gets a \`pass\` on the docstring's line)."""
    for node in ast.walk(tree):
        kinds = (ast.Module, ast.FunctionDef, ast.AsyncFunctionDef)
        if isinstance(node, kinds) and node.body and is_docstring(node.body[0]):
            first = node.body.pop(0)
            if not node.body:
                node.body.append(ast.copy_location(ast.Pass(), first))
    return tree


def without_columns(code):
    consts = tuple(
        without_columns(c) if isinstance(c, type(code)) else c for c in code.co_consts
    )
    slim = code.replace(co_consts=consts, co_linetable=lines_only(code))
    if [p[0] for p in slim.co_positions()] != [p[0] for p in code.co_positions()] or list(
        slim.co_lines()
    ) != list(code.co_lines()):
        raise SystemExit(f"compile_app: the lines of {code.co_qualname} would change")
    return slim

index = {}
with zipfile.ZipFile("/tmp/source.zip") as source, zipfile.ZipFile(
    "/tmp/compiled.zip", "w", zipfile.ZIP_STORED
) as compiled:
    for name in sorted(source.namelist()):
        data = source.read(name)
        path = os.path.abspath(name)  # where the page has it (Pyodide's home folder)
        tree = without_docstrings(ast.parse(data, path))
        code = without_columns(compile(tree, path, "exec", dont_inherit=True, optimize=0))
        pyc = _code_to_hash_pyc(code, importlib.util.source_hash(data), checked=True)
        cached = os.path.relpath(importlib.util.cache_from_source(path))
        index[name] = cached
        compiled.writestr(zipfile.ZipInfo(cached, date_time=FIXED_DATE), bytes(pyc))
    text = json.dumps(index, indent=1, sort_keys=True)
    compiled.writestr(zipfile.ZipInfo("index.json", date_time=FIXED_DATE), text)
`);
writeFileSync(output, pyodide.FS.readFile("/tmp/compiled.zip"));
