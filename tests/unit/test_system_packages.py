"""What `make test` does on a fresh Debian machine without Chromium or nginx
(tools/system-packages.sh): installs them with apt-get when it can, or stops at once
naming the one command to run. Run with stand-ins for ``id``, ``sudo`` and ``apt-get``
on the PATH, so nothing is installed here."""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = ROOT / "tools" / "system-packages.sh"
EVERY = "chromium fonts-dejavu-core nginx-light"


def stand_in(folder: Path, name: str, body: str) -> None:
    path = folder / name
    path.write_text(f"#!/bin/sh\n{body}\n")
    path.chmod(0o755)


def run(tmp_path: Path, user: int, sudo: bool, chromium: bool, nginx: bool) -> tuple[int, str]:
    """The script's exit status and what it said, on a machine as described; the
    apt-get stand-in writes each call to ``apt.log``."""
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    stand_in(bin_dir, "id", f"echo {user}")
    stand_in(bin_dir, "apt-get", f'echo "$DEBIAN_FRONTEND $*" >> {tmp_path / "apt.log"}')
    if sudo:
        stand_in(bin_dir, "sudo", '[ "$1" = -n ] && shift; "$@"')
    env_path = shutil.which("env")
    assert env_path is not None
    (bin_dir / "env").symlink_to(env_path)
    present = tmp_path / "present"
    present.write_text("")
    present.chmod(0o755)
    done = subprocess.run(
        ["/bin/bash", str(SCRIPT)],
        capture_output=True,
        text=True,
        env={
            "PATH": str(bin_dir),
            "OMEN_CHROMIUM": str(present if chromium else tmp_path / "no-chromium"),
            "OMEN_NGINX": str(present if nginx else tmp_path / "no-nginx"),
        },
        check=False,
    )
    return done.returncode, done.stdout + done.stderr


def calls(tmp_path: Path) -> list[str]:
    log = tmp_path / "apt.log"
    return log.read_text().splitlines() if log.exists() else []


def test_a_machine_with_both_goes_on_at_once_saying_nothing(tmp_path: Path) -> None:
    assert run(tmp_path, 1000, sudo=False, chromium=True, nginx=True) == (0, "")
    assert calls(tmp_path) == []


def test_as_root_the_missing_packages_are_installed(tmp_path: Path) -> None:
    status, said = run(tmp_path, 0, sudo=False, chromium=False, nginx=True)
    assert status == 0 and "chromium fonts-dejavu-core" in said
    assert calls(tmp_path) == [
        "noninteractive update -qq",
        "noninteractive install -y -qq chromium fonts-dejavu-core",
    ]


def test_through_a_sudo_that_asks_no_password(tmp_path: Path) -> None:
    status, _ = run(tmp_path, 1000, sudo=True, chromium=True, nginx=False)
    assert status == 0
    assert calls(tmp_path)[-1] == "noninteractive install -y -qq nginx-light"


def test_otherwise_it_stops_at_once_naming_the_one_command(tmp_path: Path) -> None:
    status, said = run(tmp_path, 1000, sudo=False, chromium=False, nginx=False)
    assert status == 1 and calls(tmp_path) == []
    assert f"sudo sh -c 'apt-get update && apt-get install -y {EVERY}'" in said


def test_make_test_and_make_e2e_run_it_first_and_ci_leaves_it_to_make() -> None:
    makefile = (ROOT / "Makefile").read_text(encoding="utf-8")
    assert "\ntest: system lint unit e2e\n" in makefile
    assert "\ne2e: system " in makefile
    assert "bash tools/system-packages.sh" in makefile
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    assert "apt-get install" not in ci and "make test" in ci
    assert os.access(SCRIPT, os.X_OK)
