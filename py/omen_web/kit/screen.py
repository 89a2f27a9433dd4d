"""The screen kit: one shape for every screen, and one helper for each kind of field.

A screen is a class with a name, the stored parts it shows and three kinds of method:

- ``build()`` runs once, when the screen is first needed: it clones templates and fills
  what never changes;
- ``render()`` draws the screen from the store's state; it binds nothing and makes no
  proxy, so drawing a thousand times costs a thousand draws and nothing more;
- ``on_<action>(target, event)`` answers the element marked ``data-action="<action>"``
  (hyphens become underscores): ``data-action="next-turn"`` calls ``on_next_turn``.

Events are bound once per screen, on its root (its ``data-screen`` section, or the
element ``root_selector`` names), by delegation: one listener for each of ``click``,
``change``, ``input``, ``submit`` and ``keydown`` finds the nearest element with a
``data-action`` and calls the screen's method, through :meth:`omen_web.kit.app.App.guard`
so a :class:`omen.core.errors.RulesError` becomes a notice. Which event an element answers:
``click`` for buttons, links and summaries, ``change`` for inputs and selects, ``submit``
for forms; ``data-on="input"`` (or another of the five) says otherwise.

The screen says which parts it shows in ``parts``; the store tells it when one changes,
and it redraws then if it is on show, or when it is next shown. On show means its
section is the one shown and nothing around its root is hidden by another screen (a
panel of Explore that another game's procedure is shown in place of, an Encounter
procedure not chosen): a hidden screen is drawn when it is uncovered (see
:meth:`omen_web.kit.app.App.draw_uncovered`). A screen that hides its own root says so in
``hides_itself``, so that it is still drawn and can show itself again.

A render draws only the regions whose state changed: :meth:`Screen.unchanged` says
whether a region was drawn last from the same values (:mod:`omen_web.kit.drawn`), so a tap
that changes the turn does not redraw the odds or the location list.

A list of steps (a result's steps, the odds) is drawn with :meth:`Screen.fill_steps`, which
keeps the list's items (:class:`Lines`): a redraw sets the text of the items whose text
changed, rather than making every item anew.

The helpers for number fields, option lists and a field's error message are in
:mod:`omen_web.kit.fields`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import TYPE_CHECKING, Any, ClassVar, Protocol

from omen.core.roll import Step
from omen_web.kit import dom
from omen_web.kit.drawn import Drawn

if TYPE_CHECKING:
    from omen.core.dice import Dice
    from omen.core.i18n import Translator
    from omen_web.kit.store import Store


class Host(Protocol):
    """The app, as a screen of the kit sees it: the store, translation, a redraw, idle
    work, a guard for handlers, the dice and showing a screen. The kit asks this of :class:`~omen_web.kit.app.App`
    rather than importing it (the app imports the kit); a screen that needs more of the
    app (the campaign, the dice) annotates its ``app`` as ``App``."""

    store: Store
    translator: Translator

    def t(self, step: Step) -> str: ...

    def tr(self, message: str) -> str: ...

    def guard(self, handler: Callable[[Any], object]) -> Callable[[Any], None]: ...

    def redraw(self, screen: Screen) -> None: ...

    def work_ahead(self, name: str) -> None: ...

    def dice(self, typed: str = "") -> Dice: ...

    def show(self, name: str) -> None: ...


EVENTS = ("click", "change", "input", "submit", "keydown")
# The event an element with a data-action answers when it does not say (data-on).
NATURAL = {
    "BUTTON": "click",
    "A": "click",
    "SUMMARY": "click",
    "INPUT": "change",
    "SELECT": "change",
    "TEXTAREA": "change",
    "FORM": "submit",
}


def method_name(action: str) -> str:
    """The method that answers ``data-action=action``.

    >>> method_name("next-turn")
    'on_next_turn'
    """
    return "on_" + action.replace("-", "_")


def answers(tag: str, chosen: str | None, event: str) -> bool:
    """Whether an element (its tag, its ``data-on``) answers an event of type ``event``.

    >>> answers("BUTTON", None, "click"), answers("INPUT", None, "click")
    (True, False)
    >>> answers("INPUT", "input", "input"), answers("INPUT", "input", "change")
    (True, False)
    """
    return event == (chosen or NATURAL.get(tag, "click"))


class Actions:
    """Whatever answers the ``data-action`` elements under its roots, by delegation: one
    listener for each of :data:`EVENTS` on each root calls ``on_<action>(target, event)``
    through the app's guard. Every screen is one (:class:`Screen`); so are the parts of
    the shell that are no screen (the help sheet's buttons, the install hint), and the
    parts of a screen made of several, one per job (``jobs``): an action the screen does
    not answer itself goes to the first of its jobs that does."""

    name: ClassVar[str] = ""
    roots: list[Any]
    jobs: tuple[Actions, ...] = ()

    def delegate(self, roots: list[Any], guard: Callable[[Callable[[Any], bool]], Any]) -> None:
        """Answer the actions under ``roots`` (each marked as this one's), through ``guard``."""
        self.roots = roots
        for root in roots:
            root.setAttribute("data-kit-root", self.name)
            for event in EVENTS:
                dom.on(root, event, guard(self._dispatch))

    def _dispatch(self, event: Any) -> bool:
        """Call the method of the action ``event`` is for; whether one answered it (not a
        key that only moves the focus, say, inside an action's form)."""
        target = event.target
        if not dom.found(target) or not hasattr(target, "closest"):
            return False
        node = target.closest("[data-action]")
        if not dom.found(node) or not any(
            node.closest("[data-kit-root]") == root for root in self.roots
        ):
            return False  # not an action, or one of a screen drawn inside this one
        if not answers(str(node.tagName), node.getAttribute("data-on"), str(event.type)):
            return False
        method = method_name(str(node.dataset.action))
        handler = next(
            (getattr(part, method) for part in (self, *self.jobs) if hasattr(part, method)), None
        )
        if handler is None:
            raise dom.WiringError(f"{self.name} has no {method}")
        if str(event.type) == "submit":
            event.preventDefault()
        handler(node, event)
        return True


class Screen(Actions):
    """The base of every screen; see the module's docstring for the shape."""

    section: ClassVar[str] = ""  # the data-screen section it is drawn in ("" = its name)
    root_selector: ClassVar[str] = ""  # the element it owns inside it ("" = the section)
    also: ClassVar[tuple[str, ...]] = ()  # more elements it owns (dialogs, boxes)
    parts: ClassVar[tuple[str, ...]] = ()  # the stored parts it shows
    games: ClassVar[frozenset[str] | None] = None  # the games it is its own for (None: all)
    hides_itself: ClassVar[bool] = False  # its render hides and shows its own root

    def __init__(self, app: Host) -> None:
        self.app = app
        self.store: Store = app.store
        section = dom.one(f'[data-screen="{self.section or self.name}"]')
        self.root = dom.one(self.root_selector, section) if self.root_selector else section
        self.delegate([self.root, *(dom.one(selector) for selector in self.also)], app.guard)
        self.regions = Drawn()
        self.nodes: dict[str, Any] = {}  # bound(): elements by their data-bind name
        self.lists: dict[str, Lines] = {}  # fill_steps(): the lists drawn, by data-bind name
        self.store.subscribe(self.parts, self._changed)
        self.build()

    # --- what a screen fills in ---------------------------------------------------

    def build(self) -> None:
        """Once, when the screen is first needed."""

    def render(self) -> None:
        """Draw the screen from the store's state."""

    def ahead(self) -> bool:
        """One piece of work done ahead in an idle moment, so a tap later need not do
        it (elements made before they are shown); whether there was any. Asked when
        the screen is built and, after it says so (``self.app.work_ahead(self.name)``),
        again; never while a tap's work waits for its frame."""
        return False

    # --- services -----------------------------------------------------------------

    def t(self, step: Step) -> str:
        return self.app.t(step)

    def tr(self, message: str) -> str:
        return self.app.tr(message)

    def one(self, selector: str) -> Any:
        """The element under this screen's root that ``selector`` matches."""
        return dom.one(selector, self.root)

    def bound(self, name: str) -> Any:
        """The element under this screen's root marked ``data-bind=name``, looked up once:
        a ``data-bind`` is in the page's own markup, once, and stays (none is in a
        template that screens copy; ``test_architecture`` checks it)."""
        node = self.nodes.get(name)
        if node is None:
            node = self.nodes[name] = dom.bound(name, self.root)
        return node

    def fill_steps(self, name: str, steps: Iterable[Step]) -> None:
        """Draw the list marked ``data-bind=name`` as one item per step, in the current
        language, keeping its items (:class:`Lines`; the list is this screen's alone)."""
        lines = self.lists.get(name)
        if lines is None:
            lines = self.lists[name] = Lines(self.bound(name))
        lines.draw([self.t(step) for step in steps])

    def unchanged(self, region: str, *key: object) -> bool:
        """Whether ``region`` of this screen is drawn already from what ``key`` names, in
        the current language (then the render leaves it); see :mod:`omen_web.kit.drawn`."""
        return self.regions.unchanged(region, self.app.translator.language, *key)

    def covered(self) -> bool:
        """Whether something inside its section hides the screen's root (another
        screen's choice): it is then drawn when uncovered, not while hidden. The section
        itself being hidden does not count (the app shows and hides sections)."""
        node = self.root.parentElement if self.hides_itself else self.root
        if not dom.found(node):
            return False
        hider = node.closest("[hidden]")
        return dom.found(hider) and not hider.hasAttribute("data-screen")

    # --- inside -------------------------------------------------------------------

    def _changed(self, _kinds: frozenset[str]) -> None:
        self.app.redraw(self)


class Lines:
    """A list element drawn as one ``<li>`` per text, its items kept between draws.

    A draw sets the text of an item only where it changed and adds or removes items at
    the end: a Next turn's odds cost three text changes, not three new items. Nothing
    else may change the list (it is emptied of what the markup held when made).
    """

    def __init__(self, node: Any) -> None:
        self.node = node
        self.items: list[Any] = []
        self.texts: list[str] = []
        dom.clear(node)

    def draw(self, texts: Sequence[str]) -> None:
        items, drawn = self.items, self.texts
        for index in range(min(len(texts), len(items))):
            if drawn[index] != texts[index]:
                dom.text(items[index], texts[index])
                drawn[index] = texts[index]
        if len(texts) > len(items):
            new = []
            for text in texts[len(items) :]:
                item = dom.element("li")
                dom.text(item, text)
                new.append(item)
            self.node.append(*new)
            items.extend(new)
            drawn.extend(texts[len(drawn) :])
        elif len(texts) < len(items):
            for item in items[len(texts) :]:
                item.remove()
            del items[len(texts) :]
            del drawn[len(texts) :]
