"""The class results board of a lesson page: the groups' codes pooled on the projector.

:class:`ClassBoard` is made for one game (the lesson's). The teacher types or
pastes the groups' codes (:mod:`banking_games.group_codes`), one per line,
and presses *Add*; a group that dealt with real cards enters its counts in a
small form instead (a code of kind ``"cards"``). The board keeps a list of
the groups entered (each with *Remove*, and *Clear all* after a confirming
second press), shows the pooled table (:func:`banking_games.teaching.pool`
and :func:`~banking_games.teaching.summary_rows`: the class count and
fraction, the exact chance from ``teaching.<game>_exact`` and its band of
two standard errors, for Banker and Broker allowing for the sections that
share one banker's card, as the lesson page does) and a funnel plot, drawn
as an inline SVG (the page's Python has no numpy or matplotlib): each
group's fraction against its number of trials, the exact chance and the
band ``p +- 2 SE`` that narrows as the trials grow.

Refused, with a message in the board's message bar and nothing on the board
changed: a malformed, mistyped (check character) or truncated code, a code of
another game, a code already on the board, counts that cannot be (more wins
than deals, a deal count that does not match the game's events, ...). A
``"lesson"`` code (the lesson's seeded activity) is dealt again with
``teaching.<game>_group(seed, deals)``, a ``"repeat"`` code with the Repeat
panel's engine path (:func:`banking_games.widgets.repeat.repeat_plan`, same
seed); a group whose counts differ from what its seed gives is *flagged*,
not refused, and the board shows what the seed gives.

The codes entered are kept in a store (:class:`MemoryStore` in Python and
JupyterLab, one per kernel; :class:`BrowserStore`, the browser's
``localStorage`` under a key per game and per site path, in the website's
Pyodide), so they survive a reload of the page until the teacher clears
them. Tests pass their own store.

No game rule lives here: the counts come from the codes and the engines.
"""

from __future__ import annotations

import html
import json
import math
import sys
from dataclasses import dataclass
from fractions import Fraction
from typing import Callable, Mapping, Protocol, Sequence

import ipywidgets as widgets

from . import plain
from .. import group_codes as gcodes
from ..games import hoggenheimer as hog
from .. import teaching as T
from ..errors import ConfigError, GameError, short_repr
from ..render import ALERT_COLOUR, MUTED_COLOUR
from .common import Disclosure, MessageBar, html_table, plural

__all__ = ["ClassBoard", "BoardError", "REPEAT_CHECK_DEALS", "CHECK_DEALS_PER_ADD", "MAX_PASTE_LINES", "MAX_PASTE_CHARS", "SHOW_REFUSED",
           "group_identity", "same_group", "BoardStore", "MemoryStore", "BrowserStore", "default_store",
           "storage_key", "GAMES", "funnel_svg", "check_counts"]


REPEAT_CHECK_DEALS = 2_000
"""The most deals of a repeat's code that the board deals again to check it
(more would keep the page busy for seconds a code in the browser)."""


CHECK_DEALS_PER_ADD = 1_000
"""The most deals one *Add* deals again to check its codes (a class's
lesson codes: a few hundred). A code that would take the Add past this,
once a code before it was dealt again, is left in the codes field for the
next *Add*: 200 valid codes of 2,000 deals each would otherwise keep the page
busy for a minute or more. (One code is always read: its own deals are at
most :data:`REPEAT_CHECK_DEALS`.)"""


MAX_PASTE_LINES = 200
"""The most lines one *Add* reads (a class has a few dozen groups; a longer
paste is refused whole, before any line is read, so that a stray paste of a
long text cannot keep the page busy)."""

MAX_PASTE_CHARS = 200 * 2 * gcodes.MAX_LENGTH
"""The most characters one *Add* reads: :data:`MAX_PASTE_LINES` lines of the
longest code a line may hold (:data:`group_codes.MAX_LENGTH` symbols with as
many separators)."""

SHOW_REFUSED = 10
"""The refused lines the message names one by one; the rest are counted."""


def group_identity(code: "gcodes.GroupCode", group: int | None = None) -> tuple:
    """What tells one group from another on the board.

    A ``lesson`` or ``repeat`` code: its game, kind, seed, deals and (for a
    repeat) its bets; the seed deals the same cards to anyone, so two codes
    with these equal report the same deals, however they are spelled and
    whatever counts or nets they carry (a second one would count those deals
    twice; one of them is flagged anyway if its counts are not the seed's).
    A ``cards`` code (no seed): the group's number ``group``; pasted as a
    code, without a number, its deals and counts.

    Returns:
        A hashable tuple; two entries are the same group when these are equal.
    """
    if code.kind == "cards":
        return (code.game, code.kind, group) if group is not None else (
            code.game, code.kind, None, code.deals, tuple(sorted(code.counts.items())))
    return (code.game, code.kind, code.seed, code.deals, tuple(code.bets))


def same_group(a: "gcodes.GroupCode", b: "gcodes.GroupCode", group_a: int | None = None,
               group_b: int | None = None) -> bool:
    """Whether codes ``a`` and ``b`` (real-cards codes with their groups'
    numbers) are the same group on the board (:func:`group_identity`)."""
    return group_identity(a, group_a) == group_identity(b, group_b)


def _refusals(refused: Sequence[tuple[int, str, str]]) -> list[str]:
    """The message's sentences for refused lines: the first :data:`SHOW_REFUSED` one by one, then a count."""
    said = [f"Refused line {n} ({short_repr(line)}): {why}" for n, line, why in refused[:SHOW_REFUSED]]
    if len(refused) > SHOW_REFUSED:
        more = len(refused) - SHOW_REFUSED
        said.append(f"And {more:,} more refused line{'s' if more != 1 else ''} (left in the field).")
    return said


class BoardError(ConfigError):
    """An entry the board refuses: a bad code, a code already on the board,
    counts that cannot be. The board shows the message; nothing changes."""


# ---------------------------------------------------------------- the games

@dataclass(frozen=True)
class _Game:
    """What the board needs of one lesson's game."""

    key: str                          # the game's name in group codes
    title: str
    group: Callable[[int, int], T.GroupCounts]   # teaching.<game>_group
    exact: Callable[[], dict]         # event -> exact chance (Fraction)
    names: Mapping[str, str]          # event -> label of the pooled table (as on the lesson page)
    fields: tuple[tuple[str, str], ...]   # the real-cards form: (field, label)
    funnel: str                       # the event the funnel plot shows first


