"""Draw a Hoggenheimer deal as HTML: the 4 x 8 layout, the card(s) to one
side, the order the cards were turned in, and the bets.

Views only read a :class:`~banking_games.games.hoggenheimer.HoggenheimerDeal`;
every rule (which card goes where, which bet wins) comes from the engine.
Standard library only.
"""

from __future__ import annotations

import html
from typing import Sequence

from ..cards import JOKER, rank_name
from ..games.hoggenheimer import RANK_COLUMNS, SUIT_ROWS, HoggenheimerDeal, PlacedBet, card_at
from ..i18n import _, ngettext, pgettext
from ..money import WIN
from ..render import (Html, back_html, card_html, card_text, caption_html, grid_html, pile_html, row_html, scroll_html,
                      slot_html)

__all__ = ["bet_labels", "layout_cells", "layout_html", "side_html", "turn_order_html", "bets_html"]

_WON, _LOST, _OPEN = "#1b7f3b", "#b3261e", "#4a4a4a"


def bet_labels(deal: HoggenheimerDeal, labels: Sequence[str] | None = None) -> dict[str, PlacedBet]:
    """Name each placed bet for drawing: ``labels[i]`` for the i-th bet, or
    its number ("1", "2", ...) when ``labels`` is ``None``.

    Raises:
        ValueError: if the number of labels differs from the number of bets.
    """
    bets = deal.bets
    if labels is None:
        labels = [str(p.number) for p in bets]
    if len(labels) != len(bets):
        raise ValueError(f"{len(labels)} labels for {len(bets)} bets")
    return dict(zip(labels, bets))


def _outcomes(deal: HoggenheimerDeal) -> dict[int, bool]:
    if not deal.is_over:
        return {}
    return {p.number: deal.result(p).outcome == WIN for p in deal.bets}


def _chip(label: str, won: bool | None) -> str:
    colour = _OPEN if won is None else (_WON if won else _LOST)
    sign = "" if won is None else (" ✓" if won else " ✗")
    title = (_("bet {label}") if won is None else _("bet {label} won") if won else _("bet {label} lost")).format(
        label=label)
    return (f'<span title="{html.escape(title)}" style="display:inline-block;margin:1px;'
            f'padding:0 3px;border-radius:7px;font:bold 10px/14px \'DejaVu Sans\',Arial,sans-serif;'
            f'color:#fff;background:{colour}">{html.escape(label)}{sign}</span>')


