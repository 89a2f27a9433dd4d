"""Every step the engine builds must load back from its saved form.

A step the engine makes may be written to the log or the last result, and on the next
start it is read back through :func:`omen.core.store.read_step`, which accepts only
catalog messages with exactly their arguments. So while the unit tests run, each step
built by code under ``py/`` is written out and read back at once: a message missing from
the catalog, an argument its message does not name, or a value out of bounds fails the
test that made it, naming the step.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from hypothesis import settings

from omen.core.errors import RulesError
from omen.core.i18n import Translator
from omen.core.roll import Step
from omen.core.store import read_step

ROOT = Path(__file__).resolve().parents[2]
ENGINE = str(ROOT / "py") + "/"


@pytest.fixture(scope="module")
def czech() -> Translator:
    """The Czech catalog the build compiled (``make build``), as the page loads it."""
    localedir = ROOT / "static" / "build" / "locale"
    if not (localedir / "cs" / "LC_MESSAGES" / "omen.mo").exists():
        pytest.fail("run `make build` first: the Czech catalog is not compiled")
    return Translator.load("cs", localedir)


@pytest.fixture(autouse=True)
def steps_load_back(monkeypatch: pytest.MonkeyPatch) -> None:
    built = Step.__post_init__
    checking = []  # not empty while a step is being read back (it builds steps too)

    def checked(self: Step) -> None:
        built(self)
        caller = sys._getframe(2)  # __post_init__ <- the dataclass __init__ <- caller
        if checking or not caller.f_code.co_filename.startswith(ENGINE):
            return  # a test's or a doctest's own step
        checking.append(self)
        try:
            again = read_step(self.to_json())
        except RulesError as error:
            where = f"{caller.f_code.co_filename}:{caller.f_lineno}"
            raise AssertionError(f"{where} built a step that cannot load back: {error}") from None
        finally:
            checking.pop()
        assert again == self, f"{self!r} loads back as {again!r}"

    monkeypatch.setattr(Step, "__post_init__", checked)  # undone by monkeypatch


# No test here times anything: hypothesis's per-example deadline (200 ms) is a timed
# assertion that a loaded machine (a browser suite beside it, a CI box) fails by chance.
settings.register_profile("omen", deadline=None)
settings.load_profile("omen")
