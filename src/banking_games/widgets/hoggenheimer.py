"""A Hoggenheimer dealing table for Jupyter (ipywidgets 8).

A thin view over the rules engine :mod:`banking_games.games.hoggenheimer`:
the legal bets (:func:`~banking_games.games.hoggenheimer.all_bets`,
:func:`~banking_games.games.hoggenheimer.make_bet`), their payout odds, when
a bet may be placed, what each turned card does under either procedure, how
every bet settles and who holds the bank next
(:func:`~banking_games.games.hoggenheimer.next_banker`) all come from the
engine. This module collects the reader's input, calls the engine and draws
what it reports with :mod:`banking_games.display.hoggenheimer`. An action the
engine refuses shows the engine's message in the table's message bar; the
engine has left the state as it was.

Usage in a notebook::

    from banking_games.widgets.hoggenheimer import HoggenheimerTable
    HoggenheimerTable(seed=2026)
"""

from __future__ import annotations

import html
import random
from fractions import Fraction
from typing import Hashable, Sequence

import ipywidgets as widgets

from . import plain
from ..i18n import N_, _, error_text, ngettext, phrase_text
from ..formatting import number as number_text
from ..classroom import hoggenheimer as lesson
from ..cards import hoggenheimer_pack
from ..cards import rank_name
from ..display.hoggenheimer import bets_html, layout_cells, layout_html, side_html, turn_order_html
from ..errors import BetError, CardError, ConfigError, Phrase, RuleError, short_repr
from ..games.hoggenheimer import (PAYOUT_ODDS, PROCEDURES, RANK_COLUMNS, SUIT_ROWS, Bet, BetKind, BetPlaced,
                                  CardTurned, HoggenheimerConfig, HoggenheimerDeal, all_bets, card_at,
                                  choose_first_banker, make_bet, next_banker)
from ..money import WIN, Settlement
from ..render import MUTED_COLOUR, card_text
from .common import (DealingTable, BankrollChart, DealReplay, MessageBar, bankroll_html, check_players_arg, check_seed, count_text, number_field, parse_seed, fmt_amount,
                     guarded, note_html, parse_players, pending_text, plural, record_deal,
                     settled_text, settlement_tables, sync_options)
from .layout_picker import LayoutPicker
from .group_code_view import lesson_setting_problem
from .repeat import RepeatPanel

__all__ = ["HoggenheimerTable", "DEFAULT_PLAYERS", "DEFAULT_SEED", "bet_options", "frame_html",
           "deal_frames", "settlement_html", "short_bet_error", "BET_HELP", "PICK_HELP", "bet_button_name",
           "turn_text", "bet_text"]

DEFAULT_PLAYERS = lesson.DEFAULT_PLAYERS
"""The players seated at a new table (the lesson's groups leave them as they are), in seating
order (each one's left
neighbour is the next); the first holds the bank first."""
DEFAULT_SEED = 2026
"""The seed a new table deals with unless told otherwise."""

_REPLAY_CLOSED = N_("Open this panel to draw the deal.")
_PROCEDURE_LABELS = {"english": N_("English (face-down layout, follow the chain)"),
                     "german": N_("German (turn straight from the pack)")}


_KIND_WORDS = (N_("card"), N_("pair"), N_("square"), N_("rank"), N_("suit"))
"""The kinds of bet (the engine's ``BetKind`` values), marked for the catalogue."""


def _kind_counts() -> dict[BetKind, int]:
    counts: dict[BetKind, int] = {}
    for bet in all_bets():
        counts[bet.kind] = counts.get(bet.kind, 0) + 1
    return counts


def bet_options(kind: BetKind) -> list[tuple[str, Bet]]:
    """The engine's legal bets of one kind (:func:`all_bets`, in its order) as
    ``(label, bet)`` pairs for a dropdown, e.g.
    ``("square 9H 8H 9D 8D  (9♥ 8♥ 9♦ 8♦)", Bet(...))``."""
    return [(f"{b.name}  ({' '.join(c.label for c in b.cards)})", b) for b in all_bets() if b.kind is kind]


def _procedure_name(procedure: str) -> str:
    """``"English"``, ``"German"``: a procedure as the chapter names it."""
    return {"english": _("English"), "german": _("German")}.get(procedure, procedure.capitalize())


def turn_text(event: CardTurned) -> str:
    """A turned card as the reader sees it at the table, cards named with
    their suit symbols as drawn: ``"card 3: J♥ (taken up from the 7♠
    cell), now face up on its own cell"``, ``"card 9: the Joker (from the
    pack); the deal ends"``. (The engine's transcript line,
    :meth:`~banking_games.games.hoggenheimer.CardTurned.describe`, spells
    the cards as typed: ``"turn 3: JH ..."``.)"""
    if isinstance(event.source, tuple):
        source = _("taken up from the {card} cell").format(card=card_at(*event.source).label)
    elif event.source == "side":
        source = _("the 33rd card, from the side")
    else:
        source = _("from the pack")
    if event.ends_deal:
        return _("card {number}: the Joker ({source}); the deal ends").format(number=event.number, source=source)
    return _("card {number}: {card} ({source}), now face up on its own cell").format(
        number=event.number, card=event.card.label, source=source)


