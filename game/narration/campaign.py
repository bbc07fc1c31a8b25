"""The campaign told in the reader's language (docs/CAMPAIGN.md): a cycle's notes
(`game.campaign.model.Note`: the catalogue's `campaign.note.<key>` with its params,
resources, modules, actions and outcomes put into words), a cycle's summary line and
the state of a campaign (`main.py campaign show`)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from game.campaign.model import Campaign, Note
from game.campaign.tables import RESOURCES
from game.i18n import tr


def _word(group: str, key: object, language: str | None) -> str:
    return tr(f"campaign.{group}.{key}", language)


def amounts(values: Mapping[str, int], language: str | None = None) -> str:
    """ "3 scrap, 2 food & water" (changes as they are, losses without their sign)."""
    parts = [
        tr("campaign.resource", language, n=abs(n), name=_word("resource_name", what, language))
        for what, n in values.items()
        if n
    ]
    return ", ".join(parts) or tr("campaign.none", language)


def _changes(params: Mapping[str, Any], language: str | None) -> str:
    said = []
    if params.get("gained"):
        said.append(tr("campaign.note.gained", language, list=amounts(params["gained"], language)))
    if params.get("lost"):
        said.append(tr("campaign.note.lost", language, list=amounts(params["lost"], language)))
    return "; ".join(said) or tr("campaign.none", language)


def note_text(note: Note, language: str | None = None) -> str:
    """One note as a sentence."""
    p: dict[str, Any] = dict(note.params)
    if "outcome" in p:
        group = "raid_outcome" if note.key == "raid" else "outcome"  # a raid has no retreat
        p["outcome"] = _word(group, p["outcome"] or "none", language)
    for key, group in (("module", "module"), ("action", "action"), ("event", "event")):
        if key in p:
            p[key] = _word(group, p[key], language)
    if "pillar" in p:
        p["pillar"] = _word("pillar", p["pillar"], language)
    if "why" in p:
        p["why"] = _word("why", p["why"], language)
    if note.key == "short":
        p["what"] = _word("resource_name", p["what"], language)
    if note.key == "extra_roll":
        p["result"] = tr(f"campaign.note.extra_{'fell' if p['fell'] else 'lived'}", language)
    if note.key in ("changes",):
        p["changes"] = _changes(p, language)
    for key in ("gained", "lost", "give", "get", "cost"):
        if key in p and note.key != "changes":
            p[key] = amounts(p[key], language)
    if "gains" in p:
        p["gains"] = ", ".join(p["gains"]) or tr("campaign.none", language)
    return tr(f"campaign.note.{note.key}", language, **p)


def cycle_line(entry: Mapping[str, Any], language: str | None = None) -> str:
    """A cycle's one-line summary (the log of `campaign show`)."""
    mission = entry["mission"]
    if mission.get("outcome") is None:
        what = tr("campaign.cycle_no_mission", language)
    else:
        what = tr(
            "campaign.cycle_mission",
            language,
            map=mission["map"],
            outcome=_word("outcome", mission["outcome"], language),
        )
    raid = ""
    if entry["raid"]:
        raid = tr(
            "campaign.cycle_raid",
            language,
            outcome=_word("raid_outcome", entry["raid_outcome"], language),
        )
    return tr(
        "campaign.cycle_head",
        language,
        cycle=entry["cycle"],
        mission=what,
        event=_word("event", entry["event"], language),
        raid=raid,
    )


def cycle_text(entry: Mapping[str, Any], language: str | None = None) -> list[str]:
    """A cycle told: its summary line and every note."""
    notes = [Note.from_dict(n) for n in entry["notes"]]
    return [cycle_line(entry, language), *("  " + note_text(n, language) for n in notes)]


def campaign_text(c: Campaign, language: str | None = None) -> list[str]:
    """The campaign's state: the refuge, its resources and modules, the roster."""
    lines = [
        tr("campaign.header", language, refuge=c.refuge_name, cycle=c.cycle, level=c.level),
        tr(
            "campaign.values",
            language,
            population=c.population,
            extras=c.extras,
            morale=c.morale,
        ),
        tr(
            "campaign.resources",
            language,
            list=amounts({r: c.resources[r] for r in RESOURCES}, language),
        ),
    ]
    modules = []
    for piece in c.modules:
        name = _word("module", piece.kind, language)
        modules.append(
            name if piece.standing else tr("campaign.module_destroyed", language, name=name)
        )
    lines.append(tr("campaign.modules", language, list=", ".join(modules)))
    lines.append(tr("campaign.roster", language))
    for m in c.roster:
        status = _word("status", m.status, language)
        if m.pillar:
            status += f" — {_word('pillar', m.pillar, language)}"
        scars = ", ".join(s.name for s in m.scars)
        talents = ", ".join(m.talents)
        lines.append(
            tr(
                "campaign.member",
                language,
                name=m.name,
                archetype=m.archetype,
                level=m.level,
                xp=m.xp,
                status=status,
                scars=tr("campaign.member_scars", language, list=scars) if scars else "",
                talents=tr("campaign.member_talents", language, list=talents) if talents else "",
            )
        )
    if c.over is not None:
        lines.append(tr("campaign.over", language, why=_word("why", c.over, language)))
    return lines
