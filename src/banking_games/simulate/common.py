"""Shared machinery for simulators: shuffled decks as numpy arrays, running a
long simulation in chunks with a progress bar that can be stopped (and
turning the results into a table), checks of the arguments every simulator
takes, and summaries with standard errors. No game rule lives here.
"""

from __future__ import annotations

import math
import warnings
from dataclasses import dataclass
from typing import Callable, Mapping, Sequence, TypeVar

import numpy as np

from ..cards import Card
from ..checks import is_whole_number, whole_number
from ..errors import ConfigError, SeedError, short_repr

__all__ = ["MAX_DEALS", "is_whole", "check_config", "as_generator", "shuffled_decks", "deck_array", "decks_to_cards",
           "run_in_chunks",
           "run_to_table", "MeanEstimate", "mean_estimate", "session_totals"]

MAX_DEALS = 100_000_000
"""The most deals one simulation may hold (its table takes some bytes a deal,
about 1 GB at this many; more is refused before any work starts, not left to
fail for memory or run for hours)."""

C = TypeVar("C")


is_whole = is_whole_number
"""True for a Python or numpy integer (``bool`` is not a number here):
:func:`banking_games.checks.is_whole_number`."""


def check_config(config, kind: type[C]) -> C:
    """A simulator's ``config`` argument: ``kind()`` (the engine's default
    rules) for ``None``, else ``config`` itself.

    Raises:
        ConfigError: ``config`` is not a ``kind`` (e.g. a dict of options).
    """
    if config is None:
        return kind()
    if not isinstance(config, kind):
        raise ConfigError(f"config must be a {kind.__name__}, got {type(config).__name__}")
    return config


def as_generator(rng) -> np.random.Generator:
    """Return ``rng`` if it is a ``numpy.random.Generator``, or a new
    Generator seeded with ``rng`` if it is an int (``np.random.default_rng(seed)``).

    Raises:
        SeedError: (a ``TypeError``) for a negative seed or anything else
            (``None`` included: randomness is passed in).
    """
    if isinstance(rng, np.random.Generator):
        return rng
    if is_whole(rng):
        return np.random.default_rng(whole_number(rng, "a seed", low=0, error=SeedError))
    raise SeedError(f"rng must be a non-negative int seed or a numpy.random.Generator, got {short_repr(rng)}")


def shuffled_decks(n_decks: int, pack_size: int, rng: np.random.Generator) -> np.ndarray:
    """``n_decks`` independent uniform shuffles of ``range(pack_size)``.

    Returns:
        ``int8`` array of shape ``(n_decks, pack_size)``; row i is deck i, top
        card first, each entry an index into the pack's card list.
    """
    n_decks = whole_number(n_decks, "n_decks", low=0)
    pack_size = whole_number(pack_size, "pack_size", low=1, high=127)  # int8 card numbers
    base = np.broadcast_to(np.arange(pack_size, dtype=np.int8), (n_decks, pack_size))
    return rng.permuted(base, axis=1)


def deck_array(decks, size: int, *, orderings: bool = True) -> np.ndarray:
    """Check decks given to a simulator: an integer array of shape ``(n, size)``,
    each entry a card number (an index into the config's pack).

    Args:
        decks: array-like of decks, top card first.
        size: cards in the pack.
        orderings: also check that each row is an ordering of the pack
            (every number ``0..size-1`` once; costs a pass over the decks).

    Returns:
        ``decks`` as a numpy array (not copied when it already is one).

    Raises:
        ConfigError (a ValueError): wrong shape or type, a number out of range, or (with
            ``orderings``) a row that is not an ordering of the pack.
    """
    decks = np.asarray(decks)
    if decks.ndim != 2 or decks.shape[1] != size or not np.issubdtype(decks.dtype, np.integer):
        raise ConfigError(f"decks must be an integer array of shape (n, {size}) (card numbers into the config's "
                         f"pack), got {decks.dtype} {decks.shape}")
    if orderings and decks.size:
        if decks.min() < 0 or decks.max() >= size:
            raise ConfigError(f"deck entries must be card numbers 0..{size - 1}")
        seen = np.zeros(decks.shape, dtype=bool)
        np.put_along_axis(seen, decks.astype(np.intp), True, axis=1)
        if not seen.all():
            bad = int(np.flatnonzero(~seen.all(axis=1))[0])
            raise ConfigError(f"deck {bad} is not an ordering of the {size} cards (a card repeated)")
    return decks


