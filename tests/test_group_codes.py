"""Group codes (issue 20, "Group codes"): a group's counts as a short text.

The right values are derived here from the format described in
``banking_games.group_codes`` (the alphabet, the numbers, the ISO/IEC 7064
pure-system check symbol mod 31), by hand in the comments; the error-
detection claims are proven by trying every single substitution and every
adjacent transposition of sample codes.
"""

from __future__ import annotations

import re
from fractions import Fraction

import pytest
from hypothesis import given, settings, strategies as st

from banking_games import registry
from banking_games.classroom import group_codes as G
from banking_games.classroom import teaching
from banking_games.errors import ConfigError
from banking_games.classroom.group_codes import GroupCode, GroupCodeError, decode, encode
from conftest import expected

GAMES = registry.SLUGS
GROUP = {g.slug: g.module("classroom").group for g in registry.GAMES}


# ---------------------------------------------------------------- a code spelled by hand

def test_a_code_spelled_by_hand():
    # A Landsknecht group with real cards, 3 deals: the first card won once in 3,
    # the late stake never placed, no void deal (3 deals started).
    # Symbols (value = place in 23456789ABCDEFGHJKLMNPQRSTUVWXY, 2 = 0):
    #   G A (prefix, version A), L (Landsknecht), C (cards: no seed),
    #   deals 3 -> "5"; first: trials+1 = 4 -> "6", successes 1 -> "3";
    #   late absent -> "2"; void: 3+1 = 4 -> "6", 0 -> "2"; no nets: mask 0 -> "2".
    # Body GALC5632622; values from the right with weights 3^1..3^11 mod 31
    # (3, 9, 27, 19, 26, 16, 17, 20, 29, 25, 13):
    #   2:0*3 2:0*9 6:4*27=108 2:0 3:1*26=26 6:4*16=64 5:3*17=51 C:10*20=200
    #   L:18*29=522 A:8*25=200 G:14*13=182 -> 1353 = 43*31 + 20.
    # The check a (weight 1) makes the sum 1 mod 31: a = 1 - 20 = -19 = 12 -> "E".
    code = GroupCode("landsknecht", "cards", None, 3, (), {"first": (1, 3), "void": (0, 3)})
    assert encode(code) == "GALC-5632-622E"
    assert decode("galc 5632 622e") == code
    assert decode("GALC5632622E", game="landsknecht") == code


def test_the_docstring_example_is_the_lessons_group_1():
    # Hoggenheimer lesson, group 1: seed 101, 10 deals. The counts, read off the code as
    # the module docstring spells it: seed 101 = 16 + 15*5 + 10 -> MORE[10] LAST[5] = "U7";
    # deals 10 -> "C"; A: 11 -> "D", 6 -> "8"; B: "D", 4 -> "6"; C: "D", 3 -> "5"; D: "D", 1 -> "3";
    # turned: "D", 211 = 16 + 15*13 + 0 -> "JF"; nets mask 15 -> "H"; zig-zag nets:
    # +2 -> 4 "6", +2 -> "6", +5 -> 10 "C", -1 -> 1 "3", each with denominator 1 -> "2".
    code = decode("GAHL-U7CD-8D6D-5D3D-JFH6-262C-232Y", game="hoggenheimer")
    assert (code.seed, code.deals) == (101, 10)
    assert code.counts == {"A": (6, 10), "B": (4, 10), "C": (3, 10), "D": (1, 10), "turned": (211, 10)}
    assert code.nets == {"A": 2, "B": 2, "C": 5, "D": -1}
    # and they are the engine's counts of that session (the teaching module deals it)
    g = GROUP["hoggenheimer"](101, 10)
    assert code.to_group_counts().counts == g.counts and code.nets == g.nets


def test_a_code_pasted_twice():
    text = encode(_teaching_code("landsknecht", 3, 10))
    with pytest.raises(GroupCodeError, match="twice"):
        decode(text + " " + text)


