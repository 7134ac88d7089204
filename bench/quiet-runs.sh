#!/bin/sh
# The quiet-machine figures of docs/benchmarks.md (issue 35): run on an otherwise idle machine (load
# average below 2; `cat /proc/loadavg`), PostgreSQL answering at 127.0.0.1:5432 (BENCH_POSTGRES_URL).
# Builds the app, then three rounds of `npm run bench -- bff` (the app against its floor, both
# engines) and `npm run bench -- emulator-ops` (this emulator against 9e67ed1's), then records the
# guard's baseline (bench/bff-baseline.json) from a fourth, purchases-only run. Every output goes
# to <out> (default .bench-results/): bff-N.txt, emulator-ops-N.txt, bff.jsonl (one JSON line per
# run), baseline.txt; the load average before each run is printed in each file. About 15 minutes.
#   sh bench/quiet-runs.sh [out]
set -eu
cd "$(dirname "$0")/.."
out=${1:-.bench-results}
mkdir -p "$out"
export NEXT_TELEMETRY_DISABLED=1
npx next build > "$out/build.txt" 2>&1 || { echo "next build failed: see $out/build.txt"; exit 1; }
for run in 1 2 3; do
  echo "load before bff run $run: $(cat /proc/loadavg)" | tee "$out/bff-$run.txt"
  # A run that misses a target exits 1: the figures are wanted all the same.
  BENCH_RESULTS="$out/bff.jsonl" npm run --silent bench -- bff >> "$out/bff-$run.txt" 2>&1 || true
  echo "load before emulator-ops run $run: $(cat /proc/loadavg)" | tee "$out/emulator-ops-$run.txt"
  npm run --silent bench -- emulator-ops >> "$out/emulator-ops-$run.txt" 2>&1 || true
done
echo "load before the baseline run: $(cat /proc/loadavg)" | tee "$out/baseline.txt"
npm run --silent bench -- bff --record-baseline >> "$out/baseline.txt" 2>&1
grep -h -E '^(pglite|postgres):|CPU ms|wall|against|µs' "$out"/bff-*.txt "$out"/emulator-ops-*.txt
echo "all output in $out/; the baseline: $(cat bench/bff-baseline.json | tr -d '\n')"
