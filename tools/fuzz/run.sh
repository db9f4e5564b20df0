#!/usr/bin/env bash
# Fuzzes Speakable with libFuzzer and AddressSanitizer (results in docs/internals/fuzzing.md).
#
#   tools/fuzz/run.sh [--seconds N] [--jobs-nice N] [TARGET...]
#
# TARGETs: mf1 mf2 json compile xcstrings android xliff scenario (default: all, one after the other).
# Builds tools/Fuzz (SpeakableFuzz) in release with `-sanitize=fuzzer,address` into
# .build/fuzz (apart from the normal builds), makes a seed corpus per target from the project's
# own files (Templates/, Locales/, Tests/**/Fixtures) and ../shared/testdata when it is there
# (read in place, never copied into the project), then runs each target for N seconds (default
# 600) at the lowest priority. Work files go to $FUZZ_WORK (default /tmp/speakable-fuzz): the
# growing corpus, crash inputs (artifacts/<target>/), and one log per target whose last lines are
# libFuzzer's final statistics (stat::number_of_executed_units…).
#
# A crash input replays with the normal build: swift run SpeakableFuzz TARGET FILE
set -euo pipefail
cd "$(dirname "$0")/../.."
root=$(pwd)
seconds=600
nice_level=19
targets=()
while [ $# -gt 0 ]; do
    case "$1" in
        --seconds) seconds=$2; shift 2 ;;
        --jobs-nice) nice_level=$2; shift 2 ;;
        -h|--help) sed -n '2,16p' "$0"; exit 0 ;;
        *) targets+=("$1"); shift ;;
    esac
done
[ ${#targets[@]} -gt 0 ] || targets=(mf1 mf2 json compile xcstrings android xliff scenario)
work=${FUZZ_WORK:-/tmp/speakable-fuzz}
testdata="$root/../shared/testdata"
mkdir -p "$work"

echo "fuzz: building SpeakableFuzz with libFuzzer and AddressSanitizer (.build/fuzz)"
# One -sanitize=fuzzer,address: given as two flags (what --sanitize=fuzzer --sanitize=address
# passes), the last one wins and the build has either no coverage or no AddressSanitizer.
flags=(-c release --scratch-path .build/fuzz --sanitize=fuzzer -Xswiftc -sanitize=fuzzer,address -Xswiftc -DSPEAKABLE_FUZZING)
nice -n "$nice_level" swift build "${flags[@]}" --product SpeakableFuzz
binary=$(swift build "${flags[@]}" --show-bin-path)/SpeakableFuzz
# Both must be in: coverage counters for libFuzzer, and ASan.
sections=$(readelf -S "$binary")
symbols=$(nm "$binary")
if [[ "$sections" != *__sancov_cntrs* || "$symbols" != *__asan_report_load* ]]; then
    echo "fuzz: $binary lacks coverage or AddressSanitizer instrumentation" >&2
    exit 1
fi

# Seeds: the project's own files, and the shared test data when it is next to the project.
seeds="$work/seeds"
rm -rf "$seeds"
mkdir -p "$seeds"/{mf1,mf2,json,compile,xcstrings,android,xliff,scenario}
# Scenario seeds: the example scenarios (every item type) and the starter's own-screen scenario.
for f in Examples/Scenarios/*.json Examples/Starter/Scenarios/*.json; do cp "$f" "$seeds/scenario/$(basename "$(dirname "$(dirname "$f")")")-$(basename "$f")"; done
json_files=$( (ls Templates/*.json Locales/*/*.json; find Tests -path '*Fixtures*' -name '*.json'; \
               [ -d "$testdata" ] && find "$testdata/mf1" "$testdata/korean-josa" -name '*.json') 2>/dev/null || true)
i=0
for f in $json_files; do
    if [ "$(stat -c %s "$f")" -lt 200000 ]; then cp "$f" "$seeds/json/$i.json"; i=$((i + 1)); fi
