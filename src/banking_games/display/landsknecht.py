"""Draw a Landsknecht table as HTML.

Views only: these functions read a :class:`~banking_games.games.landsknecht.LandsknechtDeal`
through its public properties and draw it with :mod:`banking_games.render`.
No rule of the game lives here. Standard library only.
"""

from __future__ import annotations

import html

from ..games.landsknecht import BET, LandsknechtDeal
from ..i18n import N_, _, ngettext, pgettext
from ..render import Html, back_html, card_text, caption_html, pile_html, row_html, slot_html

__all__ = ["table_html", "table_parts", "assemble_table", "PLAYERS_LABEL", "LAST_CARD_MARK"]

LAST_CARD_MARK = "#e08a00"
"""Outline colour of the card dealt or turned last."""


def _column(top: str, lines: list[str]) -> str:
    return top + "".join(str(caption_html(t)) for t in lines)


PLAYERS_LABEL = N_("Players' cards")
"""The label over the players' cards (English; drawn translated)."""

_CELL = '<div style="display:inline-block;vertical-align:top;margin-right:18px">{}</div>'


def table_html(deal: LandsknechtDeal, *, title: str | None = None, mark_last: bool = True,
               show_stock: bool = True) -> Html:
    """The table of a deal: layout piles, the banker's card (with its pair,
    if turned), the players' cards in the order they appeared (paired ones
    faded) with the stakes beside each, and the stock face down.

    Args:
        deal: the deal to draw (only read).
        title: optional bold line above the table.
        mark_last: outline the card dealt or turned last.
        show_stock: draw the face-down stock with the number of cards left.

    Returns:
        :class:`~banking_games.render.Html`.
    """
    return assemble_table(*table_parts(deal, title=title, mark_last=mark_last, show_stock=show_stock))


def table_parts(deal: LandsknechtDeal, *, title: str | None = None, mark_last: bool = True,
                show_stock: bool = True) -> tuple[str, str, list[str], str]:
    """The pieces of :func:`table_html` (same arguments), for a table that
    draws the players' cards as buttons: the title; the layout and banker
    groups; each players' card with its captions (an empty list before
    the first); the stock group and the status line."""
    events = [e for e in deal.history if e.kind != BET]
    last = events[-1].card if (mark_last and events) else None
    paired = deal.paired_ranks

    def pile(cards, *, dim=False) -> str:
        mark = LAST_CARD_MARK if last is not None and cards and cards[-1] == last else None
        return str(pile_html(list(cards), mark=mark, dim=dim))

    layout = [_column(pile(p), [_("layout {number}").format(number=i)]) for i, p in enumerate(deal.layout, 1)]
    banker = [_column(pile(deal.banker_pile), [_("banker's card (paired)") if len(deal.banker_pile) > 1 else _("banker's card")])]
    players = []
    for i, cards in enumerate(deal.players_piles, 1):
        base = cards[0]
        lines = [(_("players' {number} (paired)") if base.rank in paired else _("players' {number}")).format(number=i)]
        for bet in deal.bets_on(base):
            result = deal.result_of(bet)
            line = (_("{player}: {stake}") if result is None else _("{player}: {stake} won") if result.net > 0
                    else _("{player}: {stake} lost"))
            lines.append(line.format(player=bet.player, stake=bet.stake))
        players.append(_column(pile(cards, dim=base.rank in paired), lines))
    head = (f'<div style="font-weight:bold;margin:4px 0">{html.escape(card_text(title))}</div>' if title else "")
    before = (_CELL.format(row_html(layout, label=_("Layout")))
              + _CELL.format(row_html(banker, label=pgettext("group of cards", "Banker"))))
    after = ""
    if show_stock:
        stock = (back_html(label=_("stock")) if deal.cards_left
                 else slot_html(_("empty"), label=_("empty stock")))
        left = _("{n} left").format(n=deal.cards_left)
        after = _CELL.format(row_html([_column(str(stock), [left])], label=_("Stock")))
    status = _("void deal: redeal") if deal.is_void else (_("deal over") if deal.is_over else
                                                          ngettext("{n} card turned", "{n} cards turned",
                                                                   deal.turns).format(n=deal.turns))
    return head, before, players, after + str(caption_html(status))


def no_players_html() -> str:
    """The empty place shown before the first players' card."""
    return str(slot_html(_("none"), label=_("no players' card")))


def assemble_table(head: str, before: str, players: list[str], after: str) -> Html:
    """Put :func:`table_parts`' pieces together as :func:`table_html` draws them."""
    group = row_html(players or [no_players_html()], label=_(PLAYERS_LABEL))
    return Html('<div class="bg-landsknecht" style="margin:6px 0">' + head + before + _CELL.format(group) + after + "</div>")
