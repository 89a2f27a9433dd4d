"""Find every user-facing message and check that each language translates it.

Messages come from ``N_("...")`` marks in ``py/`` (with ``plural=N_("...")`` for plural
forms) and from ``data-i18n`` markup in ``index.html``. Run it to list what is missing,
as ready-to-fill ``.po`` entries::

    python tools/i18n_check.py            # prints missing entries for Czech
"""

from __future__ import annotations

import ast
import re
import sys
from html.parser import HTMLParser
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))

from msgfmt import parse_po  # noqa: E402

I18N_ATTRS = ("data-i18n-aria-label", "data-i18n-placeholder", "data-i18n-title")
Message = tuple[str, str | None]  # msgid, plural


def python_messages(root: Path = ROOT / "py") -> dict[Message, str]:
    found: dict[Message, str] = {}
    for path in sorted(root.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        plurals: set[int] = set()
        for node in ast.walk(tree):
            if not isinstance(node, ast.Call):
                continue
            plural_kw = next((k for k in node.keywords if k.arg == "plural"), None)
            if (
                plural_kw is not None
                and node.args
                and _is_mark(node.args[0])
                and _is_mark(plural_kw.value)
            ):
                singular = _mark_text(node.args[0])
                plural = _mark_text(plural_kw.value)
                found[(singular, plural)] = f"{path.relative_to(ROOT)}:{node.lineno}"
                plurals.add(id(node.args[0]))
                plurals.add(id(plural_kw.value))
        for node in ast.walk(tree):
            if _is_mark(node) and id(node) not in plurals:
                found.setdefault(
                    (_mark_text(node), None), f"{path.relative_to(ROOT)}:{node.lineno}"
                )  # type: ignore[arg-type]
    return found


def _is_mark(node: ast.AST) -> bool:
    return (
        isinstance(node, ast.Call)
        and isinstance(node.func, ast.Name)
        and node.func.id == "N_"
        and len(node.args) == 1
        and isinstance(node.args[0], ast.Constant)
        and isinstance(node.args[0].value, str)
    )


def _mark_text(node: ast.AST) -> str:
    assert isinstance(node, ast.Call) and isinstance(node.args[0], ast.Constant)
    return str(node.args[0].value)


class _HtmlMessages(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.found: dict[Message, str] = {}
        self.stack: list[tuple[str, list[str] | None]] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = dict(attrs)
        for name in I18N_ATTRS:
            if values.get(name):
                self.found[(str(values[name]), None)] = f"index.html:{self.getpos()[0]}"
        if tag in ("br", "img", "input", "meta", "link", "hr", "source", "col"):
            return
        self.stack.append((tag, [] if "data-i18n" in values else None))

    def handle_endtag(self, tag: str) -> None:
        while self.stack:
            open_tag, text = self.stack.pop()
            if text is not None:
                message = " ".join("".join(text).split())
                if message:
                    self.found[(message, None)] = f"index.html:{self.getpos()[0]}"
            if open_tag == tag:
                break

    def handle_data(self, data: str) -> None:
        for _, text in self.stack:
            if text is not None:
                text.append(data)


def html_messages(path: Path = ROOT / "index.html") -> dict[Message, str]:
    parser = _HtmlMessages()
    parser.feed(path.read_text(encoding="utf-8"))
    return parser.found


def script_messages(path: Path = ROOT / "static" / "boot.js") -> dict[Message, str]:
    """Messages the static shell translates itself, written ``t("...")``."""
    found: dict[Message, str] = {}
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        for message in re.findall(r'\bt\("([^"]+)"\)', line):
            found[(message, None)] = f"static/boot.js:{number}"
    return found


def wanted_messages() -> dict[Message, str]:
    return {**python_messages(), **html_messages(), **script_messages()}


def catalog(language: str) -> dict[Message, list[str]]:
    out: dict[Message, list[str]] = {}
    for po in sorted((ROOT / "locale" / language).glob("*.po")):
        for msgid, plural, forms in parse_po(po):
            if msgid:
                out[(msgid, plural)] = forms
    return out


def placeholders(text: str) -> set[str]:
    return set(re.findall(r"\{(\w+)\}", text))


def problems(language: str = "cs") -> list[str]:
    """Every message missing, empty, or with placeholders that differ from English."""
    wanted = wanted_messages()
    have = catalog(language)
    out = []
    for (msgid, plural), where in sorted(wanted.items()):
        forms = have.get((msgid, plural))
        if forms is None or not all(forms):
            out.append(f"{where}: not translated: {msgid!r}")
            continue
        for form in forms:
            if placeholders(form) != placeholders(msgid):
                out.append(f"{where}: placeholders differ in {form!r}")
    return out


def stubs(language: str = "cs") -> str:
    wanted = wanted_messages()
    have = catalog(language)
    chunks = []
    for (msgid, plural), where in sorted(wanted.items(), key=lambda kv: kv[1]):
        if (msgid, plural) in have:
            continue
        quoted = '"' + msgid.replace("\\", "\\\\").replace('"', '\\"') + '"'
        if plural is None:
            chunks.append(f'#: {where}\nmsgid {quoted}\nmsgstr ""\n')
        else:
            qp = '"' + plural.replace('"', '\\"') + '"'
            chunks.append(
                f"#: {where}\nmsgid {quoted}\nmsgid_plural {qp}\n"
                'msgstr[0] ""\nmsgstr[1] ""\nmsgstr[2] ""\n'
            )
    return "\n".join(chunks)


if __name__ == "__main__":
    print(stubs())