def _hog_exact() -> dict:
    return {letter: p for letter, (p, _odds) in T.hoggenheimer_exact().items()}


def _bb_exact() -> dict:
    return T.banker_broker_exact()


GAMES: dict[str, _Game] = {
    "hoggenheimer": _Game(
        "hoggenheimer", "Hoggenheimer", T.hoggenheimer_group, _hog_exact,
        {letter: f"{letter}: {words}" for letter, _, words in T.HOG_BETS},
        (("deals", "Deals"),) + tuple((letter, f"{letter} won") for letter, _, _ in T.HOG_BETS),
        "A"),
    "banker-and-broker": _Game(
        "banker-and-broker", "Banker and Broker", T.banker_broker_group, _bb_exact,
        {"win": "W: higher than the banker's card", "tie": "T: same rank", "lose": "L: lower"},
        (("deals", "Deals"), ("win", "W sections"), ("tie", "T sections"), ("lose", "L sections")),
        "tie"),
    "landsknecht": _Game(
        "landsknecht", "Landsknecht", T.landsknecht_group, T.landsknecht_exact,
        {"first": "F: stake at the start", "late": f"L: stake after {T.LK_LATE_TURNS} turns",
         "void": "void deals among deals started"},
        (("deals", "Deals"), ("first", "F won"), ("late_placed", "L placed"), ("late", "L won"),
         ("void", "Void deals")),
        "first"),
}
_ALIASES = {"banker_broker": "banker-and-broker", "banker and broker": "banker-and-broker"}


def _game(name: object) -> _Game:
    key = str(name).strip().lower()
    key = _ALIASES.get(key, key)
    if key not in GAMES:
        raise BoardError(f"no class board for the game {short_repr(name)}: one of "
                         + ", ".join(repr(k) for k in GAMES))
    return GAMES[key]


# ---------------------------------------------------------------- counts that can be

def _per_deal(counts: Mapping[str, tuple[int, int]], deals: int, key: str) -> int:
    t = counts[key][1]
    return t // deals


def check_counts(game: str, deals: int, counts: Mapping[str, tuple[int, int]]) -> None:
    """Refuse counts that cannot come from ``deals`` deals of ``game``.

    Each event is ``(successes, trials)``. Hoggenheimer: every bet A-D has
    one trial per deal (and ``"turned"``, if there, one trial per deal and
    from 1 to the English pack's 33 cards a deal, the Joker included, the
    number read from the engine). Banker and Broker: win, tie and lose have
    the same trials, a whole number of sections per deal, and the three add
    up to them. Landsknecht: F has one trial per deal, L at most one, and the
    void deals are counted among the deals started.

    Raises:
        BoardError: saying which count cannot be.
    """
    g = _game(game)
    if isinstance(deals, bool) or not isinstance(deals, int) or deals < 1:
        raise BoardError(f"a group deals at least 1 deal, got {short_repr(deals)}")
    for name, pair in counts.items():
        s, t = pair
        if s < 0 or t < 0:
            raise BoardError(f"{name}: a count cannot be negative, got {s} of {t}")
        if name != "turned" and s > t:
            raise BoardError(f"{name}: {s} successes out of {t} cannot be (more than the trials)")
    known = set(g.names) | ({"turned"} if g.key == "hoggenheimer" else set())
    unknown = sorted(set(counts) - known)
    if unknown:
        raise BoardError(f"{g.title} has no event {', '.join(unknown)}: its events are {', '.join(sorted(known))}")
    if g.key == "hoggenheimer":
        for letter in g.names:
            if letter not in counts:
                raise BoardError(f"bet {letter} is missing from the counts")
            if counts[letter][1] != deals:
                raise BoardError(f"bet {letter} counted over {counts[letter][1]} deals, but the group dealt {deals}")
        if "turned" in counts:
            cards, n = counts["turned"]
            most = len(hog.HoggenheimerConfig("english").pack())   # the 32 ranked cards and the Joker: 33
            if n != deals or not deals <= cards <= most * deals:
                raise BoardError(f"cards turned: {cards} over {n} deals cannot be (from 1 to {most} a deal, "
                                 f"{deals} deals)")
    elif g.key == "banker-and-broker":
        for key in g.names:
            if key not in counts:
                raise BoardError(f"the {key} count is missing")
        sections = {counts[k][1] for k in g.names}
        if len(sections) != 1:
            raise BoardError("W, T and L must be counted over the same sections")
        n = sections.pop()
        if n == 0 or n % deals:
            raise BoardError(f"{n} sections in {deals} deals cannot be: each deal has the same number of "
                             "punters' sections, at least 1")
        if sum(counts[k][0] for k in g.names) != n:
            w, t, l = (counts[k][0] for k in ("win", "tie", "lose"))
            raise BoardError(f"W {w} + T {t} + L {l} = {w + t + l}, but each of the {n} sections is one of them")
    elif g.key == "landsknecht":
        if "first" not in counts or counts["first"][1] != deals:
            raise BoardError(f"F is staked once in every deal: {deals} stakes are needed, got "
                             f"{counts['first'][1] if 'first' in counts else 'none'}")
        if "late" in counts and counts["late"][1] > deals:
            raise BoardError(f"L is placed at most once a deal: {counts['late'][1]} placed in {deals} deals")
        if "void" not in counts:
            raise BoardError("the void deals are missing")
        v, started = counts["void"]
        if started != v + deals:
            raise BoardError(f"void deals: {started} deals started should be the {deals} played and the {v} void")
    else:
        raise BoardError(f"no rule says which counts {g.title} can have")


# ---------------------------------------------------------------- storage

class BoardStore(Protocol):
    """Where the board keeps its codes: text under a key."""

    def get(self, key: str) -> str | None: ...
    def set(self, key: str, value: str) -> None: ...
    def remove(self, key: str) -> None: ...


