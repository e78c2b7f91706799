"""display/landsknecht.py: what ``table_html`` draws for a deal, checked
against what the reader should see after given moves, derived by hand from
the deck order and the source's rules (engine docstring: two layout cards,
the banker's card, the players' card; a turned card that pairs a card on
the table goes on its pile; the players' card paired first loses its bets to
the banker, the banker's card paired first pays every live bet; a players'
card that pairs the banker's card in the setup voids the deal).

The drawing is read as a reader (or a screen reader) does: the cards by
their accessible names (``aria-label``) and the captions as text, grouped by
the row labels Layout / Banker / Players' cards / Stock, not by markup
details that may change with the page-weight work.
"""

from __future__ import annotations

import pytest
from bs4 import BeautifulSoup

from banking_games.cards import full_pack
from banking_games.display.landsknecht import LAST_CARD_MARK, table_html
from banking_games.games.landsknecht import LandsknechtConfig, LandsknechtDeal


def deal_of(*top: str, banker: str = "Anna") -> LandsknechtDeal:
    """A deal whose deck starts with the cards ``top`` (the rest in pack order)."""
    rest = [c.name for c in full_pack() if c.name not in top]
    return LandsknechtDeal(LandsknechtConfig(), deck=list(top) + rest, banker=banker)


def seen(deal, **kw) -> dict:
    """The drawing as the reader sees it: per row label, the list of
    (cards in the pile by name, caption lines); plus all the text and the
    HTML. ``deal`` is a deal (drawn with ``table_html(deal, **kw)``) or
    HTML already drawn (e.g. a table widget's value)."""
    drawn = deal if isinstance(deal, str) else str(table_html(deal, **kw))
    soup = BeautifulSoup(drawn, "html.parser")
    rows = {}
    for label_div in soup.find_all("div", string=["Layout", "Banker", "Players' cards", "Stock"]):
        columns = []
        for col in label_div.find_next_sibling("div").find_all("div", recursive=False):
            cards = [c["aria-label"] for c in col.find_all(attrs={"role": "img"})]
            captions = [d.get_text() for d in col.find_all("div", recursive=False)
                        if not d.find(attrs={"role": "img"}) and "bg-pile" not in (d.get("class") or [])
                        and d.get_text().strip()]
            columns.append((cards, captions))
        rows[label_div.get_text()] = columns
    text = soup.get_text(" ")
    return {"rows": rows, "text": text, "html": str(soup)}


# deck order, top first: layout 2♠ 3♠, banker's card 4♠, players' card 5♠,
# then 5♥ (pairs the players' card) and 4♥ (pairs the banker's card)
TOP = ("2S", "3S", "4S", "5S", "5H", "4H")


def test_setup_is_drawn_in_its_rows():
    d = deal_of(*TOP)
    view = seen(d, title="Deal 1: Anna holds the bank")
    rows = view["rows"]
    assert rows["Layout"] == [(["two of spades"], ["layout 1"]), (["three of spades"], ["layout 2"])]
    assert rows["Banker"] == [(["four of spades"], ["banker's card"])]
    assert rows["Players' cards"] == [(["five of spades"], ["players' 1"])]
    # 52 cards less the four dealt in the setup; the stock is face down
    assert "48 left" in view["text"]
    assert "0 cards turned" in view["text"]
    assert "Deal 1: Anna holds the bank" in view["text"]


def test_stakes_beside_the_card_then_lost_when_it_pairs_first():
    d = deal_of(*TOP)
    d.place_bet("Ben", "5S", 2)
    assert seen(d)["rows"]["Players' cards"] == [(["five of spades"], ["players' 1", "Ben: 2"])]
    d.turn()  # 5♥ pairs the players' card before the banker's: Ben's bet is lost
    view = seen(d)
    assert view["rows"]["Players' cards"] == [(["five of spades", "five of hearts"],
                                              ["players' 1 (paired)", "Ben: 2 lost"])]
    assert "47 left" in view["text"] and "1 card turned" in view["text"]
    d.turn()  # 4♥ pairs the banker's card: the deal is over
    view = seen(d)
    assert view["rows"]["Banker"] == [(["four of spades", "four of hearts"], ["banker's card (paired)"])]
    assert "46 left" in view["text"] and "deal over" in view["text"]


def test_a_bet_is_won_when_the_bankers_card_pairs_first():
    d = deal_of("2S", "3S", "4S", "5S", "4H")
    d.place_bet("Ben", "5S", 3)
    d.turn()  # 4♥ pairs the banker's card first: the bet on 5♠ wins
    view = seen(d)
    assert view["rows"]["Players' cards"] == [(["five of spades"], ["players' 1", "Ben: 3 won"])]
    assert "deal over" in view["text"]


def test_the_last_card_is_marked_and_a_paired_pile_faded():
    d = deal_of(*TOP)
    d.turn()  # 5♥ onto the players' pile: that pile is the last-card pile
    html = str(table_html(d))
    assert html.count(LAST_CARD_MARK) == 1
    assert LAST_CARD_MARK not in str(table_html(d, mark_last=False))
    # the paired players' pile is drawn faded (dim), the others are not
    faded = str(table_html(d)).count("bg-dim")
    fresh = str(table_html(deal_of(*TOP))).count("bg-dim")
    assert faded > fresh


def test_stock_can_be_hidden_and_title_is_escaped():
    d = deal_of(*TOP)
    view = seen(d, show_stock=False, title="<script>x</script>")
    assert "Stock" not in view["rows"] and "left" not in view["text"]
    assert "<script>" not in view["html"] and "<script>x</script>" in view["text"]


def test_a_void_deal_says_so():
    # players' card 4♥ pairs the banker's card 4♠ in the setup: void (source, pairs in the layout)
    d = deal_of("2S", "3S", "4S", "4H")
    assert d.is_void
    assert "void deal: redeal" in seen(d)["text"]


def test_layout_pair_goes_on_its_pile():
    # 2♥ dealt as the banker's card pairs layout 2♠: it goes on that pile and
    # another card (4♠) is the banker's card (source: pairs in the layout)
    d = deal_of("2S", "3S", "2H", "4S", "5S")
    rows = seen(d)["rows"]
    assert rows["Layout"][0] == (["two of spades", "two of hearts"], ["layout 1"])
    assert rows["Banker"] == [(["four of spades"], ["banker's card"])]
    assert rows["Players' cards"] == [(["five of spades"], ["players' 1"])]
