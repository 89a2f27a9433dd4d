"""The layers of py/, printed, and kept: no import circle, no import against the layers.

``core`` <- ``campaign`` <- each game (``omen.<game>``) <- the adapter (``omen_web`` and
``py/main.py``): a module imports its own layer or the ones below it, a game never
imports another game, and the engine (``omen``) never imports the adapter or a browser
module (``js``, ``pyscript``, ``pyodide``). Every import counts, for the layers and for
circles alike: at module level, in a ``TYPE_CHECKING`` block (a type checker follows it)
or inside a function (a lazy import is still a dependency: it only moves the moment the
circle closes from loading to running). A circle found names the imports inside functions
that close it. ``pytest -s tests/unit/test_layers.py`` prints the layers with their
modules.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PY = ROOT / "py"
BROWSER = frozenset({"js", "pyscript", "pyodide"})
ORDER = ("core", "campaign", "game", "adapter")
# Imports against the layers that are known, each with its reason; the test fails when
# one goes (remove it here) or another comes.
KNOWN: dict[str, str] = {}


@dataclass(frozen=True)
class Import:
    """One import: the module it names, and whether it runs as its module loads (not
    inside a function)."""

    target: str
    at_load: bool


def module_name(path: Path) -> str:
    return ".".join(path.relative_to(PY).with_suffix("").parts).removesuffix(".__init__")


def sources() -> dict[str, Path]:
    return {
        module_name(path): path
        for path in sorted(PY.rglob("*.py"))
        if "egg-info" not in path.as_posix()
    }


def imports(tree: ast.Module, known: set[str]) -> Iterator[Import]:
    """Every absolute import in ``tree``, with ``from package import module`` read as the
    module when it is one."""

    def walk(node: ast.AST, at_load: bool) -> Iterator[Import]:
        for child in ast.iter_child_nodes(node):
            inside = at_load and not isinstance(
                child, ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda
            )
            if isinstance(child, ast.Import):
                for alias in child.names:
                    yield Import(alias.name, inside)
            elif isinstance(child, ast.ImportFrom) and child.module and child.level == 0:
                for alias in child.names:
                    full = f"{child.module}.{alias.name}"
                    yield Import(full if full in known else child.module, inside)
            yield from walk(child, inside)

    yield from walk(tree, True)


def graph() -> dict[str, list[Import]]:
    found = sources()
    known = set(found)
    return {
        name: list(imports(ast.parse(path.read_text(encoding="utf-8")), known))
        for name, path in found.items()
    }


def layer_of(module: str) -> tuple[str, str]:
    """A module's layer, and its game for a game's module ("" otherwise)."""
    parts = module.split(".")
    if parts[0] in ("omen_web", "main"):
        return "adapter", ""
    if parts[0] != "omen" or len(parts) == 1 or parts[1] == "core":
        return "core", ""
    if parts[1] == "campaign":
        return "campaign", ""
    return "game", parts[1]


def against_layers(edges: Mapping[str, list[Import]]) -> list[str]:
    """Every import that runs against the layers, as "importer -> imported: why"."""
    wrong = []
    for source, targets in sorted(edges.items()):
        layer, game = layer_of(source)
        for target in sorted({found.target for found in targets}):
            root = target.split(".")[0]
            if layer != "adapter" and root in BROWSER | {"omen_web"}:
                wrong.append(f"{source} -> {target}: the engine never imports {root}")
            if root != "omen" and not (root == "omen_web" and target in edges):
                continue
            their_layer, their_game = layer_of(target)
            if ORDER.index(their_layer) > ORDER.index(layer):
                wrong.append(f"{source} -> {target}: {layer} imports {their_layer}")
            elif layer == their_layer == "game" and game != their_game:
                wrong.append(f"{source} -> {target}: a game imports another game")
    return wrong


def circles(edges: Mapping[str, list[Import]]) -> list[list[str]]:  # noqa: C901 (Tarjan's algorithm, as it is written)
    """Each group of modules that import one another, as they load or inside a function
    (Tarjan's strongly connected components of more than one module, or one that
    imports itself)."""
    loads = {
        name: sorted({i.target for i in found if i.target in edges})
        for name, found in edges.items()
    }
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    groups: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for other in loads[node]:
            if other not in index:
                visit(other)
                low[node] = min(low[node], low[other])
            elif other in on_stack:
                low[node] = min(low[node], index[other])
        if low[node] == index[node]:
            group = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                group.append(member)
                if member == node:
                    break
            if len(group) > 1 or node in loads[node]:
                groups.append(sorted(group))

    for node in sorted(loads):
        if node not in index:
            visit(node)
    return sorted(groups)


def closed_inside_functions(edges: Mapping[str, list[Import]], group: list[str]) -> list[str]:
    """The imports inside functions between the modules of ``group`` (a circle), as
    "importer -> imported": where the circle closes out of sight of a module's top."""
    return sorted(
        {
            f"{source} -> {found.target}"
            for source in group
            for found in edges[source]
            if found.target in group and not found.at_load
        }
    )


