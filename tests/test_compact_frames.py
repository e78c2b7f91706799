"""The replay's frames in fewer bytes (render.compact_frames) must draw exactly
what they drew before.

The check is independent of how compact_frames works: both versions are
parsed with the standard library's HTML parser, and for every element, in
document order, the effective style is worked out by CSS's own cascade
rules (class rules of equal specificity apply in style-sheet order, then
the inline style wins; within one rule or style attribute the last
declaration of a property wins). The element names, their attributes (but
a card's ``title`` that repeated its ``aria-label``) and the text must be
the same too.
"""

from __future__ import annotations

import json
import re
from html.parser import HTMLParser

from banking_games.cards import parse_card
from banking_games.games.hoggenheimer import HoggenheimerConfig, HoggenheimerDeal
from banking_games.render import back_html, card_html, compact_frames, grid_html, merge_frames, row_html
from banking_games.widgets.common import DealReplay
from banking_games.widgets.hoggenheimer import deal_frames


class _Elements(HTMLParser):
    """Every element as (tag, attributes dict) and all the text, in order; skips <style>."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.elements, self.text, self._in_style = [], [], False

    def handle_starttag(self, tag, attrs):
        if tag == "style":
            self._in_style = True
            return
        self.elements.append((tag, dict(attrs)))

    def handle_endtag(self, tag):
        if tag == "style":
            self._in_style = False

    def handle_data(self, data):
        if not self._in_style:
            self.text.append(data)


def _parse(fragment: str):
    p = _Elements()
    p.feed(fragment)
    p.close()
    return p.elements, "".join(p.text)


def _declarations(style: str) -> dict[str, str]:
    out: dict[str, str] = {}
    for part in style.split(";"):
        if ":" in part:
            prop, value = part.split(":", 1)
            out[prop.strip()] = value.strip()
    return out


def _rules(css: str) -> list[tuple[str, str, str]]:
    """``.scope .class{...}`` rules of a compact style sheet, in order: (scope, class, body)."""
    return re.findall(r"\.([\w-]+) \.([\w-]+)\{([^}]*)\}", css)


def _effective(attrs: dict, rules) -> dict[str, str]:
    classes = set((attrs.get("class") or "").split())
    style: dict[str, str] = {}
    for scope, cls, body in rules:  # the frame's wrapper carries the scope class
        if cls in classes:
            style.update(_declarations(body))
    style.update(_declarations(attrs.get("style") or ""))
    return style


def _check_same_drawing(frames: list[str]) -> tuple[str, list[str]]:
    css, small = compact_frames(frames)
    rules = _rules(css)
    scopes = {scope for scope, _, _ in rules}
    assert len(scopes) == 1, scopes
    (scope,) = scopes
    assert len(small) == len(frames)
    for before, after in zip(frames, small):
        els_b, text_b = _parse(before)
        els_a, text_a = _parse(after)
        assert text_a == text_b
        # the wrapper added around each frame
        assert els_a[0] == ("div", {"class": f"bg-frame {scope}"})
        els_a = els_a[1:]
        assert [t for t, _ in els_a] == [t for t, _ in els_b]
        for (tag, a), (_, b) in zip(els_a, els_b):
            assert _effective(a, rules) == _declarations(b.get("style") or ""), (tag, a, b)
            # every other attribute kept; classes kept, in their order, before the short ones
            kept_a = {k: v for k, v in a.items() if k not in ("style", "class")}
            kept_b = {k: v for k, v in b.items() if k not in ("style", "class")}
            if "bg-card" in (b.get("class") or "") and kept_b.get("title") == kept_b.get("aria-label"):
                kept_b.pop("title")
            assert kept_a == kept_b
            own = (b.get("class") or "").split()
            assert (a.get("class") or "").split()[:len(own)] == own
    return css, small


def _hoggenheimer_replay_frames() -> list[str]:
    # the chapter's replay deal (book/hoggenheimer.md, "Deal it yourself")
    deal = HoggenheimerDeal(HoggenheimerConfig("english"), rng=23, banker="Anna")
    for player, bet, stake in [("Ben", "JH", 2), ("Ben", "7S 7H", 1), ("Cleo", "AS", 1),
                               ("Cleo", "9H 8H 9D 8D", 1), ("Dora", "queens", 1)]:
        deal.place_bet(player, bet, stake)
    deal.play()
    return [str(f) for f in deal_frames(deal)]


def test_small_frames_draw_the_same():
    """Cards face up, face down, marked and faded, in rows and a grid with
    <style> blocks: each element's effective style is unchanged."""
    cards = [parse_card(c) for c in "10H KS QS 2D".split()]
    f1 = str(row_html([card_html(c) for c in cards] + [back_html(), card_html(cards[0], mark="#0a0")]))
    f2 = str(grid_html([[card_html(cards[1], dim=True), back_html(mark="#b00")], [back_html(), card_html(cards[2])]],
                       row_labels=["a", "b"], col_labels=["x", "y"], title="t"))
    css, small = _check_same_drawing([f1, f2])
    assert sum(map(len, small)) < len(f1) + len(f2)
    # the grid's phone rule, once, in the shared sheet; none left in a frame
    assert css.count("@media (max-width:480px)") == 1
    assert all("<style" not in s for s in small)


