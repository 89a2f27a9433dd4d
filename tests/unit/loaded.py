"""What a fresh CPython imports to run a line of code: the start-up tests' one tool."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def modules_loaded_by(code: str) -> set[str]:
    """The names in ``sys.modules`` after ``code`` runs in a new interpreter on ``py/``."""
    run = subprocess.run(
        [sys.executable, "-c", f"{code}; import sys; print(' '.join(sorted(sys.modules)))"],
        capture_output=True,
        text=True,
        check=True,
        env={**os.environ, "PYTHONPATH": str(ROOT / "py")},
    )
    return set(run.stdout.split())