def layout_cells(deal: HoggenheimerDeal, *, labels: Sequence[str] | None = None,
                 reveal: bool = False) -> list[list[str]]:
    """Each cell of the layout as it lies now, with the chips of the bets
    that cover it: 4 rows (spades, hearts, diamonds, clubs) of 8 HTML
    fragments (A K Q J 10 9 8 7). Arguments as in :func:`layout_html`,
    which lays these fragments out; the live table puts each in a button."""
    named = bet_labels(deal, labels)
    outcome = _outcomes(deal)
    per_cell: dict[tuple[int, int], list[str]] = {}
    for label, placed in named.items():
        for cell in placed.bet.cells:
            per_cell.setdefault(cell, []).append(_chip(label, outcome.get(placed.number)))
    rows = []
    for r, line in enumerate(deal.cells()):
        # the same chip-area height across a row keeps its cards aligned (two chips a line)
        lines = max((len(per_cell.get((r, c), [])) + 1) // 2 for c in range(8))
        row = []
        for c, view in enumerate(line):
            if view.card is None:
                face = slot_html(card_at(r, c).label, label=_("empty cell of the {card}").format(card=card_at(r, c).long_name))
            elif view.face_up:
                face = card_html(view.card)
            elif reveal:
                face = card_html(view.card, dim=True)
            else:
                face = back_html()
            chips = "".join(per_cell.get((r, c), []))
            row.append(f'<div style="width:48px">{face}'
                       f'<div style="line-height:0;height:{16 * lines}px">{chips}</div></div>')
        rows.append(row)
    return rows


def layout_html(deal: HoggenheimerDeal, *, labels: Sequence[str] | None = None, reveal: bool = False,
                title: str | None = None) -> Html:
    """The layout as it lies now, with the bets' chips and the side cards.

    Args:
        deal: the deal to draw (not changed).
        labels: names for the bets, in the order they were placed (default
            their numbers). Each bet's label is drawn under each of its
            cells; after the deal it is green with ✓ if the bet won, red
            with ✗ if it lost.
        reveal: draw face-down cards as faded faces instead of backs (to
            explain a deal; the players cannot see them).
        title: optional caption above the table.

    Returns:
        :class:`~banking_games.render.Html`: rows spades, hearts, diamonds,
        clubs; columns A K Q J 10 9 8 7; empty cells show the card that
        belongs there in small grey text. To the right: the face-down card(s)
        still to be turned (English: the 33rd card, later the card taken
        up last; German: the rest of the pack), or the Joker once it showed.
    """
    rows = layout_cells(deal, labels=labels, reveal=reveal)
    table = grid_html(rows, row_labels=[s.symbol for s in SUIT_ROWS],
                      col_labels=[rank_name(r) for r in RANK_COLUMNS],
                      title=card_text(title) if title else title)
    return Html(row_html([table, side_html(deal, reveal)], gap=16))


def side_html(deal: HoggenheimerDeal, reveal: bool = False) -> str:
    """The card(s) beside the layout: the face-down card(s) still to be
    turned, or the Joker once it showed (see :func:`layout_html`)."""
    return _side_html(deal, reveal)


def _side_html(deal: HoggenheimerDeal, reveal: bool) -> str:
    if deal.is_over:
        return str(row_html([card_html(JOKER)], label=JOKER.long_name))
    side = deal.side_cards()
    if deal.procedure == "english":
        card = side[0]
        face = card_html(card, dim=True) if reveal else back_html(label=_("next card to turn"))
        what = _("33rd card") if not deal.has_started else _("next card")
        return str(row_html([face], label=what))
    if reveal:
        face = pile_html(list(side[:3]), dim=True)
    else:
        face = back_html(label=ngettext("pack of {n} card", "pack of {n} cards", len(side)).format(n=len(side)))
    return str(row_html([face, caption_html(ngettext("{n} card", "{n} cards", len(side)).format(n=len(side)))],
                        label=_("pack")))


def turn_order_html(deal: HoggenheimerDeal) -> Html:
    """The cards turned so far, in order, numbered, ending with the Joker
    once it showed."""
    items = []
    n = 0
    for n, card in enumerate(deal.turned, start=1):
        items.append(f"{card_html(card)}{caption_html(str(n))}")
    if deal.is_over:
        items.append(f"{card_html(JOKER)}{caption_html(str(n + 1))}")
    if not items:
        # the same boxes as with cards, so a replay's frames share one skeleton (render.merge_frames)
        items.append(str(caption_html(_("no card turned yet"))))
    return row_html(items, gap=0)


def bets_html(deal: HoggenheimerDeal, labels: Sequence[str] | None = None) -> Html:
    """A small table of the bets: label, player, bet, payout odds, stake
    and, once the deal is over, the result and the player's net."""
    named = bet_labels(deal, labels)
    over = deal.is_over
    heads = [pgettext("table head", "bet"), pgettext("table head", "player"), pgettext("table head", "on"),
             pgettext("table head", "cards"), pgettext("table head", "odds"), pgettext("table head", "stake")]
    heads += [pgettext("table head", "result"), pgettext("table head", "net")] if over else []
    th = "padding:2px 8px;text-align:left;border-bottom:1px solid #999;"
    td = "padding:2px 8px;text-align:left;"
    body = []
    for label, placed in named.items():
        cells = [label, str(placed.player), card_text(placed.bet.name), " ".join(c.label for c in placed.bet.cards),
                 _("{odds} to 1").format(odds=placed.bet.odds), str(placed.stake)]
        if over:
            res = deal.result(placed)
            cells += [pgettext("bet result", "won") if res.outcome == WIN else pgettext("bet result", "lost"), ("+" if res.net > 0 else "") + str(res.net)]
        body.append("<tr>" + "".join(f'<td style="{td}">{html.escape(x)}</td>' for x in cells) + "</tr>")
    head = "<tr>" + "".join(f'<th style="{th}">{html.escape(h)}</th>' for h in heads) + "</tr>"
    # in a box that scrolls sideways, so on a phone the result and net columns stay reachable
    return scroll_html(f'<table style="border-collapse:collapse;font-size:13px;margin:4px 0">{head}'
                       + "".join(body) + "</table>")
