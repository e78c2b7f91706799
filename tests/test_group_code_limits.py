"""Group codes at the edges of what can be (issue 32: small changes to group_codes.py that the
fast tests let through). Each code below is spelled from the format in
``banking_games.group_codes`` (symbols, numbers, check symbol), as in
tests/test_group_codes.py; the comment beside each says which rule refuses it.
"""

from __future__ import annotations

from fractions import Fraction

import pytest

from banking_games.classroom import group_codes as G
from banking_games.classroom.group_codes import GroupCode, GroupCodeError, decode, encode

v = G._varint


def _with_check(body: str) -> str:
    return body + G.check_symbol(body)


# Hoggenheimer lesson, seed 7 ("9"), 10 deals ("C"); bets A-D each 3 wins of 10 (trials + 1 = 11
# -> "D", 3 -> "5"); 20 cards turned in 10 deals (11 -> "D", then 20)
HOG_COUNTS = "D5" * 4 + "D" + v(20)


def test_a_nets_mask_bit_beyond_the_nets_is_refused():
    # Hoggenheimer has 4 nets (A-D): mask bits 0-3. Mask 15 = all four, each net 0/1
    # (zigzag 0 -> "2", denominator - 1 = 0 -> "2"): a good code.
    good = _with_check("GAHL9C" + HOG_COUNTS + v(15) + "22" * 4)
    assert decode(good).nets == {k: Fraction(0) for k in "ABCD"}
    # bit 4 (mask 16) names a fifth net that a Hoggenheimer code does not have
    with pytest.raises(GroupCodeError, match="nets name more"):
        decode(_with_check("GAHL9C" + HOG_COUNTS + v(16)))
    with pytest.raises(GroupCodeError, match="nets name more"):
        decode(_with_check("GAHL9C" + HOG_COUNTS + v(31) + "22" * 5))


def test_a_net_not_in_lowest_terms_is_refused():
    # net of A = 2/4: zigzag(2) = 4 -> "6", denominator - 1 = 3 -> "5"; 1/2 is written "4" "3"
    assert decode(_with_check("GAHL9C" + HOG_COUNTS + v(1) + "43")).nets == {"A": Fraction(1, 2)}
    with pytest.raises(GroupCodeError, match="lowest terms"):
        decode(_with_check("GAHL9C" + HOG_COUNTS + v(1) + "65"))


@pytest.mark.parametrize("turned, ok", [(10, True), (9, False), (330, True), (331, False)])
def test_hoggenheimer_cards_turned_one_to_33_a_deal(turned, ok):
    # an English deal turns 1 to 33 cards (the 32 of the layout and the Joker): 10 deals turn 10 to 330
    counts = {k: (3, 10) for k in "ABCD"} | {"turned": (turned, 10)}
    if ok:
        assert GroupCode("hoggenheimer", "lesson", 7, 10, (), counts).counts["turned"] == (turned, 10)
    else:
        with pytest.raises(GroupCodeError, match="cards turned"):
            GroupCode("hoggenheimer", "lesson", 7, 10, (), counts)


@pytest.mark.parametrize("void, started, ok", [(2, 12, True), (2, 11, False), (2, 13, False), (0, 10, True)])
def test_landsknecht_deals_started_are_played_plus_void(void, started, ok):
    # 10 deals played; `void` void deals: started = 10 + void
    counts = {"first": (4, 10), "void": (void, started)}
    if ok:
        GroupCode("landsknecht", "lesson", 7, 10, (), counts)
    else:
        with pytest.raises(GroupCodeError, match="started = played"):
            GroupCode("landsknecht", "lesson", 7, 10, (), counts)


@pytest.mark.parametrize("sections, ok", [(30, True), (25, False), (20, True), (0, False)])
def test_banker_broker_sections_are_a_positive_multiple_of_the_deals(sections, ok):
    # every deal has the same number of punters' sections (at least 1): 10 deals count 10, 20, 30, ...
    w = sections // 2
    counts = {"win": (w, sections), "tie": (0, sections), "lose": (sections - w, sections)}
    if ok:
        GroupCode("banker-and-broker", "lesson", 7, 10, (), counts)
    else:
        with pytest.raises(GroupCodeError, match="multiple"):
            GroupCode("banker-and-broker", "lesson", 7, 10, (), counts)


