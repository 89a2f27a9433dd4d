"""Lighthouse's accessibility, best-practices and SEO scores for the built app.

    .venv/bin/python bench/lighthouse.py [--runs 1] [--page /] [--json DIR]

Serves the folder with tools/serve.py on a free port, runs Lighthouse's command line on
Debian's Chromium (``CHROME_PATH``, default /usr/bin/chromium, with the flags of
tools/browser.py plus ``--headless=new``) as a phone (Lighthouse's mobile emulation),
and prints one line per category and run, like ``best-practices 0.96``, then every audit
that cost points (score below 1), so a low figure says why. Figures, not pass/fail;
targets: accessibility 1.0, best practices at least 0.95, SEO 1.0.

Lighthouse is an npm package that the app does not need, so it is kept out of
package.json (``npm ci`` stays small and offline-safe) and installed on first use into
``.cache/lighthouse/`` (``npm install --prefix .cache/lighthouse lighthouse@12.8.2``,
pinned: 13.x needs Node 22). ``OMEN_LIGHTHOUSE=DIR`` (or ``--lighthouse DIR``) uses a copy
installed elsewhere, in ``DIR/node_modules/lighthouse``.
"""

from __future__ import annotations

import argparse
import json
import os
import shlex
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))
os.environ.setdefault("OMEN_SERVE_QUIET", "1")

from browser import CHROMIUM, FLAGS  # noqa: E402
from serve import serve_in_background  # noqa: E402

LIGHTHOUSE = "lighthouse@12.8.2"
CATEGORIES = ("accessibility", "best-practices", "seo")
TARGETS = {"accessibility": "1.0", "best-practices": ">= 0.95", "seo": "1.0"}


def lighthouse_cli(folder: Path) -> Path:
    """Lighthouse's command line in ``folder``, installed there first when missing."""
    cli = folder / "node_modules" / "lighthouse" / "cli" / "index.js"
    if not cli.exists():
        print(f"lighthouse: installing {LIGHTHOUSE} into {folder} (once)", flush=True)
        folder.mkdir(parents=True, exist_ok=True)
        command = ["npm", "install", "--prefix", str(folder), "--no-audit", "--no-fund"]
        subprocess.run([*command, "--save-exact", LIGHTHOUSE], check=True)
    return cli


def run_once(cli: Path, url: str, out: Path) -> dict[str, Any]:
    """One Lighthouse run of ``url``; its JSON report."""
    flags = [*FLAGS, "--headless=new"]
    command = [
        "node",
        str(cli),
        url,
        "--quiet",
        "--output=json",
        f"--output-path={out}",
        f"--only-categories={','.join(CATEGORIES)}",
        f"--chrome-flags={shlex.join(flags)}",
    ]
    env = {**os.environ, "CHROME_PATH": os.environ.get("CHROME_PATH", CHROMIUM)}
    subprocess.run(command, check=True, env=env)
    report: dict[str, Any] = json.loads(out.read_text(encoding="utf-8"))
    return report


def lost_points(report: dict[str, Any], category: str) -> list[str]:
    """The audits of ``category`` that scored below 1, with their weight."""
    lines = []
    for ref in report["categories"][category]["auditRefs"]:
        audit = report["audits"][ref["id"]]
        score = audit.get("score")
        if ref.get("weight", 0) > 0 and score is not None and score < 1:
            lines.append(f"  {category}: {ref['id']} scored {score} (weight {ref['weight']})")
            for item in (audit.get("details") or {}).get("items", [])[:5]:
                text = item.get("description") or item.get("source") or item.get("url") or item
                lines.append(f"    {str(text)[:160]}")
    return lines


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--runs", type=int, default=1)
    parser.add_argument("--page", default="/", help="the address to audit, from the site root")
    parser.add_argument("--json", type=Path, help="keep each run's JSON report in this folder")
    default = Path(os.environ.get("OMEN_LIGHTHOUSE", ROOT / ".cache" / "lighthouse"))
    parser.add_argument("--lighthouse", type=Path, default=default)
    args = parser.parse_args()
    if not (ROOT / "static" / "vendor" / "pyodide" / "pyodide.asm.wasm").exists():
        raise SystemExit("lighthouse: the app is not built: run `make build` first")
    cli = lighthouse_cli(args.lighthouse)
    server, base = serve_in_background(ROOT)
    scores: dict[str, list[float]] = {name: [] for name in CATEGORIES}
    try:
        with tempfile.TemporaryDirectory() as scratch:
            for run in range(args.runs):
                folder = args.json or Path(scratch)
                folder.mkdir(parents=True, exist_ok=True)
                report = run_once(cli, base + args.page, folder / f"lighthouse-{run + 1}.json")
                print(f"run {run + 1}: Lighthouse {report['lighthouseVersion']}, {args.page}")
                for name in CATEGORIES:
                    score = report["categories"][name]["score"]
                    scores[name].append(score)
                    print(f"{name} {score:.2f}  (target {TARGETS[name]})")
                for name in CATEGORIES:
                    for line in lost_points(report, name):
                        print(line)
    finally:
        server.shutdown()
    if args.runs > 1:
        for name in CATEGORIES:
            print(f"{name} lowest {min(scores[name]):.2f} of {args.runs} runs")


if __name__ == "__main__":
    main()
