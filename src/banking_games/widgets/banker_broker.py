"""A Banker and Broker dealing table for Jupyter (ipywidgets 8).

A thin view over the rules engine :mod:`banking_games.games.banker_broker`:
the session of deals and the change of bank
(:class:`~banking_games.games.banker_broker.BankerBrokerSession`), the first
banker's high cut, how many sections are cut, which sections a punter may
back (:meth:`~banking_games.games.banker_broker.BankerBrokerDeal.allowed_sections`),
when stakes may go down, the cut, the order sections are turned, how each
stake settles and who holds the bank next all come from the engine. This
module collects the reader's input, calls the engine and draws what it
reports with :mod:`banking_games.display.banker_broker`. An action the
engine refuses shows the engine's message in the table's message bar; the
engine has left the state as it was.

Usage in a notebook::

    from banking_games.widgets.banker_broker import BankerBrokerTable
    BankerBrokerTable(seed=2026)
"""

from __future__ import annotations

import copy
import dataclasses
import html
import random
import re
from fractions import Fraction
from typing import Callable, Hashable, Sequence

import ipywidgets as widgets

from ..display.banker_broker import cut_html, deal_html, rest_html, section_html
from . import plain
from ..formatting import number as number_text
from ..i18n import N_, _, ngettext
from ..classroom import banker_broker as lesson
from ..checks import whole_number
from ..errors import BetError, ConfigError, RuleError
from ..games.banker_broker import (bank_cut_rng, deal_rng, first_banker_rng,  # noqa: F401 (seeding lives with the engine; re-exported)
                                    PAYOUT_ODDS, BankChange, BankChangeResult, BankerBrokerConfig,
                                   BankerBrokerDeal, BankerBrokerSession, BetPlaced, BetTiming, BottomCard,
                                   PackCut, Sectioning, SectionTurned, TieRule, section_count)
from ..money import LOSE, PUSH, WIN, Settlement
from ..render import MUTED_COLOUR, card_text
from .common import (DealingTable, BankrollChart, DealReplay, MessageBar, bankroll_html, check_players_arg, check_seed, count_text, number_field, parse_seed, typed_whole_number, fmt_amount,
                     guarded, note_html, parse_players, pending_text, plural, record_deal,
                     settled_text, settlement_tables, sync_options)
from .group_code_view import lesson_setting_problem
from .repeat import RepeatPanel
from .layout_picker import PickRow, style_html

__all__ = ["BankerBrokerTable", "DEFAULT_PLAYERS", "DEFAULT_SEED", "DEFAULT_SECTIONS", "RULE_OPTIONS",
           "deal_rng", "first_banker_rng", "bank_cut_rng", "deal_frames", "frame_title",
           "settlement_html", "bank_html", "parse_sizes", "PICK_HELP"]

DEFAULT_PLAYERS = lesson.DEFAULT_PLAYERS
"""The players seated at a new table (the lesson's groups leave them as they are), in seating order (each one's left
neighbour is the next). The first banker is chosen by a high cut."""
DEFAULT_SEED = 2026
"""The seed a new table deals with unless told otherwise."""
DEFAULT_SECTIONS = 6
"""The number of sections the banker cuts under option 3(c) unless told otherwise."""
N_SECTIONS_LABEL = N_("sections this deal (3c)")
"""The label of the field for the number of sections under option 3(c)."""

PICK_HELP = N_("Tap a players' section (or Tab to it and press Enter) to back it; under option 3(a) it picks "
               "its owner as the punter. Then 'Place bet'.")
"""The line of help under the live sections."""

RULE_OPTIONS = {
    "bottom_card": (N_("Bottom card (1)"), {BottomCard.DISCARD: N_("put aside before the cut"),
                                        BottomCard.UNUSED_SECTION: N_("left in an unused bottom section")}),
    "bet_timing": (N_("Stakes (2)"), {BetTiming.BEFORE_CUT: N_("placed before the cut"),
                                  BetTiming.AFTER_CUT: N_("placed after the cut")}),
    "sectioning": (N_("Sections (3)"), {Sectioning.ONE_EACH: N_("(a) one per punter, plus the banker's"),
                                    Sectioning.THREE: N_("(b) two players' sections and the banker's"),
                                    Sectioning.ANY: N_("(c) as many as the banker likes")}),
    "section_limit": (N_("at most, in all (3a)"), None),
    "tie_rule": (N_("Equal ranks (4)"), {TieRule.BANK_WINS: N_("the bank wins the stake"),
                                     TieRule.STAKE_RETURNED: N_("the stake is returned")}),
    "bank_change": (N_("Bank (5)"), {BankChange.ROTATE_LEFT: N_("passes one seat to the left"),
                                 BankChange.CUT_FOR_BANK: N_("the players cut for it"),
                                 BankChange.ACE_PASSES: N_("goes to a punter who backs an Ace")}),
    "deals_per_bank": (N_("after deals (5)"), None),
}
"""The :class:`~banking_games.games.banker_broker.BankerBrokerConfig` fields
the table offers (the source's options 1 to 5), each with its control's
label and, for a choice, a plain description of each choice. Other fields of
a config given to the table (such as a reduced pack) are kept as given."""