def decks_to_cards(decks: np.ndarray, pack: Sequence[Card]) -> list[list[Card]]:
    """Turn index decks (from :func:`shuffled_decks`) into lists of cards, to
    deal the same decks through a rules engine."""
    return [[pack[int(i)] for i in row] for row in decks]


def run_in_chunks(n_deals: int, simulate_chunk: Callable[[int, np.random.Generator], dict],
                  rng, *, chunk_size: int = 200_000, progress: bool = True,
                  desc: str = "deals") -> tuple[dict, int]:
    """Run ``simulate_chunk`` on chunks of deals and add up what it returns.

    Args:
        n_deals: how many deals in all (a positive int).
        simulate_chunk: ``f(k, generator) -> dict`` of numpy arrays or
            numbers for ``k`` deals; arrays with a first axis of length ``k``
            are concatenated, everything else is summed.
        rng: an int seed or a ``numpy.random.Generator``.
        chunk_size: deals per chunk (bounds memory).
        progress: show a tqdm progress bar (a widget in Jupyter, text elsewhere).

    Returns:
        ``(totals, deals_done)``. Interrupting (Ctrl-C, or the stop button in
        Jupyter) stops after the current chunk and returns what was done, with
        a warning.

    Raises:
        ConfigError (a ValueError): if ``n_deals`` is not a whole number from 1 to
            :data:`MAX_DEALS`, or ``chunk_size`` not a positive whole number.
    """
    whole_number(n_deals, "n_deals", low=1, high=MAX_DEALS,
                 rule=f"n_deals must be a whole number from 1 to {MAX_DEALS:,} (one simulation's table "
                      "must fit in memory; run several with other seeds for more)")
    whole_number(chunk_size, "chunk_size", low=1, rule="chunk_size must be a positive whole number")
    gen = as_generator(rng)
    bar = None
    if progress:
        from tqdm.auto import tqdm

        bar = tqdm(total=int(n_deals), desc=desc, unit="deal", unit_scale=True, leave=False)
    pieces: dict[str, list] = {}
    # Columns seen in the first chunk are allocated once for all the deals and filled chunk by chunk
    # (no second copy at the end, and each chunk's own arrays are freed and reused at once).
    # Columns of one type share one block of memory (fewer page faults). A chunk function with a true
    # ``fills_into`` attribute is called as f(k, generator, into=...) from the second chunk on, ``into``
    # mapping each column to its k rows in the final arrays, and may write its results there.
    whole: dict[str, list] = {}  # key -> [array for n_deals, rows filled]
    fills_into = bool(getattr(simulate_chunk, "fills_into", False))
    sums: dict = {}
    done = 0
    try:
        while done < n_deals:
            k = int(min(chunk_size, n_deals - done))
            if fills_into and whole:
                out = simulate_chunk(k, gen, into={key: a[done:done + k] for key, (a, filled) in whole.items()
                                                   if filled == done})
            else:
                out = simulate_chunk(k, gen)
            if done == 0 and k < n_deals:
                _allocate_whole(out, k, n_deals, whole, pieces)
            for key, value in out.items():
                if isinstance(value, np.ndarray) and value.ndim >= 1 and value.shape[0] == k:
                    if key in whole:
                        array, filled = whole[key]
                        if filled == done and array.shape[1:] == value.shape[1:] and array.dtype == value.dtype:
                            target = array[done:done + k]
                            if (value.__array_interface__["data"][0] != target.__array_interface__["data"][0]
                                    or value.strides != target.strides):
                                target[...] = value
                            whole[key][1] += k
                            continue
                        pieces[key] = [array[:filled]]  # a chunk unlike the first: keep the pieces instead
                        del whole[key]
                    pieces.setdefault(key, []).append(value)
                else:
                    sums[key] = sums.get(key, 0) + value
            done += k
            if bar is not None:
                bar.update(k)
    except KeyboardInterrupt:
        warnings.warn(f"simulation stopped after {done} of {n_deals} deals", RuntimeWarning, stacklevel=2)
    finally:
        if bar is not None:
            bar.close()
    totals = {key: (whole[key][0][:whole[key][1]] if key in whole else parts[0] if len(parts) == 1
                    else np.concatenate(parts)) for key, parts in pieces.items()} | sums
    return totals, done


