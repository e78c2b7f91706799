# %% [markdown]
# # Hoggenheimer: deal it and work out each bet's value
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
# The same table as in the chapter *Deal it yourself*: choose a punter and a
# bet, place a stake, turn cards one at a time or deal to the end, then start
# a new deal. Change the seed or the players here and run the cell again.

# %%
from banking_games.widgets.hoggenheimer import HoggenheimerTable

HoggenheimerTable(["Anna", "Ben", "Cleo", "Dora"], seed=2026)

# %% [markdown]
# ## Each bet's expected value, with sympy
#
# A bet covers some cards of the layout and wins when all of them are turned
# before the Joker. The engine (`banking_games.games.hoggenheimer`) says how
# many cards each kind of bet covers and at what payout odds it is paid; the
# counting of orders comes from `banking_games.exact.hoggenheimer`. Only the
# $c$ covered cards and the Joker matter: of their $(c+1)!$ equally likely
# orders, the bet wins in those with the Joker last. (Symbols as on the
# book's Notation page: $c$ the cards a bet covers, $m$ the payout odds.)

# %%
import sympy
from fractions import Fraction

from banking_games.exact import hoggenheimer as exact
from banking_games.games import hoggenheimer as engine

_, covered, _ = exact.symbols()
c = sympy.Symbol("c", positive=True, integer=True)   # cards the bet covers
m = sympy.Symbol("m", positive=True)                 # payout odds, m to 1
wins, orders = (f.subs(covered, c) for f in exact.orderings_win_count_formula())
p = sympy.simplify(sympy.combsimp(wins / orders))
ev = sympy.factor(m * p - (1 - p))              # win m with chance p, lose the stake otherwise
print("orders that win / all orders:", wins, "/", orders)
print("P(win) =", p)
print("expected value per unit staked =", ev)
print("fair odds: m =", sympy.solve(sympy.Eq(ev, 0), m)[0])

# %% [markdown]
# Now the book's five kinds of bet at the engine's payout odds. To try other
# odds, change `odds` (for example `odds[engine.BetKind.CARD] = Fraction(3, 2)`)
# and run this cell again.

# %%
odds = dict(engine.PAYOUT_ODDS)                 # {kind of bet: payout odds "to 1"}
# odds[engine.BetKind.CARD] = Fraction(3, 2)    # try it: a single card paid 3 to 2

covers = {}
for bet in engine.all_bets():                   # every bet the real layout allows
    covers.setdefault(bet.kind, len(bet.cards))
for kind, size in covers.items():
    value = ev.subs({c: size, m: sympy.Rational(odds[kind].numerator, odds[kind].denominator)})
    print(f"{exact.BET_NAMES[kind]}: covers {size} card{'s' * (size > 1)}, paid {odds[kind]} to 1, "
          f"P(win) = {p.subs(c, size)}, expected value = {value}")

# %% [markdown]
# ## A check by the engine itself
#
# The engine deals every order of a small pack (2 suits × 2 ranks and the
# Joker: 120 orders) and counts the bets it pays. Change `suits` or `ranks`
# (at most 7 cards besides the Joker) and run again: each bet still wins
# with chance 1/(c+1).

# %%
suits, ranks = 2, 2
result = exact.engine_exhaustive(suits, ranks)
for name, chance in result.bet_win_probabilities().items():
    size = result.bet_sizes[name]
    print(f"{name}: {size} card{'s' * (size > 1)}, engine pays it in {chance} of the orders; "
          f"formula {p.subs(c, size)}")
