"""The dealing path imports only the standard library.

Developer rule (brief, "The dealing path ... imports ONLY the standard
library, so it runs in Pyodide without numpy"): ``cards``, ``money``,
``errors``, ``render``, every ``games.*`` module and every ``display.*``
module must import, deal, settle and draw with numpy, pandas, sympy,
matplotlib and ipywidgets unavailable. A fresh interpreter blocks them by
setting ``sys.modules[name] = None`` (then ``import name`` raises
ImportError) before importing the package, so a module that imports one of
them, even lazily at the top of a function we call, fails this test.
"""

from __future__ import annotations

import pkgutil
import subprocess
import sys
import textwrap

import banking_games.display
import banking_games.games
from banking_games import registry
from conftest import expected

BLOCKED = ("numpy", "pandas", "sympy", "matplotlib", "ipywidgets", "scipy", "IPython")

# games/cut.py is the shared high cut, not a game
GAMES = sorted(m.name for m in pkgutil.iter_modules(banking_games.games.__path__) if m.name != "cut")
DISPLAYS = sorted(m.name for m in pkgutil.iter_modules(banking_games.display.__path__))


def run_blocked(code: str) -> subprocess.CompletedProcess:
    prelude = textwrap.dedent(f"""
        import sys
        for name in {BLOCKED!r}:
            sys.modules[name] = None  # import name -> ImportError
    """)
    return subprocess.run([sys.executable, "-c", prelude + textwrap.dedent(code)],
                          capture_output=True, text=True, timeout=120)


def test_every_game_and_view_module_is_found():
    # the games of the book (the registry; test_registry checks them against book/), each with an
    # engine and a view
    assert GAMES == sorted(g.package for g in registry.GAMES)
    assert DISPLAYS == GAMES


def test_dealing_path_imports_without_numpy_pandas_sympy_matplotlib_ipywidgets():
    modules = (["banking_games", "banking_games.cards", "banking_games.money", "banking_games.errors",
                "banking_games.render"]
               + [f"banking_games.games.{m}" for m in GAMES] + ["banking_games.games.cut"]
               + [f"banking_games.display.{m}" for m in DISPLAYS])
    proc = run_blocked(f"""
        import importlib
        for name in {modules!r}:
            importlib.import_module(name)
        loaded = sorted(n for n in sys.modules if n.split(".")[0] in {BLOCKED!r} and sys.modules[n] is not None)
        assert not loaded, loaded
        print("ok")
    """)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.strip() == "ok"


def test_each_game_deals_settles_and_draws_without_them():
    # One seeded deal of each game played to the end through the engine and drawn by its
    # view, with the heavy packages blocked. Chips are conserved in each (money.Settlement:
    # banker_net == -sum(player_net)), which the subprocess checks.
    # Each game's deal is its BLOCKED_DEAL in tests/game_data/<game>.py (code run with ``engine`` and
    # ``view``, its modules of layers games and display).
    code = "import importlib\n"
    for g in registry.GAMES:
        code += (f'engine = importlib.import_module("banking_games.games.{g.package}")\n'
                 f'view = importlib.import_module("banking_games.display.{g.package}")\n'
                 + textwrap.dedent(expected(g.slug, "BLOCKED_DEAL")))
    proc = run_blocked(code + 'print("ok")\n')
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.strip() == "ok"


def test_top_ranks_pack_sizes_and_cards():
    """``top_ranks_pack(r, s)`` keeps the top r ranks (ace down) of the first s
    suits: 13 x 4 is the whole 52-card pack, 8 x 4 the 32-card pack
    (A K Q J 10 9 8 7 of each suit, the 2s to 6s removed), 2 x 1 the ace and
    king of spades. Bad sizes are refused with CardError."""
    import pytest

    from banking_games.cards import full_pack, parse_cards, piquet_pack, top_ranks_pack
    from banking_games.errors import CardError

    assert list(top_ranks_pack(13, 4)) == full_pack()
    assert set(top_ranks_pack(8, 4)) == set(piquet_pack()) and len(top_ranks_pack(8, 4)) == 32
    assert list(top_ranks_pack(2, 1)) == parse_cards("AS KS")
    assert top_ranks_pack(3, 2) is top_ranks_pack(3, 2)   # cached: the same Card objects
    for bad in [(0, 4), (14, 4), (13, 0), (13, 5)]:
        with pytest.raises(CardError):
            top_ranks_pack(*bad)
