"""The event log: every event's explanation with its rule section, in a ring buffer.

`EventLog` is the model (no pygame): a bounded deque of entries and a scroll
position counted in entries back from the newest (0 follows the newest). Only the
entries on screen are ever wrapped and rendered, so 10,000 entries cost no more
to draw than 20. `LogPanel` is the side panel: wheel, PageUp/PageDown, Home/End
and a click on the scroll bar scroll it; each kind of line has its own colour
*and* icon; `large_text` (or autoplay) switches to big letters for a demo screen.
"""

from __future__ import annotations

import re
from collections import OrderedDict, deque
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

import pygame

from game.events import Event
from game.i18n import tr
from game.narration import narrate
from game.ui import fonts
from game.ui.panels.base import PanelBase
from game.ui.panels.icons import draw_icon
from game.ui.panels.theme import Colour, Theme
from game.ui.panels.widgets import frame

DEFAULT_CAPACITY = 10_000
WHEEL_STEP = 3  # entries per wheel notch

FAMILY_STYLE: dict[str, tuple[str, str]] = {
    # family: (theme colour name, icon shape); an event's family is its class's
    # (`game.events.Family`), the last three are the log's own lines
    "flow": ("dim", "diamond"),
    "move": ("info", "arrow"),
    "attack": ("warning", "crosshair"),
    "harm": ("failure", "cross"),
    "morale": ("special", "flag"),
    "noise": ("warning", "waves"),
    "ability": ("special", "star"),
    "support": ("success", "plus"),
    "end": ("accent", "square"),
    "intent": ("accent", "bubble"),
    "error": ("failure", "warning"),
    "info": ("dim", "dot"),
}
HEADING_KINDS = frozenset({"round_started", "game_over", "game_started"})
_SECTION_TAIL = re.compile(r"\s*\((§[^()]*)\)\s*$")


def safe_explain(event: Event, language: str | None = None) -> str:
    """The event's line (`game.narration.narrate`); a catalogue gap shows the class
    name instead of raising."""
    try:
        return narrate(event, language)
    except (KeyError, ValueError, IndexError) as exc:
        return f"{type(event).__name__} ({exc})"


def family_of(event: Event) -> str:
    """The log family of an event: the one its class declares."""
    return event.family


def split_section(text: str, section: str) -> tuple[str, str]:
    """The text without its trailing '(§x)', and the section shown beside it."""
    match = _SECTION_TAIL.search(text)
    if match is None:
        return text, section
    return text[: match.start()], match.group(1)


@dataclass(slots=True)
class LogEntry:
    """One line of the log: an event (explained in any language) or a fixed text."""

    seq: int
    family: str
    section: str = ""
    event: Event | None = None
    fixed: str = ""
    heading: bool = False
    _texts: dict[str, tuple[str, str]] = field(default_factory=dict)

    def parts(self, language: str) -> tuple[str, str]:
        """(text, section) in `language`."""
        cached = self._texts.get(language)
        if cached is None:
            if self.event is None:
                cached = (self.fixed, self.section)
            else:
                cached = split_section(safe_explain(self.event, language), self.section)
            self._texts = {language: cached}
        return cached


class EventLog:
    """A bounded log of entries with a scroll position (no drawing)."""

    def __init__(self, capacity: int = DEFAULT_CAPACITY) -> None:
        self.entries: deque[LogEntry] = deque(maxlen=max(1, capacity))
        self.offset = 0  # entries back from the newest at the bottom of the view
        self.unseen = 0  # entries added while scrolled back
        self._seq = 0

    def __len__(self) -> int:
        return len(self.entries)

    @property
    def capacity(self) -> int:
        return self.entries.maxlen or 0

    def _push(self, entry: LogEntry) -> None:
        self.entries.append(entry)
        if self.offset:
            self.offset = min(self.offset + 1, len(self.entries) - 1)
            self.unseen += 1

    def _next(self) -> int:
        self._seq += 1
        return self._seq

    def add_events(self, events: Iterable[Event]) -> None:
        for event in events:
            self._push(
                LogEntry(
                    self._next(),
                    family_of(event),
                    event.section,
                    event,
                    heading=event.kind in HEADING_KINDS,
                )
            )

    def add_line(self, text: str, family: str = "info", section: str = "") -> None:
        """A line that is not an event (an AI's intent, a demo notice, an error)."""
        self._push(LogEntry(self._next(), family, section, fixed=text))

    def clear(self) -> None:
        self.entries.clear()
        self.offset = self.unseen = 0

    # -- scrolling -----------------------------------------------------------------
    @property
    def max_offset(self) -> int:
        return max(0, len(self.entries) - 1)

    def scroll(self, delta: int) -> None:
        """Scroll back (positive) or forward (negative) by `delta` entries."""
        self.offset = max(0, min(self.max_offset, self.offset + delta))
        if self.offset == 0:
            self.unseen = 0

    def to_newest(self) -> None:
        self.offset = self.unseen = 0

    def to_oldest(self) -> None:
        self.offset = self.max_offset

    @property
    def following(self) -> bool:
        return self.offset == 0

    @property
    def bottom_index(self) -> int:
        """Index (into `entries`) of the entry at the bottom of the view."""
        return len(self.entries) - 1 - self.offset


