#!/usr/bin/env python3
"""How long `review` takes on lost four-suit games: the benchmark of issue 33.

Plays deals with the hint alone (`spider autoplay --suits 4`), takes the first 20 lost games, and for
each one replays its actions and asks `review`, timing the whole run of the program (the replay takes a
few milliseconds). Prints one line a game and the median and the slowest, the same way every time.

Needs python3 and a release build: `cargo build --release`, then `scripts/review-bench.py [FIRST [LAST]]`
(deals 1..60 by default), or `scripts/review-bench.py RUN.json` to take the lost games of an earlier
`spider autoplay --suits 4 --output json` run. It times the machine as it is: on a loaded machine the
figures grow.
"""
import json
import statistics
import subprocess
import sys
import time

SPIDER = "target/release/spider"
if sys.argv[1:] and sys.argv[1].endswith(".json"):
    with open(sys.argv[1]) as file:
        played = file.read()
else:
    first, last = (int(a) for a in (sys.argv[1:3] + ["1", "60"][len(sys.argv[1:3]):]))
    played = subprocess.run(
        [SPIDER, "autoplay", "--suits", "4", "--seeds", f"{first}..{last}", "--output", "json"],
        capture_output=True, text=True, check=True).stdout
lost = [line for line in map(json.loads, played.splitlines())
        if line.get("type") == "autoplay" and line["result"] == "lost"][:20]
times = []
for game in lost:
    script = "\n".join(["set autoshow off", *game["line"], "set output json", "review"]) + "\n"
    started = time.monotonic()
    out = subprocess.run([SPIDER, "--suits", "4", "--seed", str(game["seed"])], input=script,
                         capture_output=True, text=True, check=True).stdout
    seconds = time.monotonic() - started
    review = json.loads(out.strip().splitlines()[-1])
    times.append(seconds)
    where = review.get("lost_at", {}).get("number", "-")
    print(f"deal {game['seed']}: {game['actions']} actions, {review['result']} at {where}, "
          f"{review['solves']} solves, {review['positions']} positions, {seconds:.2f} s")
print(f"review of {len(times)} lost four-suit games: median {statistics.median(times):.2f} s, "
      f"slowest {max(times):.2f} s")
