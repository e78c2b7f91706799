# %% [markdown]
# # Banker and Broker: deal it and work out the value of a bet
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
# The same table as in the chapter *Deal it yourself*: stake on a section,
# turn the sections, deal to the end, start a new deal. Change the seed or the
# players here and run the cell again.

# %%
from banking_games.widgets.banker_broker import BankerBrokerTable

BankerBrokerTable(["Anna", "Ben", "Cleo", "Dora"], seed=2026)

# %% [markdown]
# ## The value of a bet on a section, counted with the engine
#
# A section is settled by its bottom card against the banker's bottom card.
# Both are two different cards of a shuffled pack, so every ordered pair of
# distinct cards is equally likely. Below, the engine's own pack
# (`BankerBrokerConfig.pack()`) gives the pairs and the engine's own rule
# (`outcome_for`) settles each one; sympy adds up the punter's net with exact
# fractions. Change the pack (`ranks`, `suits`), the tie rule or the payout
# odds and run again.

# %%
import sympy
from itertools import permutations

from banking_games import money
from banking_games.games import banker_broker as engine

ranks, suits = 13, 4                            # try ranks=8 for the 32-card pack
tie_rule = engine.TieRule.BANK_WINS             # or engine.TieRule.STAKE_RETURNED
odds = sympy.Rational(engine.PAYOUT_ODDS.numerator, engine.PAYOUT_ODDS.denominator)  # even money

pack = engine.BankerBrokerConfig(ranks=ranks, suits=suits).pack()
net = {money.WIN: odds, money.LOSE: sympy.Integer(-1), money.PUSH: sympy.Integer(0)}
count = {money.WIN: 0, money.LOSE: 0, money.PUSH: 0}
for bankers_card, card in permutations(pack, 2):
    count[engine.outcome_for(card, bankers_card, tie_rule)] += 1
pairs = sum(count.values())
chance = {result: sympy.Rational(c, pairs) for result, c in count.items()}
ev = sum(net[r] * chance[r] for r in chance)
print(f"a pack of {len(pack)} cards, {pairs} ordered pairs of bottom cards")
print("(under TieRule.BANK_WINS the engine settles a tie as a loss)")
for result in chance:
    print(f"P({result}) = {chance[result]}")
print(f"expected value per unit staked = {ev}")

# %% [markdown]
# ## The same value in general, with sympy
#
# For a pack of $r$ ranks in $s$ suits, `banking_games.exact.banker_broker`
# gives the chance of a tie and the expected value when a tie costs the punter
# a share $t$ of the stake ($t = 1$: the bank wins ties; $t = 0$: the stake
# is returned). Substituting the pack above must give the count above.

# %%
from banking_games.exact import banker_broker as exact

r, s, t, _ = exact.symbols()
print("P(tie) =", exact.tie_probability_formula())
print("expected value =", exact.expected_value_formula())
share = exact.TIE_SHARES[tie_rule]
general = exact.expected_value_formula().subs({r: ranks, s: suits, t: sympy.Rational(share.numerator, share.denominator)})
print(f"with r = {ranks}, s = {suits}, t = {share}: expected value = {general}")
