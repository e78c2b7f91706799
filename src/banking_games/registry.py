"""The book's games, each declared once.

Everything that lists the games (group codes, the class board, Repeat, the
Deal live bridge, JupyterLite's notebooks, the exercise sheets, the handouts,
the benchmarks, the tests) iterates :data:`GAMES` or asks :func:`game` for one
by its slug; a game's classroom pieces (its lesson's session, events, bets,
count rules and repeat plan) are its ``classroom`` module, all with the same
names (:mod:`banking_games.classroom`). An
unknown slug is an error (:class:`UnknownGameError`), never taken for
another game. This module imports nothing of the games: each game's modules
are named here and imported when asked for (:meth:`GameInfo.module`), so the
registry sits below every other layer.

A fourth game adds one :class:`GameInfo` here and its own modules (see
CONTRIBUTING.md, "Adding a game").
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from types import ModuleType

from .errors import ConfigError, short_repr
from .i18n import pgettext

__all__ = ["GameInfo", "GAMES", "SLUGS", "UnknownGameError", "game"]


class UnknownGameError(ConfigError):
    """A game's slug that the registry does not know."""


@dataclass(frozen=True)
class GameInfo:
    """One game of the book.

    Attributes:
        slug: its name in page names, group codes and storage keys
            (``"banker-and-broker"``).
        letter: its letter in a group code (``"B"``).
        title: its name in prose (``"Banker and Broker"``).
        package: its modules' name under ``games``, ``exact``,
            ``simulate``, ``display``, ``classroom`` and ``widgets`` (``"banker_broker"``).
        table: the class name of its dealing table in ``widgets.<package>``.
        lesson_first_seed: the seed of group 1 in its lesson; group ``g`` uses
            ``lesson_first_seed + g - 1`` (:func:`banking_games.classroom.teaching.lesson_seeds`).
    """

    slug: str
    letter: str
    title: str
    package: str
    table: str
    lesson_first_seed: int

    def module(self, layer: str) -> ModuleType:
        """This game's module of ``layer`` (``"games"``, ``"exact"``,
        ``"simulate"``, ``"display"``, ``"classroom"`` or ``"widgets"``), imported now.

        Raises:
            ConfigError: ``layer`` is not one of those.
        """
        if layer not in LAYERS:
            raise ConfigError(f"a game's modules are in {', '.join(LAYERS)}; got {short_repr(layer)}")
        return importlib.import_module(f"banking_games.{layer}.{self.package}")

    @property
    def name(self) -> str:
        """Its name in prose in the language in use (:func:`banking_games.i18n.set_language`),
        as that edition's pages name it: ``"Landsknecht"``, German ``"Landsknecht"``, Russian
        ``"Ландскнехт"``. :attr:`title` stays the English name (group codes, lookups)."""
        return pgettext("game", self.title)

    @property
    def table_module(self) -> str:
        """The dotted name of the module of its dealing table."""
        return f"banking_games.widgets.{self.package}"

    def table_class(self) -> type:
        """Its dealing table's class (imports ipywidgets)."""
        return getattr(self.module("widgets"), self.table)

    @property
    def notebook(self) -> str:
        """Its JupyterLite notebook (made from ``book/_lite/<slug>.py``)."""
        return f"{self.slug}.ipynb"


LAYERS = ("games", "exact", "simulate", "display", "classroom", "widgets")

GAMES: tuple[GameInfo, ...] = (
    GameInfo("hoggenheimer", "H", "Hoggenheimer", "hoggenheimer", "HoggenheimerTable", 101),
    GameInfo("banker-and-broker", "B", "Banker and Broker", "banker_broker", "BankerBrokerTable", 201),
    GameInfo("landsknecht", "L", "Landsknecht", "landsknecht", "LandsknechtTable", 301),
)
"""The games, in the book's order."""


def _names_for_translators() -> None:   # pragma: no cover (never called)
    """Marks the games' names for the catalogues (scripts/package_i18n.py reads ``pgettext``),
    in the context ``"game"``: a game's name as a title, apart from the same word in a sentence."""
    pgettext("game", "Hoggenheimer"), pgettext("game", "Banker and Broker"), pgettext("game", "Landsknecht")

SLUGS: tuple[str, ...] = tuple(g.slug for g in GAMES)
"""Their slugs, in the book's order."""

_BY_SLUG = {g.slug: g for g in GAMES}


def game(slug: object) -> GameInfo:
    """The game whose slug is ``slug``.

    Raises:
        UnknownGameError: no game has that slug (the message lists the slugs).
    """
    try:
        return _BY_SLUG[slug]  # type: ignore[index]
    except (KeyError, TypeError):
        raise UnknownGameError(f"unknown game {short_repr(slug)}: one of {', '.join(SLUGS)}") from None
