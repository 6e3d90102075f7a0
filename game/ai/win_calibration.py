"""hard's win chance calibrated on self-play: one logistic line per cell of the raw chain.

:func:`game.ai.analysis.win_chance` (what hard weighs with) runs a chain of improving draws (the acceptance, the wait, a
hazard per draw); its absolute level was a guess, too flat in the draws left (early one-shanten
hands won 0.36 where it said 0.26, late ones 0.05 where it said 0.11). Each cell, (shanten, three
and more together; "closed", "open" or, a tenpai declaring, "riichi"), maps the raw chance ``r``
and the draws left ``d`` to ``sigmoid(a + b * logit(r) + c * d / 10)`` with the cell's
``(a, b, c)`` below.

Fitted by ``python -m game win-chance record --file fit.csv.gz --seed 5000 --games 100`` (hard +
3 normal, seat-rotated, 400 hanchan, riichi; 48,187 hard turns) and ``python -m game win-chance
fit --file fit.csv.gz``: logistic regression (a ridge of 2 turns' weight toward the raw chain),
on the 26,898 turns with no threat read (under a threat hard folds, and a fold's lost win is not
the shape's; the threat's own discount stays in the levels). Checked on seeds 6000-6049 (200
hanchan, tests/data/win_chance_holdout.csv.gz): every bin of 200 turns or more within 0.04 of
the share won (tests/test_ai_win_chance.py). The label is whether the seat won the hand: hard's
own later play (its folds) is in it. Re-fit and re-record the held-out file when hard's play
changes much.

hard does not weigh with it yet (:func:`game.ai.analysis.chance` is its reader): put in place of
the raw chain, with every other knob as it is, it did not play better, paired on seat-rotated hard
+ 3 normal (400 hanchan each): seeds 1000-1099 -0.010 +-0.088 in average rank, 1100-1199 +0.043
+-0.100, deal-in 9.0 -> 9.3 and 9.8 %: a higher early chance pushed more (branch ai5-calibrated).
The push/fold weights (the threat discount, the future risk, the call margin) were tuned around
the raw chain's level; riichi-or-dama and trading a shanten for value want the calibrated one.
"""

from __future__ import annotations

CALIBRATION: dict[tuple[int, str], tuple[float, float, float]] = {
    (0, "closed"): (0.7749, 1.7794, 0.0341),  # 53 turns
    (0, "open"): (0.0887, 0.9807, 0.5342),  # 1007 turns
    (0, "riichi"): (-0.7413, 0.7145, 0.9382),  # 520 turns
    (1, "closed"): (-1.4139, 0.6852, 1.1799),  # 5709 turns
    (1, "open"): (-0.8353, 1.0369, 0.8048),  # 1656 turns
    (2, "closed"): (-1.8864, 0.9587, 1.6633),  # 8299 turns
    (2, "open"): (-0.5534, 0.8080, 0.5448),  # 744 turns
    (3, "closed"): (-1.8366, 1.6375, 1.9543),  # 8757 turns
    (3, "open"): (0.2033, 1.1785, 0.0837),  # 153 turns
}
