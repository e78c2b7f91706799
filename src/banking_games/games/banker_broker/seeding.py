"""Banker and Broker's random sources: one per session's first cut, deal and bank cut.

Part of :mod:`banking_games.games.banker_broker`: :func:`first_banker_rng`, :func:`deal_rng`,
:func:`bank_cut_rng` (the same seed deals the same packs whatever was bet), and the helpers
that turn a seed into a random source and draw cut points.
"""

from __future__ import annotations

import random

from ...cards import random_source
from ...checks import whole_number


# ---------------------------------------------------------------- names and randomness

def first_banker_rng(seed: int) -> random.Random:
    """The random source of a session's first high cut for the bank.

    Raises:
        ConfigError: ``seed`` not a whole number 0 or more (True/False included).
    """
    whole_number(seed, "seed", low=0)
    return random.Random(f"{seed}:first banker")


def deal_rng(seed: int, number: int) -> random.Random:
    """The random source of deal ``number`` (1, 2, ...) of a session: it
    shuffles the pack, then draws the cut points if the reader gives no
    section sizes. Each deal has its own, so the same seed deals the same
    packs whatever was bet, cut or chosen in earlier deals.

    Raises:
        ConfigError: ``seed`` not a whole number 0 or more, ``number`` not 1 or more.
    """
    whole_number(seed, "seed", low=0)
    whole_number(number, "the deal's number", low=1)
    return random.Random(f"{seed}:deal {number}")


def bank_cut_rng(seed: int, number: int) -> random.Random:
    """The random source of a high cut for the bank after deal ``number``
    (used only when the engine needs a cut).

    Raises:
        ConfigError: ``seed`` not a whole number 0 or more, ``number`` not 1 or more.
    """
    whole_number(seed, "seed", low=0)
    whole_number(number, "the deal's number", low=1)
    return random.Random(f"{seed}:bank cut after deal {number}")


def _as_rng(rng):
    """A seed becomes ``random.Random(seed)``; a Random or numpy Generator is
    used as is (checked by :func:`banking_games.cards.random_source`)."""
    return random_source(rng)


def _sample(rng, population: int, k: int) -> list[int]:
    """``k`` distinct integers from ``range(population)``, sorted."""
    if isinstance(rng, random.Random):
        return sorted(rng.sample(range(population), k))
    return sorted(int(i) for i in rng.choice(population, size=k, replace=False))