def test_a_repeat_holds_1_to_30_bets():
    # Hoggenheimer single-card bets by index: 30 distinct ones fit, 31 do not (decode says 1 to 30)
    specs = tuple(G.bet_spec("hoggenheimer", i) for i in range(1, 32))
    assert len(set(specs)) == 31
    thirty = GroupCode("hoggenheimer", "repeat", 7, 10, specs[:30], {s: (1, 10) for s in specs[:30]})
    assert decode(encode(thirty)).bets == specs[:30]
    with pytest.raises(GroupCodeError, match="at most 30 bets"):
        GroupCode("hoggenheimer", "repeat", 7, 10, specs, {s: (1, 10) for s in specs})
    # spelled by hand: 31 bets ("repeat", seed 7, 10 deals, n = 31, then each bet's index)
    body = "GAHR9C" + v(31) + "".join(v(G.bet_index("hoggenheimer", s)) for s in specs) + "2" * 62 + "2"
    with pytest.raises(GroupCodeError, match="claims 31 bets; a repeat's code has 1 to 30"):
        decode(_with_check(body))
    with pytest.raises(GroupCodeError, match="claims 0 bets"):
        decode(_with_check("GAHR9C" + v(0) + "2"))


def test_separators_and_case():
    # spaces, hyphens, dots, underscores and tabs only group the symbols for reading
    code = GroupCode("landsknecht", "lesson", 7, 10, (), {"first": (4, 10), "void": (1, 11)})
    text = encode(code)
    bare = text.replace("-", "")
    for spelled in (text.replace("-", "."), text.replace("-", "_"), "\t".join(text.split("-")), bare.lower()):
        assert decode(spelled) == code, spelled
    assert G.normalise("ga.hl_9c") == "GAHL9C"


def test_a_repeat_bet_in_another_case_is_the_same_bet():
    # "jh" is the jack of hearts as "JH" is: one bet index, decoded in the canonical spelling
    assert G.bet_index("hoggenheimer", "jh") == G.bet_index("hoggenheimer", "JH")
    code = GroupCode("hoggenheimer", "repeat", 7, 10, ("jh",), {"jh": (3, 10)})
    assert decode(encode(code)).bets == ("JH",)


def test_qr_error_correction_is_level_m():
    # qr_svg's docstring: error correction M (about 15 % of the symbol can be lost); the QR it draws
    # is segno's with error "m", not the smaller "l" or the larger "q"
    segno = pytest.importorskip("segno")
    text = encode(GroupCode("landsknecht", "lesson", 7, 10, (), {"first": (4, 10), "void": (1, 11)}))
    svg = G.qr_svg(text)

    def drawn(level):
        return segno.make_qr(text, error=level, boost_error=False).svg_inline(
            scale=4, dark="#000", light="#fff", border=4, omitsize=False)

    path = lambda s: s[s.index("<path"):]
    assert path(svg) == path(drawn("m"))
    assert path(svg) != path(drawn("l")) and path(svg) != path(drawn("q"))
    assert segno.make_qr(text, error="m", boost_error=False).error == "M"


def test_deals_just_over_the_limit_refused_by_decode():
    # Landsknecht cards code, 10,001 deals (MAX_DEALS + 1); decode names the number it read
    body = "GALC" + v(G.MAX_DEALS + 1) + "2" + "2" + "2" + "2"
    with pytest.raises(GroupCodeError, match="claims 10,001 deals"):
        decode(_with_check(body))


def test_a_repeat_bet_cannot_win_more_deals_than_it_went_down_in():
    # 11 wins in 10 deals placed: one more win than deals
    with pytest.raises(GroupCodeError, match="won 11 times in 10 deals"):
        GroupCode("hoggenheimer", "repeat", 7, 10, ("JH",), {"JH": (11, 10)})
    GroupCode("hoggenheimer", "repeat", 7, 10, ("JH",), {"JH": (10, 10)})


