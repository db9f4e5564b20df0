#!/usr/bin/env bash
# The checker benchmark, side by side in one run: speakable check and compare-locales on the same
# strings — the Android res/ files compare-locales reads, and the same messages as String Catalogs
# and as a Speakable project — at 110k and 1.1M strings, one core each. See bench.py for what is
# measured and verified.
#
#   tools/CheckerBenchmark/run.sh [--sizes 10000,100000] [--locales 10] [--rounds 3] [--json PATH]
#                                 [--kinds android,xcstrings,project] [--record]
#
# Prints per input and size: CPU seconds (median), wall time, peak memory of each tool, the ratio
# per CPU second, the strings each tool read (from its own report) and whether speakable's
# findings are identical to the recorded ones (expected-findings.json).
set -euo pipefail
cd "$(dirname "$0")/../.."
venv="$PWD/.build/compare-locales-venv"
tools/CheckerBenchmark/setup.sh "$venv" >/dev/null
swift build -c release --product CheckerBenchmark >/dev/null
swift build -c release --product speakable >/dev/null
exec python3 tools/CheckerBenchmark/bench.py --compare-locales "$venv/bin/compare-locales" "$@"
