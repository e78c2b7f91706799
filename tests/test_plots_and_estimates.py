"""Tests of modules the issue-11 review found untested: ``mean_estimate``
(every statistical check relies on it) and ``plots.py``. Expected values are
worked by hand beside each test."""

from __future__ import annotations

import math
from fractions import Fraction

import numpy as np
import pytest

from banking_games.errors import ConfigError
from conftest import need_module
from banking_games.simulate.common import mean_estimate, session_totals


def test_mean_estimate_by_hand():
    # values 1, 2, 3, 4: mean 10/4 = 2.5; squared deviations 2.25 + 0.25 + 0.25
    # + 2.25 = 5, sample variance 5/3, SD sqrt(5/3), standard error
    # sqrt(5/3) / sqrt(4) = sqrt(5/12) = 0.6454972...
    est = mean_estimate(np.array([1, 2, 3, 4]))
    assert est.mean == 2.5 and est.n == 4
    assert est.standard_error == pytest.approx(math.sqrt(5 / 12), rel=1e-12)
    # z against 2: (2.5 - 2) / sqrt(5/12) = 0.7745966...
    assert est.z_score(Fraction(2)) == pytest.approx(0.5 / math.sqrt(5 / 12), rel=1e-12)


def test_mean_estimate_of_win_lose_results():
    # 3 wins (+1) and 1 loss (-1): mean 1/2; deviations 1/4 x3 and 9/4:
    # sum 3, sample variance 1, standard error 1 / 2
    est = mean_estimate([1, 1, 1, -1])
    assert (est.mean, est.standard_error) == (0.5, 0.5)


def test_mean_estimate_constant_and_too_short():
    est = mean_estimate([3, 3, 3])
    assert est.standard_error == 0 and est.z_score(3) == 0 and est.z_score(2) == math.inf
    with pytest.raises(ConfigError):
        mean_estimate([1])


def test_session_totals_by_hand():
    # sessions of 2 from 1, 2, 3, 4, 5: (1+2, 3+4), the 5 dropped
    assert session_totals(np.array([1, 2, 3, 4, 5]), 2).tolist() == [3, 7]


def test_running_mean_figure_draws_the_exact_value_and_the_band():
    need_module("matplotlib")
    from banking_games.plots import running_mean_figure
    # results +1, -1, +1, +1: running averages 1, 0, 1/3, 1/2
    fig = running_mean_figure(np.array([1, -1, 1, 1]), Fraction(-1, 19), 1, title="t", seed=7)
    ax = fig.axes[0]
    lines = {line.get_label(): line for line in ax.get_lines()}
    run = lines["simulated running average (seed 7)"]
    assert np.allclose(run.get_ydata(), [1, 0, 1 / 3, 1 / 2])
    exact = [line for label, line in lines.items() if label.startswith("exact expected value")]
    assert len(exact) == 1 and np.allclose(exact[0].get_ydata(), -1 / 19)
    # y range: the whole running average (1, 0, 1/3, 1/2, padded by 5 % of its
    # range 1, i.e. 0.05) and at least the band at the last of the first 10 deals,
    # here deal 4: 2 SD / sqrt(4) = 1 either side of -1/19.
    # lo = min(0 - 0.05, -1/19 - 1) = -20/19; hi = max(1 + 0.05, -1/19 + 1) = 1.05
    lo, hi = ax.get_ylim()
    assert lo == pytest.approx(-20 / 19) and hi == pytest.approx(1.05)
    assert ax.get_xscale() == "log"