_RESULT_WORDS = {WIN: N_("won"), LOSE: N_("lost"), PUSH: N_("stake returned")}


# ---------------------------------------------------------------- randomness of a session

# ---------------------------------------------------------------- pure views of engine state

def parse_sizes(text: str) -> list | None:
    """Read section sizes typed by the reader (``"8, 11, 9"`` or ``"8 11 9"``),
    top section first. Empty text gives ``None`` (the engine then draws the
    cut points). Whole numbers become ``int``; any other piece is passed on
    unchanged, so that the engine refuses it with its own message.

    Raises:
        BetError: a piece of more than 1000 digits (far more cards than any pack).
    """
    pieces = [p for p in re.split(r"[,\s;]+", str(text).strip()) if p]
    if not pieces:
        return None
    # A run of up to 1000 digits becomes an int, so that the engine names the real problem (the
    # sizes do not add up to the pack); a longer one is refused here, before Python's limit on
    # int() of a long string (4,300 digits) could be reached.
    for p in pieces:
        if re.fullmatch(r"[+-]?\d{1001,}", p):
            raise BetError.of(N_("Section sizes: a size of {digits} digits is far more cards than a pack holds; "
                                 "type one number of cards per section, e.g. 13, 13, 13, 12"),
                              digits=str(number_text(len(p.lstrip('+-')))))
    return [int(p) if re.fullmatch(r"[+-]?\d{1,1000}", p) else p for p in pieces]


def frame_title(deal: BankerBrokerDeal, prefix: str = "") -> str:
    """A one-line title for a picture of ``deal`` as it lies now: the last
    section turned (the engine's event text), or what is still to come."""
    last = next((e for e in reversed(deal.events) if isinstance(e, SectionTurned)), None)
    if last is not None:
        return prefix + last.text
    n = len(deal.bets)
    stakes = ngettext("{n} stake down", "{n} stakes down", n).format(n=n)
    if not deal.sections:
        return prefix + _("{banker} holds the bank; {stakes}; the pack is not cut yet").format(
            banker=deal.banker, stakes=stakes)
    return prefix + _("{banker} has cut {n} sections; {stakes}; nothing turned yet").format(
        banker=deal.banker, n=deal.n_sections, stakes=stakes)


def deal_frames(deal: BankerBrokerDeal, *, prefix: str = "") -> list[str]:
    """The frames of a deal for a :class:`~banking_games.widgets.common.DealReplay`:
    frame 0 is the table just before the first section is turned (the
    sections cut and every stake down, or the table as it lies now if
    nothing is turned yet), frame ``k`` the table after the ``k``-th
    section is turned (the banker's first), up to where ``deal`` is now.

    The deal is re-dealt by the engine from its own config, punters, banker,
    deck order, number of sections, stakes and section sizes, event by event
    (``deal`` itself is not changed), so this works on a finished deal.

    Returns:
        ``1 + (sections turned in deal)`` HTML strings.
    """
    again = BankerBrokerDeal(deal.config, deal.punters, deck=deal.deck, banker=deal.banker,
                             n_sections=deal.n_sections)

    def picture() -> str:
        return str(deal_html(again, title=frame_title(again, prefix)))

    frames: list[str] = []
    for event in deal.events:
        if isinstance(event, BetPlaced):
            again.bet(event.bet.player, event.bet.stake, section=event.bet.section)
        elif isinstance(event, PackCut):
            again.cut([s.size for s in event.sections])
        elif isinstance(event, SectionTurned):
            if not frames:
                frames.append(picture())
            again.turn()
            frames.append(picture())
    if not frames:
        frames.append(picture())
    return frames


