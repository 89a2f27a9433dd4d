"""Record the standard library modules Omen needs: writes tools/stdlib-modules.txt.

    python tools/stdlib_modules.py      # needs Chromium and the .venv (make test's)

tools/build.py trims Pyodide's python_stdlib.zip (2.5 MB) to the modules listed there.
The list is the union of
- every module loaded in the page after a walk through every screen, in every game and
  both languages, pressing each main action (tests/e2e/walk.py), which includes what
  Pyodide and PyScript import for themselves; and
- every module named by an import statement (at the top or inside a function) in the
  source of any of those modules or of the app's files: one step beyond what ran, for
  imports in branches no walk reaches (``fractions`` importing ``decimal`` on demand).
  The full transitive closure (``modulefinder``) pulls in doctest, unittest, http and
  multiprocessing, 1.6 MB; one step keeps the archive near 1 MB.
Run it again after adding an import of a new standard library module; the e2e test
tests/e2e/test_every_screen.py fails on a phone-only ModuleNotFoundError before a phone does.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))
sys.path.insert(0, str(ROOT))
LIST = ROOT / "tools" / "stdlib-modules.txt"

FIND = """
import ast, sys, zipfile
loaded = {name for name, module in list(sys.modules.items()) if module is not None}
archive = zipfile.ZipFile(next(entry for entry in sys.path if entry.endswith('.zip')))
sources = {}
for entry in archive.namelist():
    if entry.endswith('.py'):
        sources[entry.removesuffix('.py').removesuffix('/__init__').replace('/', '.')] = entry
def imports(module, text, is_package):
    found = set()
    for node in ast.walk(ast.parse(text)):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ''
            if node.level:
                parts = module.split('.')
                parts = parts if is_package else parts[:-1]
                parts = parts[: len(parts) - node.level + 1]
                base = '.'.join([*parts, *([base] if base else [])])
            found.add(base)
            found.update(f'{base}.{alias.name}' for alias in node.names)
    return found
wanted = set(loaded)
for name in loaded:
    module = sys.modules.get(name)
    path = getattr(module, '__file__', None) or ''
    if name in sources:
        text = archive.read(sources[name]).decode()
        wanted |= imports(name, text, sources[name].endswith('__init__.py'))
    elif name.startswith('omen') and path.endswith('.py'):
        wanted |= imports(name, open(path).read(), path.endswith('__init__.py'))
for name in list(wanted):
    parts = name.split('.')
    wanted.update('.'.join(parts[:i]) for i in range(1, len(parts)))
'\\n'.join(sorted(n for n in wanted if n in sources or n in loaded))
"""


def main() -> None:
    os.environ["OMEN_SERVE_QUIET"] = "1"
    env = {**os.environ, "OMEN_FULL_STDLIB": "1"}
    subprocess.run([sys.executable, str(ROOT / "tools" / "build.py")], check=True, env=env)
    from playwright.sync_api import sync_playwright
    from tests.e2e.conftest import CHROMIUM, FLAGS, PHONE, READY_TIMEOUT
    from tests.e2e.walk import walk

    from serve import serve_in_background

    server, base = serve_in_background(ROOT)
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
            page = browser.new_page(viewport=PHONE, locale="en-US")
            page.goto(f"{base}/?snapshot=off&seed=7")
            page.locator("html[data-ready='true']").wait_for(
                state="attached", timeout=READY_TIMEOUT
            )
            pressed = walk(page)
            names = page.evaluate(
                "async (code) => (await import('/static/engine.mjs')).started.runPython(code)",
                FIND,
            )
            browser.close()
    finally:
        server.shutdown()
    modules = sorted(set(str(names).split()))
    header = "# Written by tools/stdlib_modules.py: the standard library modules Omen needs.\n"
    LIST.write_text(header + "\n".join(modules) + "\n", encoding="utf-8")
    print(f"stdlib_modules: {len(modules)} modules after pressing {pressed} buttons")
    subprocess.run([sys.executable, str(ROOT / "tools" / "build.py")], check=True)


if __name__ == "__main__":
    main()
