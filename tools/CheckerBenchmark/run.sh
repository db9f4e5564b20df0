#!/usr/bin/env bash
# The checker benchmark, side by side in one run: speakable check and compare-locales on the same
# strings (a generated project, and the same messages as Android resources).
#
#   tools/CheckerBenchmark/run.sh [--messages 100000] [--locales 10]
#
# Prints each tool's wall time, messages per second and peak memory (max RSS of the process).
set -euo pipefail
cd "$(dirname "$0")/../.."
venv="$PWD/.build/compare-locales-venv"
tools/CheckerBenchmark/setup.sh "$venv" >/dev/null
swift build -c release --product CheckerBenchmark >/dev/null
swift build -c release --product speakable >/dev/null
work="${BENCH_DIR:-/tmp/speakable-checker-bench}"
rm -rf "$work"
.build/release/CheckerBenchmark generate "$work" "$@"

# Wall time and peak RSS of a child process, measured the same way for both tools.
measure() {
    "$venv/bin/python" - "$@" <<'PY'
import resource, subprocess, sys, time
start = time.monotonic()
proc = subprocess.run(sys.argv[1:], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
wall = time.monotonic() - start
usage = resource.getrusage(resource.RUSAGE_CHILDREN)
peak = usage.ru_maxrss / 1024
print(f"{wall:.2f} {peak:.0f} {proc.returncode} {usage.ru_utime + usage.ru_stime:.2f}")
PY
}

messages=$(python3 -c "import json,glob; print(sum(len(json.load(open(f))['messages']) for f in glob.glob('$work/project/Templates/*.json')) + sum(len(json.load(open(f))) for f in glob.glob('$work/project/Locales/*/*.json')))")
echo "strings checked by each tool: $messages (source + translations)"

echo "== speakable check in process (load + all rules)"
.build/release/CheckerBenchmark check "$work"

read -r sp_wall sp_peak sp_status sp_cpu < <(measure .build/release/speakable check "$work/project" --format json --output "$work/speakable.json")
echo "== speakable check (CLI, JSON report): ${sp_wall} s, $(python3 -c "print(int($messages/$sp_wall))") messages/s, peak ${sp_peak} MB, ${sp_cpu} CPU s, exit ${sp_status}"

read -r sp1_wall sp1_peak sp1_status sp1_cpu < <(measure taskset -c 0 .build/release/speakable check "$work/project" --format json --output "$work/speakable1.json")
echo "== speakable check on one core (taskset -c 0): ${sp1_wall} s, $(python3 -c "print(int($messages/$sp1_wall))") messages/s, peak ${sp1_peak} MB"

read -r cl_wall cl_peak cl_status cl_cpu < <(cd "$work/android" && measure "$venv/bin/compare-locales" --json "$work/compare-locales.json" l10n.toml .)
echo "== compare-locales 9.0.5 (Android resources): ${cl_wall} s, $(python3 -c "print(int($messages/$cl_wall))") messages/s, peak ${cl_peak} MB, ${cl_cpu} CPU s, exit ${cl_status}"

python3 -c "print(f'throughput ratio, wall clock: speakable/compare-locales = {$cl_wall/$sp_wall:.1f}x (both cores), {$cl_wall/$sp1_wall:.1f}x (one core); per CPU second: {$cl_cpu/$sp_cpu:.1f}x')"
