"""Every message a user can see has a Czech translation with the same placeholders."""

from __future__ import annotations

import gettext
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tools"))

import i18n_check  # noqa: E402
from omen.core.i18n import Translator  # noqa: E402
from omen.core.roll import Step  # noqa: E402


def test_every_message_is_translated_into_czech() -> None:
    assert i18n_check.problems("cs") == []


def test_the_checker_finds_messages_in_code_and_markup() -> None:
    code = i18n_check.python_messages()
    assert ("rolled {face}", None) in code
    page = i18n_check.html_messages()
    assert ("Next turn", None) in page
    assert ("Loading progress", None) in page  # an aria-label


def test_compiled_catalog_translates_and_keeps_plural_forms() -> None:
    localedir = ROOT / "static" / "build" / "locale"
    if not (localedir / "cs" / "LC_MESSAGES" / "omen.mo").exists():
        pytest.fail("run `make build` first: the Czech catalog is not compiled")
    czech = Translator.load("cs", localedir)
    assert czech.render(Step("rolled {face}", {"face": 6})) != "rolled 6"
    assert isinstance(czech.catalog, gettext.GNUTranslations)
    assert czech.catalog.plural(1) == 0
    assert czech.catalog.plural(3) == 1
    assert czech.catalog.plural(5) == 2
