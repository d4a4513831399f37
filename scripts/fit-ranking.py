#!/usr/bin/env python3
"""Fits the weights of the solver's beam ranking (src/solve/beam.rs) to what wide beams won.

A lab build writes the file: `spider solve --suits S --seeds 1001..1100 --beam-widths 1000 --beam-dump
FILE` (`cargo build --release --features lab`). For every deal a beam wins, each depth of the winning line
gives a group: the position the line went through, then the others of its stock level that the beam kept
beside it (the 20 it ranked best and every 25th after). A line a position: the root's hash, the depth, the
stock level, 1 on the line or 0, then the nine counts of `beam::feature`.

The fit is a pairwise logistic regression: for each group, the position on the line should score lower
(better) than each other one, every group weighing alike; Newton's method with a small L2 penalty. A
quarter of the deals, drawn with a fixed seed, are held out and their loss printed beside the rest's, as
a check that the weights say something of the game and not of those deals. The weights print in
thousandths of a move, the face-down card's as 1000, ready for `--beam-weights` and for `beam_ranking`
in src/solve/mod.rs. The solver's weights were fitted in rounds: a beam of 1000 ranked by the weights of
the round before wrote the file of the next (docs/solver.md).

Needs python3 and numpy: `scripts/fit-ranking.py FILE [FILE...]`.
"""
import sys

import numpy as np

NAMES = ["hidden", "suit breaks", "rank breaks", "free bases", "empty", "ahead", "deep", "movable",
         "removed"]
PENALTY = 1e-4


def groups(paths):
    """Each group as (deal, the line's counts, the others' counts less those equal to the line's)."""
    for path in paths:
        deal, on, others = None, None, []
        with open(path) as file:
            for text in file:
                words = text.split()
                counts = np.array([float(w) for w in words[4:]])
                if words[3] == "1":
                    if on is not None and others:
                        yield deal, on, np.array(others)
                    deal, on, others = words[0], counts, []
                elif on is not None and not np.array_equal(counts, on):
                    others.append(counts)
        if on is not None and others:
            yield deal, on, np.array(others)


def pairs(chosen):
    """The differences (line less other) of every pair, and each pair's weight (a group weighs 1)."""
    diffs = np.vstack([on - others for _, on, others in chosen])
    weights = np.concatenate([np.full(len(others), 1 / len(others)) for _, _, others in chosen])
    return diffs, weights / weights.sum()


def loss(w, diffs, weights):
    return float(weights @ np.logaddexp(0, diffs @ w))


def fit(diffs, weights):
    w = np.zeros(diffs.shape[1])
    for _ in range(100):
        p = 1 / (1 + np.exp(-(diffs @ w)))
        gradient = diffs.T @ (weights * p) + 2 * PENALTY * w
        hessian = (diffs * (weights * p * (1 - p))[:, None]).T @ diffs + 2 * PENALTY * np.eye(len(w))
        step = np.linalg.lstsq(hessian, gradient, rcond=None)[0]
        w -= step
        if np.abs(step).max() < 1e-9:
            break
    return w


def main():
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    every = list(groups(sys.argv[1:]))
    deals = sorted({deal for deal, _, _ in every})
    held = set(np.random.default_rng(0).choice(deals, size=len(deals) // 4, replace=False))
    train = pairs([g for g in every if g[0] not in held])
    test = pairs([g for g in every if g[0] in held])
    w = fit(*train)
    print(f"{len(deals)} deals, {len(every)} groups; loss {loss(w, *train):.4f} fitted, "
          f"{loss(w, *test):.4f} held out (a quarter of the deals)")
    thousandths = np.rint(w / w[0] * 1000).astype(int)
    for name, weight in zip(NAMES, thousandths):
        print(f"  {name:12} {weight:6}")
    print("--beam-weights=" + ",".join(str(x) for x in thousandths))


if __name__ == "__main__":
    main()
