"""Draw a Banker and Broker deal as HTML (pure views, standard library only).

Each section is drawn as a stack of face-down cards; once turned, its bottom
card lies face up on the stack. The banker's section is outlined in gold and
labelled. Under each section: its number, owner, size and the bets on it,
coloured by result once settled. No rule lives here: every fact is read from
:class:`banking_games.games.banker_broker.BankerBrokerDeal`.
"""

from __future__ import annotations

import html
from fractions import Fraction

from ..games.banker_broker import BankerBrokerDeal, CutForBank, Section
from ..i18n import N_, _, ngettext
from ..money import LOSE, PUSH, WIN
from ..render import MUTED_COLOUR, Html, back_html, caption_html, card_html, card_text, row_html, slot_html

__all__ = ["section_html", "rest_html", "deal_html", "cut_html", "PANEL_STYLE"]

_GOLD = "#d4a017"
_COLOURS = {WIN: "#2e7d32", LOSE: "#c62828", PUSH: "#616161"}
_W, _H = 44, 62
_BOTTOM_CARD = N_("pack's bottom card")


def _fmt(x: Fraction) -> str:
    return str(x.numerator) if x.denominator == 1 else f"{x.numerator}/{x.denominator}"


def _stack(section: Section | None, *, turned: bool, mark: str | None, label: str) -> str:
    """A stack of backs (at most 5 drawn), the bottom card face up on top if turned."""
    if section is None:
        return slot_html(_("uncut"), label=label)
    layers = min(section.size, 5)
    step = 2
    parts = []
    for i in range(layers):
        top = i == layers - 1
        if top and turned:
            face = card_html(section.bottom, mark=mark)
        else:
            face = back_html(mark=mark if top else None, label=label)
        parts.append(f'<div style="position:absolute;left:{i * step}px;top:{(layers - 1 - i) * step}px">'
                     f"{face}</div>")
    width = _W + 4 + step * (layers - 1)
    height = _H + 4 + step * (layers - 1)
    return (f'<div class="bg-stack" role="group" aria-label="{html.escape(label)}" '
            f'style="position:relative;display:inline-block;width:{width}px;height:{height}px;margin:2px">'
            + "".join(parts) + "</div>")


def section_html(deal: BankerBrokerDeal, number: int) -> Html:
    """One section of ``deal`` (1 = top) with its caption and bets.

    Before the cut the section is an empty place; after the cut a face-down
    stack; once turned its bottom card shows face up. The banker's section
    has a gold outline. Bets are listed under it: ``Ann 2`` then, once
    settled, ``won 2`` (green), ``lost 2`` (red) or ``stake back`` (grey).
    """
    section = deal.sections[number - 1] if deal.sections else None
    turned = number in deal.turned
    is_banker = number == deal.banker_section_number
    mark = _GOLD if is_banker else None
    owner = deal.section_owner(number)
    who = (_("{banker} (banker)").format(banker=deal.banker) if is_banker else
           _("{owner}'s").format(owner=owner) if owner is not None else _("open to all"))
    size = f", {_cards(section.size)}" if section is not None else ""
    label = _("section {number}, {who}").format(number=number, who=who) + size
    lines = [f'<div style="font-size:12px;font-weight:bold">{html.escape(_("Section {number}").format(number=number))}</div>',
             f'<div style="font-size:11px;color:{MUTED_COLOUR}">{html.escape(who)}{html.escape(size)}</div>']
    for b in deal.bets_on(number):
        res = deal.results.get(b.index)
        if res is None:
            lines.append(f'<div style="font-size:11px">'
                         f'{html.escape(_("{player} stakes {stake}").format(player=b.player, stake=_fmt(b.stake)))}</div>')
        else:
            word = {WIN: _("wins {amount}").format(amount=_fmt(res.net)),
                    LOSE: _("loses {amount}").format(amount=_fmt(-res.net)), PUSH: _("stake back")}[res.outcome]
            lines.append(f'<div style="font-size:11px;color:{_COLOURS[res.outcome]};font-weight:bold">'
                         f"{html.escape(str(b.player))} {_fmt(b.stake)}: {html.escape(word)}</div>")
    stack = _stack(section, turned=turned, mark=mark, label=label)
    return Html(f'<div style="display:inline-block;vertical-align:top;min-width:90px">{stack}'
                + "".join(lines) + "</div>")


def deal_html(deal: BankerBrokerDeal, *, title: str | None = None) -> Html:
    """The whole table: every section in play from the top of the pack (the
    banker's last), then the unused bottom section or the discarded bottom
    card, face down."""
    items = [section_html(deal, n) for n in range(1, deal.n_sections + 1)]
    rest = rest_html(deal)
    if rest:
        items.append(rest)
    head = card_text(title) if title is not None else _("Banker: {banker}").format(banker=deal.banker)
    return _panel(row_html(items, label=head, gap=10))


def rest_html(deal: BankerBrokerDeal) -> Html:
    """What lies after the sections in play: the unused bottom section or
    the discarded bottom card, face down (empty before either exists)."""
    if deal.unused_section is not None:
        u = deal.unused_section
        return Html('<div style="display:inline-block;vertical-align:top;min-width:90px">'
                    + _stack(u, turned=False, mark=None, label=_("unused bottom section, {cards}").format(cards=_cards(u.size)))
                    + f'<div style="font-size:12px;font-weight:bold">{html.escape(_("Unused"))}</div>'
                    f'<div style="font-size:11px;color:{MUTED_COLOUR}">'
                    f'{html.escape(_("bottom section, {cards}").format(cards=_cards(u.size)))}</div></div>')
    if deal.discarded is not None:
        return Html('<div style="display:inline-block;vertical-align:top;min-width:90px">'
                    + back_html(label=_("discarded bottom card"))
                    + f'<div style="font-size:12px;font-weight:bold">{html.escape(_("Discard"))}</div>'
                    f'<div style="font-size:11px;color:{MUTED_COLOUR}">{html.escape(_(_BOTTOM_CARD), quote=False)}</div></div>')
    return Html("")


def cut_html(cut: CutForBank, *, title: str | None = None) -> Html:
    """A high cut: one row per round, each cutter's card face up with the
    name under it; the winner's last card outlined in gold."""
    rows = []
    for i, r in enumerate(cut.rounds, 1):
        last = i == len(cut.rounds)
        cells = []
        for p, c in r.cards:
            mark = _GOLD if last and p == cut.winner else None
            cells.append(card_html(c, mark=mark) + caption_html(str(p), muted=False))
        rows.append(row_html(cells, label=_("Cut {number}").format(number=i)))
    rows.append(caption_html(_("{winner} cuts highest and takes the bank.").format(winner=cut.winner)))
    head = f'<div style="font-size:12px;font-weight:bold">{html.escape(title)}</div>' if title else ""
    return _panel("<div>" + head + "".join(rows) + "</div>")


PANEL_STYLE = ("display:inline-block;max-width:100%;box-sizing:border-box;background:#f4f6f8;color:#1f2328;"
               "--bg-muted:#595959;border-radius:6px;padding:4px 10px")
"""The light table-top behind a drawing (:func:`deal_html`, :func:`cut_html`)."""


def _panel(inner: str) -> Html:
    """A light table-top behind a drawing, so its grey, green and red labels
    stay readable on a dark page (the book's dark theme, JupyterLab dark)."""
    return Html(f'<div class="bg-panel" style="{PANEL_STYLE}">' + inner + "</div>")


def _cards(n: int) -> str:
    """``"1 card"``, ``"5 cards"``."""
    return ngettext("{n} card", "{n} cards", n).format(n=n)