def test_numbers_are_self_delimiting_and_bijective():
    # 0-15 one symbol of 23456789ABCDEFGH; 16 = 16 + 15*0 + 0 -> MORE[0] LAST[0] = "J2";
    # 255 = 16 + 15*15 + 14 -> MORE[14] LAST[15] = "YH"; 256 = 16 + 15*16 + 0 -> "J" + spelling of 16 = "JJ2".
    assert [G._varint(n) for n in (0, 15, 16, 255, 256)] == ["2", "H", "J2", "YH", "JJ2"]
    spelled = {G._varint(n) for n in range(5000)}
    assert len(spelled) == 5000   # no two numbers share a spelling
    for n in (0, 1, 15, 16, 17, 254, 255, 256, 3855, 3856, 10 ** 40 - 1):
        r = G._Reader(G._varint(n))
        assert r.number("x") == n and r.i == len(G._varint(n))


# ---------------------------------------------------------------- round trips

def _teaching_code(game, seed, deals, nets=True):
    return GroupCode.from_group_counts(game, "lesson", GROUP[game](seed, deals), nets=nets)


@pytest.mark.parametrize("game", GAMES)
def test_lesson_round_trip_and_pool(game):
    groups = [GROUP[game](seed, 10) for seed in (11, 12, 13)]
    codes = [encode(GroupCode.from_group_counts(game, "lesson", g)) for g in groups]
    decoded = [decode(c, game=game) for c in codes]
    assert [d.seed for d in decoded] == [11, 12, 13] and {d.deals for d in decoded} == {10}
    assert {d.kind for d in decoded} == {"lesson"} and decoded[0].bets == G.LESSON_BETS[game]
    back = [d.to_group_counts() for d in decoded]
    assert teaching.pool(back) == teaching.pool(groups)
    assert teaching.pool_nets(back) == teaching.pool_nets(groups)
    # a lesson code fits a projector: under 40 symbols for 10 deals
    assert len(codes[0].replace("-", "")) < 40


def _counts_for(game, kind, deals, data):
    """Counts that can be, drawn with hypothesis."""
    n = st.integers(0, deals)
    if kind == "repeat":
        return None
    if game == "hoggenheimer":
        c = {k: (data.draw(n), deals) for k in "ABCD"}
        c["turned"] = (data.draw(st.integers(deals, 33 * deals)), deals)
        return c
    if game == "banker-and-broker":
        sections = deals * data.draw(st.integers(1, 5))
        win = data.draw(st.integers(0, sections))
        tie = data.draw(st.integers(0, sections - win))
        return {"win": (win, sections), "tie": (tie, sections), "lose": (sections - win - tie, sections)}
    void = data.draw(st.integers(0, 3 * deals))
    c = {"first": (data.draw(n), deals), "void": (void, void + deals)}
    late = data.draw(st.integers(0, deals))
    if late:
        c["late"] = (data.draw(st.integers(0, late)), late)
    return c


NET = st.fractions(min_value=-10 ** 6, max_value=10 ** 6, max_denominator=1000)


@settings(max_examples=150, deadline=None)
@given(data=st.data(), game=st.sampled_from(GAMES), kind=st.sampled_from(("lesson", "cards", "repeat")),
       deals=st.integers(1, G.MAX_DEALS), seed=st.integers(0, 10 ** 12))
def test_round_trip(data, game, kind, deals, seed):
    if kind == "repeat":
        specs = expected(game, "REPEAT_BET_SPECS")   # every bet a repeat code of the game can name
        bets = tuple(data.draw(st.lists(st.sampled_from(specs), min_size=1, max_size=8, unique=True)))
        counts = {}
        for b in bets:
            placed = data.draw(st.integers(0, deals))
            counts[b] = (data.draw(st.integers(0, placed)), placed)
        names = bets
    else:
        bets = ()
        counts = _counts_for(game, kind, deals, data)
        names = G.NET_NAMES[game]
    nets = {k: data.draw(NET) for k in names if data.draw(st.booleans())}
    code = GroupCode(game, kind, None if kind == "cards" else seed, deals, bets, counts, nets)
    text = encode(code)
    assert re.fullmatch(r"[2-9A-HJ-NP-Y]{1,4}(-[2-9A-HJ-NP-Y]{1,4})*", text)
    assert decode(text, game=game) == code
    assert decode(text.lower().replace("-", " ")) == code


