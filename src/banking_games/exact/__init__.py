"""Exact values of the games' bets: sympy derivations in general symbols,
and exact enumeration through the rules engines that checks them."""

from .core import BetValue, outcome_distribution, session_distribution, value_table, table_in_language

__all__ = ["BetValue", "value_table", "table_in_language", "outcome_distribution", "session_distribution"]