def settlement_html(deal: BankerBrokerDeal, settlement: Settlement) -> str:
    """The settlement of a finished deal as HTML: each stake (in the order
    placed) with its section, the section's bottom card, the banker's card,
    the payout odds, the result, the amount paid back to the punter and the
    net; then each punter's net and the banker's net. Reads the engine's
    :class:`~banking_games.money.Settlement` and the deal's sections only."""
    odds = _("{odds} to 1").format(odds=fmt_amount(PAYOUT_ODDS).lstrip('+'))
    banker_card = deal.banker_card.label if deal.banker_card is not None else "?"
    # result and net come right after the section, so that a phone shows them without scrolling
    rows = [(bet.index + 1, bet.player, bet.section, _(_RESULT_WORDS[result.outcome]) if result.outcome in _RESULT_WORDS else result.outcome,
             fmt_amount(result.net), deal.sections[bet.section - 1].bottom.label, banker_card, odds,
             fmt_amount(result.stake).lstrip("+"), fmt_amount(result.stake + result.net).lstrip("+"))
            for bet, result in zip(deal.bets, settlement.results)]
    return settlement_tables(("#", _("punter"), _("section"), _("result"), _("net"), _("its card"),
                              _("banker's card"), _("odds"), _("stake"), _("paid back")), rows, settlement,
                             deal.banker, right=(0, 2, 4, 8, 9), nothing=_("no stakes were placed in this deal"))


def bank_html(session: BankerBrokerSession) -> str:
    """Who holds the bank in ``session`` and why: the engine's reason for
    the last change of bank (with the claimants and cut cards when there
    was a cut, e.g. under the Ace rule), or the first high cut."""
    last: BankChangeResult | None = session.history[-1] if session.history else None
    banker = html.escape(str(session.banker))
    if last is None:
        cut = session.initial_cut
        text = (_("<b>{banker}</b> holds the bank: chosen by a high cut.") if cut is not None
                else _("<b>{banker}</b> holds the bank.")).format(banker=banker)
        picture = str(cut_html(cut, title=_("The first cut for the bank"))) if cut is not None and cut.rounds else ""
        return f'<div style="margin:4px 0">{text}</div>{picture}'
    if last.changed:
        text = _("Bank after deal {number}: passed from {old} to <b>{banker}</b>. Why: {reason}.").format(
            number=last.deal_number, old=html.escape(str(last.old_banker)), banker=banker,
            reason=html.escape(last.reason_in_language()))
    else:
        text = _("Bank after deal {number}: <b>{banker}</b> keeps it. Why: {reason}.").format(
            number=last.deal_number, banker=banker, reason=html.escape(last.reason_in_language()))
    if last.ace_claimants:
        text += " " + _("Ace claims: {names}.").format(names=html.escape(', '.join(map(str, last.ace_claimants))))
    picture = ""
    if last.cut is not None and last.cut.rounds:
        picture = str(cut_html(last.cut, title=_("The cut for the bank after deal {number}").format(number=last.deal_number)))
    return f'<div style="margin:4px 0">{text}</div>{picture}'


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def _turn_text(event: SectionTurned) -> str:
    """A section turned, as the reader sees it: the engine's shorter line
    (:meth:`~banking_games.games.banker_broker.SectionTurned.describe`, in the
    language in use) with the cards' suit symbols, ``"section 3 (Dora's): 6♣,
    lower than 9♦: no bets"``."""
    return card_text(event.describe(turned=False))


# ---------------------------------------------------------------- widget parts

def _option_widget(name: str, value: object) -> widgets.Widget:
    label, choices = RULE_OPTIONS[name]
    wide = {"description_width": "initial"}
    if choices is None:  # a whole number, typed (read by _read_config)
        return number_field(value, _(label), "170px")
    dropdown = widgets.Dropdown(options=[(_(text), member) for member, text in choices.items()], value=value,
                                description=_(label), style=wide, layout=widgets.Layout(width="340px"))
    dropdown.add_class("bg-fit-select")
    return dropdown


# ---------------------------------------------------------------- the table

