#!/usr/bin/env bash
# The checker benchmark, side by side in one run: speakable check and compare-locales on the same
# strings — the Android res/ files compare-locales reads, the same messages as String Catalogs
# and as a Speakable project, and a res/ generated another way (android-varied) — at 110k strings,
# one core each, and speakable on two cores too. See bench.py for what is measured and verified.
#
#   tools/CheckerBenchmark/run.sh [--sizes 10000] [--locales 10] [--rounds 3] [--json PATH]
#                                 [--kinds android,xcstrings,project,android-varied] [--record]
#
# Prints per input and size: CPU seconds (median), wall time, peak memory of each tool, the ratio
# per CPU second, speakable's wall time on two cores against one, the strings each tool read (from
# its own report) and whether speakable's findings are identical to the recorded ones
# (expected-findings.json).
set -euo pipefail
cd "$(dirname "$0")/../.."
venv="$PWD/.build/compare-locales-venv"
tools/CheckerBenchmark/setup.sh "$venv" >/dev/null
swift build -c release --product CheckerBenchmark >/dev/null
swift build -c release --product speakable >/dev/null
exec python3 tools/CheckerBenchmark/bench.py --compare-locales "$venv/bin/compare-locales" "$@"
