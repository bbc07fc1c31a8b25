"""Label placement on the table (game/ui/render/labels.py): hand-made crowds where
every figure keeps a readable name clear of the other names and of every base,
module labels that step off the bases, and the real window, editor and map."""

from __future__ import annotations

import pygame
import pytest
from table_kit import make_app, settle, shot

from game.ui import fonts
from game.ui.render import labels, style
from game.ui.render.figures import NAME_MIN_R, Marks, draw_figures
from game.ui.render.terrain import label_spots

AREA = pygame.Rect(0, 0, 800, 600)
R = 9.0


def _image(text: str) -> pygame.Surface:
    """A stand-in for a rendered name: 7 px a character, 14 px high."""
    return pygame.Surface((7 * len(text), 14), pygame.SRCALPHA)


def _name(text: str, centre: tuple[float, float], rank: float = 3) -> labels.Label:
    short = labels.short_name(text)
    brief = _image(short) if short != text else None
    options = labels.name_options(_image(text), brief, centre, R, 7)
    return labels.Label(options, rank, centre, R)


def _bases(centres: list[tuple[float, float]]) -> list[pygame.Rect]:
    return [labels.base_box(c, R, 7) for c in centres]


def _overlaps(rect: pygame.Rect, others: list[pygame.Rect]) -> list[int]:
    return rect.inflate(-2, -2).collidelistall(others)


def _check_clear(placed: list[labels.Label], bases: list[pygame.Rect]) -> None:
    rects = [lab.chosen.rect for lab in placed if lab.chosen is not None]
    assert len(rects) == len(placed), "a label was dropped"
    for i, rect in enumerate(rects):
        assert _overlaps(rect, rects[:i] + rects[i + 1 :]) == [], f"label {i} covers a label"
        assert _overlaps(rect, bases) == [], f"label {i} covers a base"
        assert AREA.contains(rect)


def test_two_figures_in_base_contact_both_get_clear_labels() -> None:
    centres = [(300.0, 300.0), (318.0, 300.0)]
    bases = _bases(centres)
    placed = labels.place([_name("Bruno", centres[0]), _name("Jonas", centres[1])], bases, AREA)
    _check_clear(placed, bases)


def test_a_tight_file_of_six_keeps_every_name_and_covers_no_base() -> None:
    centres = [(400.0, 200.0 + 19 * i) for i in range(6)]
    bases = _bases(centres)
    names = [_name(f"Shambler {i + 1}", c) for i, c in enumerate(centres)]
    placed = labels.place(names, bases, AREA)
    _check_clear(placed, bases)


def test_a_ring_of_bases_pushes_names_out_with_a_leader_line() -> None:
    centres = [(300.0 + 19 * dx, 300.0 + 19 * dy) for dx in (-1, 0, 1) for dy in (-1, 0, 1)]
    bases = _bases(centres)
    middle = _name("Mira", (300.0, 300.0))
    placed = labels.place([middle], bases, AREA)
    _check_clear(placed, bases)
    assert middle.chosen is not None and middle.chosen.leader
    assert labels.leader_end(middle) is not None


def test_the_selected_figure_is_named_even_when_nothing_is_free() -> None:
    centres = [(300.0 + 12 * dx, 300.0 + 12 * dy) for dx in range(-6, 7) for dy in range(-6, 7)]
    bases = _bases(centres)
    chosen = _name("Selma", (300.0, 300.0), rank=0)
    placed = labels.place([chosen], bases, AREA)
    assert chosen in placed and chosen.chosen is not None


def test_short_names_only_when_no_full_name_fits() -> None:
    assert labels.short_name("Shambler 4") == "Sha 4"
    assert labels.short_name("Militia 12") == "Mil 12"
    assert labels.short_name("Raider veteran 9") == "Vet 9"
    assert labels.short_name("Miliz 2") == "Miliz 2"
    assert labels.short_name("Marksman") == "Mark."
    assert labels.short_name("Jonas") == "Jonas"
    assert labels.short_name("Oda") == "Oda"
    roomy = _name("Shambler 4", (300.0, 300.0))
    labels.place([roomy], [], AREA)
    assert roomy.chosen is not None and roomy.chosen.image.get_width() == 7 * 10


