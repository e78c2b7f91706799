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

import dataclasses
import html
from fractions import Fraction
from typing import Hashable, Sequence

import ipywidgets as widgets

from ..display.landsknecht import table_html
from ..errors import ConfigError, RuleError
from ..games.landsknecht import VOID, LandsknechtConfig, LandsknechtDeal, LandsknechtSession
from ..money import Settlement
from .common import BankrollChart, DealReplay, MessageBar, fmt_amount, guarded

__all__ = ["LandsknechtTable", "DEFAULT_PLAYERS", "DEFAULT_SEED", "RULE_OPTIONS", "parse_players", "settlement_html",
           "bankroll_html", "bankroll_svg"]

DEFAULT_PLAYERS = ("Anna", "Boris", "Clara")
"""The players seated at a new table, in seating order (each one's left neighbour is the next)."""
DEFAULT_SEED = 2026
"""The seed a new table deals with unless told otherwise."""

_TH = 'style="text-align:left;padding:2px 8px;border-bottom:1px solid #999"'
_TD = 'style="padding:2px 8px"'
_TDR = 'style="padding:2px 8px;text-align:right;font-variant-numeric:tabular-nums"'


def parse_players(text: str) -> tuple[str, ...]:
    """Read player names from a text field: names separated by commas, in
    seating order. Empty names are dropped; the engine checks the rest (how
    many players, duplicates) when the session is built.
    """
    return tuple(name.strip() for name in str(text).split(",") if name.strip())


def _table(head: Sequence[str], rows: Sequence[Sequence[str]], caption: str, right: Sequence[int] = ()) -> str:
    cells = "".join(f"<th {_TH}>{html.escape(h)}</th>" for h in head)
    body = "".join(
        "<tr>" + "".join(f"<td {_TDR if i in right else _TD}>{html.escape(str(c))}</td>" for i, c in enumerate(row))
        + "</tr>" for row in rows)
    return (f'<table style="border-collapse:collapse;margin:4px 0;font-size:90%">'
            f'<caption style="caption-side:top;text-align:left;font-weight:bold">{html.escape(caption)}</caption>'
            f"<thead><tr>{cells}</tr></thead><tbody>{body}</tbody></table>")


def settlement_html(deal: LandsknechtDeal, settlement: Settlement) -> str:
    """The settlement of a finished deal as an HTML table: each bet (in the
    order placed) with its card, stake, result and payout, then each
    punter's net and the banker's net. Reads the engine's
    :class:`~banking_games.money.Settlement` only.
    """
    rows = []
    for bet, result in zip(deal.bets, settlement.results):
        rows.append((bet.number, bet.player, bet.card.label, str(bet.stake),
                     "before turn 1" if bet.turn == 0 else f"after turn {bet.turn}",
                     result.outcome, str(result.stake + result.net), fmt_amount(result.net)))
    if not rows:
        bets = '<div style="margin:4px 0"><b>Settlement</b>: no bets were placed in this deal.</div>'
    else:
        bets = _table(("#", "punter", "card", "stake", "placed", "result", "returned to punter", "net"), rows,
                      "Settlement of this deal (amounts in units)", right=(0, 3, 6, 7))
    nets = [(p, "punter", fmt_amount(n)) for p, n in settlement.player_net.items()]
    nets.append((deal.banker, "banker", fmt_amount(settlement.banker_net)))
    return bets + _table(("who", "role", "net this deal"), nets, "Net amounts", right=(2,))


def bankroll_html(players: Sequence[Hashable], history: dict, bankers: Sequence[Hashable]) -> str:
    """Running bankroll: for each player, the net after the last deal
    settled, the running total since the session began, and how many deals
    they held the bank.

    Args:
        players: names in seating order.
        history: name -> running totals (index 0 is 0, one more per deal settled).
        bankers: who held the bank in each deal settled, in order.
    """
    rows = []
    for p in players:
        values = history[p]
        last = values[-1] - values[-2] if len(values) > 1 else Fraction(0)
        rows.append((p, fmt_amount(last), fmt_amount(values[-1]), sum(1 for b in bankers if b == p)))
    n = len(bankers)
    return _table(("player", "last deal", "running net", "deals as banker"), rows,
                  f"Running bankroll after {n} deal{'' if n == 1 else 's'} settled", right=(1, 2, 3))