def test_print_the_layers_and_find_no_circle_and_no_import_against_them() -> None:
    edges = graph()
    by_layer: dict[str, list[str]] = {}
    for name in edges:
        layer, game = layer_of(name)
        by_layer.setdefault(f"{layer} {game}".strip(), []).append(name)
    for layer in sorted(by_layer, key=lambda key: (ORDER.index(key.split()[0]), key)):
        print(f"{layer}: {', '.join(sorted(by_layer[layer]))}")
    assert len(edges) > 50 and {"omen.core.dice", "omen_web.kit.app"} <= set(edges)
    found = {" <-> ".join(group): closed_inside_functions(edges, group) for group in circles(edges)}
    assert found == {}, f"import circles (and the imports inside functions closing them): {found}"
    assert against_layers(edges) == sorted(KNOWN)


def test_the_checks_fail_on_a_bad_graph() -> None:
    """A synthetic graph with one of each fault: the checks name every one."""
    edges = {
        "omen.core.dice": [Import("omen.campaign.state", at_load=False)],
        "omen.campaign.state": [Import("omen.core.dice", at_load=True)],
        "omen.ose.turn": [Import("omen.gurps.rolls", at_load=True)],
        "omen.gurps.rolls": [Import("omen.ose.turn", at_load=True), Import("pyscript", True)],
        "omen.eotw.crew": [Import("omen_web.kit.dom", at_load=False)],
        "omen_web.kit.dom": [Import("js", at_load=True), Import("omen.core.dice", True)],
    }
    assert circles(edges) == [
        ["omen.campaign.state", "omen.core.dice"],
        ["omen.gurps.rolls", "omen.ose.turn"],
    ]
    assert against_layers(edges) == [
        "omen.core.dice -> omen.campaign.state: core imports campaign",
        "omen.eotw.crew -> omen_web.kit.dom: the engine never imports omen_web",
        "omen.eotw.crew -> omen_web.kit.dom: game imports adapter",
        "omen.gurps.rolls -> omen.ose.turn: a game imports another game",
        "omen.gurps.rolls -> pyscript: the engine never imports pyscript",
        "omen.ose.turn -> omen.gurps.rolls: a game imports another game",
    ]
    del edges["omen.core.dice"][0]  # the import inside a function alone closed that circle
    assert circles(edges) == [["omen.gurps.rolls", "omen.ose.turn"]]


def test_a_lazy_import_is_an_edge_for_the_layers_and_for_circles() -> None:
    tree = ast.parse(
        "import omen.core.dice\n"
        "from typing import TYPE_CHECKING\n"
        "if TYPE_CHECKING:\n    from omen.core import roll\n"
        "def later():\n    from omen.campaign import state\n"
    )
    known = {"omen.core.dice", "omen.core.roll", "omen.campaign.state"}
    assert list(imports(tree, known)) == [
        Import("omen.core.dice", at_load=True),
        Import("typing", at_load=True),
        Import("omen.core.roll", at_load=True),
        Import("omen.campaign.state", at_load=False),
    ]
    # roll imports errors in a function, errors imports roll as it loads: a circle, closed
    # inside a function; so is one of two imports inside functions only.
    edges = {
        "omen.core.errors": [Import("omen.core.roll", at_load=True)],
        "omen.core.roll": [Import("omen.core.errors", at_load=False)],
        "omen_web.kit.app": [Import("omen_web.shell.wakelock", at_load=False)],
        "omen_web.shell.wakelock": [Import("omen_web.kit.app", at_load=False)],
    }
    assert circles(edges) == [
        ["omen.core.errors", "omen.core.roll"],
        ["omen_web.kit.app", "omen_web.shell.wakelock"],
    ]
    assert closed_inside_functions(edges, ["omen.core.errors", "omen.core.roll"]) == [
        "omen.core.roll -> omen.core.errors"
    ]
