"""Draw cards and card tables as HTML that a reader recognises.

Pure views: functions take cards (and labels) and return :class:`Html`
fragments with inline styles, so they look the same in Jupyter, in VS Code
and on the static website (light or dark theme) with no CSS file and no
JavaScript. No game rule lives here. Standard library only.
"""

from __future__ import annotations

import difflib
import hashlib
import html
import re
from typing import Iterable, Sequence


from .cards import Card, parse_card
from .i18n import _

# Text colours of the drawings follow the page's theme: the website defines
# --bg-muted and --bg-alert for light and dark mode (book/_ext/banking_book/static/bg-site.css);
# JupyterLab's themes define --jp-content-font-color2 and --jp-error-color1; the
# last value is for a page with neither (light).
MUTED_COLOUR = "var(--bg-muted,var(--jp-content-font-color2,#595959))"
ALERT_COLOUR = "var(--bg-alert,var(--jp-error-color1,#b00020))"

__all__ = [
    "Html",
    "card_html",
    "back_html",
    "slot_html",
    "pile_html",
    "row_html",
    "grid_html",
    "caption_html",
    "scroll_html",
    "card_text",
    "compact_html",
    "compact_frames",
    "merge_frames",
]

_RED = "#c0142b"
_BLACK = "#161616"
_W, _H = 44, 62


class Html(str):
    """An HTML fragment (a ``str``) that Jupyter displays as HTML."""

    def _repr_html_(self) -> str:
        # shown in a notebook or a page: with many cards, drawn in fewer bytes (same drawing)
        if str.count(self, "bg-card") <= 3:
            return str(self)
        css, (text,) = compact_frames([self])
        return f"<style>{css}</style>{text}"

    def __add__(self, other: str) -> "Html":
        return Html(str.__add__(self, other))


_BASE = (
    f"display:inline-flex;flex-direction:column;justify-content:space-between;"
    f"box-sizing:border-box;width:{_W}px;height:{_H}px;margin:2px;border-radius:5px;"
    "vertical-align:top;font-family:'DejaVu Sans',Arial,sans-serif;line-height:1;"
    "user-select:none;"
)
_BACK = (
    "background-color:#1d4e89;border:3px solid #fff;outline:1px solid #555;outline-offset:-1px;"
    "background-image:repeating-linear-gradient(45deg,rgba(255,255,255,.25) 0 3px,transparent 3px 7px),"
    "repeating-linear-gradient(-45deg,rgba(255,255,255,.25) 0 3px,transparent 3px 7px);"
)


def _box(inner: str, *, style: str, label: str, extra_class: str = "") -> str:
    base = _BASE
    return (
        f'<div class="bg-card {extra_class}" role="img" aria-label="{html.escape(label)}" '
        f'title="{html.escape(label)}" style="{base}{style}">{inner}</div>'
    )


def card_html(card: Card, *, face_up: bool = True, mark: str | None = None, dim: bool = False) -> Html:
    """One card, face up (rank and suit symbol, red or black) or face down.

    Args:
        card: the card to draw.
        face_up: draw the face (True) or the back (False).
        mark: optional outline colour (a CSS colour) to highlight the card,
            e.g. for a winning or losing bet.
        dim: draw the card faded (e.g. a rank that is out of play).
    """
    if not face_up:
        return back_html(mark=mark)
    outline = f"box-shadow:0 0 0 3px {mark};" if mark else ""
    # Faded by a grey face and a dashed edge, not by opacity: the rank and suit
    # keep 4.5:1 contrast (red on #e4e4e4 is 4.9:1) in light and dark mode.
    fade = "background:#e4e4e4;border-style:dashed;" if dim else ""
    if card.is_joker:
        inner = (
            '<span style="font-size:10px;font-weight:bold;padding:3px 0 0 3px;color:#6a1b9a">★</span>'
            '<span style="font-size:9px;font-weight:bold;letter-spacing:0.5px;text-align:center;'
            'color:#6a1b9a">JOKER</span>'
            '<span style="font-size:10px;font-weight:bold;padding:0 3px 3px 0;text-align:right;'
            'color:#6a1b9a">★</span>'
        )
        return Html(_box(inner, style=f"background:#fff;border:1px solid #6a1b9a;{fade}{outline}",
                         label=card.long_name, extra_class="bg-face bg-joker" + (" bg-dim" if dim else "")))
    colour = _RED if card.is_red else _BLACK
    symbol = card.suit.symbol
    inner = (
        f'<span style="font-size:14px;font-weight:bold;padding:3px 0 0 4px;color:{colour}">'
        f"{card.rank_name}<br>{symbol}</span>"
        f'<span style="font-size:22px;text-align:center;color:{colour};margin-top:-8px">{symbol}</span>'
        '<span style="height:4px"></span>'
    )
    # Class names avoid Bootstrap's colour utilities (its "bg-black" paints the card black).
    return Html(_box(inner, style=f"background:#fff;border:1px solid #555;{fade}{outline}",
                     label=card.long_name,
                     extra_class="bg-face " + ("bg-red-suit" if card.is_red else "bg-black-suit")
                     + (" bg-dim" if dim else "")))