def test_repeat_bets_any_spelling_decode_canonical():
    # "7H-7S" is the pair of sevens of hearts and spades (make_bet reads it), decoded as the layout's order
    code = GroupCode("hoggenheimer", "repeat", 5, 100, ("jh", "7H-7S"), {"jh": (3, 100), "7H-7S": (1, 100)})
    back = decode(encode(code))
    assert back.bets == ("JH", "7S 7H")
    assert back.counts == {"JH": (3, 100), "7S 7H": (1, 100)}


# ---------------------------------------------------------------- every typo is caught

def _samples():
    yield encode(_teaching_code("hoggenheimer", 2026, 10))
    yield encode(_teaching_code("banker-and-broker", 7, 10, nets=False))
    yield encode(GroupCode("landsknecht", "repeat", 99, 1000, ("players' card 1", "players' card 3"),
                           {"players' card 1": (480, 1000), "players' card 3": (200, 410)},
                           {"players' card 1": Fraction(-40), "players' card 3": Fraction(-7, 2)}))


@pytest.mark.parametrize("text", list(_samples()))
def test_every_substitution_and_adjacent_swap_is_refused(text):
    symbols = text.replace("-", "")
    refused = 0
    for i, old in enumerate(symbols):
        for new in G.ALPHABET:
            if new != old:
                typo = symbols[:i] + new + symbols[i + 1:]
                with pytest.raises(GroupCodeError):
                    decode(typo)
                refused += 1
    for i in range(len(symbols) - 1):
        if symbols[i] != symbols[i + 1]:
            swapped = symbols[:i] + symbols[i + 1] + symbols[i] + symbols[i + 2:]
            with pytest.raises(GroupCodeError):
                decode(swapped)
            refused += 1
    assert refused >= 30 * len(symbols)   # 30 other symbols at each place, all refused


def test_typo_message_and_separators_are_free():
    text = encode(_teaching_code("landsknecht", 3, 10))
    symbols = text.replace("-", "")
    bad = symbols[:5] + ("3" if symbols[5] != "3" else "4") + symbols[6:]
    with pytest.raises(GroupCodeError, match="typo"):
        decode(bad)
    # where the hyphens go does not matter: they only group the symbols for reading
    assert decode("-".join(symbols)) == decode(symbols) == decode(f"  {symbols.lower()}  ")


@pytest.mark.parametrize("char", ["0", "O", "1", "I", "Z", "!"])
def test_symbols_never_used(char):
    text = encode(_teaching_code("landsknecht", 3, 10))
    with pytest.raises(GroupCodeError, match="not used in group codes"):
        decode(text[:6] + char + text[7:])


# ---------------------------------------------------------------- bad codes

def test_truncated():
    text = encode(_teaching_code("hoggenheimer", 2026, 10)).replace("-", "")
    for n in range(1, len(text)):
        with pytest.raises(GroupCodeError):
            decode(text[:n])
    # cutting the last symbols leaves a code whose check fails or that ends inside a number
    with pytest.raises(GroupCodeError, match="cut short|typo"):
        decode(text[:-4])
    with pytest.raises(GroupCodeError, match="empty"):
        decode(" - ")


def test_wrong_game_names_both():
    text = encode(_teaching_code("landsknecht", 3, 10))
    with pytest.raises(GroupCodeError, match="Landsknecht code; this board is for Hoggenheimer"):
        decode(text, game="hoggenheimer")


def _with_check(body):
    return body + G.check_symbol(body)


def test_wrong_version():
    # a version B code (a later format) with a check symbol that fits
    body = encode(_teaching_code("landsknecht", 3, 10)).replace("-", "")[:-1]
    with pytest.raises(GroupCodeError, match="version B"):
        decode(_with_check("GB" + body[2:]))
    with pytest.raises(GroupCodeError, match="starts with GA"):
        decode(_with_check("HA" + body[2:]))


