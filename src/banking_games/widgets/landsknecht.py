"""A Landsknecht dealing table for Jupyter (ipywidgets 8).

A thin view over the rules engine :mod:`banking_games.games.landsknecht`:
every rule (who may bet, which cards can be backed, the stake limits, what a
turned card does, the payout odds, void deals, the bank passing to the left)
is decided by the engine's :class:`~banking_games.games.landsknecht.LandsknechtSession`
and :class:`~banking_games.games.landsknecht.LandsknechtDeal`. This module
only collects the reader's input, calls the engine, and draws what the engine
reports with :func:`banking_games.display.landsknecht.table_html`. An action
the engine refuses shows the engine's message in the table's message bar; the
engine has left the state as it was.

Usage in a notebook::

    from banking_games.widgets.landsknecht import LandsknechtTable
    LandsknechtTable(seed=2026)
"""

from __future__ import annotations

import copy
import dataclasses
import html
from fractions import Fraction
from typing import Hashable, Iterator, Sequence

import ipywidgets as widgets

from ..display.landsknecht import PLAYERS_LABEL, assemble_table, no_players_html, table_html, table_parts
from . import plain
from ..i18n import N_, _, error_text, ngettext
from ..classroom import landsknecht as lesson
from ..render import card_text
from ..errors import ConfigError, GameError, RuleError
from ..games.landsknecht import BET, VOID, LandsknechtConfig, LandsknechtDeal, LandsknechtSession
from ..money import Settlement, to_stake
from ..render import card_text
from .common import (DealingTable, BankrollChart, DealReplay, MessageBar, bankroll_html, bankroll_svg, check_players_arg, check_seed, number_field, parse_seed,
                     count_text, fmt_amount, guarded, note_html, parse_players, pending_text, plural,
                     record_deal, settled_text, settlement_tables, sync_options)
from .group_code_view import lesson_setting_problem
from .repeat import RepeatPanel
from .layout_picker import PickRow, style_html

__all__ = ["LandsknechtTable", "DEFAULT_PLAYERS", "DEFAULT_SEED", "RULE_OPTIONS", "SETTINGS_HELP", "PICK_HELP",
           "settlement_html",
           # shared with the other tables; kept importable from here
           "parse_players", "bankroll_html", "bankroll_svg"]

PICK_HELP = N_("Tap a players' card (or Tab to it and press Enter) to back it, then 'Place bet'.")
"""The line of help under the live table's cards."""

LESSON_HELP = N_("the lesson's deal in one press: stake F (1 on the first players' card), {turns} cards turned, "
                 "then stake L (1 more on that card) if it is still unpaired; then press 'Deal to the end'")
"""The tooltip of the lesson's button (:meth:`LandsknechtTable.lesson_stakes`), its ``{turns}`` the lesson's
:data:`~banking_games.classroom.landsknecht.LATE_TURNS`."""

DEFAULT_PLAYERS = lesson.DEFAULT_PLAYERS
"""The players seated at a new table (the lesson's groups leave them as they are), in seating order (each one's left neighbour is the next)."""
DEFAULT_SEED = 2026
"""The seed a new table deals with unless told otherwise."""

def settlement_html(deal: LandsknechtDeal, settlement: Settlement) -> str:
    """The settlement of a finished deal as an HTML table: each bet (in the
    order placed) with its card, stake, result and payout, then each
    punter's net and the banker's net. Reads the engine's
    :class:`~banking_games.money.Settlement` only.
    """
    # result and net come right after the card, so that a phone shows them without scrolling
    rows = [(bet.number, bet.player, bet.card.label, _(result.outcome), fmt_amount(result.net), str(bet.stake),
             _("before turn 1") if bet.turn == 0 else _("after turn {turn}").format(turn=bet.turn),
             str(result.stake + result.net))
            for bet, result in zip(deal.bets, settlement.results)]
    return settlement_tables(("#", _("punter"), _("card"), _("result"), _("net"), _("stake"), _("placed"),
                              _("returned to punter")),
                             rows, settlement, deal.banker, right=(0, 4, 5, 7))


