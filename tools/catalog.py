"""Write py/omen/core/catalog.py: every message id the engine knows, for checking stored steps.

A stored or imported step names its message by the English template (see
``omen.core.roll.Step``). Reading one back checks that name against this list, so a value
edited in storage or crafted into a link cannot bring a template of its own. The list is
every ``N_("...")`` mark in ``py/`` (as ``tools/i18n_check.py`` finds them), with each
plural form beside its singular. Run it after adding or changing a message::

    python tools/catalog.py           # rewrites py/omen/core/catalog.py
    python tools/catalog.py --check   # exits 1 when the file is out of date

``tests/unit/test_hostile_steps.py`` fails when the committed file is out of date, and
``tools/build.py`` rewrites it on every build.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))

from i18n_check import python_messages  # noqa: E402

TARGET = ROOT / "py" / "omen" / "core" / "catalog.py"
# Every message id Omen has shipped, one JSON string a line: the build adds each new one and
# never takes one out, so a message whose words change is seen to need an entry in
# py/omen/core/former.py (tests/unit/test_former.py), and steps stored under it still load.
SHIPPED = ROOT / "tools" / "shipped-messages.txt"
SEPARATOR = "\x1f"  # between messages (ASCII unit separator: never in a message)
PLURAL = "\x1e"  # between a message and its plural form

HEADER = '''"""Every message id Omen knows: the English templates a stored step may name.

Written by ``tools/catalog.py`` from the ``N_("...")`` marks in ``py/``; do not edit
(``make build`` rewrites it, and a unit test fails when it is out of date). The
messages are kept as one string, split once at import: a literal of a thousand
strings would cost the browser more to compile.

>>> "Turn {turn} begins." in IDS
True
>>> PLURALS["{count} yard"]
'{count} yards'
"""

'''


def _literal(text: str) -> str:
    """A double-quoted Python literal of ``text`` (the separators escaped)."""
    out = repr(text)
    if out.startswith("'"):  # repr chose single quotes: the text holds a "
        out = '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'
    return out.replace(SEPARATOR, "\\x1f").replace(PLURAL, "\\x1e")


def render() -> str:
    """The text of py/omen/core/catalog.py for the messages in ``py/`` now."""
    messages = sorted(python_messages())
    for msgid, plural in messages:
        for text in (msgid, plural or ""):
            if SEPARATOR in text or PLURAL in text:
                raise SystemExit(f"catalog: a message holds a separator: {text!r}")
    lines = [HEADER, "_MESSAGES = (\n"]
    for msgid, plural in messages:
        entry = msgid if plural is None else msgid + PLURAL + plural
        lines.append(f"    {_literal(entry + SEPARATOR)}\n")
    lines.append(")\n\n")
    lines.append(
        "# Message id -> its plural form (None when it has none).\n"
        "PLURALS: dict[str, str | None] = {\n"
        "    singular: plural or None\n"
        '    for singular, _, plural in (m.partition("\\x1e") for m in _MESSAGES.split("\\x1f"))\n'
        "    if singular\n"
        "}\n"
        "IDS = frozenset(PLURALS)\n"
    )
    return "".join(lines)


def shipped() -> list[str]:
    """The message ids in tools/shipped-messages.txt."""
    if not SHIPPED.exists():
        return []
    lines = SHIPPED.read_text(encoding="utf-8").splitlines()
    return [json.loads(line) for line in lines if line.strip()]


def render_shipped() -> str:
    """tools/shipped-messages.txt with the ids in ``py/`` now added (sorted, none removed)."""
    ids = set(shipped()) | {msgid for msgid, _ in python_messages()}
    return "".join(json.dumps(msgid, ensure_ascii=False) + "\n" for msgid in sorted(ids))


def main(argv: list[str]) -> int:
    text = render()
    listed = render_shipped()
    if "--check" in argv:
        if TARGET.read_text(encoding="utf-8") != text:
            print("catalog: py/omen/core/catalog.py is out of date: run python tools/catalog.py")
            return 1
        if not SHIPPED.exists() or SHIPPED.read_text(encoding="utf-8") != listed:
            print("catalog: tools/shipped-messages.txt is out of date: run python tools/catalog.py")
            return 1
        return 0
    if not TARGET.exists() or TARGET.read_text(encoding="utf-8") != text:
        TARGET.write_text(text, encoding="utf-8")
        print(f"catalog: wrote {TARGET.relative_to(ROOT)}")
    if not SHIPPED.exists() or SHIPPED.read_text(encoding="utf-8") != listed:
        SHIPPED.write_text(listed, encoding="utf-8")
        print(f"catalog: wrote {SHIPPED.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
