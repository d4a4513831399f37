#!/usr/bin/env python3
"""Tunes the weights of the solver's beam ranking (src/solve/beam.rs) on what the solver is judged by: the
mean actions of its won lines over a range of deals, as `spider solve` prints them.

`scripts/fit-ranking.py` fits the weights to a proxy, the positions wide beams' winning lines went through;
this search starts from such weights and moves one weight at a time by a step, up and down, keeping a move
that makes the lines shorter (and going on in its direction while it does), and halves the steps when no
move helps, down to steps of 10. Every deal must still be won. Each trial is a whole run of a lab build
(`cargo build --release --features lab`), with `--beam-widths` and `--beam-weights`; every trial prints a
line, the best so far with each round. The deals it tunes on should be apart from those the result is
judged on (docs/solver.md: tuned on 1001..1200, judged on 401..600 and reported on 1..50).

Needs python3 and a lab build: `scripts/tune-ranking.py BINARY SUITS DEALS WIDTHS WEIGHTS [FREE]`, for example
`scripts/tune-ranking.py target/release/spider 1 1001..1200 60,200 1000,0,1022,-15,-622,485,18,-172,474
2,3,4,5,6,7,8` (FREE: the indices of the weights it may move, by default all but the face-down card's,
which sets the scale).
"""
import json
import subprocess
import sys

SMALLEST_STEP = 10


def main():
    if len(sys.argv) not in (6, 7):
        sys.exit(__doc__)
    binary, suits, deals, widths = sys.argv[1:5]
    weights = [int(w) for w in sys.argv[5].split(",")]
    free = [int(i) for i in sys.argv[6].split(",")] if len(sys.argv) == 7 else range(1, len(weights))
    tried = {}

    def mean_actions(weights):
        """The mean actions of the won lines, or None when a deal is not won."""
        key = tuple(weights)
        if key not in tried:
            run = subprocess.run(
                [binary, "solve", "--suits", suits, "--seeds", deals, "--output", "json",
                 "--beam-widths", widths, "--beam-weights", ",".join(map(str, weights))],
                capture_output=True, text=True, check=True)
            summary = json.loads(run.stdout.strip().split("\n")[-1])
            everything = summary["won"] == summary["deals"]
            tried[key] = summary["mean_actions"] if everything else None
            print(f"trial {','.join(map(str, weights))}: {tried[key]}", flush=True)
        return tried[key]

    def better(weights, than):
        actions = mean_actions(weights)
        return actions is not None and actions < than

    best = mean_actions(weights)
    if best is None:
        sys.exit("the starting weights do not win every deal")
    steps = {i: max(4 * SMALLEST_STEP, abs(weights[i]) // 5) for i in free}
    while max(steps.values()) >= SMALLEST_STEP:
        moved = False
        for i in free:
            for sign in (1, -1):
                trial = list(weights)
                trial[i] += sign * steps[i]
                if not better(trial, best):
                    continue
                # A move that helps goes on in its direction while it helps.
                while better(trial, best):
                    best, weights, moved = mean_actions(trial), trial, True
                    trial = list(weights)
                    trial[i] += sign * steps[i]
                break
        if not moved:
            steps = {i: step // 2 for i, step in steps.items()}
        print(f"round: {best} with {','.join(map(str, weights))}", flush=True)
    print(f"best: {best} with {','.join(map(str, weights))}")


if __name__ == "__main__":
    main()