class MemoryStore:
    """A store in this Python's memory (Python, JupyterLab: the board of a
    re-run cell finds the codes of the kernel's earlier board)."""

    def __init__(self) -> None:
        self.data: dict[str, str] = {}

    def get(self, key: str) -> str | None:
        return self.data.get(key)

    def set(self, key: str, value: str) -> None:
        self.data[key] = str(value)

    def remove(self, key: str) -> None:
        self.data.pop(key, None)


class BrowserStore:
    """The browser's ``localStorage`` (the website's Pyodide, through its ``js`` module)."""

    def __init__(self, local_storage) -> None:
        self._ls = local_storage

    def get(self, key: str) -> str | None:
        value = self._ls.getItem(key)
        # a key never set: JavaScript's null, which Pyodide hands over as ``pyodide.ffi.jsnull``
        # (not None; its str() is "jsnull", which the board then read as a damaged store)
        if value is None or type(value).__name__ == "JsNull":
            return None
        return str(value)

    def set(self, key: str, value: str) -> None:
        self._ls.setItem(key, str(value))

    def remove(self, key: str) -> None:
        self._ls.removeItem(key)


_KERNEL_STORE = MemoryStore()


def _browser():
    """``(localStorage, location)`` of the page, or ``None`` outside a browser page
    (CPython; JupyterLite's kernel, a web worker, has no localStorage)."""
    if sys.platform != "emscripten":
        return None
    try:
        # the page's objects through run_js, not the ``js`` module: in a page whose Python was
        # started to save a memory snapshot (Deal live, live-tables.js) that module's getters fail
        # ("TypeError: Illegal invocation"), and the board fell back to the kernel's memory
        from pyodide.code import run_js
        storage, location = run_js("globalThis.localStorage"), run_js("globalThis.location")
        storage.getItem("banking-games-probe")   # a browser may refuse storage (privacy settings)
        return storage, location
    except Exception:
        return None


def default_store() -> BoardStore:
    """The browser's localStorage in a web page's Pyodide, else this kernel's memory."""
    page = _browser()
    return BrowserStore(page[0]) if page else _KERNEL_STORE


def storage_key(game: str, site_path: str | None = None) -> str:
    """The key the board keeps ``game``'s codes under: per game and per site
    path (the folder of the page, read from the browser when ``site_path``
    is not given), so two copies of the site on one host keep their own."""
    if site_path is None:
        page = _browser()
        site_path = str(page[1].pathname).rsplit("/", 1)[0] + "/" if page else "/"
    return f"banking-games:class-board:{_game(game).key}:{site_path}"


# ---------------------------------------------------------------- one group on the board

@dataclass
class _Entry:
    code: "gcodes.GroupCode"
    text: str                         # the code as encoded (what the store keeps)
    flag: str | None = None           # why the counts differ from what the seed gives
    note: str | None = None           # a recomputation that could not be made
    group: int | None = None          # a real-cards group's number (its code has no seed)

    @property
    def identity(self) -> tuple:
        """:func:`group_identity` of this entry."""
        return group_identity(self.code, self.group)

    @property
    def kept(self) -> object:
        """What the store keeps of this entry: the code, and a real-cards group's number."""
        return self.text if self.group is None else {"code": self.text, "group": self.group}

    @property
    def counts(self) -> dict[str, tuple[int, int]]:
        """The counts under the lesson's event names (a repeat's bets mapped onto them)."""
        return _lesson_counts(self.code)

    def group_counts(self) -> T.GroupCounts:
        """This group as a :class:`teaching.GroupCounts` (what :func:`teaching.pool` adds up)."""
        if self.code.kind != "repeat":
            return self.code.to_group_counts()
        out = T.GroupCounts(self.code.seed, self.code.deals)
        for k, (s, t) in self.counts.items():
            out.counts[k] = T.Count(s, t)
        return out


def _lesson_events(game: str) -> dict[str, str]:
    """A repeat's bet (its canonical spec) -> the lesson's event it counts, for the
    bets a lesson's board pools: Hoggenheimer's bets A-D (:data:`teaching.HOG_BETS`),
    Landsknecht's stake on the first players' card (F). A Banker and Broker repeat
    counts wins only, not the ties the board pools, so none."""
    if game == "hoggenheimer":
        return {gcodes.canonical_bet(game, spec): letter for letter, spec, _ in T.HOG_BETS}
    if game == "landsknecht":
        return {gcodes.bet_spec(game, 1): "first"}
    return {}


def _lesson_counts(code: "gcodes.GroupCode") -> dict[str, tuple[int, int]]:
    if code.kind != "repeat":
        return {k: (int(v[0]), int(v[1])) for k, v in code.counts.items()}
    events = _lesson_events(code.game)
    return {events[spec]: (int(s), int(t)) for spec, (s, t) in code.counts.items()}


def _pairs(gc: T.GroupCounts) -> dict[str, tuple[int, int]]:
    return {k: (c.successes, c.trials) for k, c in gc.counts.items()}


def _counts_text(counts: Mapping[str, tuple[int, int]], order: Sequence[str]) -> str:
    keys = [k for k in order if k in counts] + sorted(k for k in counts if k not in order)
    return ", ".join(f"{counts[k][0]} cards turned" if k == "turned" else f"{k} {counts[k][0]} of {counts[k][1]}"
                     for k in keys)


# ---------------------------------------------------------------- the funnel plot