def test_tampered_counts_with_a_fitting_check():
    # Hoggenheimer lesson, seed 7 ("9"), 10 deals ("C"): bet A won 11 times in 10 deals
    #   A: trials+1 = 11 -> "D", successes 11 -> "D"
    body = "GAHL" + "9" + "C" + "DD" + "D2" * 3 + "D" + G._varint(20) + "2"
    with pytest.raises(GroupCodeError, match="won 11 times in 10 deals.*tampered"):
        decode(_with_check(body))
    # Banker and Broker: win 10 + tie 5 + lose 20 sections, but 30 sections counted (10 deals, 3 a deal)
    v = G._varint
    body = "GABL" + "9" + "C" + v(31) + v(10) + v(31) + v(5) + v(31) + v(20) + "2"
    with pytest.raises(GroupCodeError, match=r"won 10 \+ tied 5 \+ lost 20 sections, not the 30"):
        decode(_with_check(body))
    # a Banker and Broker repeat, seed 7, 10 deals, 1 bet: section 2 ("4");
    # missed 0 deals, won 12 -> more wins than deals
    body = "GABR" + "9" + "C" + "3" + "4" + v(0) + v(12) + "2"
    with pytest.raises(GroupCodeError, match="won 12 times in 10 deals"):
        decode(_with_check(body))
    # missed 11 deals of 10
    body = "GABR" + "9" + "C" + "3" + "4" + v(11) + v(0) + "2"
    with pytest.raises(GroupCodeError, match="missed 11 of 10 deals"):
        decode(_with_check(body))
    with pytest.raises(GroupCodeError, match="placed in 12 deals of 10"):
        GroupCode("banker-and-broker", "repeat", 7, 10, ("section 2",), {"section 2": (0, 12)})


def test_ten_to_the_nine_deals_refused():
    v = G._varint
    body = "GALC" + v(10 ** 9) + "2" + "2" + "2" + "2"
    with pytest.raises(GroupCodeError, match="claims 1,000,000,000 deals; a group code holds 1 to 10,000"):
        decode(_with_check(body))
    with pytest.raises(GroupCodeError, match="at most 10,000 deals"):
        GroupCode("landsknecht", "cards", None, 10 ** 9, (), {})


@pytest.mark.parametrize("field,value", [("deals", True), ("deals", "10"), ("seed", "7"), ("seed", 2.0),
                                         ("seed", False), ("counts", {"A": (True, 10)}),
                                         ("counts", {"A": ("3", 10)}), ("nets", {"A": 0.5}),
                                         ("nets", {"A": True})])
def test_bools_and_strings_where_numbers_are_needed(field, value):
    args = dict(game="hoggenheimer", kind="lesson", seed=7, deals=10, bets=(), counts={}, nets={})
    args[field] = value
    with pytest.raises(GroupCodeError, match="whole number|Fraction"):
        GroupCode(**args)


def test_bad_construction_messages():
    with pytest.raises(GroupCodeError, match="unknown game"):
        GroupCode("poker", "lesson", 1, 10)
    with pytest.raises(GroupCodeError, match="unknown kind"):
        GroupCode("landsknecht", "guess", 1, 10)
    with pytest.raises(GroupCodeError, match="no seed"):
        GroupCode("landsknecht", "cards", 4, 10)
    with pytest.raises(GroupCodeError, match="bet appears twice"):
        GroupCode("hoggenheimer", "repeat", 4, 10, ("JH", "jh"))
    with pytest.raises(GroupCodeError, match="unknown event"):
        GroupCode("landsknecht", "lesson", 4, 10, (), {"A": (1, 10)})
    with pytest.raises(GroupCodeError, match="counts every bet"):
        GroupCode("landsknecht", "repeat", 4, 10, ("players' card 1",), {})
    with pytest.raises(GroupCodeError, match="cannot write the bet"):
        GroupCode("hoggenheimer", "repeat", 4, 10, ("JH KS",))
    assert issubclass(GroupCodeError, ConfigError)
    with pytest.raises(GroupCodeError, match="is text"):
        decode(12345)


# ---------------------------------------------------------------- QR

def test_qr_svg_carries_the_code_as_text():
    pytest.importorskip("segno")
    text = encode(_teaching_code("hoggenheimer", 2026, 10))
    svg = G.qr_svg(text.lower())
    assert svg.startswith("<svg ") and 'role="img"' in svg
    assert f"<title>QR code of the group code {text}</title>" in svg
    with pytest.raises(GroupCodeError):
        G.qr_svg("not a code!")
