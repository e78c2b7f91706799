# %% [markdown]
# # Landsknecht: deal it and work out the value of a bet
#
# This notebook runs in JupyterLite: Jupyter inside your web browser, with
# Python compiled to WebAssembly (Pyodide). Everything came from the book's
# own website, so once this page has loaded it needs no server and no network.
# It uses only the standard library, this book's rules engine, ipywidgets and
# sympy; numpy, pandas and matplotlib are not available here, so for the
# simulation pages run the book in a local Jupyter (see *Run it* in the book's introduction).
#
# Choose **Run → Run All Cells**, then change a number and run the cells again.
#
# Your changes are saved in this browser only (on a shared computer, the next
# person using the same browser account sees them). To get the book's original
# notebook back, delete this notebook in JupyterLite's file list (right-click
# it, Delete); the book's version then opens again.

# %%
# Loads the book's package and sympy from this site (the first run takes a few seconds).
%pip install -q banking-games ipywidgets sympy

# %% [markdown]
# ## The dealing table
#
# The same table as in the chapter *Deal it yourself*: stake beside a players'
# card, turn cards until a rank is paired, deal to the end, start a new deal.
# Change the seed or the players here and run the cell again.

# %%
from banking_games.widgets.landsknecht import LandsknechtTable

LandsknechtTable(["Anna", "Boris", "Clara", "Dora"], seed=2026)

# %% [markdown]
# ## The value of a bet, with sympy
#
# A bet beside a players' card is a race: it wins if a card of the banker's
# rank is turned before a card of the players' card's rank. With $a$ unseen
# cards of the players' rank and $b$ of the banker's rank, the first of those
# $a + b$ cards to appear is equally likely to be any of them
# (`banking_games.exact.landsknecht.race_formula`). How many are unseen
# depends on the pack: the engine's pack (`LandsknechtConfig.pack()`) is
# counted below, and the payout odds are the engine's (`PAYOUT`). Change
# `ranks`, `suits` or the odds and run again.

# %%
import sympy

from banking_games.exact import landsknecht as exact
from banking_games.games import landsknecht as engine

ranks, suits = 13, 4                            # try suits=2 or ranks=8
odds = sympy.Rational(engine.PAYOUT.numerator, engine.PAYOUT.denominator)  # 1 to 1
# odds = sympy.Rational(9, 10)                  # try it: the bank pays 9 to 10

pack = engine.LandsknechtConfig(ranks=ranks, suits=suits).pack()
per_rank = {}
for card in pack:
    per_rank[card.rank] = per_rank.get(card.rank, 0) + 1
copies = set(per_rank.values())                 # cards of each rank in this pack
(same,) = copies
r, s, a, b = exact.symbols()
print("P(bet wins) =", exact.race_formula())
# a = b = s - 1: each of the two ranks has one card on the table
print("with a = b = s - 1:", exact.race_formula().subs({a: s - 1, b: s - 1}), "=", exact.bet_win_formula())
p = exact.bet_win_formula().subs(s, same)
ev = sympy.simplify(odds * p - (1 - p))
print(f"a pack of {len(pack)} cards, {same} of each rank: a = b = {same - 1}")
print(f"P(win) = {p}, paid {odds} to 1: expected value = {ev}")