class LogPanel(PanelBase):
    """The scrollable event log in the sidebar."""

    weight = 3.0
    min_height = 140
    CACHE = 250  # rendered entries kept (a full view shows far fewer)

    def __init__(self, app: Any, capacity: int = DEFAULT_CAPACITY) -> None:
        super().__init__(app)
        self.log = EventLog(capacity)
        self._cache: OrderedDict[int, tuple[tuple[Any, ...], pygame.Surface]] = OrderedDict()
        self._page = 10  # entries that fitted last time (PageUp/PageDown step)
        self._bar = pygame.Rect(0, 0, 0, 0)
        self._list = pygame.Rect(0, 0, 0, 0)
        self._intent: tuple[str, str] | None = None

    # -- input -----------------------------------------------------------------------
    def on_events(self, events: list[Event]) -> None:
        self.log.add_events(events)

    def update(self, dt: float) -> None:
        """Log the AI's intent line once when an AI activation states one."""
        intent = getattr(self.app, "intent", None)
        if intent is not None and intent != self._intent:
            self.log.add_line(intent[1], "intent")
        self._intent = intent

    def add_line(self, text: str, family: str = "info", section: str = "") -> None:
        self.log.add_line(text, family, section)

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEWHEEL:
            if not self.rect.collidepoint(pygame.mouse.get_pos()):
                return False
            self.log.scroll(int(event.y) * WHEEL_STEP)
            return True
        if event.type == pygame.KEYDOWN:
            step = {
                pygame.K_PAGEUP: self._page,
                pygame.K_PAGEDOWN: -self._page,
            }.get(event.key)
            if step is not None:
                self.log.scroll(step)
                return True
            if event.key == pygame.K_HOME:
                self.log.to_oldest()
                return True
            if event.key == pygame.K_END:
                self.log.to_newest()
                return True
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and getattr(event, "button", 0) == 1:
            if self._bar.collidepoint(event.pos) and len(self.log):
                share = (event.pos[1] - self._bar.top) / max(1, self._bar.height)
                self.log.offset = round((1.0 - share) * self.log.max_offset)
                self.log.scroll(0)
                return True
            return bool(self.rect.collidepoint(event.pos))
        return False

    # -- drawing -------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        if self.rect.width < 40 or self.rect.height < 30:
            return
        th = self.theme
        size = self.text_size
        title = tr("ui.log.title")
        if not self.log.following:
            title = f"{title} — {tr('ui.log.scrolled', n=self.log.offset)}"
        inner = frame(surface, self.rect, th, title, max(13, size - 1))
        bar_w = 8 if size < 18 else 12
        top = inner.top
        card = self.card_above()
        if card is not None:  # the dice card at the top of the column: the lines go below it
            top = min(max(inner.top, card.bottom + 4), inner.bottom)
        self._list = pygame.Rect(inner.left, top, inner.width - bar_w - 4, inner.bottom - top)
        self._bar = pygame.Rect(self._list.right + 4, top, bar_w, inner.bottom - top)
        clip = surface.get_clip()
        surface.set_clip(self._list)
        shown = self._draw_entries(surface, th, size)
        surface.set_clip(clip)
        self._page = max(1, shown - 1)
        self._draw_bar(surface, th, shown)
        if self.log.unseen:
            self._draw_unseen(surface, th, size)

    def card_above(self) -> pygame.Rect | None:
        """The dice card docked at the top of this log's column, if one shows
        (game.ui.dice_view.DicePanel.card_layout)."""
        for panel in getattr(self.app, "panels", ()):
            layout = getattr(panel, "card_layout", None)
            if layout is None or not getattr(panel, "visible", True):
                continue
            card = layout()
            if card is not None and card.where == "log":
                return pygame.Rect(card.tray)
        return None

    def _draw_entries(self, surface: pygame.Surface, th: Theme, size: int) -> int:
        """Draw from the bottom entry upward, whole entries only (no line cut in half
        at the top); keep the view full at the top. Returns how many were drawn."""
        entries = self.log.entries
        if not entries:
            msg = fonts.text(tr("ui.log.empty"), size, th.dim)
            surface.blit(msg, (self._list.left, self._list.top))
            return 0
        area = self._list
        bottom = self.log.bottom_index
        picked: list[pygame.Surface] = []
        used = 0
        i = bottom
        while i >= 0 and used < area.height:
            img = self._render(entries[i], area.width, size, th)
            if picked and used + img.get_height() > area.height:
                break  # it would be cut: the view ends with the entry below it
            picked.append(img)
            used += img.get_height()
            i -= 1
        if used < area.height and i < 0:  # reached the oldest: fill the view downward
            j = bottom + 1
            while j < len(entries) and used < area.height:
                img = self._render(entries[j], area.width, size, th)
                if used + img.get_height() > area.height:
                    break
                picked.insert(0, img)
                used += img.get_height()
                j += 1
            self.log.offset = len(entries) - j
            if self.log.offset == 0:
                self.log.unseen = 0
        y = area.bottom
        for img in picked:
            y -= img.get_height()
            surface.blit(img, (area.left, y))
        return len(picked)

    def _render(self, entry: LogEntry, width: int, size: int, th: Theme) -> pygame.Surface:
        key = (width, size, th.name, self.language)
        hit = self._cache.get(entry.seq)
        if hit is not None and hit[0] == key:
            self._cache.move_to_end(entry.seq)
            return hit[1]
        img = render_entry(entry, width, size, th, self.language)
        self._cache[entry.seq] = (key, img)
        self._cache.move_to_end(entry.seq)
        while len(self._cache) > self.CACHE:
            self._cache.popitem(last=False)
        return img

    def _draw_bar(self, surface: pygame.Surface, th: Theme, shown: int) -> None:
        total = len(self.log)
        pygame.draw.rect(surface, th.panel_alt, self._bar, border_radius=3)
        if total <= shown or total == 0:
            return
        h = max(16, int(self._bar.height * shown / total))
        top_index = self.log.bottom_index - shown + 1
        share = max(0.0, top_index / max(1, total - shown))
        y = self._bar.top + int((self._bar.height - h) * min(1.0, share))
        thumb = pygame.Rect(self._bar.left, y, self._bar.width, h)
        pygame.draw.rect(surface, th.dim, thumb, border_radius=3)

    def _draw_unseen(self, surface: pygame.Surface, th: Theme, size: int) -> None:
        label = fonts.text(f"▼ {tr('ui.log.unseen', n=self.log.unseen)}", size, th.on_accent, True)
        box = label.get_rect(midbottom=(self._list.centerx, self._list.bottom - 4)).inflate(12, 4)
        pygame.draw.rect(surface, th.accent, box, border_radius=5)
        surface.blit(label, label.get_rect(center=box.center))