def funnel_svg(points: Sequence[tuple[str, int, float, bool]], p: Fraction, label: str, *,
               per_deal: int = 1, cov: Fraction = Fraction(0)) -> str:
    """Each group's fraction against its number of trials, with the exact
    chance ``p`` and the funnel ``p +- 2 SE`` (from :func:`teaching.band`
    with ``per_deal`` trials a deal sharing the covariance ``cov``), as an
    ``<svg>`` string in the page's theme colours (CSS variables). ``points``
    are ``(name, trials, fraction, flagged)``. Empty without points."""
    points = [pt for pt in points if pt[1] > 0]
    if not points:
        return ""
    w, h, left, right, top, bottom = 480, 250, 46, 14, 26, 38
    pw, ph = w - left - right, h - top - bottom
    k = max(1, per_deal)
    nmax = max(n for _, n, _, _ in points)
    xmax = max(k * 2, math.ceil(nmax * 1.15 / k) * k)
    ys = [f for _, _, f, _ in points] + [float(p)]
    ns = sorted({k * max(1, round(xmax / k * (j / 80) ** 2)) for j in range(81)})
    bands = [(n, T.band(p, n, per_deal=k, covariance_per_deal=cov)) for n in ns]
    lo_min = min(b[1] for _, b in bands[2:] or bands)
    hi_max = max(b[2] for _, b in bands[2:] or bands)
    ylo = max(0.0, math.floor(min(min(ys), lo_min) * 10 - 0.5) / 10)
    yhi = min(1.0, math.ceil(max(max(ys), hi_max) * 10 + 0.5) / 10)
    if yhi <= ylo:
        yhi = min(1.0, ylo + 0.1)

    def px(n: float) -> float:
        return left + pw * n / xmax

    def py(y: float) -> float:
        return top + ph * (1 - (min(max(y, ylo), yhi) - ylo) / (yhi - ylo))

    ink = 'fill="#333" style="fill:var(--jp-ui-font-color1,#333)"'
    txt = 'font-family="DejaVu Sans,Arial,sans-serif" font-size="{}" ' + ink
    inside = sum(1 for _, n, f, _ in points
                 if T.band(p, n, per_deal=k, covariance_per_deal=cov)[1] <= f <= T.band(p, n, per_deal=k,
                                                                                           covariance_per_deal=cov)[2])
    title = f"{label}: each group's fraction"
    aria = (f"Funnel plot of {label}: {plural(len(points), 'group')}, {inside} inside the band of 2 standard errors "
            f"around the exact chance {p} = {float(p):.3f}; "
            + "; ".join(f"{name}: {f:.3f} over {n}" for name, n, f, _ in points))
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {w} {h}" width="{w}" height="{h}" '
             f'style="max-width:100%;height:auto" role="img" aria-label="{html.escape(aria)}">',
             f'<rect width="{w}" height="{h}" fill="#fff" style="fill:var(--jp-layout-color0,#fff)"/>',
             f'<text x="{left}" y="16" {txt.format(12)} font-weight="bold">{html.escape(title)}</text>']
    step = 0.1 if yhi - ylo > 0.3 else 0.05
    y = ylo
    while y <= yhi + 1e-9:
        parts.append(f'<line x1="{left}" y1="{py(y):.1f}" x2="{w - right}" y2="{py(y):.1f}" stroke="#ddd" '
                     'style="stroke:var(--jp-layout-color2,#ddd)"/>'
                     f'<text x="{left - 4}" y="{py(y) + 3:.1f}" text-anchor="end" {txt.format(10)}>{y:.2f}</text>')
        y += step
    upper = [(px(n), py(b[2])) for n, b in bands]
    lower = [(px(n), py(b[1])) for n, b in reversed(bands)]
    parts.append(f'<polygon points="{" ".join(f"{a:.1f},{b:.1f}" for a, b in upper + lower)}" fill="#1a5fb4" '
                 'fill-opacity="0.22" style="fill:var(--jp-brand-color1,#1a5fb4)" stroke="none"/>')
    parts.append(f'<line x1="{left}" y1="{py(float(p)):.1f}" x2="{w - right}" y2="{py(float(p)):.1f}" '
                 'stroke="#1a5fb4" style="stroke:var(--jp-brand-color1,#1a5fb4)" stroke-width="1.5" '
                 'stroke-dasharray="6 4"/>')
    axis = 'stroke="#333" style="stroke:var(--jp-ui-font-color1,#333)"'
    parts.append(f'<line x1="{left}" y1="{top}" x2="{left}" y2="{top + ph}" {axis}/>'
                 f'<line x1="{left}" y1="{top + ph}" x2="{w - right}" y2="{top + ph}" {axis}/>')
    for frac in (0, 0.25, 0.5, 0.75, 1):
        n = round(xmax * frac)
        anchor = "start" if frac == 0 else "end" if frac == 1 else "middle"
        parts.append(f'<text x="{px(n):.1f}" y="{top + ph + 13}" text-anchor="{anchor}" {txt.format(10)}>{n:,}</text>')
    what = "sections" if k > 1 else "trials"
    parts.append(f'<text x="{left + pw / 2:.0f}" y="{h - 6}" text-anchor="middle" {txt.format(10)}>{what} '
                 "counted by the group</text>")
    parts.append(f'<text x="11" y="{top + ph / 2:.0f}" text-anchor="middle" {txt.format(10)} '
                 f'transform="rotate(-90 11 {top + ph / 2:.0f})">fraction</text>')
    seen: dict[tuple, int] = {}
    for name, n, f, flagged in points:
        # groups with the same point are set side by side, 6 px apart, so each shows
        same = seen[(n, round(f, 9))] = seen.get((n, round(f, 9)), -1) + 1
        x = px(n) - 6 * same
        colour = "#b00020" if flagged else "#333"
        style = ALERT_COLOUR if flagged else "var(--jp-ui-font-color1,#333)"
        shape = (f'<rect x="{x - 4.5:.1f}" y="{py(f) - 4.5:.1f}" width="9" height="9"' if flagged
                 else f'<circle cx="{x:.1f}" cy="{py(f):.1f}" r="4.5"')
        parts.append(f'{shape} fill="{colour}" fill-opacity="0.75" style="fill:{style}">'
                     f"<title>{html.escape(name)}: {f:.3f} over {n}</title></{shape.split()[0][1:]}>")
    parts.append(f'<text x="{w - right}" y="{py(float(p)) - 5:.1f}" text-anchor="end" {txt.format(10)}>'
                 f"exact {p}</text>")
    parts.append("</svg>")
    return "".join(parts)


# ---------------------------------------------------------------- the board

