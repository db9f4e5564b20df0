#!/usr/bin/env bash
# The benchmark suite: every benchmark, one table of medians and ratios against references
# measured in the same run, peak memory, JSON, and the performance page.
#
#   tools/bench/run.sh [--quick] [--no-callgrind] [--out DIR]
#
# Writes DIR (default .build/bench) with one section per benchmark, then docs/internals/performance.json and
# docs/internals/performance.md (generated: the machine it ran on, the summary, each benchmark's table).
# Needs valgrind for the instruction counts (skip them with --no-callgrind).
#
# Adding a benchmark: make it write a suite section with `--json PATH` (SuiteSection in
# tools/BenchmarkSupport, or the same JSON shape from any language), then add one `bench` line
# below, e.g. `bench compile .build/release/CompileBenchmark`.
# A benchmark that writes no section yet joins with `bench_log` (its printed report goes in as
# it is), as the preview does.
set -euo pipefail
cd "$(dirname "$0")/../.."

quick=""
callgrind=1
out=.build/bench
while [ $# -gt 0 ]; do
    case "$1" in
        --quick) quick="--quick" ;;
        --no-callgrind) callgrind=0 ;;
        --out) out="$2"; shift ;;
        -h|--help) sed -n '2,16p' "$0"; exit 0 ;;
        *) echo "run.sh: unknown option $1 (see --help)" >&2; exit 2 ;;
    esac
    shift
done
mkdir -p "$out"
: > "$out/order"

for product in MessageFormatBenchmark DescriberBenchmark CompileBenchmark PreviewBenchmark speakable BenchmarkReport; do
    echo "building $product (release)…" >&2
    swift build -c release --product "$product" >/dev/null
done

# bench NAME COMMAND…: runs COMMAND --json DIR/NAME.json, keeping its console output in DIR/NAME.log.
bench() {
    local name="$1"; shift
    echo "running $name: $* …" >&2
    if ! "$@" --json "$out/$name.json" > "$out/$name.log" 2>&1; then
        echo "$name failed; see $out/$name.log" >&2
        tail -20 "$out/$name.log" >&2
        exit 1
    fi
    echo "$name" >> "$out/order"
}

# bench_log NAME TITLE COMMAND…: runs COMMAND (which writes no section) and wraps its output.
bench_log() {
    local name="$1" title="$2"; shift 2
    echo "running $name: $* …" >&2
    if ! "$@" > "$out/$name.log" 2>&1; then
        echo "$name failed; see $out/$name.log" >&2
        tail -20 "$out/$name.log" >&2
        exit 1
    fi
    .build/release/BenchmarkReport wrap --name "$name" --title "$title" --log "$out/$name.log" --out "$out/$name.json"
    echo "$name" >> "$out/order"
}

bench formatter .build/release/MessageFormatBenchmark $quick
bench describers .build/release/DescriberBenchmark $quick
if [ -n "$quick" ]; then
    bench compile .build/release/CompileBenchmark --messages 2000 --rounds 1
else
    bench compile .build/release/CompileBenchmark
fi
# The checker against compare-locales (PyPI, installed into .build/compare-locales-venv by the
# benchmark): 110k strings (10,000 × 10 locales; past that a project is over the whole-project
# limit), as Android res/ (the benchmark's and a second, differently generated one), String
# Catalogs and a project, on one core and on two.
if [ -n "$quick" ]; then
    bench checker tools/CheckerBenchmark/run.sh --sizes 10000 --rounds 1
else
    bench checker tools/CheckerBenchmark/run.sh --sizes 10000 --rounds 3
fi
bench_log preview "Preview: speakable preview against describe and process start" \
    .build/release/PreviewBenchmark --rounds "$([ -n "$quick" ] && echo 5 || echo 15)"
if [ "$callgrind" = 1 ]; then
    echo "counting instructions with callgrind…" >&2
    .build/release/BenchmarkReport callgrind --binary .build/release/MessageFormatBenchmark --out "$out/formatter-instructions.json" \
        --calls "$([ -n "$quick" ] && echo 500 || echo 2000)" > "$out/formatter-instructions.log"
    echo "formatter-instructions" >> "$out/order"
fi

.build/release/BenchmarkReport report --sections "$out" --json docs/internals/performance.json --markdown docs/internals/performance.md \
    --swift "$(swift --version 2>/dev/null | head -1)"
echo "wrote docs/internals/performance.json and docs/internals/performance.md" >&2