def back_html(*, mark: str | None = None, label: str | None = None) -> Html:
    """The back of a card (face down); ``label`` (its spoken name) defaults to
    "face-down card" in the language in use."""
    label = _("face-down card") if label is None else label
    outline = f"box-shadow:0 0 0 3px {mark};" if mark else ""
    style = _BACK + outline
    return Html(_box("", style=style, label=label, extra_class="bg-back"))


def slot_html(text: str = "", *, label: str | None = None) -> Html:
    """An empty place on the table (dashed outline), with optional small text;
    ``label`` (its spoken name) defaults to "empty place" in the language in use."""
    label = _("empty place") if label is None else label
    inner = (f'<span style="margin:auto;font-size:10px;color:{MUTED_COLOUR};text-align:center">'
             f"{html.escape(text)}</span>")
    return Html(_box(inner, style="border:1px dashed #999;background:transparent;", label=label,
                     extra_class="bg-slot"))


def pile_html(cards: Sequence[Card], *, mark: str | None = None, dim: bool = False) -> Html:
    """Cards laid on top of each other, each shifted a little so all show
    (e.g. a Landsknecht card with its pairs on it). The last card is on top."""
    if not cards:
        return slot_html()
    step = 14
    width = _W + 4 + step * (len(cards) - 1)
    parts = [
        f'<div style="position:absolute;left:{i * step}px;top:{i * 4}px">'
        f"{card_html(c, mark=mark if i == len(cards) - 1 else None, dim=dim)}</div>"
        for i, c in enumerate(cards)
    ]
    height = _H + 4 + 4 * (len(cards) - 1)
    names = ", ".join(c.long_name for c in cards)
    return Html(
        f'<div class="bg-pile" role="group" aria-label="{html.escape(_("pile: {cards}").format(cards=names))}" '
        f'style="position:relative;display:inline-block;vertical-align:top;width:{width}px;'
        f'height:{height}px;margin:2px">' + "".join(parts) + "</div>"
    )


def caption_html(text: str, *, muted: bool = True) -> Html:
    """A short line of text under or over a table (escaped)."""
    colour = f"color:{MUTED_COLOUR};" if muted else ""
    return Html(f'<div style="font-size:12px;{colour}margin:2px 0">{html.escape(text)}</div>')


_ITEM = "display:inline-block;vertical-align:top;margin-right:"


def row_html(items: Iterable[str], *, label: str | None = None, gap: int = 6) -> Html:
    """Lay fragments side by side, with an optional label above them."""
    head = (f'<div style="font-size:12px;font-weight:bold;margin-bottom:2px">{html.escape(label)}</div>'
            if label else "")
    body = "".join(f'<div style="{_ITEM}{gap}px">{i}</div>' for i in items)
    return Html(f'<div style="margin:4px 0">{head}<div>{body}</div></div>')


