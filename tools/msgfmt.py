"""Compile Omen's gettext catalogs: every ``locale/<lang>/*.po`` into one ``omen.mo``.

The static shell (static/boot.js) reads the same file to show the right language before
Python is ready. Usage::

    python tools/msgfmt.py locale static/build

Fails loudly on a malformed catalog or a message translated two different ways.
"""

from __future__ import annotations

import ast
import struct
import sys
from pathlib import Path

Entry = tuple[str, str | None, list[str]]  # msgid, msgid_plural, msgstr forms


def parse_po(path: Path) -> list[Entry]:  # noqa: C901 (the .po format's line kinds, one branch each)
    entries: list[Entry] = []
    fields: dict[str, str] = {}
    current: str | None = None
    fuzzy = False

    def flush() -> None:
        nonlocal fields, current, fuzzy
        if "msgid" in fields:
            forms = [fields[k] for k in sorted(f for f in fields if f.startswith("msgstr"))]
            if not fuzzy:
                entries.append((fields["msgid"], fields.get("msgid_plural"), forms))
        fields, current, fuzzy = {}, None, False

    for number, raw in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        line = raw.strip()
        if not line:
            flush()
            continue
        if line.startswith("#"):
            if line.startswith("#,") and "fuzzy" in line:
                fuzzy = True
            continue
        if line.startswith('"'):
            if current is None:
                raise SystemExit(f"{path}:{number}: a string continues nothing")
            fields[current] += ast.literal_eval(line)
            continue
        keyword, _, rest = line.partition(" ")
        if keyword == "msgid" and "msgid" in fields and any(f.startswith("msgstr") for f in fields):
            flush()
        if keyword not in ("msgid", "msgid_plural", "msgstr") and not keyword.startswith("msgstr["):
            raise SystemExit(f"{path}:{number}: unknown keyword {keyword!r}")
        if not rest.startswith('"'):
            raise SystemExit(f"{path}:{number}: expected a quoted string")
        current = keyword
        fields[current] = ast.literal_eval(rest)
    flush()
    return entries


def write_mo(messages: dict[str, str], path: Path) -> None:
    keys = sorted(messages)
    ids = b"".join(k.encode() + b"\0" for k in keys)
    strs = b"".join(messages[k].encode() + b"\0" for k in keys)
    count = len(keys)
    start_ids = 7 * 4
    start_strs = start_ids + count * 8
    data_start = start_strs + count * 8
    id_table, str_table = [], []
    offset = data_start
    for k in keys:
        length = len(k.encode())
        id_table += [length, offset]
        offset += length + 1
    for k in keys:
        length = len(messages[k].encode())
        str_table += [length, offset]
        offset += length + 1
    header = struct.pack("Iiiiiii", 0x950412DE, 0, count, start_ids, start_strs, 0, 0)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(
        header
        + struct.pack(f"{len(id_table)}i", *id_table)
        + struct.pack(f"{len(str_table)}i", *str_table)
        + ids
        + strs
    )


def compile_language(folder: Path, out: Path) -> int:
    messages: dict[str, str] = {}
    origin: dict[str, Path] = {}
    for po in sorted(folder.glob("*.po")):
        for msgid, plural, forms in parse_po(po):
            key = msgid if plural is None else f"{msgid}\0{plural}"
            if msgid in origin and msgid != "":
                if messages.get(key) == "\0".join(forms):
                    continue  # the same translation in two catalogs is harmless
                raise SystemExit(f"{po}: {msgid!r} is translated differently in {origin[msgid]}")
            if msgid == "" and "" in messages:
                continue  # only the first catalog's header counts
            origin[msgid] = po
            if not any(forms):
                continue  # untranslated: the completeness test reports it
            messages[key] = "\0".join(forms)
    lang = folder.name
    write_mo(messages, out / "locale" / lang / "LC_MESSAGES" / "omen.mo")
    (out / f"i18n-{lang}.json").unlink(missing_ok=True)  # written by earlier versions
    return len(messages)


def main(argv: list[str]) -> None:
    source, out = Path(argv[1]), Path(argv[2])
    for folder in sorted(p for p in source.iterdir() if p.is_dir()):
        count = compile_language(folder, out)
        print(f"msgfmt: {folder.name}: {count} messages")


if __name__ == "__main__":
    main(sys.argv)