def bet_text(event: BetPlaced) -> str:
    """A bet placed, as the reader sees it: ``"Bet 1: Anna stakes 1 on 7♠
    and 7♥ (pays 2 to 1); chip 1 marks it on the layout."``"""
    p = event.placed
    return _("Bet {number}: {player} stakes {stake} on {bet} (pays {odds} to 1); chip {number} marks it on the "
             "layout.").format(number=p.number, player=p.player, stake=fmt_amount(p.stake).lstrip('+'),
                               bet=p.bet.label, odds=p.bet.odds)


def _log_text(deal: HoggenheimerDeal) -> str:
    """The deal's transcript for the table's event log, cards with their suit symbols."""
    return card_text(deal.transcript())


def frame_html(deal: HoggenheimerDeal, *, title: str | None = None, reveal: bool = False,
               with_bets: bool = False, layout: bool = True) -> str:
    """One picture of a deal as it lies now: the layout with the bets'
    chips (numbered as in the bets table), the card(s) still to turn, the
    cards turned so far in order and, if ``with_bets``, the table of bets
    (with each result and net once the deal is over). Reads the deal only.
    With ``layout=False`` the layout itself is left out (the live table
    draws it as buttons, :class:`~banking_games.widgets.layout_picker.LayoutPicker`)
    and the card(s) still to turn are drawn alone."""
    bets = (str(bets_html(deal)) if with_bets and deal.bets else "")
    drawn = layout_html(deal, title=title, reveal=reveal) if layout else side_html(deal, reveal)
    return (str(drawn)
            + f'<div style="margin:4px 0 0 0"><span style="font-size:85%;color:{MUTED_COLOUR}">{_("Turned so far:")}</span>'
            + str(turn_order_html(deal)) + "</div>" + bets)


def _frame_title(deal: HoggenheimerDeal, prefix: str = "") -> str:
    turns = [e for e in deal.history if isinstance(e, CardTurned)]
    if not turns:
        n = len(deal.bets)
        return prefix + ngettext("{n} bet placed; no card turned yet", "{n} bets placed; no card turned yet",
                                 n).format(n=n)
    text = turn_text(turns[-1])
    return prefix + text[:1].upper() + text[1:]


def deal_frames(deal: HoggenheimerDeal, *, prefix: str = "") -> list[str]:
    """The frames of a deal for a :class:`~banking_games.widgets.common.DealReplay`:
    frame 0 is the layout with every bet placed and no card turned, frame
    ``k`` the layout after the ``k``-th card turned, up to where ``deal`` is
    now; each with the table of bets (:func:`frame_html` with ``with_bets``),
    which shows each result and net in the last frame of a finished deal.

    The deal is re-dealt by the engine from its own deck order, config,
    banker and bets (``deal`` itself is not changed), so this works on a
    finished deal.

    Args:
        deal: a :class:`~banking_games.games.hoggenheimer.HoggenheimerDeal`.
        prefix: text put before each frame's title (e.g. ``"Deal 3: "``).

    Returns:
        ``1 + (cards turned in deal)`` HTML strings.
    """
    again = HoggenheimerDeal(deal.config, deck=deal.deck, banker=deal.banker)
    for placed in deal.bets:
        again.place_bet(placed.player, placed.bet, placed.stake)
    frames = [frame_html(again, title=_frame_title(again, prefix), with_bets=True)]
    for _ in range(sum(1 for e in deal.history if isinstance(e, CardTurned))):
        again.turn()
        frames.append(frame_html(again, title=_frame_title(again, prefix), with_bets=True))
    return frames


def settlement_html(deal: HoggenheimerDeal, settlement: Settlement) -> str:
    """The settlement of a finished deal as HTML: each bet (numbered as on
    the layout) with its cards, result and net, payout odds, stake and the
    amount paid back to the punter; then each punter's net and the
    banker's net. Reads the engine's :class:`~banking_games.money.Settlement`."""
    # result and net come right after the bet, so that a phone shows them without scrolling
    rows = [(placed.number, placed.player, placed.bet.label, _("won") if result.outcome == WIN else _("lost"),
             fmt_amount(result.net), _("{odds} to 1").format(odds=placed.bet.odds), placed.stake,
             result.stake + result.net)
            for placed, result in zip(deal.bets, settlement.results)]
    return settlement_tables(("#", _("punter"), _("bet"), _("result"), _("net"), _("odds"), _("stake"),
                              _("paid back")), rows,
                             settlement, deal.banker, right=(0, 4, 6, 7))