class ClassBoard(plain.VBox):
    """The class results board of one game's lesson.

    Args:
        game: ``"hoggenheimer"``, ``"banker-and-broker"`` or ``"landsknecht"``
            (as :data:`banking_games.group_codes.GAMES` names them).
        store: where the codes are kept (:class:`BoardStore`); by default
            the browser's localStorage in a web page, else this kernel's memory.
        key: the store's key (by default :func:`storage_key`).

    Actions (also the buttons'): :meth:`add` (codes, one per line),
    :meth:`add_cards` (a real-cards group's counts), :meth:`remove`,
    :meth:`clear` (``confirm=True``, or a second press of *Clear all*).
    State: :attr:`entries` (in the order entered), :meth:`groups`
    (``teaching.GroupCounts``), :meth:`pooled`, :meth:`rows`.
    Views: ``codes_field``, ``add_button``, the real-cards form
    (``cards_fields``, ``cards_button``), ``message`` (the message bar),
    ``groups_box``, ``table`` (pooled table), ``funnel_event``, ``plot``.
    """

    def __init__(self, game: str, *, store: BoardStore | None = None, key: str | None = None) -> None:
        self.game = _game(game)
        self.store = store if store is not None else default_store()
        self.key = key or storage_key(self.game.key)
        self.entries: list[_Entry] = []
        self._confirming = False
        g = self.game
        wide = {"description_width": "initial"}
        kept = ("in this browser (this page, this device), also after a reload," if isinstance(self.store, BrowserStore)
                else "while this Python runs (a board made again in it finds them)")
        intro = plain.HTML(
            f'<div style="font-size:90%;color:{MUTED_COLOUR}">Type or paste the groups\' codes, one per line, '
            "and press Add. A group that dealt with real cards enters its counts below. The codes are kept "
            f"{kept} until you press Clear all.</div>")
        self.codes_field = widgets.Textarea(value="", placeholder="one group code per line", description="Codes",
                                            style=wide, layout=widgets.Layout(width="100%", height="7em"))
        # the website's live-tables.js refuses a larger paste in the page, before it reaches Python
        self.codes_field.add_class(f"bg-paste-{MAX_PASTE_LINES}-{MAX_PASTE_CHARS}")
        self.add_button = plain.Button(description="Add", button_style="primary", icon="plus",
                                         tooltip="add the codes typed above to the board")
        self.message = MessageBar()
        self.cards_fields = {name: widgets.Text(value="", description=label, style=wide,
                                                layout=widgets.Layout(width="150px"))
                             for name, label in (("group", "Group"),) + g.fields}
        self.cards_button = plain.Button(description="Add real-cards group", icon="plus",
                                           tooltip="add the counts typed in these fields as one group",
                                           layout=widgets.Layout(width="auto"))
        row = widgets.Layout(flex_flow="row wrap", align_items="center")
        cards = Disclosure(children=[plain.VBox([
            plain.HTML(f'<div style="font-size:90%;color:{MUTED_COLOUR}">For a group that dealt with real '
                         "cards: its number (any whole number that tells the groups apart), its deals and "
                         "its counts, from its worksheet.</div>"),
            plain.HBox(list(self.cards_fields.values()) + [self.cards_button], layout=row)])],
            titles=("A group with real cards",))
        self.groups_box = plain.VBox([])
        self.clear_button = plain.Button(description="Clear all", icon="trash",
                                           tooltip="remove every group from the board (asks first)",
                                           layout=widgets.Layout(width="auto", min_width="9em"))
        self.cancel_button = plain.Button(description="Keep them", layout=widgets.Layout(display="none"))
        self.table = plain.HTML("", layout=widgets.Layout(max_width="100%", overflow="auto"))
        self.funnel_event = widgets.Dropdown(options=[(label, k) for k, label in g.names.items()],
                                             value=g.funnel, description="Funnel plot of", style=wide,
                                             layout=widgets.Layout(max_width="100%"))
        self.plot = plain.HTML("")
        self.add_button.on_click(lambda _: self.add(self.codes_field.value, from_field=True))
        self.cards_button.on_click(lambda _: self._cards_pressed())
        self.clear_button.on_click(lambda _: self._clear_pressed())
        self.cancel_button.on_click(lambda _: self._cancel_clear())
        self.funnel_event.observe(lambda _: self._render(), names="value")
        super().__init__([
            plain.HTML(f"<b>Class results: {html.escape(g.title)}</b>"), intro,
            self.codes_field, plain.HBox([self.add_button], layout=row), self.message, cards,
            self.groups_box, plain.HBox([self.clear_button, self.cancel_button], layout=row),
            self.table, self.funnel_event, self.plot])
        self.add_class("bg-board")
        self._load()
        self._render()

    # ------------------------------------------------------------ reading entries
    def _entry(self, code: "gcodes.GroupCode") -> _Entry:
        """Check one decoded code's counts and recompute what its seed gives."""
        if code.kind == "repeat":
            events = _lesson_events(self.game.key)
            others = [spec for spec in code.bets if spec not in events]
            if others:
                pooled = ", ".join(f"{spec} ({e})" for spec, e in events.items()) or "none of a repeat's bets"
                raise BoardError(f"this repeat's bet {others[0]} is not one the lesson pools; the board pools "
                                 f"the lesson's counts: {pooled}")
            counts = {k: (int(v[0]), int(v[1])) for k, v in code.counts.items()}
        else:
            counts = _lesson_counts(code)
            check_counts(self.game.key, code.deals, counts)
        entry = _Entry(code, gcodes.encode(code))
        if code.kind == "repeat" and code.deals > REPEAT_CHECK_DEALS:
            entry.note = (f"not dealt again: more than {REPEAT_CHECK_DEALS:,} deals would keep the page busy "
                          "for long")
        elif code.kind in ("lesson", "repeat"):
            # the seed and the deals determine the counts: deal them again and flag a difference
            try:
                truth = (_pairs(self.game.group(code.seed, code.deals)) if code.kind == "lesson"
                         else _repeat_counts(self.game.key, code))
            except GameError as exc:
                entry.note = f"not dealt again: {exc}"
            else:
                if truth != counts:
                    entry.flag = (f"seed {code.seed} with {code.deals} deals gives "
                                  f"{_counts_text(truth, list(self.game.names))}")
        return entry

    def _decode(self, text: str) -> "gcodes.GroupCode":
        try:
            return gcodes.decode(text, game=self.game.key)
        except GameError as exc:
            raise BoardError(str(exc)) from None

    # ------------------------------------------------------------ actions
    def add(self, text: str, *, from_field: bool = False) -> list[_Entry]:
        """Add the codes of ``text``, one per line (blank lines skipped).

        Each line is refused on its own (a bad code, a code of another game,
        a group already on the board however its code is spelled, see
        :func:`group_identity`, counts that cannot be); the others are
        added. A text of more than :data:`MAX_PASTE_LINES` lines or
        :data:`MAX_PASTE_CHARS` characters is refused whole, before any line
        is read (the field keeps it); the message names at most
        :data:`SHOW_REFUSED` refused lines and counts the rest. Checking a
        code deals its seed again: once :data:`CHECK_DEALS_PER_ADD` deals
        would be passed, the remaining codes are not read and the message
        says so (press Add again). The refused and unread lines stay in the
        codes field when they came from it, and the message says what is
        wrong with each refused one. Returns the entries added.
        """
        text = str(text)
        lines = text.splitlines()
        if len(text) > MAX_PASTE_CHARS or len(lines) > MAX_PASTE_LINES:
            self.message.error(
                f"Nothing added: Add reads at most {MAX_PASTE_LINES} lines ({MAX_PASTE_CHARS:,} characters) at a "
                f"time, a class's codes; this text has {len(lines):,} lines ({len(text):,} characters). "
                "Paste the codes in parts, or check that the right text was pasted.")
            return []
        added, refused, held = [], [], []
        have = {e.identity for e in self.entries}
        dealt = 0    # deals dealt again in this Add, to check its codes
        for number, line in enumerate(lines, 1):
            line = line.strip()
            if not line:
                continue
            try:
                code = self._decode(line)
                if group_identity(code) in have:
                    raise BoardError(self._already(code))
                cost = _check_cost(code)
                if dealt and dealt + cost > CHECK_DEALS_PER_ADD:
                    held.append((number, line))
                    continue
                entry = self._entry(code)
            except GameError as exc:
                refused.append((number, line, str(exc)))
                continue
            dealt += cost
            have.add(entry.identity)
            added.append(entry)
        if not added and not refused:
            self.message.error("No code to add: type or paste the groups' codes, one per line, then press Add.")
            return []
        self.entries.extend(added)
        if added:
            self._save()
        if from_field:   # the lines not added, in their order: to correct, or to add next
            kept = sorted([(n, line) for n, line, _ in refused] + held)
            self.codes_field.value = "\n".join(line for _, line in kept)
        flagged = [e for e in added if e.flag]
        said = [f"Added {plural(len(added), 'group')}." if added else "Nothing added."]
        said += [f"Group {self._name(e)} is flagged: its counts differ from what its seed gives." for e in flagged]
        if held:
            said.append(f"{plural(len(held), 'more code')} not read yet (from line {held[0][0]}; left in the field): "
                        f"checking a code deals its seed again, and one Add deals at most {CHECK_DEALS_PER_ADD:,} "
                        "deals, so that the page stays responsive. Press Add again to read them.")
        self._render()   # the board first, then the message that says what changed (sent last)
        if refused:
            said += _refusals(refused)
            self.message.error(" ".join(said))
        else:
            self.message.info(" ".join(said))
        return added

    @staticmethod
    def _already(code: "gcodes.GroupCode") -> str:
        what = "repeat" if code.kind == "repeat" else "group"
        return (f"a {what} with seed {code.seed} and {plural(code.deals, 'deal')} is already on the board (the "
                "same seed deals the same cards, so it would be counted twice; pasted twice, or written another "
                "way?)")

    def add_cards(self, number: object, deals: object, **counts: object) -> _Entry:
        """Add a group that dealt with real cards: its ``number`` (tells the
        groups apart), its ``deals`` and its counts, the fields of the
        real-cards form (Hoggenheimer ``A``-``D``: wins; Banker and Broker
        ``win``, ``tie``, ``lose``: sections; Landsknecht ``first``: F won,
        ``late_placed``, ``late``: L placed and won, ``void``: void deals).

        Raises:
            BoardError: a count that is not a whole number, counts that
                cannot be, a group already on the board (nothing changes).
        """
        g = self.game
        group = _whole(number, "Group")
        d = _whole(deals, "Deals")
        values = {name: _whole(counts.get(name, ""), label) for name, label in g.fields if name != "deals"}
        extra = sorted(set(counts) - set(values))
        if extra:
            raise BoardError(f"the real-cards form has no field {', '.join(extra)}")
        if d < 1 or d > 10_000:
            raise BoardError(f"Deals: from 1 to 10,000, got {d:,}")
        if g.key == "hoggenheimer":
            pairs = {letter: (values[letter], d) for letter in g.names}
        elif g.key == "banker-and-broker":
            n = sum(values[k] for k in g.names)
            pairs = {k: (values[k], n) for k in g.names}
        elif g.key == "landsknecht":
            pairs = {"first": (values["first"], d), "void": (values["void"], values["void"] + d)}
            if values["late"] > values["late_placed"]:
                raise BoardError(f"L won {values['late']} times but was placed only {values['late_placed']} times")
            if values["late_placed"]:
                pairs["late"] = (values["late"], values["late_placed"])
        else:
            raise BoardError(f"the real-cards form has no counts for {g.title}")
        check_counts(g.key, d, pairs)
        gc = T.GroupCounts(group, d)
        for k, (s, t) in pairs.items():
            gc.counts[k] = T.Count(s, t)
        try:
            code = gcodes.GroupCode.from_group_counts(g.key, "cards", gc)
        except GameError as exc:
            raise BoardError(str(exc)) from None
        entry = self._entry(code)
        entry.group = group
        if any(e.group == group for e in self.entries):
            raise BoardError(f"a real-cards group {group} is already on the board: give this group another "
                             "number, or remove the other first")
        self.entries.append(entry)
        self._save()
        self._render()
        self.message.info(f"Added real-cards group {group} ({d} deals).")
        return entry

    def remove(self, index: int) -> _Entry:
        """Remove the ``index``-th group (0 = the first entered)."""
        if not isinstance(index, int) or not 0 <= index < len(self.entries):
            raise BoardError(f"no group {short_repr(index)} on the board")
        entry = self.entries.pop(index)
        self._save()
        self._render()
        self.message.info(f"Removed group {self._name(entry)}.")
        return entry

    def clear(self, *, confirm: bool = False) -> None:
        """Remove every group; only with ``confirm=True`` (the button asks first)."""
        if not confirm:
            raise BoardError("Clear all removes every group: confirm it (press Clear all again)")
        n = len(self.entries)
        self.entries = []
        self.store.remove(self.key)
        self._cancel_clear(quiet=True)
        self._render()
        self.message.info(f"Cleared the board ({n} group{'s' if n != 1 else ''} removed).")

    # ------------------------------------------------------------ buttons
    def _cards_pressed(self) -> None:
        f = {k: w.value for k, w in self.cards_fields.items()}
        try:
            self.add_cards(f.pop("group"), f.pop("deals"), **f)
        except GameError as exc:
            self.message.error(str(exc))
            return
        for w in self.cards_fields.values():
            w.value = ""

    def _clear_pressed(self) -> None:
        if not self.entries:
            self.message.info("The board is empty: nothing to clear.")
            return
        if self._confirming:
            self.clear(confirm=True)
            return
        self._confirming = True
        self.clear_button.description = f"Yes, remove all {len(self.entries)}"
        self.clear_button.button_style = "danger"
        self.cancel_button.layout.display = None
        self.message.info(f"Remove all {len(self.entries)} groups from the board and from this browser? "
                          f"Press '{self.clear_button.description}' to confirm, or 'Keep them'.")

    def _cancel_clear(self, quiet: bool = False) -> None:
        self._confirming = False
        self.clear_button.description = "Clear all"
        self.clear_button.button_style = ""
        self.cancel_button.layout.display = "none"
        if not quiet:
            self.message.info("Nothing cleared.")

    # ------------------------------------------------------------ state
    def groups(self) -> list[T.GroupCounts]:
        """The groups on the board as :class:`teaching.GroupCounts`, in the order entered."""
        return [e.group_counts() for e in self.entries]

    def pooled(self) -> dict[str, T.Count]:
        """:func:`teaching.pool` of the groups on the board."""
        return T.pool(self.groups())

    def _per_deal(self, *, common: bool = False) -> int | None:
        """Banker and Broker: the punters' sections a deal, when every group has the same (else
        None; with ``common``, the number most groups have)."""
        ks = [e.counts["tie"][1] // e.code.deals for e in self.entries]
        if len(set(ks)) == 1:
            return ks[0]
        return max(set(ks), key=ks.count) if common and ks else None

    def rows(self) -> list[dict]:
        """The pooled table: :func:`teaching.summary_rows` of the pooled
        counts with the exact chances (and, for Banker and Broker, the
        sections a deal and their covariance, as the lesson page)."""
        g = self.game
        exact = g.exact()
        total = self.pooled()
        if g.key != "banker-and-broker" or not self.entries:
            return T.summary_rows(total, exact, dict(g.names))
        k = self._per_deal()
        if k is not None:
            return T.summary_rows(total, exact, dict(g.names), per_deal={n: k for n in g.names},
                                  cov={n: exact[f"{n}_cov"] for n in g.names})
        # groups with different numbers of sections a deal: the pooled fraction's variance is the sum
        # of each group's (its band from teaching.band), weighted by its share of the sections
        rows = T.summary_rows(total, exact, dict(g.names))
        for row, name in zip(rows, g.names):
            c = total[name]
            var = 0.0
            for e in self.entries:
                d, n = e.code.deals, e.counts[name][1]
                se = T.band(exact[name], n, per_deal=n // d, covariance_per_deal=exact[f"{name}_cov"])[0]
                var += (n * se) ** 2
            se = math.sqrt(var) / c.trials
            lo, hi = float(exact[name]) - 2 * se, float(exact[name]) + 2 * se
            row.update({"band (±2 SE)": f"{lo:.3f} to {hi:.3f}",
                        "inside?": "yes" if lo <= c.fraction <= hi else "no"})
        return rows

    # ------------------------------------------------------------ storage
    def _save(self) -> None:
        self.store.set(self.key, json.dumps([e.kept for e in self.entries]))

    def _load(self) -> None:
        raw = self.store.get(self.key)
        if not raw:
            return
        try:
            texts = json.loads(raw)
            if not isinstance(texts, list):
                raise ValueError("not a list")
        except ValueError:
            self.message.error("The codes kept in this browser could not be read; the board starts empty "
                               "(they are kept until the next change).")
            return
        bad = 0
        for kept in texts:
            try:
                group = None
                if isinstance(kept, dict):
                    group, kept = _whole(kept.get("group"), "Group"), kept.get("code")
                entry = self._entry(self._decode(str(kept)))
                if (group is None) != (entry.code.kind != "cards"):
                    raise BoardError("a real-cards code is kept with its group's number")
                entry.group = group
            except GameError:
                bad += 1
                continue
            if all(e.identity != entry.identity for e in self.entries):   # a group kept twice loads once
                self.entries.append(entry)
        n = len(self.entries)
        msg = f"{n} group{'s' if n != 1 else ''} kept in this browser from before" + (
            f"; {bad} kept code{'s' if bad != 1 else ''} could not be read and {'were' if bad != 1 else 'was'} left out"
            if bad else "") + ". Clear all removes them."
        (self.message.error if bad else self.message.info)(msg)

    # ------------------------------------------------------------ drawing
    def _name(self, e: _Entry) -> str:
        c = e.code
        return (f"real cards {e.group}" if c.kind == "cards" else
                f"seed {c.seed}" + (" (repeat)" if c.kind == "repeat" else ""))

    def _render(self) -> None:
        g = self.game
        rows = []
        for i, e in enumerate(self.entries):
            what = f"<b>{html.escape(self._name(e))}</b>, {e.code.deals} deals: " + html.escape(
                _counts_text(e.counts, list(g.names)))
            if e.flag:
                what += (f'<br><span role="note" style="color:{ALERT_COLOUR};font-weight:bold">⚑ Flagged: these counts '
                         f"differ from the seed's. {html.escape(e.flag)}.</span>")
            elif e.note:
                what += f'<br><span style="color:{MUTED_COLOUR}">{html.escape(e.note)}</span>'
            elif e.code.kind in ("lesson", "repeat"):
                what += f' <span style="color:{MUTED_COLOUR}">(checked: the seed gives these counts)</span>'
            button = plain.Button(description="Remove", icon="times", tooltip=f"remove {self._name(e)}",
                                    layout=widgets.Layout(width="auto", flex="0 0 auto"))
            button.on_click(lambda _, i=i: self._remove_pressed(i))
            rows.append(plain.HBox([plain.HTML(what, layout=widgets.Layout(flex="1 1 14em")), button],
                                     layout=widgets.Layout(flex_flow="row wrap", align_items="center")))
        head = plain.HTML(f"<b>Groups on the board: {len(self.entries)}</b>"
                            + ("" if self.entries else f' <span style="color:{MUTED_COLOUR}">(none yet)</span>'))
        self.groups_box.children = [head] + rows
        self.clear_button.disabled = not self.entries
        if not self.entries:
            self.table.value = ""
            self.plot.value = ""
            return
        deals = sum(e.code.deals for e in self.entries)
        data = self.rows()
        head_cols = ["count", "class", "class fraction", "exact", "band (±2 SE)", "inside?"]
        table = html_table(head_cols, [[r[c] for c in head_cols] for r in data],
                           f"Pooled: {plural(len(self.entries), 'group')}, {plural(deals, 'deal')}", right=(1, 2, 4), stack=True)
        note = ""
        if g.key == "banker-and-broker":
            k = self._per_deal()
            note = (f'<div style="font-size:85%;color:{MUTED_COLOUR}">The bands allow for the '
                    + (f"{k} sections of a deal" if k else "sections of a deal")
                    + " that face the same banker's card.</div>")
        self.table.value = f'<div style="width:0;min-width:100%;overflow-x:auto">{table}</div>{note}'
        self._draw_plot()

    def _draw_plot(self) -> None:
        g = self.game
        event = self.funnel_event.value
        exact = g.exact()
        k, cov = 1, Fraction(0)
        if g.key == "banker-and-broker":   # the groups with the sections a deal most have (the funnel is theirs)
            k = self._per_deal(common=True) or 1
            cov = exact[f"{event}_cov"] if k > 1 else Fraction(0)
        points = []
        for e in self.entries:
            s, n = e.counts.get(event, (0, 0))
            if n and (g.key != "banker-and-broker" or n // e.code.deals == k):
                points.append((self._name(e), n, s / n, bool(e.flag)))
        svg = funnel_svg(points, exact[event], g.names[event], per_deal=k, cov=cov)
        self.plot.value = svg + (
            f'<div style="font-size:85%;color:{MUTED_COLOUR}">Each mark is a group (a square: flagged); dashed: '
            "the exact chance; shaded: the exact chance &plusmn; 2 standard errors for that many trials. With "
            "many trials, about 19 groups in 20 land inside (fewer or more with few trials, where the "
            "normal approximation is rough).</div>" if svg else "")

    def _remove_pressed(self, index: int) -> None:
        try:
            self.remove(index)
        except GameError as exc:
            self.message.error(str(exc))


def _check_cost(code: "gcodes.GroupCode") -> int:
    """The deals :meth:`ClassBoard._entry` deals again to check ``code``: a lesson's or a
    repeat's deals (none for a repeat over :data:`REPEAT_CHECK_DEALS`, which is not dealt
    again, nor for real cards)."""
    if code.kind == "lesson" or (code.kind == "repeat" and code.deals <= REPEAT_CHECK_DEALS):
        return code.deals
    return 0


def _whole(text: object, what: str) -> int:
    if isinstance(text, bool):
        raise BoardError(f"{what}: a whole number is needed, got {text!r}")
    if isinstance(text, int):
        if text < 0:
            raise BoardError(f"{what}: a count cannot be negative, got {text}")
        return text
    raw = str(text).strip().replace(",", "").replace("_", "")
    if not raw:
        raise BoardError(f"{what}: the field is empty; type a whole number")
    if not (raw.isdigit() and raw.isascii()) or len(raw) > 9:
        raise BoardError(f"{what}: type a whole number 0 or more (at most 9 digits), got {short_repr(str(text))}")
    return int(raw)


def _repeat_counts(game: str, code: "gcodes.GroupCode") -> dict[str, tuple[int, int]]:
    """What a ``"repeat"`` code's seed gives: its bets placed (one unit each) in a
    deal of the game's table as it starts (the tables' default players and
    rules), then :meth:`RepeatPanel.run <banking_games.widgets.repeat.RepeatPanel.run>`
    with the code's deals and seed, the Repeat panel's own engine path. Returns
    ``{bet spec: (won, placed)}`` as the code counts.

    Raises:
        GameError: a bet the table's deal cannot take here (then the board notes
            that the group was not dealt again).
    """
    import random
    from types import SimpleNamespace

    from ..games import banker_broker as bb
    from ..games import landsknecht as lk
    from .repeat import RepeatPanel

    rng = random.Random(0)   # the template deal's own cards do not matter: only its bets are repeated
    if game == "hoggenheimer":
        from .hoggenheimer import DEFAULT_PLAYERS as players
        deal = hog.HoggenheimerDeal(hog.HoggenheimerConfig("english"), rng=rng, banker=players[0])
        for spec in code.bets:
            deal.place_bet(players[1], hog.make_bet(spec), 1)
    elif game == "banker-and-broker":
        from .banker_broker import DEFAULT_PLAYERS as players
        deal = bb.BankerBrokerDeal(bb.BankerBrokerConfig(), list(players[1:]), rng=rng, banker=players[0])
        for spec in code.bets:
            section = gcodes.bet_index(game, spec)
            punter = next((p for p in deal.punters if section in deal.allowed_sections(p)), None)
            if punter is None:
                raise BoardError(f"no punter of the table as it starts may back {spec}")
            deal.bet(punter, 1, section=section)
    elif game == "landsknecht":
        from .landsknecht import DEFAULT_PLAYERS as players
        if any(gcodes.bet_index(game, spec) != 1 for spec in code.bets):
            raise BoardError("only a repeat of a bet on the first players' card is dealt again here")
        deal, _void = lk.new_deal(rng, banker=players[0], players=list(players))
        deal.place_bet(players[1], deal.players_cards[0], 1)
    else:
        raise BoardError(f"a repeat of {game!r} cannot be dealt again here")
    tally = RepeatPanel(SimpleNamespace(deal=deal, seed=code.seed)).run(code.deals, code.seed)
    return {spec: (b.won, b.placed) for spec, b in zip(code.bets, tally.bets)}