def grid_html(cells: Sequence[Sequence[str]], *, row_labels: Sequence[str] = (),
              col_labels: Sequence[str] = (), title: str | None = None) -> Html:
    """A table of fragments (e.g. the Hoggenheimer layout), with optional
    row and column labels."""
    td = "padding:0;text-align:center;border:none;background:transparent;"
    th = (f"padding:0 4px;font-size:12px;font-weight:normal;color:{MUTED_COLOUR};border:none;"
          "background:transparent;text-align:center;")
    rows = []
    if col_labels:
        heads = (f'<th style="{th}"></th>' if row_labels else "") + "".join(
            f'<th style="{th}">{html.escape(c)}</th>' for c in col_labels)
        rows.append(f"<tr>{heads}</tr>")
    for i, row in enumerate(cells):
        lab = f'<th style="{th}">{html.escape(row_labels[i])}</th>' if row_labels else ""
        rows.append("<tr>" + lab + "".join(f'<td style="{td}">{c}</td>' for c in row) + "</tr>")
    cap = (f'<caption style="caption-side:top;font-size:12px;text-align:left;color:{MUTED_COLOUR}">'
           f"{html.escape(title)}</caption>" if title else "")
    # On a phone (under 480px) the 8-column Hoggenheimer layout is wider than the page:
    # shrink the whole grid instead of cutting off its right-hand columns.
    small = "<style>@media (max-width:480px){table.bg-grid{zoom:0.76}}</style>"
    return Html(small + f'<table class="bg-grid" style="border-collapse:collapse;border:none;margin:4px 0;'
                f'width:auto">{cap}' + "".join(rows) + "</table>")


def scroll_html(fragment: str) -> Html:
    """Wrap an HTML fragment (e.g. a wide table) in a box that scrolls
    sideways when the page is narrower than the fragment, so a phone
    shows a scroll bar on the table instead of widening the whole page."""
    return Html(f'<div class="bg-scroll" style="overflow-x:auto;max-width:100%">{fragment}</div>')


_CARD_CODE = re.compile(r"(?<![\w♠♥♦♣])(10|[2-9TJQKA])([SHDC])(?![\w])")


def card_text(text: str) -> str:
    """Write the card codes in a line of text with suit symbols, as the cards show them.

    ``"Ben bets 7S-7H on 9C"`` -> ``"Ben bets 7♠-7♥ on 9♣"`` (codes as
    :func:`banking_games.cards.parse_card` reads them: rank ``2``-``10``,
    ``T``, ``J``, ``Q``, ``K``, ``A`` then suit letter ``S``, ``H``, ``D``,
    ``C``). A code must stand alone (not inside a word): "KC" is rewritten,
    "ACE" and "BACK" are not. Plain text in, plain text out (not escaped).
    """
    return _CARD_CODE.sub(lambda m: parse_card(m.group(0)).label, text)


_STYLED_TAG = re.compile(r'<([a-z]+)((?: [\w-]+="[^"]*")*?) style="([^"]*)"((?: [\w-]+="[^"]*")*)>')


def compact_html(fragment: str) -> Html:
    """The same drawing in fewer bytes: for pages that hold many frames of a deal.

    A card's long inline style (the same for every card) moves into one
    ``<style>`` element at the head of the fragment, scoped to a wrapping
    ``<div class="bg-frame">``; an inline style used by two elements or
    more becomes a class. The fragment stays self-contained (it carries its own
    ``<style>``, so it draws the same in Jupyter and on the website), and
    every element keeps the computed style it had: a card's class rule
    holds the declarations its inline style began with, and what varies
    (border, outline colour, fading) stays inline, where it wins as before.

    Args:
        fragment: HTML made by this module's functions (cards, grids, rows).

    Returns:
        The smaller fragment (``Html``); a fragment with no card is returned
        wrapped but otherwise unchanged.
    """
    text = str(fragment).replace(f'style="{_BASE}', 'style="').replace(f'style="{_BACK}', 'style="')
    text = text.replace(' style=""', "")
    counts: dict[str, int] = {}
    for m in _STYLED_TAG.finditer(text):
        counts[m.group(3)] = counts.get(m.group(3), 0) + 1
    styles: dict[str, str] = {}

    def tag(m: re.Match) -> str:
        name, before, style, after = m.groups()
        if counts[style] < 2:  # used once: a class would not save anything
            return m.group(0)
        # named after the style itself: fragments shown on one page never clash
        cls = styles.setdefault(style, "bg-s" + hashlib.sha1(style.encode()).hexdigest()[:7])
        attrs = before + after
        if ' class="' in attrs:  # the element's own classes first (tests and scripts read them)
            attrs = re.sub(r' class="([^"]*)"', lambda c: f' class="{c.group(1)} {cls}"', attrs, count=1)
        else:
            attrs = f' class="{cls}"' + attrs
        return f"<{name}{attrs}>"

    text = _STYLED_TAG.sub(tag, text)
    css = (f".bg-frame .bg-card{{{_BASE}}}.bg-frame .bg-back{{{_BACK}}}"
           + "".join(f".bg-frame .{cls}{{{style}}}" for style, cls in styles.items()))
    return Html(f'<div class="bg-frame"><style>{css}</style>{text}</div>')