def _cut_text(cut) -> str:
    """The high cut for the first bank, cards with their suit symbols:
    ``"Cut 1: Anna J♥, Ben 10♦; Anna cuts highest."``"""
    rounds = [_("cut {number}: {cards}").format(number=i, cards=", ".join(f"{p} {c.label}" for p, c in r.cards))
              for i, r in enumerate(cut.rounds, 1)]
    text = "; ".join(rounds + [_("{winner} cuts highest").format(winner=cut.winner)])
    return text[:1].upper() + text[1:] + "."


BET_HELP = N_("Try e.g. 'JH', '7S 7H' or 'tens'; every kind of bet is in the table under 'The bets' in the chapter.")
"""The short help after a refused typed bet (the chapter's table is ``hog-bets``)."""


PICK_HELP = N_("Tap a cell to bet on its card, a cell beside it for a pair, then a cell beside the pair for a "
             "square (diagonals are no bet); a cell further off, or a chosen one, starts again. A suit or rank "
             "at a row's or column's head bets on the whole row or column. By keyboard: Tab to the layout, then the arrow keys (or Tab where the arrows do not move), and Enter.")
"""The line of help under the live layout (how clicks choose a bet)."""


def bet_button_name(bet: Bet) -> str:
    """A layout button's accessible name: ``"back the jack of hearts"``,
    ``"back all the 10s"``, ``"back all the diamonds"`` (the engine's
    name of the bet)."""
    return (_("back the {bet}") if bet.kind is BetKind.CARD else _("back {bet}")).format(bet=bet.name)


def short_bet_error(exc: Exception, limit: int = 90) -> str:
    """A refused typed bet, said briefly: what was wrong (the first clause of
    the engine's message, at most ``limit`` characters) and :data:`BET_HELP`.

    The engine's own message also lists every legal shape (about 500
    characters); a reader typing a bet needs what was wrong and an example.

    Args:
        exc: the :class:`~banking_games.errors.BetError` or
            :class:`~banking_games.errors.CardError` raised by ``make_bet``.
        limit: the most characters kept of what was wrong.

    Returns:
        The message (str), at most ``limit + 2 + len(BET_HELP)`` characters.
    """
    what = getattr(exc, "params", {}).get("what")
    if isinstance(what, Phrase):   # the engine says what was wrong apart from the list of shapes
        what = phrase_text(what).strip().rstrip(".")
    else:
        what = error_text(exc).split("; ")[0].strip().rstrip(".")
    if len(what) > limit:
        what = what[:limit - 1].rstrip() + "…"
    return f"{what}{'' if what.endswith('…') else '.'} {_(BET_HELP)}"