def _event_line(event) -> str:
    """An event of the deal as the reader sees it inside a sentence: the
    engine's line without its head (:attr:`~banking_games.games.landsknecht.LandsknechtEvent.body`,
    in the language in use) with the cards' suit symbols, headed by the
    card turned or the bet's number: ``"card 20: J♠ pairs the banker's card
    J♣; ..."``, ``"bet 2: Anna stakes 1 on 10♥"``; a setup event as it is."""
    if event.kind == BET and event.bet is not None:
        text = _("bet {number}: {what}").format(number=event.bet.number, what=event.body)
    elif event.turn > 0 and event.kind != BET:
        text = _("card {number}: {what}").format(number=event.turn, what=event.body)
    else:
        text = event.body
    return card_text(text)


def _event_text(event) -> str:
    """:func:`_event_line` as a sentence of its own: ``"Card 20: J♠ pairs the
    banker's card J♣; ..."``, ``"Bet 2: Anna stakes 1 on 10♥"``."""
    text = _event_line(event)
    return text[:1].upper() + text[1:]


_OUTCOME_WORDS = (N_("win"), N_("lose"), N_("push"))
"""A bet's result as the settlement table writes it (the engine's outcomes), marked for the catalogue."""

_LIMIT_WORDS = {"min_stake": N_("min stake"), "max_stake": N_("max stake")}
"""The stake limits as the table's header names them."""

RULE_OPTIONS = {
    "min_stake": N_("smallest stake the next banker allows (source, Stake limits); empty: no limit"),
    "max_stake": N_("largest stake the next banker allows (source, Stake limits); empty: no limit"),
}
"""The :class:`~banking_games.games.landsknecht.LandsknechtConfig` fields the
table offers, with a tooltip each: the source's rule options. Other fields
of a config given to the table (such as a reduced pack for analysis) are
kept as given."""


SETTINGS_HELP = N_("Players sit in the order listed (each one's left neighbour is the next). Each banker sets "
                 "the stake limits for his own deal: the limit fields apply from the next 'New deal' (or "
                 "'New session'), and the running balances carry on (leave a field empty for no limit). "
                 "'New session' applies players and seed. The same seed and players deal the same cards.")
"""The note under the table's settings: when each setting takes effect, as
:meth:`LandsknechtTable.new_deal` and :meth:`LandsknechtTable.new_session` apply them."""


def _option_widget(name: str, value: object) -> widgets.Widget:
    return widgets.Text(value="" if value is None else str(value), description=_(_LIMIT_WORDS[name]),
                        placeholder=_("no limit"), tooltip=_(RULE_OPTIONS[name]), style={"description_width": "initial"},
                        layout=widgets.Layout(width="170px"))