_PALETTE = ("#1f77b4", "#ff7f0e", "#2ca02c", "#d62728", "#9467bd", "#8c564b", "#e377c2", "#7f7f7f",
            "#bcbd22", "#17becf")


def bankroll_svg(history: dict, *, title: str = "Running net since the first deal") -> str:
    """A small line chart of running nets (name -> totals after each deal,
    index 0 before the first) as an ``<svg>`` string, drawn with the
    standard library only: well under a millisecond, where the matplotlib
    chart of :func:`~banking_games.widgets.common.bankroll_chart_svg` takes
    about 100 ms (too slow for a click) and is missing in an offline
    Pyodide. Empty string while fewer than one deal is settled.
    """
    if not history or max((len(v) for v in history.values()), default=0) < 2:
        return ""
    w, h, left, right, top, bottom = 400, 170, 46, 92, 22, 34
    n = max(len(v) for v in history.values()) - 1
    values = [Fraction(x) for v in history.values() for x in v] + [Fraction(0)]
    lo, hi = min(values), max(values)
    if lo == hi:
        lo, hi = lo - 1, hi + 1
    px = lambda i: left + (w - left - right) * i / n  # noqa: E731
    py = lambda y: top + (h - top - bottom) * float(hi - y) / float(hi - lo)  # noqa: E731
    txt = 'font-family="DejaVu Sans,Arial,sans-serif" font-size="{}" fill="#333"'
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" viewBox="0 0 {w} {h}" '
             f'role="img" aria-label="{html.escape(title)}">',
             f'<rect width="{w}" height="{h}" fill="#fff"/>',
             f'<text x="{left}" y="14" {txt.format(11)} font-weight="bold">{html.escape(title)}</text>',
             f'<line x1="{left}" y1="{py(0):.1f}" x2="{w - right}" y2="{py(0):.1f}" stroke="#999" stroke-width="1"/>',
             f'<line x1="{left}" y1="{top}" x2="{left}" y2="{h - bottom}" stroke="#333" stroke-width="1"/>']
    for y in sorted({lo, Fraction(0), hi}):
        parts.append(f'<text x="{left - 4}" y="{py(y) + 3:.1f}" text-anchor="end" {txt.format(9)}>'
                     f"{html.escape(fmt_amount(y))}</text>")
    step = max(1, -(-n // 10))
    for i in range(0, n + 1, step):
        parts.append(f'<text x="{px(i):.1f}" y="{h - bottom + 12}" text-anchor="middle" {txt.format(9)}>{i}</text>')
    parts.append(f'<text x="{(left + w - right) / 2:.0f}" y="{h - 6}" text-anchor="middle" {txt.format(9)}>'
                 "deals settled</text>")
    parts.append(f'<text x="10" y="{(top + h - bottom) / 2:.0f}" text-anchor="middle" {txt.format(9)} '
                 f'transform="rotate(-90 10 {(top + h - bottom) / 2:.0f})">net (units)</text>')
    for k, (name, series) in enumerate(history.items()):
        colour = _PALETTE[k % len(_PALETTE)]
        points = " ".join(f"{px(i):.1f},{py(Fraction(v)):.1f}" for i, v in enumerate(series))
        parts.append(f'<polyline points="{points}" fill="none" stroke="{colour}" stroke-width="2"/>')
        parts.extend(f'<circle cx="{px(i):.1f}" cy="{py(Fraction(v)):.1f}" r="2.5" fill="{colour}"/>'
                     for i, v in enumerate(series))
        ly = top + 6 + 14 * k
        parts.append(f'<line x1="{w - right + 10}" y1="{ly}" x2="{w - right + 26}" y2="{ly}" stroke="{colour}" '
                     f'stroke-width="2"/><text x="{w - right + 30}" y="{ly + 3}" {txt.format(10)}>'
                     f"{html.escape(str(name))}</text>")
    parts.append("</svg>")
    return "".join(parts)


class _LightBankrollChart(BankrollChart):
    """The shared :class:`~banking_games.widgets.common.BankrollChart`, drawn
    with :func:`bankroll_svg` (fast, no matplotlib)."""

    def draw(self, history) -> None:
        svg = bankroll_svg(history)
        self.value = (f'<div style="background:#fff;display:inline-block;border-radius:4px">{svg}</div>'
                      if svg else "")


class _PooledReplay(DealReplay):
    """The shared :class:`~banking_games.widgets.common.DealReplay`, keeping
    its frame widgets between deals: building an ipywidget takes a few
    milliseconds, too slow to make a dozen in one click, so ``size`` frame
    widgets are made once, up front, and reused."""

    def __init__(self, frames, *, size: int, **kw) -> None:
        super().__init__(frames, **kw)
        self._pool = list(self.stack.children) + [widgets.HTML() for _ in range(size - len(frames))]

    def set_frames(self, frames, *, index: int | None = None) -> None:
        if not frames:
            raise ValueError("a DealReplay needs at least one frame")
        while len(self._pool) < len(frames):
            self._pool.append(widgets.HTML())
        for child, frame in zip(self._pool, frames):
            if child.value != str(frame):
                child.value = str(frame)
        top = len(frames) - 1
        index = top if index is None else index
        self.play.max = max(self.play.max, top)
        self.slider.max = max(self.slider.max, top)
        if len(self.stack.children) != len(frames):
            self.stack.selected_index = min(index, len(self.stack.children) - 1)
            self.stack.children = self._pool[:len(frames)]
        self.slider.value = index
        self.play.value = index
        self.stack.selected_index = index
        self.play.max = top
        self.slider.max = top


RULE_OPTIONS = {
    "min_stake": "smallest stake (source, Stake limits); empty: no limit",
    "max_stake": "largest stake (source, Stake limits); empty: no limit",
}
"""The :class:`~banking_games.games.landsknecht.LandsknechtConfig` fields the
table offers, with a tooltip each: the source's rule options. Other fields
of a config given to the table (such as a reduced pack for analysis) are
kept as given."""


def _option_widget(name: str, value: object) -> widgets.Widget:
    return widgets.Text(value="" if value is None else str(value), description=name.replace("_", " "),
                        placeholder="no limit", tooltip=RULE_OPTIONS[name], style={"description_width": "initial"},
                        layout=widgets.Layout(width="170px"))


class LandsknechtTable(widgets.VBox):
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
        players_field (Text), seed_field (IntText), option_fields (dict of
            Text fields, one per :data:`RULE_OPTIONS` name), new_session_button (Button):
            the session settings, used by 'New session'.
    Views: ``header``, ``message`` (:class:`~banking_games.widgets.common.MessageBar`),
    ``table`` (the cards), ``voids``, ``settlement_view``, ``bankroll_view``,
    ``chart`` (:class:`~banking_games.widgets.common.BankrollChart`),
    ``replay`` (:class:`~banking_games.widgets.common.DealReplay`, one
    frame per card turned in the current deal), ``log_view`` (the deal's transcript).

    Args:
        players: names in seating order (at least two, distinct).
        seed: an ``int`` seed for the session's shuffles.
        config: a :class:`~banking_games.games.landsknecht.LandsknechtConfig`
            (stake limits; any other field, e.g. a reduced pack, is kept for
            every session of this table); default: the source's rules, no limits.
        first_banker: who holds the bank first; default: dealt by the engine (first ace).

    Raises:
        ConfigError: bad players, seed or config (from the engine).

    State (read only): ``session``, ``deal`` (the current or just finished
    deal), ``deal_number``, ``settlement`` (of ``deal`` once over, else
    ``None``), ``history`` (name -> running nets), ``bankers``,
    ``voided`` (void deals redealt before ``deal``), ``last_action_seconds``.
    """

    def __init__(self, players: Sequence[Hashable] = DEFAULT_PLAYERS, seed: int = DEFAULT_SEED, *,
                 config: LandsknechtConfig | None = None, first_banker: Hashable = None) -> None:
        config = LandsknechtConfig() if config is None else config
        if not isinstance(config, LandsknechtConfig):
            raise ConfigError(f"config must be a LandsknechtConfig, got {type(config).__name__}")
        self.last_action_seconds = 0.0
        self.message = MessageBar()
        self.header = widgets.HTML()
        wide = {"description_width": "initial"}
        self.punter = widgets.Dropdown(description="Punter", layout=widgets.Layout(width="170px"), style=wide)
        self.stake = widgets.Text(value="1", description="Stake", style=wide, layout=widgets.Layout(width="110px"))
        self.card = widgets.Dropdown(description="on card", style=wide, layout=widgets.Layout(width="230px"))
        self.bet_button = widgets.Button(description="Place bet", button_style="primary", icon="coins")
        self.turn_button = widgets.Button(description="Turn a card", icon="hand-point-up")
        self.end_button = widgets.Button(description="Deal to the end", icon="forward")
        self.new_deal_button = widgets.Button(description="New deal", button_style="success", icon="redo")
        self.table = widgets.HTML()
        self.voids = widgets.HTML()
        self.settlement_view = widgets.HTML()
        self.bankroll_view = widgets.HTML()
        self.chart = _LightBankrollChart()
        self.log_view = widgets.HTML()
        self.players_field = widgets.Text(value=", ".join(str(p) for p in players), description="Players",
                                          placeholder="names, separated by commas, in seating order",
                                          style=wide, layout=widgets.Layout(width="360px"))
        self.seed_field = widgets.IntText(value=int(seed) if isinstance(seed, int) else 0, description="Seed",
                                          style=wide, layout=widgets.Layout(width="160px"))
        self.option_fields = {name: _option_widget(name, getattr(config, name)) for name in RULE_OPTIONS}
        self.new_session_button = widgets.Button(description="New session", icon="users")

        self.session: LandsknechtSession | None = None
        self.deal: LandsknechtDeal | None = None
        self.settlement: Settlement | None = None
        self.voided: tuple[LandsknechtDeal, ...] = ()
        self.deal_number = 0
        self.history: dict = {}
        self.bankers: list = []
        self._frames: list[str] = []
        self._chart_key: tuple | None = None
        self.replay = _PooledReplay(["<i>no deal yet</i>"], label="Card", size=24)

        self._begin_session(tuple(players), seed, config, first_banker)  # errors raise here (construction)

        self.bet_button.on_click(lambda _: self.place_bet())
        self.turn_button.on_click(lambda _: self.turn())
        self.end_button.on_click(lambda _: self.deal_to_end())
        self.new_deal_button.on_click(lambda _: self.new_deal())
        self.new_session_button.on_click(lambda _: self.new_session())

        row = widgets.Layout(flex_flow="row wrap", align_items="center")
        settings = widgets.HBox([self.players_field, self.seed_field, *self.option_fields.values(),
                                 self.new_session_button], layout=row)
        settings.add_class("bg-settings")
        more = widgets.Accordion(children=[self.replay, self.log_view],
                                 titles=("Step through this deal", "Event log"))
        money = widgets.HBox([self.bankroll_view, self.chart], layout=row)
        super().__init__([
            settings,
            widgets.HTML('<div style="font-size:85%;color:#666">Players sit in the order listed (each '
                         "one's left neighbour is the next). Stake limits hold for a whole session; leave a "
                         "field empty for no limit. The same seed and players deal the same cards. "
                         "'New session' applies these settings.</div>"),
            self.header,
            widgets.HBox([self.punter, self.stake, self.card, self.bet_button],
                           layout=row),
            widgets.HBox([self.turn_button, self.end_button, self.new_deal_button], layout=row),
            self.message, self.table, self.voids, self.settlement_view, money, more])
        self.add_class("bg-landsknecht-table")
        self._render()

    # ---------------------------------------------------------------- session
    def _begin_session(self, players: tuple, seed: object, config: LandsknechtConfig,
                       first_banker: Hashable) -> None:
        """Build a session and its first deal; assign nothing until both succeed."""
        if isinstance(seed, bool) or not isinstance(seed, int):
            raise ConfigError(f"the seed must be a whole number, got {seed!r}")
        session = LandsknechtSession(players, rng=seed, config=config, first_banker=first_banker)
        deal = session.start_deal()
        self.session, self.deal, self.settlement, self.seed = session, deal, None, seed
        self.voided = tuple(session.void_deals)
        self.deal_number = 1
        self.history = {p: [Fraction(0)] for p in session.players}
        self.bankers = []
        self._frames = []
        self._chart_key = None
        self.chart.draw({})
        self._start_message()

    def _start_message(self) -> None:
        draw = self.session.first_banker_draw
        first = ""
        if self.deal_number == 1 and draw is not None:
            first = (f"{draw.banker} received the first ace ({draw.dealt[-1][1].label}, card "
                     f"{len(draw.dealt)} dealt round the table) and holds the first bank. ")
        self.message.info(first + f"Deal {self.deal_number}: {self.deal.banker} holds the bank. "
                          + self._void_text() + "Place bets on the players' card, then turn cards.")

    def _void_text(self) -> str:
        if not self.voided:
            return ""
        lines = [next(e.text for e in d.history if e.kind == VOID).removeprefix("setup: ") for d in self.voided]
        return (f"{len(self.voided)} void deal{'s were' if len(self.voided) > 1 else ' was'} redealt ("
                + "; ".join(lines) + "). ")

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
        self._begin_session(players, self.seed_field.value, config, None)
        self._render()

    @guarded
    def place_bet(self) -> None:
        """Place the stake in ``stake`` for ``punter`` on the card in ``card``."""
        if self.card.value is None and not self.deal.is_over:
            raise RuleError("there is no live players' card to back right now (every one has been paired); "
                            "turn a card")
        self.deal.place_bet(self.punter.value, self.card.value, self.stake.value)
        self.message.info(self.deal.history[-1].text)
        self._render()

    @guarded
    def turn(self) -> None:
        """Turn one card; settle the deal (and pass the bank) if it ends."""
        event = self.deal.turn()
        self._after_turn()
        self.message.info(event.text + self._end_text())
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
        self.message.info(f"{self.deal.turns - start} card(s) turned. " + event.text + self._end_text())
        self._render()

    @guarded
    def new_deal(self) -> None:
        """Start the next deal of the session (the bank has passed to the
        left); void deals are redealt by the engine and reported."""
        if self.session.deal is not None:
            try:
                self.session.end_deal()  # refused while the deal is not over: state unchanged
            except RuleError as exc:
                raise RuleError(f"finish this deal first ('Turn a card' or 'Deal to the end'): {exc}") from None
        before = len(self.session.void_deals)
        deal = self.session.start_deal()
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
            self.bankers.append(banker)
            for p in self.session.players:
                self.history[p].append(self.session.net[p])

    def _end_text(self) -> str:
        if self.settlement is None:
            return ""
        return (f". Deal settled: banker {self.deal.banker} {fmt_amount(self.settlement.banker_net)}. "
                f"Click 'New deal': the bank passes to {self.session.banker}.")

    # ---------------------------------------------------------------- drawing
    def _table_html(self) -> str:
        return str(table_html(self.deal, title=f"Deal {self.deal_number}: {self.deal.banker} holds the bank"))

    def _render(self) -> None:
        """Redraw every view from the engine's state."""
        deal, session = self.deal, self.session
        cfg = session.config
        limits = ", ".join(f"{name.replace('_', ' ')} {getattr(cfg, name)}"
                           for name in RULE_OPTIONS if getattr(cfg, name) is not None) or "no stake limits"
        state = ("over" if deal.is_over else f"{deal.turns} card(s) turned, {len(deal.live_bets)} live bet(s)")
        self.header.value = (f"<b>Landsknecht</b> &middot; seed {self.seed} &middot; "
                             f"deal {self.deal_number}, banker <b>{html.escape(str(deal.banker))}</b> &middot; "
                             f"{html.escape(state)} &middot; {html.escape(limits)}")
        punters = [p for p in session.players if p != deal.banker]
        if tuple(self.punter.options) != tuple(punters):
            keep = self.punter.value
            self.punter.options = punters
            self.punter.value = keep if keep in punters else (punters[0] if punters else None)
        cards = [(f"{c.label}  ({c.long_name})", c.name) for c in deal.live_cards]
        if tuple(self.card.options) != tuple(cards):
            keep = self.card.value
            names = [n for _, n in cards]
            self.card.options = cards
            self.card.value = keep if keep in names else (names[0] if names else None)
        table = self._table_html()
        self.table.value = table
        self._frames[deal.turns:] = [table]
        self.replay.set_frames(self._frames)
        self.voids.value = "".join(
            str(table_html(d, title=f"Void deal, redealt before deal {self.deal_number}", show_stock=False))
            for d in self.voided)
        self.settlement_view.value = (settlement_html(deal, self.settlement) if self.settlement is not None
                                      else "")
        self.bankroll_view.value = bankroll_html(session.players, self.history, self.bankers)
        key = tuple(len(v) for v in self.history.values())
        if key != self._chart_key:
            self._chart_key = key
            self.chart.draw({str(p): v for p, v in self.history.items()})
        self.log_view.value = ('<pre style="max-height:16em;overflow:auto;font-size:85%;margin:0">'
                          + html.escape(deal.transcript()) + "</pre>")
