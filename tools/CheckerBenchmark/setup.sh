#!/usr/bin/env bash
# Installs compare-locales (PyPI) into a venv for the benchmark only: it is never a dependency
# of Speakable. Usage: tools/CheckerBenchmark/setup.sh [VENV]  (default .build/compare-locales-venv)
set -euo pipefail
cd "$(dirname "$0")/../.."
venv="${1:-.build/compare-locales-venv}"
if [ ! -x "$venv/bin/compare-locales" ]; then
    python3 -m venv "$venv"
    "$venv/bin/pip" install --quiet 'compare-locales==9.0.5'
fi
"$venv/bin/compare-locales" --version