_STYLE_BLOCK = re.compile(r"<style>(.*?)</style>", re.S)
_ANY_STYLED = re.compile(r'<([a-z]+)((?: [\w-]+="[^"]*")*?) style="([^"]*)"((?: [\w-]+="[^"]*")*)(\s*/?)>')
_CARD_TITLE = re.compile(r'( aria-label="([^"]*)")((?: [\w-]+="[^"]*")*?) title="\2"')
_OPEN_TAG = re.compile(r"<[a-z][^<>]*>")
_SAFE_VALUE = re.compile(r' ([\w-]+)="([\w.:#%+-]+)"')


def _base36(n: int) -> str:
    digits = "0123456789abcdefghijklmnopqrstuvwxyz"
    out = ""
    while True:
        n, r = divmod(n, 36)
        out = digits[r] + out
        if not n:
            return out


def compact_frames(frames: Sequence[str], *, sheets: Sequence[str] = ()) -> tuple[str, list[str]]:
    """The frames of one deal replay in far fewer bytes, with one style sheet for them all.

    A replay written into a web page holds every frame in the page's HTML
    (as widget state, a JSON string in which every ``"`` costs two bytes).
    Frames drawn by this module repeat the same inline styles hundreds of
    times, each frame carrying them again. This moves them, once, into a
    style sheet shared by all the frames:

    * every ``<style>`` element of a frame (e.g. the layout's phone rule)
      moves into the shared sheet, once;
    * the cards' common inline style becomes the rule of class ``bg-card``
      (and of ``bg-back``), as in :func:`compact_html`;
    * an inline style used twice or more across the frames becomes a short
      class (``q0``, ``q1``, ...) scoped to this replay (class ``rXXXXXX``,
      a hash of the sheet, on each frame's wrapping ``<div class="bg-frame ...">``),
      so two replays on one page never clash; a style used once stays inline;
    * a card's ``title`` equal to its ``aria-label`` (its spoken name) is
      dropped: the page's script (``bg-site.js``) puts it back as a tooltip;
    * attribute values made of letters, digits and ``_.:#%+-`` lose their quotes.

    Every element keeps the computed style it had (class rules have the
    specificity of :func:`compact_html`'s, and what stays inline still wins),
    and every card keeps its classes (``bg-card``, ``bg-face``, ``bg-back``, ...)
    and its spoken name.

    Args:
        frames: HTML fragments made by this module's functions (cards,
            grids, rows, tables), one per frame.
        sheets: CSS text already taken out of the frames, added to the
            shared sheet (before the frames' own ``<style>`` elements).

    Returns:
        ``(css, frames)``: the shared style sheet (CSS text, to be put in a
        ``<style>`` element shown once beside the frames) and the frames,
        each wrapped in ``<div class="bg-frame rXXXXXX">``, in order.
    """
    sheets = dict.fromkeys(sheets)
    texts = []
    for frame in frames:
        text = str(frame)
        for m in _STYLE_BLOCK.finditer(text):
            sheets.setdefault(m.group(1), None)
        text = _STYLE_BLOCK.sub("", text)
        text = text.replace(f'style="{_BASE}', 'style="').replace(f'style="{_BACK}', 'style="')
        text = text.replace(' style=""', "")
        text = _CARD_TITLE.sub(r"\1\3", text)
        texts.append(text)
    counts: dict[str, int] = {}
    for text in texts:
        for m in _ANY_STYLED.finditer(text):
            counts[m.group(3)] = counts.get(m.group(3), 0) + 1
    # the most used styles get the shortest names
    names = {style: "q" + _base36(i) for i, style in
             enumerate(sorted((s for s, c in counts.items() if c > 1), key=lambda s: (-counts[s], s)))}

    def tag(m: re.Match) -> str:
        name, before, style, after, end = m.groups()
        cls = names.get(style)
        if cls is None:
            return m.group(0)
        attrs = before + after
        if ' class="' in attrs:  # the element's own classes first (tests and scripts read them)
            attrs = re.sub(r' class="([^"]*)"', lambda c: f' class="{c.group(1)} {cls}"', attrs, count=1)
        else:
            attrs = f' class="{cls}"' + attrs
        return f"<{name}{attrs}{end}>"

    rules = "".join(f".SCOPE .{cls}{{{style}}}" for style, cls in sorted(names.items(), key=lambda x: x[1]))
    css = (".SCOPE .bg-card{" + _BASE + "}.SCOPE .bg-back{" + _BACK + "}" + rules
           + "".join(sheets))
    scope = "r" + hashlib.sha1(css.encode()).hexdigest()[:6]
    css = css.replace(".SCOPE ", f".{scope} ")

    def unquote(m: re.Match) -> str:
        tag_text = m.group(0)
        if tag_text.endswith("/>"):  # <br/>: an unquoted value would take the slash
            return tag_text
        return _SAFE_VALUE.sub(r" \1=\2", tag_text)

    out = []
    for text in texts:
        text = _ANY_STYLED.sub(tag, text)
        text = _OPEN_TAG.sub(unquote, text)
        out.append(f'<div class="bg-frame {scope}">{text}</div>')
    return css, out