def test_hoggenheimer_replay_draws_the_same_in_under_half_the_bytes():
    frames = _hoggenheimer_replay_frames()
    css, small = _check_same_drawing(frames)
    # as stored in the page: JSON strings (each '"' costs two bytes)
    before = sum(len(json.dumps(f)) for f in frames)
    after = sum(len(json.dumps(f)) for f in small) + len(json.dumps(css))
    assert after < before / 2, (before, after)


class _Shown(_Elements):
    """Like _Elements, but leaves out the elements with a class in ``hidden``
    (and all inside them) and unwraps the bare ``<span class="pN">`` that
    merge_frames puts around a run of text."""

    VOID = {"br", "img", "input", "hr", "wbr"}

    def __init__(self, hidden):
        super().__init__()
        self.hidden, self.skip, self.unwrapped = hidden, 0, []

    def handle_starttag(self, tag, attrs):
        classes = set((dict(attrs).get("class") or "").split())
        if self.skip:
            self.skip += tag not in self.VOID
            return
        if classes & self.hidden:
            self.skip = 1 if tag not in self.VOID else 0
            return
        if tag == "span" and len(attrs) == 1 and re.fullmatch(r"p\w+", dict(attrs).get("class") or ""):
            self.unwrapped.append(True)
            return
        if tag == "span":
            self.unwrapped.append(False)
        super().handle_starttag(tag, attrs)

    def handle_endtag(self, tag):
        if self.skip:
            self.skip -= 1
            return
        if tag == "span":
            self.unwrapped.pop()
        super().handle_endtag(tag)

    def handle_data(self, data):
        if not self.skip:
            super().handle_data(data)


def test_merged_replay_shows_each_frame_exactly():
    """merge_frames: the merged drawing with frame k's hiding rule applied is
    frame k: the same elements in order, the same text, the same effective
    styles and attributes (independent of how the merge aligned the frames)."""
    frames = _hoggenheimer_replay_frames()
    css, board, hide = merge_frames(frames)
    rules = _rules(css)
    scope = re.match(r'<div class="bg-frame (r\w+)">', board).group(1)
    assert len(hide) == len(frames)
    for k, frame in enumerate(frames):
        if hide[k]:
            assert hide[k].startswith(f".{scope} :is(") and hide[k].endswith("){display:none!important}")
        hidden = set(re.findall(r"\.(p\w+)", hide[k]))
        p = _Shown(hidden)
        p.feed(board)
        p.close()
        els_a, text_a = p.elements, "".join(p.text)
        els_b, text_b = _parse(frame)
        assert text_a == text_b, k
        assert els_a[0] == ("div", {"class": f"bg-frame {scope}"}) and els_a[1] == ("div", {})
        els_a = els_a[2:]
        assert [t for t, _ in els_a] == [t for t, _ in els_b], k
        for (tag, a), (_, b) in zip(els_a, els_b):
            assert _effective(a, rules) == _declarations(b.get("style") or ""), (k, tag, a, b)
            kept_a = {x: v for x, v in a.items() if x not in ("style", "class")}
            kept_b = {x: v for x, v in b.items() if x not in ("style", "class")}
            if "bg-card" in (b.get("class") or "") and kept_b.get("title") == kept_b.get("aria-label"):
                kept_b.pop("title")
            assert kept_a == kept_b
    # what it costs in the page (JSON strings): the drawing once, and a short rule per frame
    before = sum(len(json.dumps(f)) for f in frames)
    after = len(json.dumps(css)) + len(json.dumps(board)) + sum(len(json.dumps(h)) for h in hide)
    assert after < before / 5, (before, after)


def test_merge_falls_back_to_whole_frames_when_skeletons_differ():
    one = str(row_html([card_html(parse_card("AS"))]))
    two = "<table><tr><td>" + str(back_html()) + "</td></tr></table>"
    css, board, hide = merge_frames([one, two])
    assert board.count('class="p') + board.count("class=p") == 2  # each whole frame is one piece
    assert hide[0] != hide[1] and all(hide)


def test_compact_replay_shares_one_layout_style_and_drawing():
    frames = _hoggenheimer_replay_frames()
    replay = DealReplay(frames, label="Card", compact=True)
    kids = replay.stack.children
    assert len(kids) == len(frames)
    assert len({id(k.layout) for k in kids}) == 1 and len({id(k.style) for k in kids}) == 1
    assert replay.stack.layout.display == "none" and "bg-frame-styles" in replay.stack._dom_classes
    board = replay.board.value
    assert board.startswith("<style>") and board.count("bg-frame ") == 1
    assert kids[0].value.startswith("<style>@media screen{.r") and kids[-1].value.startswith("<style>@media screen{")
    # a kernel can still replace the frames: the drawing follows the new frames
    replay.set_frames(frames[:3])
    assert replay.n_frames == 3 and replay.stack.selected_index == 2
    assert "Card 2" in replay.board.value and "Card 3" not in replay.board.value
    # without compact: the frames as given, one per stack child
    plain = DealReplay(frames[:2])
    assert [c.value for c in plain.stack.children] == frames[:2]
