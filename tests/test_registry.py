"""The game registry (banking_games.registry): each game declared once, an unknown game an error,
and no code path that takes an unknown game for a known one (no `else` standing for Landsknecht)."""

from __future__ import annotations

import importlib
import sys
from pathlib import Path

import pytest

from banking_games.classroom import group_codes as G
from banking_games import registry
from banking_games.classroom import teaching as T
from banking_games.classroom.repeat_plan import RepeatError, _Plan, repeat_plan
from banking_games.widgets import board

ROOT = Path(__file__).resolve().parent.parent


def test_each_game_declared_once_and_its_modules_exist():
    assert registry.SLUGS == ("hoggenheimer", "banker-and-broker", "landsknecht")
    assert len({g.letter for g in registry.GAMES}) == len(registry.GAMES)
    for g in registry.GAMES:
        for layer in registry.LAYERS:
            assert g.module(layer).__name__ == f"banking_games.{layer}.{g.package}"
        assert g.table_class().__name__ == g.table
        assert (ROOT / "book" / "_lite" / f"{g.slug}.py").is_file()
        assert (ROOT / "book" / f"{g.slug}.md").is_file() and (ROOT / "book" / f"lesson-{g.slug}.md").is_file()


def test_unknown_game_is_an_error_naming_the_games():
    with pytest.raises(registry.UnknownGameError, match="unknown game 'poker': one of hoggenheimer"):
        registry.game("poker")
    with pytest.raises(registry.UnknownGameError):
        registry.game(["hoggenheimer"])
    with pytest.raises(Exception, match="layer|games, exact"):
        registry.game("landsknecht").module("tables")


def test_the_consumers_list_the_registrys_games():
    assert list(G.GAMES) == list(registry.SLUGS) and list(G.GAME_TITLES.values()) == [g.title for g in registry.GAMES]
    assert set(board.GAMES) == set(registry.SLUGS)
    # the class's mean net (teaching.mean_net): each game's classroom module has its rule; each game's lesson seeds
    assert all(callable(g.module("classroom").mean_net) for g in registry.GAMES)
    assert [T.lesson_seeds(slug)[0] for slug in registry.SLUGS] == [g.lesson_first_seed for g in registry.GAMES]
    sys.path.insert(0, str(ROOT / "book" / "_ext"))
    sys.path.insert(0, str(ROOT / "scripts"))
    try:
        launch = importlib.import_module("banking_book.jupyterlite_launch")
        sheets = importlib.import_module("exercise_sheets")
    finally:
        sys.path.remove(str(ROOT / "book" / "_ext"))
        sys.path.remove(str(ROOT / "scripts"))
    assert set(launch.NOTEBOOKS) == set(registry.SLUGS)
    assert set(sheets.GAMES) == set(sheets.TABLES) == set(registry.SLUGS)


def test_a_game_without_rules_is_refused_not_checked_as_another(monkeypatch):
    # a fifth slug known to the code tables but given no count rules: the code's check says so, where an
    # `else` branch would have checked its counts as Landsknecht's
    monkeypatch.setitem(G.GAMES, "poker", "P")
    monkeypatch.setitem(G.GAME_TITLES, "poker", "Poker")
    monkeypatch.setitem(G.EVENTS, "poker", ("first", "void"))
    monkeypatch.setitem(G.NET_NAMES, "poker", ())
    monkeypatch.setitem(G.LESSON_BETS, "poker", ())
    with pytest.raises(G.GroupCodeError, match="no rule says which counts a Poker code can hold"):
        G.GroupCode("poker", "lesson", 7, 10, (), {"first": (4, 10), "void": (0, 10)})
    with pytest.raises(G.GroupCodeError, match="no notation for Poker bets"):
        G.bet_index("poker", "players' card 1")


# The names every game's classroom module has (CONTRIBUTING.md, "Adding a game"): the code that
# serves every game (group codes, the board, Repeat, the tables' lesson code, the sheets) reads
# exactly these, so a fourth game's module that lacks one would fail there, at a class, not here.
CLASSROOM_NAMES = {
    "DEFAULT_PLAYERS": tuple, "EXERCISE_PLAYERS": tuple, "EVENTS": tuple, "NET_NAMES": tuple,
    "LESSON_BETS": tuple, "TALLY_EVENTS": tuple, "BOARD_NAMES": dict, "CARD_FIELDS": tuple,
    "FUNNEL_EVENT": str, "SEVERAL_PER_DEAL": bool,
}
CLASSROOM_FUNCTIONS = ("group", "chances", "mean_net", "bet_index", "bet_spec", "code_impossible", "check_counts",
                       "cards_counts", "repeat_events", "repeat_template", "lesson_setting_problem")