def render_entry(
    entry: LogEntry, width: int, size: int, th: Theme, language: str
) -> pygame.Surface:
    """One log entry as a surface `width` px wide: icon, section badge, wrapped text."""
    text, section = entry.parts(language)
    colour_name, shape = FAMILY_STYLE.get(entry.family, FAMILY_STYLE["info"])
    colour: Colour = getattr(th, colour_name)
    line_h = fonts.font(size).get_linesize()
    icon_w = size + 4
    badge_w = fonts.font(max(10, size - 3)).size("§12.10")[0] + 6
    text_w = max(40, width - icon_w - badge_w)
    bold = entry.heading
    lines = fonts.wrap(text, size, text_w, bold) or [""]
    height = line_h * len(lines) + (6 if entry.heading else 2)
    img = pygame.Surface((width, height), pygame.SRCALPHA)
    top = 4 if entry.heading else 1
    if entry.heading:
        pygame.draw.line(img, th.border, (0, 1), (width, 1), 1)
    draw_icon(img, shape, (size // 2 + 1, top + line_h // 2), size - 3, colour)
    if section:
        badge = fonts.text(section, max(10, size - 3), th.dim)
        img.blit(badge, (icon_w, top + (line_h - badge.get_height()) // 2))
    ink = th.text if entry.family not in ("flow", "info") or entry.heading else th.dim
    if entry.family in ("error", "intent", "end"):
        ink = colour
    for k, value in enumerate(lines):
        img.blit(fonts.render(value, size, ink, bold), (icon_w + badge_w, top + k * line_h))
    return img
