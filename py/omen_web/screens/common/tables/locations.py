"""The locations: each one's row, its encounter and sign tables, and its edit form
(name, kind of place, dark descent level, terrain, the tables used there)."""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Any

from omen.campaign.tables import (
    MAX_NAME,
    Location,
    Place,
    make_id,
)
from omen.core.errors import RulesError
from omen.core.roll import N_, Step
from omen_web.kit import dom
from omen_web.kit import screen as kit
from omen_web.screens.common.tables.part import Tables, mark, row_of

if TYPE_CHECKING:
    from omen_web.kit.app import App


class LocationEditor(kit.Actions):
    """The locations: each one's row and its edit form."""

    name = "tables-locations"

    def __init__(self, screen: Tables) -> None:
        self.screen = screen
        self.app: App = screen.app
        self.store = screen.store
        self.location_rows: dict[str, Any] = {}  # the rows on show, by location id

    def on_add_location(self, _target: Any, _event: Any) -> None:
        field = dom.bound("new-location-name")
        name = str(field.value).strip()[:MAX_NAME]
        if not name:
            raise RulesError(Step(N_("Type a name for the location first.")))
        taken = [place.id for place in self.screen.library.locations]
        location = Location(make_id(name, taken, "place"), name)
        field.value = ""
        self.screen.change(
            self.screen.library.with_location(location),
            Step(N_("Location added: {name}"), {"name": name}),
        )

    def set_encounter(self, location_id: str, table_id: str) -> None:
        self.choose_table(
            location_id, "encounter", table_id, N_("Encounter table of {location} chosen.")
        )

    def set_signs(self, location_id: str, table_id: str) -> None:
        self.choose_table(location_id, "signs", table_id, N_("Sign table of {location} chosen."))

    def choose_table(self, location_id: str, role: str, table_id: str, title: str) -> None:
        """The location's encounter or sign table (``role``), or none; a table chosen is
        one of the tables used there from then on."""
        location = self.screen.library.location(location_id)
        chosen = table_id or None
        tables = location.tables
        if chosen is not None and chosen not in tables:
            tables = (*tables, chosen)
        if role == "encounter":
            changed = replace(location, encounter=chosen, tables=tables)
        else:
            changed = replace(location, signs=chosen, tables=tables)
        self.screen.change(
            self.screen.library.with_location(changed),
            Step(title, {"location": location.name}),
        )

    def remove_location(self, location_id: str) -> None:
        location = self.screen.library.location(location_id)
        self.screen.change(
            self.screen.library.without_location(location_id),
            Step(
                N_("Location removed: {name} (Undo in the log brings it back)"),
                {"name": location.name},
            ),
        )

    def edit_location(self, location_id: str, title: Any, **changes: Any) -> None:
        location = self.screen.library.location(location_id)
        changed = replace(location, **changes)
        self.screen.change(
            self.screen.library.with_location(changed),
            Step(title, {"location": changed.name, "old": location.name}),
        )

    def rename_location(self, location_id: str, typed: str) -> None:
        name = " ".join(typed.split())[:MAX_NAME]
        if not name:
            self.screen.put_back = True
            self.screen.render()
            raise RulesError(Step(N_("Type a name for the location first.")))
        if name != self.screen.library.location(location_id).name:
            self.edit_location(location_id, N_("Location renamed: {old} → {location}"), name=name)

    def set_place(self, location_id: str, value: str) -> None:
        self.edit_location(
            location_id, N_("Kind of place of {location} chosen."), place=Place(value)
        )

    def set_descent(self, location_id: str, value: str) -> None:
        descent = int(value) if value else None
        self.edit_location(
            location_id, N_("Dark descent level of {location} chosen."), descent=descent
        )

    def toggle_location_table(self, location_id: str, table_id: str, used: bool) -> None:
        location = self.screen.library.location(location_id)
        chosen = set(location.tables) - {table_id} | ({table_id} if used else set())
        in_order = [t.id for t in self.screen.library.tables if t.id in chosen]
        missing = [t for t in location.tables if t in chosen and t not in in_order]
        self.edit_location(
            location_id, N_("Tables used in {location} changed."), tables=(*in_order, *missing)
        )

    @staticmethod
    def location_of(target: Any) -> str:
        return str(row_of(target, ".location-row").dataset.location)

    def on_location_encounter(self, target: Any, _event: Any) -> None:
        self.set_encounter(self.location_of(target), str(target.value))

    def on_location_signs(self, target: Any, _event: Any) -> None:
        self.set_signs(self.location_of(target), str(target.value))

    def on_share_location(self, target: Any, _event: Any) -> None:
        self.app.share("location", self.location_of(target))

    def on_remove_location(self, target: Any, _event: Any) -> None:
        self.remove_location(self.location_of(target))

    def on_rename_location(self, target: Any, _event: Any) -> None:
        self.rename_location(self.location_of(target), str(target.value))

    def on_location_place(self, target: Any, _event: Any) -> None:
        self.set_place(self.location_of(target), str(target.value))

    def on_location_descent(self, target: Any, _event: Any) -> None:
        self.set_descent(self.location_of(target), str(target.value))

    def on_location_terrain(self, target: Any, _event: Any) -> None:
        self.edit_location(
            self.location_of(target),
            N_("Terrain of {location} chosen."),
            terrain=str(target.value) or None,
        )

    def on_location_table(self, target: Any, _event: Any) -> None:
        place = self.location_of(target)
        self.toggle_location_table(place, str(target.dataset.table), bool(target.checked))

    def render_locations(self) -> None:
        names, levels = self.screen.names(), self.screen.crawl_settings().descent_levels
        rows = self.location_rows
        for location in self.screen.library.locations:
            old = rows.get(location.id)
            drawn = self.screen.unchanged(
                f"location:{location.id}", location, names, levels, self.app.campaign.game
            )
            if drawn and old is not None:
                continue
            opened = old is not None and bool(dom.one(".edit-location", old).open)
            self.screen.redraw_row(
                "location", location.id, rows, self.location_row(location, opened)
            )
        wanted = [location.id for location in self.screen.library.locations]
        self.screen.keep_rows("location", dom.bound("tables-locations"), rows, wanted)

    def table_list(self, select: Any, action: str, chosen: str | None, label: str) -> None:
        """A location row's list of its encounter or sign tables: its name, every table,
        ``chosen`` on show, and its action."""
        select.setAttribute("aria-label", label)
        self.screen.table_options(select, chosen, self.app.tr(N_("(none)")))
        mark(select, action)

    def location_row(self, location: Location, opened: bool) -> Any:
        row = self.app.clone("tpl-location-row")
        dom.text(dom.one(".name", row), location.name)
        named = {"location": location.name}
        encounter = self.app.t(Step(N_("Encounter table of {location}"), named))
        self.table_list(
            dom.one(".encounter", row), "location-encounter", location.encounter, encounter
        )
        signs = self.app.t(Step(N_("Sign table of {location}"), named))
        self.table_list(dom.one(".signs", row), "location-signs", location.signs, signs)
        self.render_location_edit(row, location, opened)
        share = dom.one(".share-location", row)
        share.setAttribute(
            "aria-label",
            self.app.t(Step(N_("Share the location {location}"), {"location": location.name})),
        )
        mark(share, "share-location")
        remove = dom.one(".remove-location", row)
        remove.setAttribute(
            "aria-label",
            self.app.t(Step(N_("Remove the location {location}"), {"location": location.name})),
        )
        mark(remove, "remove-location")
        row.dataset.location = location.id
        return row

    def render_location_edit(self, row: Any, location: Location, opened: bool) -> None:
        app, place_id = self.app, location.id
        dom.one(".edit-location", row).open = opened
        name = dom.one(".location-name", row)
        name.value = location.name
        name.dataset.key = f"{place_id}:name"
        name.setAttribute(
            "aria-label", app.t(Step(N_("Name of {location}"), {"location": location.name}))
        )
        mark(name, "rename-location")
        place = dom.one(".place", row)
        place.value = location.place.value
        place.dataset.key = f"{place_id}:place"
        place.setAttribute(
            "aria-label",
            app.t(Step(N_("Kind of place of {location}"), {"location": location.name})),
        )
        mark(place, "location-place")
        descent = dom.one(".descent", row)
        descent.dataset.key = f"{place_id}:descent"
        descent.setAttribute(
            "aria-label",
            app.t(Step(N_("Dark descent level of {location}"), {"location": location.name})),
        )
        levels = self.screen.crawl_settings().descent_levels
        choices = sorted({*range(1, levels + 1), *filter(None, [location.descent])})
        dom.fill_options(
            descent, [("", app.tr(N_("(none)")))] + [(str(n), str(n)) for n in choices]
        )
        descent.value = "" if location.descent is None else str(location.descent)
        mark(descent, "location-descent")
        self.render_location_terrain(row, location)
        listing = dom.one(".location-table-list", row)
        for table_id, table_name in self.screen.names():
            item = dom.element("li")
            label = dom.element("label")
            box = dom.element("input")
            box.type = "checkbox"
            box.checked = table_id in location.tables
            box.dataset.key = f"{place_id}:table:{table_id}"
            box.dataset.table = table_id
            mark(box, "location-table")
            words = dom.element("span")
            dom.text(words, table_name)
            label.append(box)
            label.append(words)
            item.append(label)
            listing.append(item)

    def render_location_terrain(self, row: Any, location: Location) -> None:
        """The location's terrain, chosen from the campaign's game's list (the field only
        in a game whose procedures read terrain)."""
        field = dom.one(".terrain-field", row)
        choices = location_terrains(self.app.campaign.game)
        dom.show(field, bool(choices))
        if not choices:
            return
        select = dom.one(".terrain", row)
        select.dataset.key = f"{location.id}:terrain"
        select.setAttribute(
            "aria-label",
            self.app.t(Step(N_("Terrain of {location}"), {"location": location.name})),
        )
        options = [("", self.app.tr(N_("(none)")))]
        options += [(key, self.app.tr(name)) for key, name in choices]
        if location.terrain and location.terrain not in dict(choices):
            options.append((location.terrain, location.terrain))  # another game's: kept
        dom.fill_options(select, options)
        select.value = location.terrain or ""
        mark(select, "location-terrain")


def location_terrains(game: str) -> list[tuple[str, str]]:
    """The terrains a location may name in ``game`` (key, name to translate), as the
    game's procedures read them; none in a game that reads no terrain. The game's
    procedures are imported only here, when a location is drawn in that game."""
    if game == "ose":
        from omen.ose.turn import TERRAIN_NAMES

        return [(terrain.value, name) for terrain, name in TERRAIN_NAMES.items()]
    if game == "gurps":
        from omen.gurps.distance import TERRAINS

        return [(row.key, row.name) for row in TERRAINS]
    return []