done
i=0
for f in Templates/*.json $(find Tests -path '*Fixtures*' -path '*Templates*' -name '*.json'); do
    cp "$f" "$seeds/compile/$i"
    table=$(basename "$f")
    korean="$(dirname "$(dirname "$f")")/Locales/ko/$table"
    if [ -f "$korean" ]; then printf '\0' >> "$seeds/compile/$i"; cat "$korean" >> "$seeds/compile/$i"; fi
    i=$((i + 1))
done
# MF1 seeds: every message of the project's templates and translations and of the MF1 test
# data, each after a byte that picks the locale.
python3 - "$seeds/mf1" $json_files <<'PY'
import json, sys, os
out, files = sys.argv[1], sys.argv[2:]
messages = []
def walk(value):
    if isinstance(value, str):
        if '{' in value or "'" in value or '#' in value: messages.append(value)
    elif isinstance(value, list):
        for item in value: walk(item)
    elif isinstance(value, dict):
        for item in value.values(): walk(item)
for path in files:
    try: walk(json.load(open(path, encoding='utf-8')))
    except Exception: pass
for n, message in enumerate(dict.fromkeys(messages)):
    with open(os.path.join(out, str(n)), 'wb') as f: f.write(bytes([n % 5]) + message.encode())
print(f"fuzz: {len(set(messages))} MF1 seeds")
PY
# MF2 seeds: every source of the MessageFormat 2 test suite, and the MF1 seeds (which the target
# also converts to MF2), each after a byte that picks the locale.
python3 - "$seeds/mf2" "$testdata/mf2/message-format-wg/tests" "$seeds/mf1" <<'PY'
import json, sys, os, glob
out, suite, mf1 = sys.argv[1], sys.argv[2], sys.argv[3]
sources = []
for path in glob.glob(os.path.join(suite, '**', '*.json'), recursive=True):
    try: sources += [t['src'] for t in json.load(open(path, encoding='utf-8'))['tests'] if 'src' in t]
    except Exception: pass
for n, source in enumerate(dict.fromkeys(sources)):
    with open(os.path.join(out, str(n)), 'wb') as f: f.write(bytes([n % 5]) + source.encode())
for name in os.listdir(mf1):
    with open(os.path.join(mf1, name), 'rb') as src, open(os.path.join(out, 'mf1-' + name), 'wb') as dst: dst.write(src.read())
print(f"fuzz: {len(set(sources))} MF2 seeds from the test suite")
PY
for f in $(find Tests "$testdata/catalogs" -name '*.xcstrings' 2>/dev/null); do cp "$f" "$seeds/xcstrings/$(basename "$f")"; done
for f in $(find Tests "$testdata/catalogs" -name '*.xml' 2>/dev/null); do cp "$f" "$seeds/android/$(basename "$(dirname "$f")")-$(basename "$f")"; done
for f in $(find Tests "$testdata/catalogs" -name '*.xliff' -o -name '*.xlf' 2>/dev/null); do cp "$f" "$seeds/xliff/$(basename "$f")"; done
# What speakable compile writes is import's input too.
generated="$work/generated"
rm -rf "$generated"
swift run -c debug speakable compile --project Tests/SpeakableCompilerTests/Fixtures/Game --out "$generated" --quiet >/dev/null 2>&1 || true
[ -d "$generated" ] && {
    cp "$generated"/xcstrings/*.xcstrings "$seeds/xcstrings/" 2>/dev/null || true
    for f in "$generated"/android/res/*/strings.xml; do cp "$f" "$seeds/android/generated-$(basename "$(dirname "$f")").xml"; done
    cp "$generated"/xliff/*.xliff "$seeds/xliff/" 2>/dev/null || true
}
for t in mf1 mf2 json compile xcstrings android xliff scenario; do echo "fuzz: $t: $(ls "$seeds/$t" | wc -l) seeds"; done

for target in "${targets[@]}"; do
    mkdir -p "$work/corpus/$target" "$work/artifacts/$target"
    echo "fuzz: $target for $seconds s (nice $nice_level), log $work/$target.log"
    case "$target" in
        mf1) dictionary=tools/fuzz/mf1.dict ;;
        mf2) dictionary=tools/fuzz/mf2.dict ;;
        json|compile|xcstrings|scenario) dictionary=tools/fuzz/json.dict ;;
        *) dictionary=tools/fuzz/xml.dict ;;
    esac
    SPEAKABLE_FUZZ_TARGET=$target nice -n "$nice_level" "$binary" "$work/corpus/$target" "$seeds/$target" -dict="$dictionary" \
        -max_total_time="$seconds" -print_final_stats=1 -timeout=30 -rss_limit_mb=4096 -max_len=262144 \
        -detect_leaks=0 -artifact_prefix="$work/artifacts/$target/" > "$work/$target.log" 2>&1 || true
    grep -E "stat::number_of_executed_units|stat::peak_rss_mb|Done [0-9]+ runs|ERROR|SUMMARY|check failed" "$work/$target.log" | tail -6 || true
    echo "fuzz: $target: $(ls "$work/artifacts/$target" | wc -l) crash input(s), corpus $(ls "$work/corpus/$target" | wc -l) files"
done