def test_a_module_label_steps_off_a_base_on_its_middle() -> None:
    outline = pygame.Rect(200, 200, 120, 80)
    box = pygame.Rect(0, 0, 80, 16)
    spots = label_spots(box, outline.center, outline)
    base = [labels.base_box(outline.center, R, 7)]
    module = labels.Label([labels.Option(_image("x" * 11), s) for s in spots], 2)
    labels.place([module], base, AREA)
    assert module.chosen is not None and module.chosen.rect != spots[0]
    assert _overlaps(module.chosen.rect, base) == []


def test_the_refuge_names_every_defender_clear_of_every_base(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    app = make_app("refuge_horde", seed=3, size=(1600, 1000))
    settle(app)
    seen: list[labels.Label] = []
    seen_bases: list[pygame.Rect] = []
    real_place = labels.place

    def spy(items, bases, area):  # type: ignore[no-untyped-def]
        seen_bases.extend(bases)
        out = real_place(items, bases, area)
        seen.extend(out)
        return out

    monkeypatch.setattr(labels, "place", spy)
    figures = list(app.game.state.figures.values())
    side_index = {sid: i for i, sid in enumerate(app.game.state.sides)}
    draw_figures(pygame.Surface((1600, 1000)), app.camera, figures, side_index, Marks())
    assert len(seen) == sum(1 for f in figures if f.on_table)
    for lab in seen:
        assert lab.chosen is not None
        assert _overlaps(lab.chosen.rect, seen_bases) == []
    monkeypatch.undo()
    shot(app, "labels_refuge.png")


@pytest.mark.parametrize("size", [(800, 600), (900, 620), (1024, 700)])
def test_every_figure_keeps_a_readable_label_in_a_small_window(
    monkeypatch: pytest.MonkeyPatch, size: tuple[int, int]
) -> None:
    """Small bases get their short name ("Mil 2", "Sha 4") instead of nothing; the
    hovered figure its full name."""
    app = make_app("refuge_horde", seed=3, size=size, panels=True)
    for _ in range(40):  # the first wave on the table
        app.animator.skip()
        app.step_ai(10.0)
        if any(f.on_table for f in app.game.state.figures.values() if f.side == "horde"):
            break
    seen: list[labels.Label] = []
    real_place = labels.place

    def spy(items, bases, area):  # type: ignore[no-untyped-def]
        out = real_place(items, bases, area)
        seen.extend(out)
        return out

    monkeypatch.setattr(labels, "place", spy)
    figures = [f for f in app.game.state.figures.values() if f.on_table]
    militia = next(f for f in figures if f.name == "Militia 2")
    side_index = {sid: i for i, sid in enumerate(app.game.state.sides)}
    assert militia.radius * app.camera.scale < NAME_MIN_R or size[0] > 900  # small bases
    draw_figures(app.screen, app.camera, figures, side_index, Marks())
    names = [lab for lab in seen if lab.centre is not None]
    assert len(names) == len(figures)  # nobody without a label
    for lab in names:
        assert lab.chosen is not None and lab.chosen.image.get_height() >= 12  # 10 px letters
    seen.clear()
    draw_figures(app.screen, app.camera, figures, side_index, Marks(hovered=militia.id))
    hovered = next(
        lab for lab in seen if lab.centre == app.camera.to_screen_f(*militia.pos) and lab.rank == 0
    )
    assert hovered.chosen is not None
    full = fonts.outlined("Militia 2", 11, style.TEXT, style.INK).get_width()
    assert hovered.chosen.image.get_width() >= full - 1
    monkeypatch.undo()
    shot(app, f"labels_small_{size[0]}x{size[1]}.png")


def test_lazy_name_options_place_as_the_full_list_does() -> None:
    """The options worked out on demand give the same spots, the same box around
    them and so the same placement as the whole list."""
    centres = [(300.0 + 17 * (i % 7) + 3 * (i // 7), 250.0 + 15 * (i // 7)) for i in range(35)]
    bases = _bases(centres)
    lazy = [_name(f"Shambler {i + 1}", c) for i, c in enumerate(centres)]
    eager = [_name(f"Shambler {i + 1}", c) for i, c in enumerate(centres)]
    for label in eager:
        label.options = list(label.options)
    for a, b in zip(lazy, eager, strict=True):
        assert isinstance(a.options, labels.NameOptions)
        assert [o.rect for o in a.options] == [o.rect for o in b.options]
        union = b.options[0].rect.unionall([o.rect for o in b.options[1:]])
        assert a.options.reach() == union
    labels.place(lazy, bases, AREA)
    labels.place(eager, bases, AREA)
    assert [lab.chosen.rect for lab in lazy] == [lab.chosen.rect for lab in eager]  # type: ignore[union-attr]