class BankerBrokerTable(DealingTable):
    """An interactive Banker and Broker table: stake, cut, turn, settle, pass the bank.

    A session of deals at one table
    (:class:`~banking_games.games.banker_broker.BankerBrokerSession`). The first
    banker is chosen by the engine's high cut; after each deal the engine
    settles it and applies the change-of-bank option (option 5), with a high
    cut when one is needed. Every random draw comes from the seed:
    :func:`first_banker_rng`, :func:`deal_rng` (one per deal: the shuffle and
    the cut points) and :func:`bank_cut_rng`, so the same seed, players and
    options deal the same packs whatever is bet, and a class can all deal
    the same game.

    Controls (attributes, for driving the table from code or tests):
        punter (Dropdown): who places the next stake (the engine's punters,
            from the banker's left).
        section (Dropdown of int): the sections that punter may back (the
            engine's ``allowed_sections``: their own under option 3(a), any
            players' section under 3(b) and 3(c)).
        stake (Text): the stake in units, e.g. ``2`` or ``1/2``.
        sizes (Text): section sizes for the cut, top first (e.g.
            ``8, 11, 9, 12``); empty: the engine draws the cut points.
        n_sections (Text, a whole number): under option 3(c) the number of sections the
            banker cuts (the banker's included); used by 'New deal' and
            'New session'.
        bet_button, cut_button, turn_button, end_button, new_deal_button
            (Button): 'Place bet', 'Cut', 'Turn a section', 'Deal to the
            end', 'New deal'.
        option_fields (dict: config field name -> control, one per
            :data:`RULE_OPTIONS` entry), players_field (Text), seed_field
            (Text, read by :func:`~banking_games.widgets.common.parse_seed`), new_session_button (Button): the session settings,
            applied by 'New session'.
    Views: ``header``, ``bank_view`` (who holds the bank and why, with any
    cut), ``message`` (:class:`~banking_games.widgets.common.MessageBar`),
    ``table`` (the sections), ``settlement_view``, ``bankroll_view``,
    ``chart``, ``replay`` (a :class:`~banking_games.widgets.common.DealReplay`
    of the current deal, one frame per section turned; drawn while its panel
    is open or after :meth:`show_replay`), ``log_view`` (the deal's and the
    session's transcripts), ``lesson_code``, ``repeat`` (the Repeat panel).
    The folded panels' widgets (``replay``, ``log_view``, ``lesson_code``,
    the Repeat panel's controls) are made when their panel is first opened or
    the attribute first read, not with the table (see
    :meth:`~banking_games.widgets.common.DealingTable._fold_panels`).

    Args:
        players: names in seating order (two or more, distinct).
        seed: an ``int`` seed for the session.
        config: a :class:`~banking_games.games.banker_broker.BankerBrokerConfig`
            for the option controls' first values; fields the table does not
            offer (e.g. a reduced pack) are kept for every session. Default:
            the engine's default options (stakes before the cut among them:
            our choice, while the source's own account of a deal cuts first;
            its option 2 allows either).
        n_sections: the first value of ``n_sections`` (option 3(c) only).

    Raises:
        ConfigError: bad players, seed or config (the engine's checks).

    State (read only): ``session`` (the engine's table), ``deal`` (the
    current or just finished deal), ``settlement`` (of ``deal`` once over,
    else ``None``), ``deal_number``, ``history`` (name -> running nets,
    index 0 before the first deal), ``bankers`` (who held the bank in each
    settled deal), ``seed``, ``last_action_seconds``.
    """

    GAME_TITLE = N_("Banker and Broker")
    CSS_CLASS = "bg-banker-broker-table"

    def __init__(self, players: Sequence[Hashable] = DEFAULT_PLAYERS, seed: int = DEFAULT_SEED, *,
                 config: BankerBrokerConfig | None = None, n_sections: int = DEFAULT_SECTIONS) -> None:
        players = check_players_arg(players)
        whole_number(n_sections, "n_sections", rule="n_sections must be a whole number of sections (3 or more "
                     "under option 3(c))")
        config = BankerBrokerConfig() if config is None else config
        if not isinstance(config, BankerBrokerConfig):
            raise ConfigError(f"config must be a BankerBrokerConfig, got {type(config).__name__}")
        self._start_table()
        self.bank_view = plain.HTML()
        wide = {"description_width": "initial"}
        self.players_field = widgets.Text(value=", ".join(str(p) for p in players), description=_("Players"),
                                          placeholder=_("names, separated by commas, in seating order"),
                                          style=wide, layout=widgets.Layout(width="340px"))
        self.seed_field = number_field(seed if isinstance(seed, int) else 0, _("Seed"), "150px")
        self.new_session_button = plain.Button(description=_("New session"), icon="users")
        self.option_fields = {name: _option_widget(name, getattr(config, name)) for name in RULE_OPTIONS}
        self.n_sections = number_field(n_sections, _(N_SECTIONS_LABEL), "200px")
        self.punter = widgets.Dropdown(description=_("Punter"), style=wide, layout=widgets.Layout(width="170px"))
        self.section = widgets.Dropdown(description=_("on"), style=wide, layout=widgets.Layout(width="220px"))
        self.stake = widgets.Text(value="1", description=_("Stake"), style=wide, layout=widgets.Layout(width="110px"))
        self.bet_button = plain.Button(description=_("Place bet"), button_style="primary", icon="coins")
        self.sizes = widgets.Text(value="", description=_("Section sizes"), placeholder=_("empty: cut at random"),
                                  style=wide, layout=widgets.Layout(width="290px"))
        self.cut_button = plain.Button(description=_("Cut"), icon="cut")
        self.turn_button = plain.Button(description=_("Turn a section"), icon="hand-point-up")
        self.end_button = plain.Button(description=_("Deal to the end"), icon="forward")
        self.new_deal_button = plain.Button(description=_("New deal"), button_style="success", icon="redo")
        self.table = plain.HTML()
        self.sections_title = plain.HTML()
        self.sections = PickRow(lambda i: self.pick_section(i + 1), after=[self.table])
        self.board = plain.VBox([self.sections_title, self.sections])
        self.board.add_class("bg-pick-panel")
        self.settlement_view = plain.HTML()
        self.bankroll_view = plain.HTML()
        self.chart = BankrollChart()

        self.session: BankerBrokerSession | None = None
        self.deal: BankerBrokerDeal | None = None
        self.settlement: Settlement | None = None
        self._base_config = config
        self._frames_key: tuple | None = None
        self._begin_session(tuple(players), seed, config, n_sections)  # errors raise here

        self.punter.observe(lambda _: self._sync_sections(), names="value")
        self.section.observe(lambda _: self._show_choice(), names="value")
        self.option_fields["sectioning"].observe(lambda _: self._sync_option_fields(), names="value")
        for field in (self.players_field, self.seed_field, self.n_sections, *self.option_fields.values()):
            field.observe(lambda _: self._on_setting(), names="value")
        self.bet_button.on_click(lambda _: self.place_bet())
        self.cut_button.on_click(lambda _: self.cut())
        self.turn_button.on_click(lambda _: self.turn())
        self.end_button.on_click(lambda _: self.deal_to_end())
        self.new_deal_button.on_click(lambda _: self.new_deal())
        self.new_session_button.on_click(lambda _: self.new_session())

        row = widgets.Layout(flex_flow="row wrap", align_items="center")
        settings = plain.HBox([self.players_field, self.seed_field, self.new_session_button], layout=row)
        settings.add_class("bg-settings")
        f = self.option_fields
        options = plain.VBox([
            plain.HBox([f["bottom_card"], f["bet_timing"]], layout=row),
            plain.HBox([f["sectioning"], f["section_limit"], self.n_sections], layout=row),
            plain.HBox([f["tie_rule"], f["bank_change"], f["deals_per_bank"]], layout=row)])
        # replay, event log, the lesson's group code (issue 20): made when first opened (issue 22); the
        # replay's frames are drawn by _sync_replay when its panel opens
        self._fold_panels(lambda: DealReplay([f"<i>{html.escape(_('Open this panel to draw the deal.'))}</i>"],
                                             size=self._base_config.pack_size, label=_("Section")))
        money = plain.HBox([self.bankroll_view, self.chart], layout=row)
        self._assemble([
            settings, options,
            note_html(_("Players sit in the order listed (each one's left neighbour is the next); a high cut "
                      "chooses the first banker. The rule options (numbered as in the source) apply from 'New "
                      "session'; the number of sections under option (c) applies from the next deal. The table "
                      "starts with stakes before the cut (our choice; the source's own account cuts first, and "
                      "its option 2 allows either). The same seed deals the same cards.")),
            self.header, self.bank_view,
            plain.HBox([self.punter, self.section, self.stake, self.bet_button], layout=row),
            plain.HBox([self.sizes, self.cut_button, self.turn_button, self.end_button, self.new_deal_button],
                         layout=row),
            self.message, self.board, note_html(_(PICK_HELP)), self.settlement_view, money, self.more])
        self.repeat = RepeatPanel(self)  # Repeat: many deals with the same bets (issue 20)
        self.children = (*self.children, self.repeat)
        self._sync_option_fields()
        self._render()

    # ---------------------------------------------------------------- session
    def _n_sections_for(self, config: BankerBrokerConfig, value: object) -> int | None:
        """The reader's number of sections (typed: read by
        :func:`~banking_games.widgets.common.typed_whole_number`), passed to the
        engine only under option 3(c), where the banker chooses it (under
        3(a) and 3(b) the engine fixes the number and the field is not read).

        Raises:
            ConfigError: under 3(c), a value that is not a whole number in digits.
        """
        if config.sectioning is not Sectioning.ANY:
            return None
        return typed_whole_number(value, N_SECTIONS_LABEL, str(DEFAULT_SECTIONS), digits_only=True)

    def _typed(self, read: Callable[[], object]) -> object:
        """What ``read()`` returns, or ``None`` if the typed value cannot be read."""
        try:
            return read()
        except ConfigError:
            return None

    def _typed_sections(self) -> int | None:
        """The number typed in ``n_sections`` (``None``: unreadable)."""
        return self._typed(lambda: typed_whole_number(self.n_sections.value, N_SECTIONS_LABEL, "5", digits_only=True))

    def _begin_session(self, players: tuple, seed: object, config: BankerBrokerConfig,
                       n_sections: object) -> None:
        """Check the settings and build the session and its first deal;
        assign nothing until all succeed."""
        check_seed(seed)
        session = BankerBrokerSession.by_high_cut(config, players, rng=first_banker_rng(seed))
        deal = session.new_deal(rng=deal_rng(seed, 1), n_sections=self._n_sections_for(config, n_sections))
        self.session, self.seed, self.deal, self.settlement = session, seed, deal, None
        self.deal_number = 1
        # why this session's deals are not the lesson's (group code), "" while they are
        self.off_lesson = lesson_setting_problem("banker-and-broker", session.players, config)
        self.history = {p: [Fraction(0)] for p in session.players}
        self.bankers: list = []
        self._frames_key = None
        self._start_message()

    def _read_config(self) -> BankerBrokerConfig:
        """The table's config with the option controls' values; the engine
        checks them (a typed number is read first: ConfigError if it cannot be)."""
        return dataclasses.replace(self._base_config, **{name: self._option_value(name) for name in RULE_OPTIONS})

    def _option_value(self, name: str) -> object:
        """The value of the option control ``name``: a choice, or the whole number typed."""
        label, choices = RULE_OPTIONS[name]
        value = self.option_fields[name].value
        return value if choices is not None else typed_whole_number(value, label, str(getattr(BankerBrokerConfig(), name)),
                                                              digits_only=True)

    def _start_message(self) -> None:
        deal = self.deal
        first = (_("Stakes go down before the cut: place bets, then 'Cut'.")
                 if deal.config.bet_timing is BetTiming.BEFORE_CUT
                 else _("Stakes go down after the cut: 'Cut' first, then place bets."))
        self.message.info(_("Deal {number}: {banker} holds the bank and will cut {n} sections (the last is the "
                            "banker's). ").format(number=self.deal_number, banker=deal.banker, n=deal.n_sections)
                          + first
                          + pending_text(self._pending()))

    def _pending(self) -> list[str]:
        """The settings controls that differ from the session in play (they
        apply from 'New session'; the number of sections under 3(c) applies
        from 'New deal' and is not listed)."""
        config = self.session.config
        changed = [RULE_OPTIONS[name][0] for name in RULE_OPTIONS
                   if self._typed(lambda: self._option_value(name)) != getattr(config, name)]
        if (config.sectioning is not Sectioning.ANY and self.option_fields["sectioning"].value is Sectioning.ANY
                and self._typed_sections() != self.deal.n_sections):
            changed.append(_(N_SECTIONS_LABEL))
        if parse_players(self.players_field.value) != tuple(str(p) for p in self.session.players):
            changed.append(_("players"))
        if self._typed(lambda: parse_seed(self.seed_field.value)) != self.seed:
            changed.append(_("seed"))
        return changed

    @guarded
    def _on_setting(self) -> None:
        """Tell the reader when a changed setting takes effect (nothing changes now)."""
        if self.session is None:
            return
        # a setting that cannot be used is refused at once, with the engine's reason, not when it applies
        parse_seed(self.seed_field.value)
        config = self._read_config()
        if config.sectioning is Sectioning.ANY:
            section_count(config, len(self.deal.punters), self._n_sections_for(config, self.n_sections.value))
        text = pending_text(self._pending()).strip()
        typed = self._typed_sections()
        if self.session.config.sectioning is Sectioning.ANY and typed != self.deal.n_sections:
            text = (_("{typed} sections: from the next 'New deal' (this deal has {n}). ").format(
                typed=typed, n=self.deal.n_sections) + text).strip()
        if text:
            self.message.info(text)

    def _sync_option_fields(self) -> None:
        """Grey out the number fields that do not belong to the chosen sectioning option."""
        chosen = self.option_fields["sectioning"].value
        self.option_fields["section_limit"].disabled = chosen is not Sectioning.ONE_EACH
        self.n_sections.disabled = chosen is not Sectioning.ANY

    def _sync_sections(self) -> None:
        """Offer the sections the engine allows the chosen punter to back."""
        deal = self.deal
        options = []
        if self.punter.value is not None:
            for n in deal.allowed_sections(self.punter.value):
                owner = deal.section_owner(n)
                options.append(((_("section {n} ({owner}'s)") if owner is not None else _("section {n}")).format(
                    n=n, owner=owner), n))
        sync_options(self.section, options)

    def _show_choice(self) -> None:
        """Mark the section chosen in ``section`` on the table."""
        self.sections.choose({self.section.value - 1} if self.section.value is not None else set())

    @guarded
    def pick_section(self, number: int) -> int:
        """A click on section ``number`` (1 = top): choose it in ``section``.

        Under option 3(a), a section cut for a punter makes that punter the
        one who bets (the engine's :meth:`~banking_games.games.banker_broker.BankerBrokerDeal.section_owner`).
        A section the punter may not back (the banker's, or one cut for
        someone else) is refused with the engine's reason (a trial bet on a
        copy of the deal), and nothing changes.

        Returns:
            The section chosen (``None`` if refused).
        """
        deal = self.deal
        owner = deal.section_owner(number)
        punter = owner if owner in deal.punters else self.punter.value
        # a trial stake on a copy of the deal: the engine refuses a section the punter may not
        # back, or any stake once the moment for stakes has passed (e.g. after the cut when
        # stakes go down first), with its own reason; the deal itself is not touched
        copy.deepcopy(deal).bet(punter, 1, section=number)
        if self.punter.value != punter:
            self.punter.value = punter   # the section's owner under 3(a): their sections are offered
        self.section.value = number
        self._show_choice()
        self.message.info(_("Chosen: section {number} for {punter}. 'Place bet' puts the stake on it.").format(
            number=number, punter=punter))
        return number

    # ---------------------------------------------------------------- actions
    @guarded
    def new_session(self) -> None:
        """Start a new session from the settings (players, seed, rule
        options, sections under 3(c)). Refused (message shown, table
        unchanged) if the engine rejects them."""
        config = self._read_config()
        self._begin_session(parse_players(self.players_field.value), parse_seed(self.seed_field.value), config,
                            self.n_sections.value)
        self.repeat.follow_table_seed()
        self._render()

    @guarded
    def place_bet(self) -> None:
        """Place ``stake`` for ``punter`` on ``section`` (the engine checks
        the moment, the section and the stake); with no punter chosen, the
        message asks for one (after the engine's word on the moment)."""
        try:
            self.deal.bet(self.punter.value, self.stake.value, section=self.section.value)
        except BetError:
            if self.punter.value is None:   # the engine's "None is not a punter", in the table's words
                raise BetError.of(N_("choose the punter who bets first (Punter: {punters})"),
                                  punters=", ".join(map(str, self.deal.punters))) from None
            raise
        self.message.info(_capital(card_text(self.deal.events[-1].text)) + ".")
        self._render()

    @guarded
    def cut(self) -> None:
        """Cut the pack into sections: the sizes typed in ``sizes``, or cut
        points drawn from the deal's random source when it is empty."""
        sizes = parse_sizes(self.sizes.value)
        self.deal.cut(sizes)
        self._note_cut(sizes)
        event = self.deal.events[-1]
        then = " " + (_("Turn the sections.") if self.deal.config.bet_timing is BetTiming.BEFORE_CUT
                      else _("Place bets, then turn the sections."))
        self.message.info(_capital(card_text(event.text)) + "." + then)
        self._render()

    @guarded
    def turn(self) -> None:
        """Turn the next section (the engine's order: the banker's first);
        settle the deal and apply the bank-change option when it ends."""
        event = self.deal.turn()
        self._after_turn()
        self.message.info(_capital(_turn_text(event)) + "." + self._end_text())
        self._render()

    @guarded
    def deal_to_end(self) -> None:
        """Cut if the pack is not cut yet (with the sizes typed, or at
        random), then turn every remaining section."""
        deal = self.deal
        if deal.is_over:
            deal.turn()  # the engine refuses: the deal is over (state unchanged)
        sizes = parse_sizes(self.sizes.value)
        cut = ""
        if not deal.sections:
            deal.cut(sizes)  # refused with the engine's message if the sizes are wrong: nothing changed
            self._note_cut(sizes)
            cut = _capital(card_text(deal.events[-1].text)) + ". "
        before = len(deal.turned)
        turned = 0
        while not deal.is_over:
            event = deal.turn()
            turned += 1
        self._after_turn()
        self.message.info(cut + count_text(turned, before, "section", _turn_text(event)) + "." + self._end_text())
        self._render()

    @guarded
    def new_deal(self) -> None:
        """Start the next deal of the session with the banker the engine
        chose (option 5). Refused while the current deal is not over."""
        session = self.session
        # the number typed for 3(c) is read before the deal is ended: refused, nothing changes
        n_sections = self._n_sections_for(session.config, self.n_sections.value)
        if session.deal is not None:
            try:
                session.end_deal()  # the engine refuses while sections are left: state unchanged
            except RuleError:
                left = self.deal.n_sections - len(self.deal.turned)
                raise RuleError.of("finish this deal first: {sections} still to turn ('Turn a section' or 'Deal to "
                                   "the end')", sections=plural(left, 'section')) from None
        number = self.deal_number + 1
        deal = session.new_deal(rng=deal_rng(self.seed, number), n_sections=n_sections)
        self.deal, self.settlement, self.deal_number = deal, None, number
        self._frames_key = None
        self._start_message()
        self._render()

    def _after_turn(self) -> None:
        """When the deal has ended: settle it and apply option 5 through the engine."""
        deal, session = self.deal, self.session
        if deal.is_over and session.deal is deal:
            settlement = deal.settle()
            session.end_deal(rng=bank_cut_rng(self.seed, self.deal_number))
            self.settlement = settlement
            record_deal(self.history, self.bankers, deal.banker, session.balances)

    def _end_text(self) -> str:
        if self.settlement is None:
            return ""
        change = self.session.history[-1]
        return (f" {settled_text(self.deal.banker, self.settlement)} "
                + _("Bank: {reason}; {banker} holds it for the next deal ('New deal').").format(
                    reason=change.reason_in_language(), banker=change.new_banker))

    def _note_cut(self, sizes) -> None:
        """A cut at typed sizes takes the session out of the lesson's deals."""
        if sizes is not None and not self.off_lesson:
            self.off_lesson = _("deal {number} was cut at typed sizes; the lesson's groups let the table cut at "
                                "random").format(number=self.deal_number)

    # ---------------------------------------------------------------- drawing
    def _sync_lesson_code(self) -> None:
        """Bring the *Group code for the lesson* section up to date while it is open."""
        if self.more.selected_index == 2:
            finished = self.deal_number - (self.settlement is None)
            self.lesson_code.update("banker-and-broker", self.seed, finished, self.off_lesson, self.session.players)

    def _sync_replay(self) -> None:
        """Bring ``replay`` up to the current deal (only while its panel is open)."""
        if self.more.selected_index != 0:
            return
        key = (id(self.deal), len(self.deal.events))
        if key != self._frames_key:
            self._frames_key = key
            self.replay.set_frames(deal_frames(self.deal, prefix=_("Deal {number}: ").format(number=self.deal_number)))

    def show_replay(self) -> DealReplay:
        """Open the 'Step through this deal' panel and return ``replay``,
        brought up to date (frame ``k``: the table after ``k`` sections turned)."""
        self.more.selected_index = 0
        self._sync_replay()
        return self.replay

    def _section_name(self, number: int) -> str:
        """A section button's name: what backing it means, and the stakes on it."""
        deal = self.deal
        owner = deal.section_owner(number)
        if owner == "banker":
            name = _("section {number}, the banker's: not for punters").format(number=number)
        else:
            name = (_("back section {number}, {owner}'s") if owner is not None else _("back section {number}")).format(
                number=number, owner=owner)
        stakes = [f"{b.player} {b.stake}" for b in deal.bets_on(number)]
        return name + (" " + _("(stakes: {stakes})").format(stakes=', '.join(stakes)) if stakes else "")

    @property
    def drawing(self) -> str:
        """What the table shows of the deal, as HTML: the sections in play
        (as drawn under their buttons), then what lies after them (``table``)."""
        return "".join(c.drawing.value for c in self.sections.cells[:self.sections.count]) + self.table.value

    def _render(self) -> None:
        """Redraw every view from the engine's state."""
        deal, session = self.deal, self.session
        state = (_("over") if deal.is_over else
                 _("{turned} of {sections} turned").format(turned=len(deal.turned),
                                                            sections=plural(deal.n_sections, 'section'))
                 if deal.turned else
                 _("{n} sections cut").format(n=deal.n_sections) if deal.sections else _("the pack is not cut yet"))
        self.header.value = (f"<b>{html.escape(_(self.GAME_TITLE))}</b> &middot; "
                             + _("seed {seed} &middot; deal {number}, banker <b>{banker}</b>").format(
                                 seed=self.seed, number=self.deal_number, banker=html.escape(str(deal.banker)))
                             + " &middot; "
                             f"{html.escape(state)}<br><span style=\"font-size:85%;color:{MUTED_COLOUR}\">" + _("Rules:") + " "
                             f"{html.escape(session.config.describe_in_language())}</span>")
        self.bank_view.value = bank_html(session)
        sync_options(self.punter, deal.punters)
        self._sync_sections()
        title = _("Deal {number}: {banker} holds the bank").format(number=self.deal_number, banker=deal.banker)
        self.sections_title.value = (style_html() + '<div style="font-size:12px;font-weight:bold;margin:4px 0 2px">'
                                     + html.escape(card_text(title)) + "</div>")
        self.sections.show([(str(section_html(deal, n)), self._section_name(n))
                            for n in range(1, deal.n_sections + 1)])
        self._show_choice()
        self.table.value = str(rest_html(deal))
        self._sync_replay()
        self.settlement_view.value = (settlement_html(deal, self.settlement) if self.settlement is not None
                                      else "")
        self.bankroll_view.value = bankroll_html(session.players, self.history, self.bankers)
        self.chart.draw(self.history)
        log = _("Deal {number}:").format(number=self.deal_number) + "\n" + (card_text(deal.transcript())
                                                                            or _("nothing yet"))
        if session.transcript():
            log += "\n\n" + _("Session so far:") + "\n" + card_text(session.transcript())
        self._show_log(log)
        self._sync_lesson_code()