_TAG = re.compile(r"<(/?)([a-zA-Z][\w-]*)([^<>]*)>")
_VOID = {"br", "img", "input", "hr", "wbr", "meta", "link", "source", "col", "area"}


def _leaf_item(frame: str, opening: re.Match) -> bool:
    """Whether the element opened by ``opening`` holds no table and no row
    item: then it is one piece (a card and its caption); else its own parts are."""
    depth = 0
    for m in _TAG.finditer(frame, opening.start()):
        name = m.group(2).lower()
        if name in _VOID or m.group(3).endswith("/"):
            continue
        depth += -1 if m.group(1) else 1
        if depth == 0:
            inner = frame[opening.end():m.start()]
            return "<table" not in inner and f'style="{_ITEM}' not in inner
    return False


def _tokens(frame: str) -> list[tuple[str, str]]:
    """A frame as ("S", text) structure tokens and ("P", html) part tokens.

    Parts are what may differ from frame to frame and can be hidden alone:
    table cells (``td``, ``th``), the items of :func:`row_html` rows that
    hold no table and no row, and
    runs of text (wrapped in a ``<span>`` when they are hidden). Everything
    else (opening and closing tags of tables, rows, boxes) is structure.
    """
    out: list[tuple[str, str]] = []
    pos, depth, start, part_depth = 0, 0, 0, None
    for m in _TAG.finditer(frame):
        if part_depth is None and m.start() > pos and frame[pos:m.start()].strip():
            out.append(("P", frame[pos:m.start()]))
        elif part_depth is None and m.start() > pos:
            out.append(("S", frame[pos:m.start()]))
        closing, name, attrs = m.group(1), m.group(2).lower(), m.group(3)
        pos = m.end()
        if name in _VOID or attrs.endswith("/"):
            if part_depth is None:
                out.append(("S", m.group(0)))
            continue
        if not closing:
            if part_depth is None and (name in ("td", "th") or
                                       (name == "div" and f'style="{_ITEM}' in attrs
                                        and _leaf_item(frame, m))):
                part_depth, start = depth, m.start()
            elif part_depth is None:
                out.append(("S", m.group(0)))
            depth += 1
        else:
            depth -= 1
            if part_depth is not None and depth == part_depth:
                out.append(("P", frame[start:m.end()]))
                part_depth = None
            elif part_depth is None:
                out.append(("S", m.group(0)))
    if part_depth is not None:
        raise ValueError("unbalanced HTML in a frame")
    if frame[pos:].strip():
        out.append(("P", frame[pos:]))
    return out