def _allocate_whole(out: dict, k: int, n_deals: int, whole: dict, pieces: dict) -> None:
    """Allocate, for each per-deal column of the first chunk, an array for all ``n_deals`` rows
    (columns of the same type and shape share one block); the chunks are copied in by the caller."""
    groups: dict[tuple, list[str]] = {}
    for key, value in out.items():
        if isinstance(value, np.ndarray) and value.ndim >= 1 and value.shape[0] == k:
            groups.setdefault((value.dtype.str, value.shape[1:]), []).append(key)
            pieces[key] = []  # (keeps the columns' order)
    for (dtype, rest), keys in groups.items():
        block = np.empty((len(keys), n_deals) + rest, dtype=np.dtype(dtype))
        for key, array in zip(keys, block):
            whole[key] = [array, 0]


def run_to_table(simulate_chunk: Callable[[int, np.random.Generator], dict], n_deals: int, rng, *,
                 chunk_size: int, progress: bool, as_frame: bool, desc: str, attrs: Mapping | None = None,
                 counts: Sequence[str] = ()):
    """:func:`run_in_chunks`, then the results as a simulator returns them.

    Args:
        simulate_chunk, n_deals, rng, chunk_size, progress, desc: as for
            :func:`run_in_chunks` (``rng`` is checked first).
        as_frame: return a ``pandas.DataFrame`` (one row per deal) whose
            ``attrs`` hold ``seed`` (the int seed, or ``None`` for a
            Generator), ``deals`` (how many were done), the ``counts`` and
            ``attrs``; else a dict of numpy arrays with ``deals`` (and the
            ``counts``) added.
        attrs: more facts about the run for the frame's ``attrs``.
        counts: keys of numbers that ``simulate_chunk`` returns summed over
            the chunk (not one per deal): kept as ``int`` beside the columns.

    Raises:
        SeedError, ConfigError: as :func:`as_generator` and :func:`run_in_chunks`.
    """
    seed = int(rng) if is_whole(rng) else None
    gen = as_generator(rng)
    totals, done = run_in_chunks(n_deals, simulate_chunk, gen, chunk_size=chunk_size, progress=progress, desc=desc)
    extra = {key: int(totals.pop(key, 0)) for key in counts}
    if not as_frame:
        totals.update(extra)
        totals["deals"] = done
        return totals
    import pandas as pd

    frame = pd.DataFrame(totals, copy=False)
    frame.attrs.update({"seed": seed, "deals": done} | extra | dict(attrs or {}))
    return frame


@dataclass(frozen=True)
class MeanEstimate:
    """A Monte Carlo estimate of a mean: the sample mean, its standard error
    (sample SD / sqrt(n)) and the sample size."""

    mean: float
    standard_error: float
    n: int

    def z_score(self, exact) -> float:
        """How many standard errors the estimate is from an exact value."""
        if self.standard_error == 0:
            return 0.0 if self.mean == float(exact) else math.inf
        return (self.mean - float(exact)) / self.standard_error


def mean_estimate(values: np.ndarray) -> MeanEstimate:
    """Mean and standard error of a 1-D sample (at least two values).

    Raises:
        ConfigError (a ValueError): fewer than two values, values that are
            not numbers, not finite, or not a 1-D sample.
    """
    try:
        values = np.asarray(values, dtype=float)
    except (TypeError, ValueError):
        raise ConfigError(f"values must be a 1-D sample of numbers, got {short_repr(str(values)[:40])}") from None
    if values.ndim != 1:
        raise ConfigError(f"values must be a 1-D sample, got an array of shape {values.shape}")
    if not np.isfinite(values).all():
        raise ConfigError("values must be finite numbers (no NaN or infinity)")
    n = values.size
    if n < 2:
        raise ConfigError("need at least two values for a standard error")
    return MeanEstimate(float(values.mean()), float(values.std(ddof=1) / math.sqrt(n)), int(n))


def session_totals(values, session_length: int) -> np.ndarray:
    """Totals of consecutive sessions of ``session_length`` deals (a trailing
    part-session is dropped).

    Args:
        values: 1-D array of per-deal results (e.g. a ``<name>_net`` column).
        session_length: deals per session.

    Returns:
        ``int64`` array, one total per whole session.

    Raises:
        ConfigError (a ValueError): ``session_length`` not a positive whole number, or fewer
        values than one session.
    """
    values = np.asarray(values)
    whole_number(session_length, "session_length", low=1, rule="session_length must be a positive whole number")
    m = values.size // session_length
    if m == 0:
        raise ConfigError(f"need at least {session_length} values for one session, got {values.size}")
    return values[:m * session_length].reshape(m, session_length).sum(axis=1, dtype=np.int64)