class HoggenheimerTable(DealingTable):
    """An interactive Hoggenheimer table: bet, turn cards, settle, deal again.

    A session of deals at one table. Every deal is shuffled from one
    ``random.Random(seed)`` made when the session starts, so the same seed
    gives the same sequence of deals whatever bets are placed or procedure
    chosen, and a class can all deal the same game. The first player listed
    holds the bank first (the English text has the first banker cut high;
    here the reader chooses by the seating order); after each deal the bank
    passes by the engine's :func:`~banking_games.games.hoggenheimer.next_banker`.

    Controls (attributes, for driving the table from code or tests):
        punter (Dropdown): who places the next bet (every player but the banker).
        kind (Dropdown of :class:`~banking_games.games.hoggenheimer.BetKind`):
            the kind of bet; ``bet`` (Dropdown of
            :class:`~banking_games.games.hoggenheimer.Bet`) then lists the
            engine's legal bets of that kind.
        typed_bet (Text): type a bet ('7S 7H', 'tens', 'diamonds'): the
            engine reads it and the two dropdowns jump to it.
        stake (Text): the stake in units, e.g. ``2`` or ``1/2``.
        bet_button, turn_button, end_button, new_deal_button (Button):
            'Place bet', 'Turn a card', 'Deal to the end', 'New deal'.
        procedure (Dropdown): the config's ``procedure``; it applies from
            the next deal ('New deal' or 'New session').
        reveal (Checkbox): draw face-down cards faded (a teacher's view).
        players_field (Text), seed_field (Text, read by :func:`~banking_games.widgets.common.parse_seed`), new_session_button
            (Button): the session settings, applied by 'New session'.
    Views: ``header``, ``message`` (:class:`~banking_games.widgets.common.MessageBar`),
    ``table`` (the layout), ``bets_view``, ``settlement_view``,
    ``bankroll_view``, ``chart``, ``replay`` (a
    :class:`~banking_games.widgets.common.DealReplay` of the current deal,
    one frame per card turned; drawn while its panel is open or after
    :meth:`show_replay`), ``log_view`` (the deal's transcript),
    ``lesson_code``, ``repeat`` (the Repeat panel). The folded panels'
    widgets (``replay``, ``log_view``, ``lesson_code``, the Repeat panel's
    controls) are made when their panel is first opened or the attribute
    first read, not with the table (see
    :meth:`~banking_games.widgets.common.DealingTable._fold_panels`).

    Args:
        players: names in seating order (two or more, distinct); the first
            holds the bank first.
        seed: an ``int`` seed for the session's shuffles.
        procedure: ``"english"`` or ``"german"`` (see
            :class:`~banking_games.games.hoggenheimer.HoggenheimerConfig`).

    Raises:
        ConfigError: bad procedure, seed or duplicate names.
        RuleError: fewer than two players (from the engine).

    State (read only): ``deal`` (the current or just finished deal),
    ``deal_number``, ``settlement`` (of ``deal`` once over, else ``None``),
    ``history`` (name -> running nets, index 0 before the first deal),
    ``bankers`` (who held the bank in each settled deal), ``players``,
    ``seed``, ``last_action_seconds``.
    """

    GAME_TITLE = "Hoggenheimer"
    CSS_CLASS = "bg-hoggenheimer-table"

    def __init__(self, players: Sequence[Hashable] = DEFAULT_PLAYERS, seed: int = DEFAULT_SEED, *,
                 procedure: str = "english") -> None:
        players = check_players_arg(players)
        self._start_table()
        wide = {"description_width": "initial"}
        self.punter = widgets.Dropdown(description=_("Punter"), style=wide, layout=widgets.Layout(width="160px"))
        counts = _kind_counts()
        self.kind = widgets.Dropdown(
            options=[(_("{kind} ({odds} to 1; {count} bets)").format(kind=_(k.value), odds=PAYOUT_ODDS[k],
                                                                     count=counts[k]), k) for k in BetKind],
            value=BetKind.CARD, description=_("Bet on a"), style=wide, layout=widgets.Layout(width="260px"))
        self.kind.add_class("bg-fit-select")   # on a phone, the whole row: "квадрат (4 к 1; ставок: 21)" is long
        self._bet_options = {k: bet_options(k) for k in BetKind}
        self.bet = widgets.Dropdown(options=self._bet_options[BetKind.CARD], description=_("Bet"), style=wide,
                                    layout=widgets.Layout(width="340px"))
        self.typed_bet = widgets.Text(value="", description=_("or type"), placeholder=_("e.g. 7S 7H, tens, diamonds"),
                                      continuous_update=False, style=wide, layout=widgets.Layout(width="250px"))
        self.stake = widgets.Text(value="1", description=_("Stake"), style=wide, layout=widgets.Layout(width="110px"))
        self.bet_button = plain.Button(description=_("Place bet"), button_style="primary", icon="coins")
        self.turn_button = plain.Button(description=_("Turn a card"), icon="hand-point-up")
        self.end_button = plain.Button(description=_("Deal to the end"), icon="forward")
        self.new_deal_button = plain.Button(description=_("New deal"), button_style="success", icon="redo")
        self.procedure = widgets.Dropdown(options=[(_(_PROCEDURE_LABELS[p]) if p in _PROCEDURE_LABELS else p, p) for p in PROCEDURES],
                                          value=procedure if procedure in PROCEDURES else PROCEDURES[0],
                                          description=_("Procedure"), style=wide,
                                          layout=widgets.Layout(width="380px"))
        self.procedure.add_class("bg-fit-select")
        self.reveal = widgets.Checkbox(value=False, description=_("show face-down cards (faded)"), indent=False,
                                       layout=plain.shared("layout"))
        self.players_field = widgets.Text(value=", ".join(str(p) for p in players), description=_("Players"),
                                          placeholder=_("names, separated by commas, in seating order"),
                                          style=wide, layout=widgets.Layout(width="320px"))
        self.seed_field = number_field(seed if isinstance(seed, int) else 0, _("Seed"), "150px")
        self.new_session_button = plain.Button(description=_("New session"), icon="users")
        self.table = plain.HTML()
        self._cell_bets = [[make_bet(card_at(r, c)) for c in range(len(RANK_COLUMNS))]
                           for r in range(len(SUIT_ROWS))]
        self._row_bets = [make_bet([card_at(r, c) for c in range(len(RANK_COLUMNS))]) for r in range(len(SUIT_ROWS))]
        self._column_bets = [make_bet([card_at(r, c) for r in range(len(SUIT_ROWS))])
                             for c in range(len(RANK_COLUMNS))]
        self.picker = LayoutPicker(
            [(s.symbol, card_at(r, 0).is_red, bet_button_name(b))
             for r, (s, b) in enumerate(zip(SUIT_ROWS, self._row_bets))],
            [(rank_name(r), bet_button_name(b)) for r, b in zip(RANK_COLUMNS, self._column_bets)],
            [[bet_button_name(b) for b in line] for line in self._cell_bets],
            on_cell=self.pick_cell, on_row=self.pick_row, on_column=self.pick_column, help_text=_(PICK_HELP))
        self._fresh = True  # the next click on a cell starts a new choice (nothing chosen by the reader yet)
        self.bets_view = plain.HTML()
        self.settlement_view = plain.HTML()
        self.bankroll_view = plain.HTML()
        self.chart = BankrollChart()

        self._selecting = False
        self.deal: HoggenheimerDeal | None = None
        self.settlement: Settlement | None = None
        self._frames: list[str] = []
        self._begin_session(tuple(players), seed, procedure)  # errors raise here (construction)

        self.kind.observe(self._on_kind, names="value")
        self.typed_bet.observe(self._on_typed, names="value")
        self.bet.observe(self._on_bet_chosen, names="value")
        self.reveal.observe(lambda _: self._render(), names="value")
        for field in (self.players_field, self.seed_field, self.procedure):
            field.observe(lambda _: self._on_setting(), names="value")
        self.bet_button.on_click(lambda _: self.place_bet())
        self.turn_button.on_click(lambda _: self.turn())
        self.end_button.on_click(lambda _: self.deal_to_end())
        self.new_deal_button.on_click(lambda _: self.new_deal())
        self.new_session_button.on_click(lambda _: self.new_session())

        row = widgets.Layout(flex_flow="row wrap", align_items="center")
        settings = plain.HBox([self.players_field, self.seed_field, self.procedure, self.new_session_button],
                                layout=row)
        settings.add_class("bg-settings")
        # replay, event log, the lesson's group code (issue 20): made when first opened (issue 22); the
        # replay's frames are drawn by _sync_replay when its panel opens
        self._fold_panels(lambda: DealReplay([f"<i>{html.escape(_(_REPLAY_CLOSED))}</i>"],
                                                  size=len(hoggenheimer_pack()) + 1, label=_("Card")))
        money = plain.HBox([self.bankroll_view, self.chart], layout=row)
        self._assemble([
            settings,
            note_html(html.escape(_("Players sit in the order listed (each one's left neighbour is the next); "
                                    "the first holds the bank first. The same seed deals the same cards. 'New "
                                    "session' applies these settings; a new procedure also applies from the "
                                    "next 'New deal'."), quote=False)),
            self.header,
            plain.HBox([self.punter, self.kind, self.bet], layout=row),
            plain.HBox([self.typed_bet, self.stake, self.bet_button], layout=row),
            plain.HBox([self.turn_button, self.end_button, self.new_deal_button, self.reveal], layout=row),
            self.message, plain.HBox([self.picker, self.table], layout=widgets.Layout(
                flex_flow="row wrap", align_items="flex-start", grid_gap="0 16px")), self.picker.help,
            self.bets_view, self.settlement_view, money, self.more])
        self.repeat = RepeatPanel(self)  # Repeat: many deals with the same bets (issue 20)
        self.children = (*self.children, self.repeat)

    # ---------------------------------------------------------------- session
    def _begin_session(self, players: tuple, seed: object, procedure: str) -> None:
        """Check the settings, build the first deal; assign nothing until all succeed."""
        check_seed(seed)
        config = HoggenheimerConfig(procedure)  # ConfigError for an unknown procedure
        if len(set(players)) != len(players):
            repeated = sorted({str(p) for p in players if players.count(p) > 1})
            raise ConfigError.of("each player needs a different name; repeated: {names}",
                                 names=short_repr(', '.join(repeated)))
        next_banker(players, players[0] if players else None)  # the engine's check: two or more players
        # The first banker is chosen by a high cut (the engine's one cut,
        # shared with Banker and Broker), from its own random source so that
        # the deals of a seed do not depend on how the cut went.
        cut = choose_first_banker(players, rng=random.Random(f"{seed}:first banker"))
        rng = random.Random(seed)
        deal = HoggenheimerDeal(config, rng=rng, banker=cut.winner)
        self.first_banker_cut = cut
        self.players, self.seed, self._rng = players, seed, rng
        self.deal, self.settlement, self.deal_number = deal, None, 1
        # why this session's deals are not the lesson's (group code), "" while they are
        self.off_lesson = lesson_setting_problem("hoggenheimer", players, config)
        self.history = {p: [Fraction(0)] for p in players}
        self.bankers: list = []
        self._frames = []
        self._fresh = True
        self._start_message()

    def _start_message(self) -> None:
        cut = f"{_cut_text(self.first_banker_cut)} " if self.deal_number == 1 and getattr(
            self, "first_banker_cut", None) else ""
        self.message.info(cut + _("Deal {number} ({procedure} procedure): {banker} holds the bank. Place bets, "
                                   "then turn cards; the deal ends when the Joker shows.").format(
            number=self.deal_number, procedure=_procedure_name(self.deal.procedure), banker=self.deal.banker)
                          + pending_text(self._pending()))

    def _pending(self) -> list[str]:
        """The settings fields that differ from the session in play."""
        changed = []
        if parse_players(self.players_field.value) != tuple(str(p) for p in self.players):
            changed.append(_("players"))
        if self._typed_seed() != self.seed:
            changed.append(_("seed"))
        return changed

    def _typed_seed(self) -> int | None:
        """The seed typed in ``seed_field``, or ``None`` if it cannot be read."""
        try:
            return parse_seed(self.seed_field.value)
        except ConfigError:
            return None

    @guarded
    def _on_setting(self) -> None:
        """Tell the reader when a changed setting takes effect (nothing changes
        now); a seed that cannot be used is refused at once."""
        parse_seed(self.seed_field.value)
        text = pending_text(self._pending()).strip()
        if self.procedure.value != self.deal.procedure:
            text = (_("The {new} procedure applies from the next 'New deal' (or 'New session'); this deal stays "
                      "{old}. ").format(new=_procedure_name(self.procedure.value),
                                         old=_procedure_name(self.deal.procedure)) + text).strip()
        if text:
            self.message.info(text)

    # ---------------------------------------------------------------- inputs
    def _on_kind(self, change) -> None:
        self.bet.options = self._bet_options[change["new"]]

    @guarded
    def select_bet(self, spec: object) -> Bet:
        """Read a bet with the engine's :func:`make_bet` and show it in the
        ``kind`` and ``bet`` dropdowns. Refused (message shown, dropdowns
        unchanged) if the engine cannot read it: the message says what was
        wrong, gives a few legal bets and points to the chapter's table of
        bets, in under 200 characters (:func:`short_bet_error`)."""
        bet = self._read_bet(spec)
        self.message.info(_("Selected {bet} (pays {odds} to 1).").format(bet=bet.label, odds=bet.odds))
        return bet

    def _read_bet(self, spec: object) -> Bet:
        """:meth:`select_bet` without the message: raises ``BetError`` or
        ``CardError`` (short text) if the engine cannot read ``spec``."""
        try:
            bet = make_bet(spec)
        except (BetError, CardError) as exc:
            raise type(exc)(short_bet_error(exc)) from None
        self._selecting = True   # the dropdowns follow the typed bet: keep the typed text
        try:
            if self.kind.value is not bet.kind:
                self.kind.value = bet.kind
            self.bet.value = bet
        finally:
            self._selecting = False
        return bet

    def _on_bet_chosen(self, change) -> None:
        """A bet chosen in the dropdowns replaces a typed one: the typed text is
        cleared, so that the field never disagrees with the bet placed. The
        layout marks the cells of the bet chosen."""
        self._fresh = False
        self._show_choice()
        if self._selecting or not self.typed_bet.value.strip():
            return
        try:
            typed = make_bet(self.typed_bet.value)
        except (BetError, CardError):
            typed = None
        if typed != change["new"]:
            self.typed_bet.value = ""

    def _on_typed(self, change) -> None:
        if str(change["new"]).strip():
            self.select_bet(change["new"])

    # ---------------------------------------------------------------- the layout's buttons
    def _chosen_bet(self) -> Bet:
        """The bet 'Place bet' would place now (the dropdowns follow a readable typed bet)."""
        return self.bet.value

    def _show_choice(self) -> None:
        """Mark on the layout the cells (and the row or column head) of the bet chosen now."""
        bet = self._chosen_bet()
        cells = set(bet.cells) if bet is not None else set()
        row = self._row_bets.index(bet) if bet in self._row_bets else None
        column = self._column_bets.index(bet) if bet in self._column_bets else None
        self.picker.choose(cells, row=row, column=column)

    def _choose(self, bet: Bet) -> None:
        """Show ``bet`` in the dropdowns as if the reader had picked it there
        (a typed bet that differs is cleared), mark it on the layout, say so."""
        if self.kind.value is not bet.kind:
            self.kind.value = bet.kind
        self.bet.value = bet
        self._show_choice()
        self._fresh = False
        self.message.info(_("Chosen: {bet} (pays {odds} to 1). 'Place bet' puts the stake on it.").format(
            bet=bet.label, odds=bet.odds))

    @guarded
    def pick_cell(self, row: int, column: int) -> Bet:
        """A click on the layout's cell ``(row, column)`` (rows spades to
        clubs, columns A to 7; the cell is known by its place, since the
        card lying there may be face down).

        The first click after a bet is placed (or a new deal), a click on
        a cell already chosen, a click while four or more cells are chosen
        (a square, a row, a column), or on a cell that touches none of the
        chosen cells (not even at a corner), chooses the bet on that cell's card
        (in the English layout, the card whose home it is:
        :func:`~banking_games.games.hoggenheimer.card_at`). A click on a
        cell that touches the chosen card or pair adds it to them: to one
        card, that cell (a pair if they are side by side); to a pair, the
        cells of the smallest rectangle holding it and the new one (a pair
        and a cell beside it make the 2x2 square). The engine's :func:`make_bet` says
        whether that is a bet; if not, the engine's reason is shown and the
        choice is unchanged.

        Returns:
            The bet chosen (``None`` if refused).
        """
        cell = (row, column)
        current = self._chosen_bet()
        growing = current is not None and len(current.cells) <= 2  # a card or a pair may grow
        touches = growing and any(abs(r - row) <= 1 and abs(c - column) <= 1 for r, c in current.cells)
        if self._fresh or not touches or cell in current.cells:
            bet = self._cell_bets[row][column]
        else:
            cells = set(current.cells) | {cell}
            if len(current.cells) > 1:
                rows = range(min(r for r, _ in cells), max(r for r, _ in cells) + 1)
                columns = range(min(c for _, c in cells), max(c for _, c in cells) + 1)
                cells = {(r, c) for r in rows for c in columns}
            try:
                bet = make_bet([card_at(r, c) for r, c in sorted(cells)])
            except (BetError, CardError) as exc:
                what = str(exc).split("; ")[0].strip().rstrip(".")
                raise type(exc)(card_text(what + ". " + _("Tap a chosen cell to start again from it."))) from None
        self._choose(bet)
        return bet

    @guarded
    def pick_row(self, row: int) -> Bet:
        """A click on a row's head (its suit): choose the bet on the whole row."""
        bet = self._row_bets[row]
        self._choose(bet)
        return bet

    @guarded
    def pick_column(self, column: int) -> Bet:
        """A click on a column's head (its rank): choose the bet on the whole column."""
        bet = self._column_bets[column]
        self._choose(bet)
        return bet

    # ---------------------------------------------------------------- actions
    @guarded
    def new_session(self) -> None:
        """Start a new session from the settings fields (players, seed,
        procedure). Refused (message shown, table unchanged) if they are not
        allowed."""
        self._begin_session(parse_players(self.players_field.value), parse_seed(self.seed_field.value),
                            self.procedure.value)
        self.repeat.follow_table_seed()
        self._render()

    @guarded
    def place_bet(self) -> None:
        """Place the stake in ``stake`` for ``punter`` on the bet typed in
        ``typed_bet``, or, if that field is blank, the bet in ``bet``. A typed
        bet the engine cannot read is refused (message with examples), and no
        bet is placed: the dropdowns' bet never stands in for it."""
        typed = self.typed_bet.value.strip()
        bet = self._read_bet(typed) if typed else self.bet.value
        placed = self.deal.place_bet(self.punter.value, bet, self.stake.value)
        self._frames = []  # the picture before the first turn has changed
        self._fresh = True  # the next click on the layout starts a new bet
        self.message.info(bet_text(self.deal.history[-1]))
        self._render()

    @guarded
    def turn(self) -> None:
        """Turn one card; settle the deal if it was the Joker."""
        event = self.deal.turn()
        self._after_turn()
        text = turn_text(event)
        self.message.info(text[:1].upper() + text[1:] + "." + self._end_text())
        self._render()

    @guarded
    def deal_to_end(self) -> None:
        """Turn cards until the Joker shows, then settle."""
        before = sum(1 for e in self.deal.history if isinstance(e, CardTurned))
        events = [self.deal.turn()]  # refused with DealOverError if already over: state unchanged
        while not self.deal.is_over:
            events.append(self.deal.turn())
        self._after_turn()
        self.message.info(count_text(len(events), before, "card", turn_text(events[-1])) + "."
                          + self._end_text())
        self._render()

    @guarded
    def new_deal(self) -> None:
        """Start the next deal: the bank passes by the engine's
        ``next_banker``; the procedure is read from ``procedure``. Refused
        while the current deal is not over (the engine settles only after
        the Joker)."""
        if self.settlement is None:
            try:
                self.deal.settle()  # the engine refuses while the Joker has not shown
            except RuleError:
                raise RuleError.of("finish this deal first: turn cards ('Turn a card' or 'Deal to the end') "
                                   "until the Joker shows") from None
        config = HoggenheimerConfig(self.procedure.value)
        banker = next_banker(self.players, self.deal.banker)
        self.deal = HoggenheimerDeal(config, rng=self._rng, banker=banker)
        self.settlement = None
        self.deal_number += 1
        self.off_lesson = self.off_lesson or lesson_setting_problem("hoggenheimer", self.players, config)
        self._frames = []
        self._fresh = True
        self._start_message()
        self._render()

    def _after_turn(self) -> None:
        if self.deal.is_over and self.settlement is None:
            settlement = self.settlement = self.deal.settle()
            banker = self.deal.banker
            gain = {p: settlement.banker_net if p == banker else settlement.player_net.get(p, Fraction(0))
                    for p in self.players}
            record_deal(self.history, self.bankers, banker, {p: self.history[p][-1] + gain[p] for p in self.players})

    def _end_text(self) -> str:
        if self.settlement is None:
            return ""
        return (f" {settled_text(self.deal.banker, self.settlement)} "
                + _("Click 'New deal': the bank passes to {banker}.").format(
                    banker=next_banker(self.players, self.deal.banker)))

    # ---------------------------------------------------------------- drawing
    def _sync_replay(self) -> None:
        """Bring ``replay`` up to the current deal, one frame per card turned.

        Frames are drawn only while the 'Step through this deal' panel is
        open (drawing a frame takes about a millisecond; a deal has up to 34),
        or when :meth:`show_replay` is called; frames of earlier turns are
        kept, missing ones are re-dealt by :func:`deal_frames`."""
        if self.more.selected_index != 0:
            return
        deal = self.deal
        prefix = _("Deal {number}: ").format(number=self.deal_number)
        turns = sum(1 for e in deal.history if isinstance(e, CardTurned))
        if len(self._frames) < turns:
            self._frames = deal_frames(deal, prefix=prefix)
        else:
            self._frames[turns:] = [frame_html(deal, title=_frame_title(deal, prefix), with_bets=True)]
        self.replay.set_frames(self._frames)

    def _sync_lesson_code(self) -> None:
        """Bring the *Group code for the lesson* section up to date while it is open."""
        if self.more.selected_index == 2:
            finished = self.deal_number - (self.settlement is None)
            self.lesson_code.update("hoggenheimer", self.seed, finished, self.off_lesson, self.players)

    def show_replay(self) -> DealReplay:
        """Open the 'Step through this deal' panel and return ``replay``,
        brought up to date (frame ``k``: the layout after ``k`` cards turned)."""
        self.more.selected_index = 0
        self._sync_replay()
        return self.replay

    def _cell_name(self, bet: Bet) -> str:
        """A cell button's name: the bet, and the bets whose chips lie on the cell."""
        numbers = [str(p.number) for p in self.deal.bets if bet.cells[0] in p.bet.cells]
        if not numbers:
            return bet_button_name(bet)
        chips = ngettext("chip {numbers} here", "chips {numbers} here", len(numbers)).format(
            numbers=", ".join(numbers))
        return f"{bet_button_name(bet)} ({chips})"

    @property
    def drawing(self) -> str:
        """What the table shows of the deal, as HTML: the layout's cells row
        by row (as drawn under their buttons), then the card(s) beside it
        and the cards turned so far (``table``)."""
        cells = "".join(cell.drawing.value for line in self.picker.cells for cell in line)
        return cells + self.table.value

    def _render(self) -> None:
        """Redraw every view from the engine's state."""
        deal = self.deal
        turns = sum(1 for e in deal.history if isinstance(e, CardTurned))
        state = (_("over: the Joker has shown") if deal.is_over
                 else ngettext("{n} card turned", "{n} cards turned", turns).format(n=number_text(turns))
                 if deal.has_started else _("taking bets"))
        self.header.value = (f"<b>Hoggenheimer</b> &middot; "
                             + html.escape(_("{procedure} procedure").format(
                                 procedure=_procedure_name(deal.procedure))) + " &middot; "
                             + _("seed {seed} &middot; deal {number}, banker <b>{banker}</b>").format(
                                 seed=self.seed, number=self.deal_number, banker=html.escape(str(deal.banker)))
                             + f" &middot; {html.escape(state)}")
        sync_options(self.punter, [p for p in self.players if p != deal.banker])
        title = _("Deal {number}: {banker} holds the bank").format(number=self.deal_number, banker=deal.banker)
        self.picker.set_title(title)
        for line, cells, bets in zip(layout_cells(deal, reveal=self.reveal.value), self.picker.cells,
                                     self._cell_bets):
            for drawing, cell, bet in zip(line, cells, bets):
                cell.show(drawing, self._cell_name(bet))
        self._show_choice()
        self.table.value = frame_html(deal, reveal=self.reveal.value, layout=False)
        self._sync_replay()
        self.bets_view.value = ("" if deal.is_over or not deal.bets else
                                f"<b>{html.escape(_('Bets on the table'))}</b>" + str(bets_html(deal)))
        self.settlement_view.value = (settlement_html(deal, self.settlement) if self.settlement is not None
                                      else "")
        self.bankroll_view.value = bankroll_html(self.players, self.history, self.bankers)
        self.chart.draw(self.history)
        self._show_log(_log_text(deal))
        self._sync_lesson_code()