@pytest.mark.parametrize("slug", registry.SLUGS)
def test_each_classroom_module_has_the_common_names(slug):
    lesson = registry.game(slug).module("classroom")
    for name, kind in CLASSROOM_NAMES.items():
        assert isinstance(getattr(lesson, name, None), kind), f"{lesson.__name__}.{name} missing or not a {kind.__name__}"
    for name in CLASSROOM_FUNCTIONS:
        assert callable(getattr(lesson, name, None)), f"{lesson.__name__}.{name} missing"
    # the repeat's plan: a subclass of the shared one, for this game's engine's deal class

    assert issubclass(lesson.Plan, _Plan) and lesson.Plan.DEAL is not type(None)
    assert lesson.Plan.key == slug
    # its events are what its board pools and its code carries (the code adds tallies such as cards turned)
    assert set(lesson.BOARD_NAMES) | set(lesson.TALLY_EVENTS) == set(lesson.EVENTS)
    assert lesson.FUNNEL_EVENT in lesson.BOARD_NAMES
    # the lesson's group and the live table start with the same players (the lesson code re-deals them)
    assert registry.game(slug).module("widgets").DEFAULT_PLAYERS == lesson.DEFAULT_PLAYERS


def test_a_deal_of_no_game_is_refused_by_repeat():
    # repeat_plan finds a deal's game through the registry; a deal no game's engine made is an error
    # naming the games (from the registry), never repeated as another game's

    titles = [g.title for g in registry.GAMES]
    with pytest.raises(RepeatError, match=f"no repeat for a object: a {', '.join(titles[:-1])} or {titles[-1]} deal"):
        repeat_plan(object())


def test_a_game_without_expected_values_fails_the_tests_that_ask(monkeypatch):
    # conftest.expected: the generic tests read what differs between games from
    # tests/game_data/<package>.py; a game with no such file, or without a value there, fails
    # the asking test (pytest.fail, never a skip) and names the file and the value to add
    from conftest import expected

    def outcome(slug, name):
        try:
            expected(slug, name)
        except BaseException as err:   # a skip (pytest's Skipped) must not pass for a failure
            return err
        return None

    poker = registry.GameInfo("poker", "P", "Poker", "poker", "PokerTable", 401)
    monkeypatch.setattr(registry, "_BY_SLUG", {**registry._BY_SLUG, "poker": poker})
    missing_file, missing_value = outcome("poker", "REPLAY"), outcome("landsknecht", "NO_SUCH_VALUE")
    assert type(missing_file) is pytest.fail.Exception and type(missing_value) is pytest.fail.Exception
    assert str(missing_file) == "tests/game_data/poker.py is missing: give Poker's REPLAY there"
    assert str(missing_value) == "tests/game_data/landsknecht.py has no NO_SUCH_VALUE: give Landsknecht's there"
    with pytest.raises(registry.UnknownGameError):
        expected("whist", "REPLAY")
    assert expected("landsknecht", "REPLAY") == "lk-replay"   # book/landsknecht.md's replay


def test_each_game_gives_the_same_expected_values():
    # a new game copies one module of tests/game_data and fills in every name: the modules
    # give the same public names (the shared helpers they import aside)
    import game_data

    names = {g.slug: {n for n in vars(importlib.import_module(f"game_data.{g.package}"))
                      if not n.startswith("_") and n not in vars(game_data)} for g in registry.GAMES}
    first = names[registry.SLUGS[0]]
    assert first and all(n == first for n in names.values()), names


def _adding_a_game() -> tuple[str, list[str]]:
    """CONTRIBUTING.md's "Adding a game": the section's text, and the per-game files its
    "new files" items list: every backticked path with ``<slug>`` or ``<package>`` in it, its
    ``{a,b}`` choices expanded."""
    import itertools
    import re
    text = (ROOT / "CONTRIBUTING.md").read_text(encoding="utf-8")
    section = text[text.index("## Adding a game"):]
    section = section[:section.index("\n## ", 3)]
    paths = []
    for item in re.findall(r"^- \*\*new files\*\*.*?(?=^- |\n\n)", section, flags=re.S | re.M):
        for token in re.findall(r"`([^`\s]*<(?:slug|package)>[^`\s]*)`", item):
            parts = re.split(r"(\{[^}]*\})", token)
            choices = [p[1:-1].split(",") if p.startswith("{") else [p] for p in parts]
            paths += ["".join(c) for c in itertools.product(*choices)]
    return section, paths


def test_every_new_file_that_adding_a_game_lists_exists_for_each_game():
    # CONTRIBUTING.md tells a contributor which files a fourth game needs; each "new file" it
    # lists exists for each of the three games (a list naming a file no game has, or misspelling
    # one, fails here), and the counts the section states are the number of files it lists.
    import re
    section, paths = _adding_a_game()
    assert len(paths) == len(set(paths)), "a file listed twice"
    stated = [int(n) for n in re.findall(r"^- \*\*new files\*\* \((\d+) ", section, flags=re.M)]
    assert sum(stated) == len(paths), (stated, paths)
    assert f"needs {len(paths)} new files" in " ".join(section.split())
    for g in registry.GAMES:
        for pattern in paths:
            path = pattern.replace("<slug>", g.slug).replace("<package>", g.package)
            assert (ROOT / path).is_file(), f"CONTRIBUTING.md, 'Adding a game': {path} is no file for {g.slug}"