def _merge(token_lists: Sequence[list[tuple[str, str]]]) -> list[list] | None:
    """One sequence holding every frame's tokens in order: [token, set of frames].
    ``None`` when a structure token is not in every frame (the frames'
    skeletons differ)."""

    merged = [[t, {0}] for t in token_lists[0]]
    for i, tokens in enumerate(token_lists[1:], start=1):
        ops = difflib.SequenceMatcher(None, [t for t, _ in merged], tokens, autojunk=False).get_opcodes()
        out = []
        for op, a0, a1, b0, b1 in ops:
            if op == "equal":
                for k in range(a1 - a0):
                    merged[a0 + k][1].add(i)
                    out.append(merged[a0 + k])
            else:
                out.extend(merged[a0:a1])
                out.extend([t, {i}] for t in tokens[b0:b1])
        merged = out
    everyone = set(range(len(token_lists)))
    if any(kind == "S" and seen != everyone for (kind, _), seen in merged):
        return None
    return merged


def _with_class(part: str, cls: str) -> str:
    """``part`` (an element, or text) carrying the class ``cls``."""
    m = _TAG.match(part)
    if not part.startswith("<") or not m or m.group(1):
        return f'<span class="{cls}">{part}</span>'
    attrs = m.group(3)
    if ' class="' in attrs:
        attrs = re.sub(r' class="([^"]*)"', lambda c: f' class="{c.group(1)} {cls}"', attrs, count=1)
    else:
        attrs = f' class="{cls}"' + attrs
    return f"<{m.group(2)}{attrs}>" + part[m.end():]


def merge_frames(frames: Sequence[str]) -> tuple[str, str, list[str]]:
    """All the frames of one deal replay as one drawing plus, per frame, what to hide.

    Consecutive frames of a deal differ in a few places (one card turned,
    one title), so the frames are merged into one HTML fragment that holds
    each distinct piece once: the pieces that can differ (table cells, the
    items of a :func:`row_html` row, runs of text) are aligned across frames
    (longest common subsequence, as ``difflib``), and each piece not shown in
    every frame gets a class ``pN``. Frame ``k`` is then the merged drawing
    with the pieces not in frame ``k`` hidden by a one-line style sheet
    (``display:none``, for the screen; print and scripts use the same sheet).
    A hidden piece is out of the layout and out of what a screen reader
    reads, so the frame shown is exactly frame ``k``. When the frames'
    skeletons differ (a table or box in some frames only), each whole frame
    is one piece. Then the repeated inline styles become short classes, as in
    :func:`compact_frames`.

    Args:
        frames: HTML fragments made by this module's functions, one per frame, at least one.

    Returns:
        ``(css, board, hide)``: the style sheet for the drawing (CSS text),
        the merged drawing (wrapped in ``<div class="bg-frame rXXXXXX">``)
        and, per frame, the CSS that hides what is not in that frame (to
        be put in a ``<style>`` while that frame is shown; ``""`` for
        nothing to hide).

    Raises:
        ValueError: ``frames`` empty.
    """
    if not frames:
        raise ValueError("merge_frames needs at least one frame")
    sheets: dict[str, None] = {}
    texts = []
    for frame in frames:
        text = str(frame)
        for m in _STYLE_BLOCK.finditer(text):
            sheets.setdefault(m.group(1), None)
        texts.append("<div>" + _STYLE_BLOCK.sub("", text) + "</div>")
    merged = _merge([_tokens(t) for t in texts])
    if merged is None:  # skeletons differ: whole frames are the pieces
        merged = _merge([[("P", t)] for t in texts])
    n = len(texts)
    names: dict[int, str] = {}
    pieces = []
    for k, ((kind, text), seen) in enumerate(merged):
        if len(seen) < n:
            names[k] = "p" + _base36(len(names))
            text = _with_class(text, names[k])
        pieces.append(text)
    css, (board,) = compact_frames(["".join(pieces)], sheets=list(sheets))
    scope = board[len('<div class="bg-frame '):board.index('"', len('<div class="bg-frame '))]
    hide = []
    for i in range(n):
        gone = [names[k] for k, (_, seen) in enumerate(merged) if k in names and i not in seen]
        hide.append(f".{scope} :is(.{',.'.join(gone)}){{display:none!important}}" if gone else "")
    return css, board, hide