def test_a_symbol_after_the_counts_is_refused():
    # a good code with one more symbol ("2", a number 0) before its check symbol, the check made again
    code = GroupCode("landsknecht", "lesson", 7, 10, (), {"first": (4, 10), "void": (1, 11)})
    body = encode(code).replace("-", "")[:-1]
    assert decode(_with_check(body)) == code
    with pytest.raises(GroupCodeError, match="1 symbols too many"):
        decode(_with_check(body + "2"))


def test_sample_b_edges_of_codes():
    # 5 symbols cannot hold a code (prefix 2, game, kind, a number, the check): cut short
    with pytest.raises(GroupCodeError, match="cut short"):
        decode("GALC5")
    # a Banker and Broker code names sections 1 to 60
    assert G.bet_spec("banker-and-broker", 60) == "section 60"
    with pytest.raises(GroupCodeError, match="1 to 60"):
        G.bet_spec("banker-and-broker", 61)
    # win, tie and lose are counted over the same sections: 30, 20 and 30 cannot be, even though
    # 10 + 5 + 15 = 30
    with pytest.raises(GroupCodeError, match="not the 30 sections counted"):
        GroupCode("banker-and-broker", "lesson", 7, 10, (), {"win": (10, 30), "tie": (5, 20), "lose": (15, 30)})


def test_sample_c_edges_of_codes():
    # a repeat's code holds at least one bet
    with pytest.raises(GroupCodeError, match="at least one bet"):
        GroupCode("hoggenheimer", "repeat", 7, 10, (), {})
    # a lesson or cards code's bets are the lesson's (not written in the code): others are refused
    with pytest.raises(GroupCodeError, match="bets are the lesson's"):
        GroupCode("hoggenheimer", "lesson", 7, 10, ("JH",), {k: (3, 10) for k in "ABCD"})
    # a repeat bet goes down in at most every deal: 11 of 10 cannot be, 10 of 10 can
    with pytest.raises(GroupCodeError, match="placed in 11 deals of 10"):
        GroupCode("hoggenheimer", "repeat", 7, 10, ("JH",), {"JH": (0, 11)})
    GroupCode("hoggenheimer", "repeat", 7, 10, ("JH",), {"JH": (0, 10)})


def test_the_largest_seed_is_the_seed_fields_forty_digits():
    # A table's Seed field takes at most 40 digits (widgets.controls.SEED_DIGITS), so a code carries
    # seeds 0 to 10**40 - 1: the largest round-trips, one more is refused by the code itself.
    from banking_games.widgets.controls import SEED_DIGITS
    largest = 10 ** SEED_DIGITS - 1
    code = GroupCode("hoggenheimer", "lesson", largest, 10, (), {k: (3, 10) for k in "ABCD"})
    assert decode(encode(code)).seed == largest
    with pytest.raises(GroupCodeError):
        GroupCode("hoggenheimer", "lesson", largest + 1, 10, (), {k: (3, 10) for k in "ABCD"})


def test_sample_e_edges_of_codes():
    # A numbered bet (a Banker and Broker section, a Landsknecht players' card) is written with a number
    # from 1 to 60 in a code (group_codes.bet_index's rule): 60 is read, 61 is refused.
    assert G.bet_index("banker-and-broker", G.bet_spec("banker-and-broker", 60)) == 60
    with pytest.raises(GroupCodeError, match="from 1 to 60"):
        G.bet_index("banker-and-broker", G.bet_spec("banker-and-broker", 1).replace("1", "61"))
    # The shortest group code has 8 symbols: a shorter text is refused as cut short, one of 8 or more
    # that does not check out as a typo.
    full = G.normalise(encode(GroupCode("hoggenheimer", "lesson", 7, 10, (), {k: (3, 10) for k in "ABCD"})))
    with pytest.raises(GroupCodeError, match="cut short"):
        decode(full[:7])
    with pytest.raises(GroupCodeError) as refused:
        decode(full[:8])
    assert "cut short" not in str(refused.value)