class LandsknechtTable(DealingTable):
    """An interactive Landsknecht table: bet, turn cards, settle, deal again.

    A session of deals at one table (:class:`~banking_games.games.landsknecht.LandsknechtSession`):
    the first banker is chosen by dealing to the first ace, each deal is
    dealt from the session's seeded shuffle (void deals are redealt and
    reported), and after each deal the bank passes one seat to the left.
    The same seed and players give the same deals, whatever bets are placed,
    so a class can all deal the same game.

    Controls (attributes, for driving the table from code or tests):
        punter (Dropdown): who places the next bet (every player but the banker).
        stake (Text): the stake in units, e.g. ``2`` or ``1/2``.
        card (Dropdown): the live players' card to back (the engine's ``live_cards``).
        bet_button, turn_button, end_button, new_deal_button (Button):
            'Place bet', 'Turn a card', 'Deal to the end', 'New deal'.
        option_fields (dict of Text fields, one per :data:`RULE_OPTIONS`
            name): the stake limits the next banker sets, read by 'New deal'
            (and by 'New session' for its first deal); each banker may set
            his own, the running balances carry on.
        players_field (Text), seed_field (Text, read by :func:`~banking_games.widgets.common.parse_seed`), new_session_button
            (Button): the session settings, applied by 'New session'.
    Views: ``header``, ``message`` (:class:`~banking_games.widgets.common.MessageBar`),
    ``table`` (the cards), ``voids``, ``settlement_view``, ``bankroll_view``,
    ``chart`` (:class:`~banking_games.widgets.common.BankrollChart`),
    ``replay`` (:class:`~banking_games.widgets.common.DealReplay`, one
    frame per card turned in the current deal), ``log_view`` (the deal's transcript),
    ``lesson_code``, ``repeat`` (the Repeat panel). The folded panels'
    widgets (``replay``, ``log_view``, ``lesson_code``, the Repeat panel's
    controls) are made when their panel is first opened or the attribute
    first read, not with the table (see
    :meth:`~banking_games.widgets.common.DealingTable._fold_panels`).

    Args:
        players: names in seating order (at least two, distinct).
        seed: an ``int`` seed for the session's shuffles.
        config: a :class:`~banking_games.games.landsknecht.LandsknechtConfig`
            (its stake limits: the first banker's, and the limit fields' first
            values; any other field, e.g. a reduced pack, is kept for every
            session of this table); default: the source's rules, no limits.
        first_banker: who holds the bank first; default: dealt by the engine (first ace).

    Raises:
        ConfigError: bad players, seed or config (from the engine).

    State (read only): ``session``, ``deal`` (the current or just finished
    deal), ``deal_number``, ``settlement`` (of ``deal`` once over, else
    ``None``), ``history`` (name -> running nets), ``bankers``,
    ``voided`` (void deals redealt before ``deal``), ``last_action_seconds``.
    """

    GAME_TITLE = N_("Landsknecht")
    CSS_CLASS = "bg-landsknecht-table"

    def __init__(self, players: Sequence[Hashable] = DEFAULT_PLAYERS, seed: int = DEFAULT_SEED, *,
                 config: LandsknechtConfig | None = None, first_banker: Hashable = None) -> None:
        players = check_players_arg(players)
        config = LandsknechtConfig() if config is None else config
        if not isinstance(config, LandsknechtConfig):
            raise ConfigError(f"config must be a LandsknechtConfig, got {type(config).__name__}")
        self._start_table()
        wide = {"description_width": "initial"}
        self.punter = widgets.Dropdown(description=_("Punter"), layout=widgets.Layout(width="170px"), style=wide)
        self.stake = widgets.Text(value="1", description=_("Stake"), style=wide, layout=widgets.Layout(width="110px"))
        self.card = widgets.Dropdown(description=_("on card"), style=wide, layout=widgets.Layout(width="230px"))
        self.card.add_class("bg-fit-select")
        self.bet_button = plain.Button(description=_("Place bet"), button_style="primary", icon="coins")
        self.turn_button = plain.Button(description=_("Turn a card"), icon="hand-point-up")
        self.end_button = plain.Button(description=_("Deal to the end"), icon="forward")
        self.new_deal_button = plain.Button(description=_("New deal"), button_style="success", icon="redo")
        self.lesson_button = plain.Button(
            description=_("Lesson: stakes F and L"), icon="graduation-cap", layout=widgets.Layout(width="auto"),
            tooltip=_(LESSON_HELP).format(turns=lesson.LATE_TURNS))
        self.table_title = plain.HTML()
        self.table = plain.HTML()
        self.table_after = plain.HTML()
        self.no_players = plain.HTML()
        self.players_cards = PickRow(self.pick_players_card, after=[self.no_players])
        self.players_title = plain.HTML()
        self.voids = plain.HTML()
        self.settlement_view = plain.HTML()
        self.bankroll_view = plain.HTML()
        self.chart = BankrollChart()
        self.players_field = widgets.Text(value=", ".join(str(p) for p in players), description=_("Players"),
                                          placeholder=_("names, separated by commas, in seating order"),
                                          style=wide, layout=widgets.Layout(width="360px"))
        self.seed_field = number_field(seed if isinstance(seed, int) else 0, _("Seed"), "160px")
        self.option_fields = {name: _option_widget(name, getattr(config, name)) for name in RULE_OPTIONS}
        self.new_session_button = plain.Button(description=_("New session"), icon="users")

        self.session: LandsknechtSession | None = None
        self.deal: LandsknechtDeal | None = None
        self.settlement: Settlement | None = None
        self.voided: tuple[LandsknechtDeal, ...] = ()
        self.deal_number = 0
        self.history: dict = {}
        self.bankers: list = []
        self._frames: list[str] = []   # the current deal's replay frames, one per card turned (and the setup)
        self._card_deal = None         # the deal whose live cards *on card* last offered

        self._begin_session(tuple(players), seed, config, first_banker)  # errors raise here (construction)

        self.bet_button.on_click(lambda _: self.place_bet())
        self.turn_button.on_click(lambda _: self.turn())
        self.end_button.on_click(lambda _: self.deal_to_end())
        self.new_deal_button.on_click(lambda _: self.new_deal())
        self.lesson_button.on_click(lambda _: self.lesson_stakes())
        self.new_session_button.on_click(lambda _: self.new_session())
        for field in (self.players_field, self.seed_field, *self.option_fields.values()):
            field.observe(lambda _: self._on_setting(), names="value")

        row = widgets.Layout(flex_flow="row wrap", align_items="center")
        settings = plain.HBox([self.players_field, self.seed_field, *self.option_fields.values(),
                                 self.new_session_button], layout=row)
        settings.add_class("bg-settings")
        # replay, event log, the lesson's group code (issue 20): made when first opened (issue 22)
        more = self._fold_panels(self._make_replay)
        money = plain.HBox([self.bankroll_view, self.chart], layout=row)
        self._assemble([
            settings,
            note_html(_(SETTINGS_HELP)),
            self.header,
            plain.HBox([self.punter, self.stake, self.card, self.bet_button],
                           layout=row),
            plain.HBox([self.turn_button, self.end_button, self.new_deal_button, self.lesson_button], layout=row),
            self.message, self.table_title,
            plain.HBox([self.table, plain.VBox([self.players_title, self.players_cards]), self.table_after],
                         layout=widgets.Layout(flex_flow="row wrap", align_items="flex-start")),
            note_html(_(PICK_HELP)), self.voids, self.settlement_view, money, more])
        self.card.observe(lambda _: self._show_choice(), names="value")
        self.repeat = RepeatPanel(self)  # Repeat: many deals with the same bets (issue 20)
        self.children = (*self.children, self.repeat)

    # ---------------------------------------------------------------- session
    def _begin_session(self, players: tuple, seed: object, config: LandsknechtConfig,
                       first_banker: Hashable) -> None:
        """Build a session and its first deal; assign nothing until both succeed."""
        check_seed(seed)
        session = LandsknechtSession(players, rng=seed, config=config, first_banker=first_banker)
        deal = session.start_deal()
        self.session, self.deal, self.settlement, self.seed = session, deal, None, seed
        # why this session's deals are not the lesson's (group code), "" while they are
        self.off_lesson = lesson_setting_problem("landsknecht", session.players, config)
        if first_banker is not None and not self.off_lesson:
            self.off_lesson = _("the lesson's groups let the table choose the first banker")
        self.voided = tuple(session.void_deals)
        self.deal_number = 1
        self.history = {p: [Fraction(0)] for p in session.players}
        self.bankers = []
        self._frames = []
        self._start_message()

    def _start_message(self) -> None:
        draw = self.session.first_banker_draw
        first = ""
        if self.deal_number == 1 and draw is not None:
            first = _("{banker} received the first ace ({card}, card {n} dealt round the table) and holds the "
                      "first bank. ").format(banker=draw.banker, card=draw.dealt[-1][1].label, n=len(draw.dealt))
        self.message.info(first + _("Deal {number}: {banker} holds the bank. ").format(
            number=self.deal_number, banker=self.deal.banker)
                          + self._void_text() + _("Place bets on the players' card, then turn cards.")
                          + self._pending_text())

    def _pending(self) -> list[str]:
        """The settings fields that differ from what is in play: the stake
        limits (they apply from the next deal) and players, seed (they apply
        from 'New session'); see :meth:`_pending_text`."""
        return self._pending_limits() + self._pending_session()

    def _pending_text(self) -> str:
        """The reminder of settings typed but not in play yet, each with the
        moment it applies: a stake limit from the next deal (the source has
        each banker set the limits), players and seed from 'New session'."""
        return (pending_text(self._pending_limits(), when=_("the next 'New deal'"))
                + pending_text(self._pending_session()))

    def _pending_session(self) -> list[str]:
        """Players and seed fields that differ from the session in play."""
        changed = []
        if parse_players(self.players_field.value) != tuple(str(p) for p in self.session.players):
            changed.append("players")
        if self._typed_seed() != self.seed:
            changed.append("seed")
        return changed

    def _typed_seed(self) -> int | None:
        """The seed typed in ``seed_field``, or ``None`` if it cannot be read."""
        try:
            return parse_seed(self.seed_field.value)
        except ConfigError:
            return None

    def _pending_limits(self) -> list[str]:
        """Stake-limit fields that differ from the limits of the deal in play."""
        config = self.deal.config  # the limits the current banker set
        changed = []
        for name, field in self.option_fields.items():
            text, value = field.value.strip(), getattr(config, name)
            try:
                same = value is None if not text else value is not None and to_stake(text) == value
            except GameError:
                same = False
            if not same:
                changed.append(name.replace("_", " "))
        return changed

    @guarded
    def _on_setting(self) -> None:
        """Tell the reader when a changed setting takes effect (nothing changes
        now); a stake limit or seed that cannot be used is refused at once,
        with the engine's reason, rather than when it would apply."""
        self._read_config()  # ConfigError: an unreadable limit, or the smallest above the largest
        parse_seed(self.seed_field.value)
        text = self._pending_text().strip()
        if text:
            self.message.info(text)

    def _void_text(self) -> str:
        if not self.voided:
            return ""
        lines = [card_text(next(e.body for e in d.history if e.kind == VOID)) for d in self.voided]
        return ngettext("{n} void deal was redealt ({what}). ", "{n} void deals were redealt ({what}). ",
                        len(self.voided)).format(n=len(self.voided), what="; ".join(lines))

    def _read_config(self) -> LandsknechtConfig:
        """The session's config with the option fields' values (empty: ``None``); the engine checks them."""
        values = {name: field.value.strip() or None for name, field in self.option_fields.items()}
        return dataclasses.replace(self.session.config, **values)

    # ---------------------------------------------------------------- actions
    @guarded
    def new_session(self) -> None:
        """Start a new session from the settings fields (players, seed, stake
        limits). Refused (message shown, table unchanged) if the engine
        rejects them."""
        players = parse_players(self.players_field.value)
        config = self._read_config()
        self._begin_session(players, parse_seed(self.seed_field.value), config, None)
        self.repeat.follow_table_seed()
        self._render()

    def _show_choice(self) -> None:
        """Mark the players' card chosen in ``card``."""
        bases = [pile[0].name for pile in self.deal.players_piles]
        self.players_cards.choose({bases.index(self.card.value)} if self.card.value in bases else set())

    @guarded
    def pick_players_card(self, index: int) -> str:
        """A click on the ``index``-th players' card (0 = the first dealt):
        choose it in ``card``. A card that takes no bet now (its rank is
        paired, or the deal is over) is refused with the engine's reason (a
        trial bet on a copy of the deal), and nothing changes.

        Returns:
            The card's name (``None`` if refused).
        """
        base = self.deal.players_piles[index][0]
        if base.name not in [c.name for c in self.deal.live_cards]:
            # a stake inside the banker's limits, so that the engine's reason is the card's
            config = self.deal.config
            stake = config.min_stake or config.max_stake or 1
            try:
                copy.deepcopy(self.deal).place_bet(self.punter.value, base, stake)   # raises the engine's reason
            except GameError as exc:
                raise type(exc)(card_text(error_text(exc))) from None   # cards named as drawn: "5♣ on 5♠"
        self.card.value = base.name
        self._show_choice()
        self.message.info(card_text(_("Chosen: {card} ({name}). 'Place bet' puts {punter}'s stake beside it.").format(
            card=base.long_name, name=base.name, punter=self.punter.value)))
        return base.name

    def _players_card_name(self, index: int) -> str:
        """A players' card button's name: the card, and the stakes beside it."""
        deal = self.deal
        base = deal.players_piles[index][0]
        about = _("players' card {n}").format(n=index + 1) + (", " + _("paired") if base.rank in deal.paired_ranks else "")
        stakes = [f"{b.player} {b.stake}" for b in deal.bets_on(base)]
        if stakes:
            about += "; " + _("stakes: {stakes}").format(stakes=', '.join(stakes))
        return _("back the {card} ({about})").format(card=base.long_name, about=about)

    def _card_switch_text(self, was: str | None) -> str:
        """What the reader is told when *on card* shows another card than it
        did, in the same deal, without the reader choosing it: the card it
        showed (``was``, a card name, or ``None``) has been paired, so the
        engine takes no more bets on it, and the card it shows now (the first
        live players' card, counted as the table numbers them), or that none
        is live."""
        deal = self.deal
        now = self.card.value
        bases = [pile[0].name for pile in deal.players_piles]
        if was is not None:
            old = next(c for c in deal.players_cards if c.name == was)
            gone = _("{card} (players' card {n}) is paired: it takes no more bets this deal.").format(
                card=old.label, n=bases.index(was) + 1)
        else:
            gone = ""
        if now is None:
            after = _("The '{field}' list is empty: every players' card is paired; turn a card for a new one.").format(
                field=_("on card"))
        else:
            new = next(c for c in deal.players_cards if c.name == now)
            after = _("The '{field}' list now shows {card} (players' card {n}).").format(
                field=_("on card"), card=new.label, n=bases.index(now) + 1)
        return card_text(f"{gone} {after}".strip())

    @property
    def drawing(self) -> str:
        """What the table shows of the deal, as HTML, put together as
        :func:`~banking_games.display.landsknecht.table_html` draws it: the
        title (``table_title``), the layout and the banker's card
        (``table``), the players' cards (as drawn under their buttons), the
        stock (``table_after``)."""
        cells = [c.drawing.value for c in self.players_cards.cells[:self.players_cards.count]]
        return str(assemble_table(self.table_title.value, self.table.value, cells, self.table_after.value))

    @guarded
    def place_bet(self) -> None:
        """Place the stake in ``stake`` for ``punter`` on the card in ``card``."""
        if self.card.value is None and not self.deal.is_over:
            raise RuleError.of("there is no live players' card to back right now (every one has been paired); "
                               "turn a card")
        self.deal.place_bet(self.punter.value, self.card.value, self.stake.value)
        self.message.info(_event_text(self.deal.history[-1]) + ".")
        self._render()

    @guarded
    def lesson_stakes(self) -> None:
        """The lesson's stakes in one press (*Lesson: stakes F and L*), played
        by :func:`banking_games.classroom.landsknecht.lesson_stakes`, the
        function the lesson's answer key deals with: stake F, the lesson's
        turns (each drawn for the replay), and stake L if the card is still
        unpaired; the deal stops there, so the group can count the unseen
        cards before *Deal to the end*. Refused (nothing changes) once a bet
        is placed or a card turned in this deal."""
        deal = self.deal
        if deal.is_over:
            raise RuleError.of(N_("this deal is over: press 'New deal', then the lesson's button"))
        first, late = lesson.lesson_stakes(deal, self.session.players, on_turn=lambda _event: self._after_turn())
        card = first.card.label
        words = [_("Stake F: {punter} stakes 1 on {card} (players' card 1).").format(punter=first.player, card=card)]
        if deal.turns:
            last = _event_line(deal.history[-1] if late is None else deal.history[-2])
            words.append(count_text(deal.turns, 0, "card", last) + ".")
        if late is not None:
            words.append(_("Stake L: {card} is still unpaired after {turns} cards, so {punter} stakes 1 more on it. "
                           "Count the unseen cards of its rank and of the banker's card, then press "
                           "'Deal to the end'.").format(card=card, turns=deal.turns, punter=late.player))
        elif deal.is_over:
            words.append(_("No stake L: the deal ended within {turns} cards.").format(turns=lesson.LATE_TURNS))
        else:
            words.append(_("No stake L: {card} was paired within {turns} cards. Press 'Deal to the end'.").format(
                card=card, turns=lesson.LATE_TURNS))
        self.message.info(card_text(" ".join(words)) + self._end_text())
        self._render()

    def lesson_by_hand(self) -> Iterator[plain.Button]:
        """The buttons the lesson button saves, for a group that presses them one at a time
        (:func:`banking_games.widgets.lesson_presses.lesson_presses` counts them): a generator
        that yields the next button to press once the one before it is pressed: *Place bet*
        (stake F: the table offers the first player who is not the banker and the first
        players' card), *Turn a card* up to
        :data:`~banking_games.classroom.landsknecht.LATE_TURNS` times while the deal is on,
        then *Place bet* again (stake L) if the deal is still on and that card unpaired. It
        reads the table's deal between presses; it presses nothing itself."""
        deal = self.deal
        yield self.bet_button
        if not deal.bets:
            return
        first = deal.bets[0]
        for _turn in range(lesson.LATE_TURNS):
            if deal.is_over:
                return
            yield self.turn_button
        if not deal.is_over and deal.is_live(first.card):
            yield self.bet_button

    @guarded
    def turn(self) -> None:
        """Turn one card; settle the deal (and pass the bank) if it ends."""
        event = self.deal.turn()
        self._after_turn()
        self.message.info(_event_text(event) + "." + self._end_text())
        self._render()

    @guarded
    def deal_to_end(self) -> None:
        """Turn cards until the engine says the deal is over."""
        start = self.deal.turns
        while True:
            event = self.deal.turn()  # refused with DealOverError if already over
            self._after_turn()
            if self.deal.is_over:
                break
        last = _event_line(event)
        self.message.info(count_text(self.deal.turns - start, start, "card", last) + "."
                          + self._end_text())
        self._render()

    @guarded
    def new_deal(self) -> None:
        """Start the next deal of the session (the bank has passed to the
        left); void deals are redealt by the engine and reported. The new
        banker's stake limits are the ones in the limit fields now (the
        source has each banker set them); the running balances carry on."""
        limits = self._read_config()  # ConfigError for a bad limit: refused before anything changes
        if self.session.deal is not None:
            try:
                self.session.end_deal()  # refused while the deal is not over: state unchanged
            except RuleError:
                raise RuleError.of("finish this deal first: turn cards ('Turn a card' or 'Deal to the end') until "
                                   "the banker's card is paired") from None
        before = len(self.session.void_deals)
        deal = self.session.start_deal(min_stake=limits.min_stake, max_stake=limits.max_stake)
        self.deal, self.settlement = deal, None
        self.voided = tuple(self.session.void_deals[before:])
        self.deal_number += 1
        self._frames = []
        self._start_message()
        self._render()

    def _after_turn(self) -> None:
        self._frames[self.deal.turns:] = [self._table_html()]
        if self.deal.is_over and self.session.deal is self.deal:
            banker = self.deal.banker
            self.settlement = self.session.end_deal()
            record_deal(self.history, self.bankers, banker, self.session.net)

    def _end_text(self) -> str:
        if self.settlement is None:
            return ""
        return (f" {settled_text(self.deal.banker, self.settlement)} "
                + _("Click 'New deal': the bank passes to {banker}.").format(banker=self.session.banker))

    # ---------------------------------------------------------------- drawing
    def _make_replay(self) -> DealReplay:
        """The replay, made when its panel is first opened (or ``replay`` read):
        the current deal's frames, at the last one, as :meth:`_draw_replay` keeps it."""
        replay = DealReplay(self._frames, label=_("Card"), size=24)
        replay.set_frames(self._frames)   # at the last frame
        return replay

    def _draw_replay(self) -> None:
        """Put the current deal's frames (``_frames``, kept as cards turn) in
        ``replay`` on every redraw, once it is made."""
        replay = self.more.built(0)
        if replay is not None:
            replay.set_frames(self._frames)

    def _sync_replay(self) -> None:
        """Nothing to do when a panel opens: the replay is made with the
        current frames and kept up to date after that (:meth:`_draw_replay`),
        so that reopening its panel shows the frame the reader left it at."""

    def _sync_lesson_code(self) -> None:
        """Bring the *Group code for the lesson* section up to date while it is open."""
        more = getattr(self, "more", None)
        if more is not None and more.selected_index == 2:
            finished = self.deal_number - (self.settlement is None)
            self.lesson_code.update("landsknecht", self.seed, finished, self.off_lesson, self.session.players)

    def _table_html(self) -> str:
        return str(table_html(self.deal, title=_("Deal {number}: {banker} holds the bank").format(number=self.deal_number, banker=self.deal.banker)))

    def _render(self) -> None:
        """Redraw every view from the engine's state."""
        deal, session = self.deal, self.session
        cfg = deal.config  # the limits this deal's banker set
        limits = ", ".join(f"{_(_LIMIT_WORDS[name])} {getattr(cfg, name)}"
                           for name in RULE_OPTIONS if getattr(cfg, name) is not None) or _("no stake limits")
        state = (_("over") if deal.is_over
                 else _("{cards} turned, {bets}").format(
                     cards=plural(deal.turns, 'card'),
                     bets=ngettext("{n} live bet", "{n} live bets", len(deal.live_bets)).format(n=len(deal.live_bets))))
        self.header.value = self.header_html(
            _("seed {seed}").format(seed=self.seed),
            _("deal {number}, banker <b>{banker}</b>").format(number=self.deal_number,
                                                              banker=html.escape(str(deal.banker))),
            html.escape(state), html.escape(limits))
        sync_options(self.punter, [p for p in session.players if p != deal.banker])
        was = self.card.value
        if sync_options(self.card, [(f"{c.label}  ({c.long_name})", c.name) for c in deal.live_cards]):
            if deal is self._card_deal and not deal.is_over:
                self.message.add(self._card_switch_text(was))
        self._card_deal = deal
        table = self._table_html()
        head, before, players, after = table_parts(deal, title=_("Deal {number}: {banker} holds the bank").format(number=self.deal_number, banker=deal.banker))
        self.table_title.value, self.table.value, self.table_after.value = head, before, after
        self.players_title.value = (style_html() + '<div style="font-size:12px;font-weight:bold;margin:4px 0 2px">'
                                    + html.escape(_(PLAYERS_LABEL)) + "</div>")
        self.no_players.value = "" if players else no_players_html()
        self.players_cards.show([(p, self._players_card_name(i)) for i, p in enumerate(players)])
        self._show_choice()
        self._frames[deal.turns:] = [table]
        self._draw_replay()
        self.voids.value = "".join(
            str(table_html(d, title=_("Void deal, redealt before deal {number}").format(number=self.deal_number), show_stock=False))
            for d in self.voided)
        self.settlement_view.value = (settlement_html(deal, self.settlement) if self.settlement is not None
                                      else "")
        self.bankroll_view.value = bankroll_html(session.players, self.history, self.bankers)
        self.chart.draw(self.history)
        self._show_log(card_text(deal.transcript()))
        self._sync_lesson_code()
