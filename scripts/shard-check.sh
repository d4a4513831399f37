#!/usr/bin/env bash
# Solving beyond one machine, checked on this one: the shards of a range of one-suit deals (all fast, so
# no deal meets the time limit and every run finds the same results) run under GNU parallel, first
# killed partway (as a scheduler preempts a job) and then run again to resume, are merged, and the merged
# summary and the deal lines must equal the one-process run's. Exits non-zero on any difference.
#
#   scripts/shard-check.sh            # deals 1..40 in 4 shards, killed after 1 s, target/release/spider
#   SPIDER=path/to/spider SEEDS=1..100 SHARDS=8 KILL_AFTER=0.5 scripts/shard-check.sh
set -euo pipefail
cd "$(dirname "$0")/.."
spider=${SPIDER:-target/release/spider}
seeds=${SEEDS:-1..40}
shards=${SHARDS:-4}
# GNU parallel runs the parts, as across hosts; without it (NO_PARALLEL=1, or none installed) they run
# as background jobs of this shell, which checks the same resuming and merging.
runner="GNU parallel"
if [ -n "${NO_PARALLEL:-}" ] || ! command -v parallel >/dev/null; then
    runner="shell jobs (no GNU parallel)"
    echo "shard-check: GNU parallel is not installed; the parts run as shell jobs" >&2
fi
# Runs "${solve[@]}" --shard K/N --append part K for every part K at once, each under the command
# prefix given (e.g. a timeout); fails if any part fails. Under parallel, $halt says whether a failure
# stops the others: never while the parts are being killed on purpose, because `timeout` runs its child
# in a process group of its own, out of reach of parallel's stop, and a part that outlived parallel
# would still hold its file's lock when the resuming run starts.
run_parts() {
    if [ "$runner" = "GNU parallel" ]; then
        parallel --halt "$halt" "$@" "${solve[@]}" --shard {}/"$shards" \
            --append "$dir/part{}.jsonl" '>/dev/null' ::: $(seq "$shards")
    else
        local pids=() k failed=0
        for k in $(seq "$shards"); do
            "$@" "${solve[@]}" --shard "$k/$shards" --append "$dir/part$k.jsonl" >/dev/null &
            pids+=($!)
        done
        for k in "${pids[@]}"; do wait "$k" || failed=1; done
        return "$failed"
    fi
}
[ -x "$spider" ] || { echo "shard-check: no $spider (cargo build --release)" >&2; exit 2; }
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
solve=("$spider" solve --suits 1 --seeds "$seeds" --jobs 1)

"${solve[@]}" --output json >"$dir/whole.jsonl"
"${solve[@]}" >"$dir/whole.txt"

# Each shard is killed after a moment (it may have written nothing, some deals, or half a line), then
# run again: it resumes after the deals its file holds.
halt=never
(run_parts timeout -s KILL "${KILL_AFTER:-1}" 2>/dev/null) || true
halt=now,fail=1
killed=$(cat "$dir"/part*.jsonl 2>/dev/null | grep -c '"type":"solve"' || true)
run_parts

"$spider" solve --merge "$dir"/part*.jsonl >"$dir/merged.txt"
"$spider" solve --merge "$dir"/part*.jsonl --output json >"$dir/merged.json"

# Deal lines, without their seconds (the one field two runs may not agree on), in one order.
deals() { grep -h '"type":"solve"' "$@" | sed -E 's/"seconds":[0-9.eE+-]+,//' | sort; }
# A summary's findings: what was solved, not how long it took or where.
findings() {
    for key in game suits relaxed first last deals won unwinnable unknown rate mean_actions median_actions; do
        grep -o "\"$key\":[^,}]*" "$1"
    done
}

status=0
if ! diff <(deals "$dir/whole.jsonl") <(deals "$dir"/part*.jsonl) >"$dir/deals.diff"; then
    echo "shard-check: the shards' deal lines differ from the one-process run's:" >&2
    head -20 "$dir/deals.diff" >&2
    status=1
fi
tail -1 "$dir/whole.jsonl" >"$dir/whole-summary.json"
if ! diff <(findings "$dir/whole-summary.json") <(findings "$dir/merged.json") >&2; then
    echo "shard-check: the merged summary differs from the one-process run's" >&2
    status=1
fi
echo "one process:"
grep -v "^deal " "$dir/whole.txt"
echo "$shards shards under $runner ($killed deals written before the kills, the rest resumed), merged:"
cat "$dir/merged.txt"
if [ "$status" = 0 ]; then
    echo "shard-check: the $(deals "$dir/whole.jsonl" | wc -l) deals and the summary agree"
fi
exit "$status"
