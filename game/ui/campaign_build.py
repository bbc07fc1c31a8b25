"""Building in the refuge editor during a campaign's downtime (docs/CAMPAIGN.md
"Building"): the campaign's layout opens in the editor; the player draws new pieces
of the map (a watchtower, a barricade …), saves (Ctrl+S) and closes the window.

Only new modules are taken: they are added to the campaign's layout as it was and
planned (built for their cost this downtime when the labour and the resources
allow, else later — until then they are missing from the battles). Everything
else changed in the editor (terrain, posts, moved pieces) is left out, and the
player is told so: the refuge's ground is not redrawn for free.
"""

from __future__ import annotations

import tempfile
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from game.campaign import refuge
from game.campaign.model import Campaign, Note
from game.campaign.tables import CampaignTables
from game.i18n import tr
from game.loading import parse_scenario
from game.loading.raw import read_toml
from game.scenario import Scenario, ScenarioError
from game.ui.editor import tomlwrite
from game.ui.editor.app import EditorApp, EditorOptions
from game.ui.editor.document import Document, DocumentError


@dataclass(frozen=True, slots=True)
class Drawing:
    """What the refuge editor gave: the new pieces (id, kind), the layout with them
    (text and parsed), and whether other changes were left out."""

    pieces: tuple[tuple[str, str], ...]
    text: str
    layout: Scenario
    ignored: bool


def _modules(data: dict[str, Any]) -> list[dict[str, Any]]:
    found = data.get("module", [])
    return [m for m in found if isinstance(m, dict)] if isinstance(found, list) else []


def drawing_from(
    c: Campaign, t: CampaignTables, base: str, saved: str, name: str = "<refuge editor>"
) -> Drawing | str:
    """The new pieces of `saved` (the editor's file) on top of `base` (the layout the
    editor opened), or the message why they cannot be taken."""
    try:
        before = read_toml(base, name)
        after = read_toml(saved, name)
    except ScenarioError as exc:
        return exc.errors[0]
    known = {m.id for m in c.modules} | {str(m.get("id")) for m in _modules(before)}
    new = [m for m in _modules(after) if str(m.get("id")) not in known]
    if not new:
        changed = after != before
        return tr("campaign.screen.no_module_drawn" if changed else "campaign.screen.nothing_drawn")
    pieces = tuple((str(m.get("id")), str(m.get("kind"))) for m in new)
    problem = refuge.drawing_problem(c, t, pieces)
    if problem is not None:
        return tr(f"campaign.note.{problem.key}", **_worded(problem))
    text = base.rstrip("\n") + "\n\n" + tomlwrite.dumps({"module": new})
    try:
        layout = parse_scenario(text, name)
    except ScenarioError as exc:
        return exc.errors[0]
    rest = {k: v for k, v in after.items() if k != "module"}
    kept = [m for m in _modules(after) if m not in new]
    ignored = rest != {k: v for k, v in before.items() if k != "module"} or kept != _modules(before)
    return Drawing(pieces, text, layout, ignored)


def _worded(note: Note) -> dict[str, Any]:
    params = dict(note.params)
    if "module" in params:
        params["module"] = tr(f"campaign.module.{params['module']}")
    return params


def editor_options(c: Campaign, options: EditorOptions | None) -> EditorOptions:
    """The editor's options with the campaign's ruins and planned modules marked."""
    ruins = frozenset(m.id for m in c.modules if m.on_map and m.status == "destroyed")
    planned = frozenset(m.id for m in c.modules if m.on_map and m.status == "planned")
    return replace(options or EditorOptions(), ruins=ruins, planned=planned)


def draw_in_editor(
    c: Campaign, t: CampaignTables, base: str, options: EditorOptions | None = None
) -> Drawing | str:
    """Open the refuge editor on `base` (the campaign's layout, with what was drawn
    this downtime); when it is closed, what the player saved there."""
    with tempfile.TemporaryDirectory(prefix="deadearth-campaign-") as folder:
        path = Path(folder) / f"{Path(c.layout_file).stem or 'refuge'}-cycle-{c.cycle}.toml"
        path.write_text(base, encoding="utf-8")
        try:
            doc = Document.from_text(base, path)
        except DocumentError as exc:
            return exc.errors[0]
        EditorApp(doc, editor_options(c, options)).run()
        saved = path.read_text(encoding="utf-8")
    if saved == base:
        return tr("campaign.screen.nothing_drawn")
    return drawing_from(c, t, base, saved, path.name)
