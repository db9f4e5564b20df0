#!/usr/bin/env python3
"""The checker benchmark: `speakable check` against compare-locales, side by side, in one run.

Run through run.sh, which builds the release binaries and installs compare-locales. For every
size (messages x locales) it generates one set of messages as Android res/ (the files
compare-locales reads), String Catalogs and a Speakable project, then runs, round after round,
compare-locales on the Android files and `speakable check` on each input kind, every process
pinned to one core (taskset -c 0) and measured the same way: CPU seconds (user + system) and
wall time from wait4, and peak resident memory (ru_maxrss) of the process.

Every run is verified:
  * strings read: each tool's own report says how many source strings and translations it
    compared (compare-locales' summary: changed + unchanged + missing keys, and changed +
    unchanged + obsolete translations; speakable's summary: source messages, translated keys and
    extra-key findings). Both must equal what the generator wrote (manifest.json).
  * findings: the SHA-256 of speakable's JSON report, compared with expected-findings.json (the
    reports of the checker before the speed work, recorded with --record). A changed rule changes
    the hash: record again and say why in the commit.
  * findings against compare-locales: in the classes both tools report (a missing translation,
    a key the source does not have, a placeholder the source does not have), the (locale, key)
    pairs speakable reports on each input equal those compare-locales reports on res/.

The kind android-varied is another Android res/ of the same size, generated another way
(CheckerBenchmark generate --android-varied: plurals, string arrays, escapes, CDATA, placeholders,
markup, translations in the locales' own scripts, uneven coverage, two files per folder), with its
own compare-locales run on it. compare-locales reads only its <string>s, so the shared findings
are compared on the `string/` keys, without the reference's translatable="false" strings (which
compare-locales reports missing and speakable, as aapt2 and lint, does not).

Two cores: each speakable input is also run on both cores (taskset -c 0,1) in every round; the
headline is its wall time on one core over its wall time on two.

Ratios are per CPU second: compare-locales' CPU seconds over speakable's, medians over rounds.
"""
import re
import argparse
import collections
import hashlib
import json
import os
import platform
import statistics
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))


def run_measured(command, cwd):
    """Runs `command`; returns (cpu seconds, wall seconds, peak RSS bytes, exit status)."""
    start = time.monotonic()
    proc = subprocess.Popen(command, cwd=cwd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    stderr = proc.stderr.read()
    _, status, usage = os.wait4(proc.pid, 0)
    wall = time.monotonic() - start
    proc.returncode = os.waitstatus_to_exitcode(status)
    code = proc.returncode
    if code not in (0, 1):
        sys.stderr.write(stderr.decode(errors="replace")[-2000:])
        raise SystemExit(f"{' '.join(command)} failed with status {code}")
    return usage.ru_utime + usage.ru_stime, wall, usage.ru_maxrss * 1024, code


def sha256(paths):
    h = hashlib.sha256()
    for p in paths:
        with open(p, "rb") as f:
            h.update(f.read())
    return h.hexdigest()


class Side:
    """One tool on one input kind: its measurements over the rounds."""

    def __init__(self, name):
        self.name = name
        self.cpu, self.wall, self.rss = [], [], []
        self.wall2 = []          # wall time on both cores
        self.hashes2 = set()     # the reports made on both cores
        self.strings = None      # (source strings, translations)
        self.hashes = set()
        self.findings = None     # rule -> count
        self.sets = None         # shared class -> {(locale, key)}

    def add(self, cpu, wall, rss):
        self.cpu.append(cpu)
        self.wall.append(wall)
        self.rss.append(rss)

    def median(self, values):
        return statistics.median(values)


def speakable_counts(report_paths):
    """(source strings, translations, findings by rule) from speakable's JSON reports."""
    source = translations = 0
    rules = collections.Counter()
    for path in report_paths:
        with open(path) as f:
            report = json.load(f)
        for finding in report["findings"]:
            rules[finding["rule"]] += 1
        for summary in report["summary"]:
            if summary["source"]:
                source += summary["messages"]
            else:
                translations += summary["translated"] + summary.get("needsReview", 0)
    # A translation of a key the source does not have was read too (extra-key).
    translations += rules["extra-key"]
    return source, translations, rules


# The finding classes both tools report, by speakable rule and compare-locales kind.
SHARED_CLASSES = {
    "missing translation": ({"missing-translation"}, "missingEntity"),
    "key not in the source": ({"extra-key"}, "obsoleteEntity"),
    "placeholder not in the source": ({"format-mismatch", "placeholder-mismatch"}, "error"),
}


def speakable_sets(report_paths, strings_only=False):
    """{class: {(locale, key)}} of speakable's findings in the shared classes (Android keys
    without their `string/` type; with `strings_only`, only those of `<string>`s)."""
    sets = {name: set() for name in SHARED_CLASSES}
    for path in report_paths:
        with open(path) as f:
            report = json.load(f)
        for finding in report["findings"]:
            for name, (rules, _) in SHARED_CLASSES.items():
                if finding["rule"] in rules:
                    key = finding.get("key", "")
                    if strings_only and not key.startswith("string/"):
                        continue
                    sets[name].add((finding.get("locale"), key[len("string/"):] if key.startswith("string/") else key))
    return sets


def untranslatable_keys(res):
    """The names of the `<string translatable="false">`s of res/values/."""
    names = set()
    values = os.path.join(res, "values")
    for name in os.listdir(values):
        if name.endswith(".xml"):
            with open(os.path.join(values, name), encoding="utf-8") as f:
                names.update(re.findall(r'<string name="([^"]+)" translatable="false"', f.read()))
    return names


def compare_locales_sets(path, skipped_missing=frozenset()):
    """{class: {(locale, key)}} of compare-locales' findings in the shared classes (a values
    folder's region `-rBR` as BCP 47's `-BR`), without the missing keys in `skipped_missing`.
    Its format errors read "Formatter %3$s not found in reference … for KEY"."""
    with open(path) as f:
        report = json.load(f)[0]
    sets = {name: set() for name in SHARED_CLASSES}

    def entries(node, path):
        """(values folder, entries) of each file: the report nests a folder's files under it when
        it has several, and names "folder/file" when it has one."""
        for name, child in node.items():
            here = path + [part for part in name.split("/") if part]
            if isinstance(child, list):
                folder = next((p for p in here if p.startswith("values")), here[0])
                yield folder, child
            else:
                yield from entries(child, here)

    for folder, file_entries in entries(report["details"], []):
        locale = folder[len("values-"):] if folder.startswith("values-") else folder
        locale = re.sub(r"-r([A-Z]{2})$", r"-\1", locale)
        for entry in file_entries:
            for name, (_, kind) in SHARED_CLASSES.items():
                if kind in entry:
                    value = entry[kind]
                    if kind == "error":
                        if not value.startswith("Formatter "):
                            continue
                        value = value.rsplit(" for ", 1)[-1]
                    elif kind == "missingEntity" and value in skipped_missing:
                        continue
                    sets[name].add((locale, value))
    return sets


def compare_locales_counts(path):
    """(source strings, translations, findings by kind) from compare-locales' --json report."""
    with open(path) as f:
        report = json.load(f)[0]
    sources = set()
    translations = 0
    for locale, s in report["summary"].items():
        sources.add(s.get("changed", 0) + s.get("unchanged", 0) + s.get("missing", 0))
        translations += s.get("changed", 0) + s.get("unchanged", 0) + s.get("obsolete", 0)
    kinds = collections.Counter()

    def walk(node):
        if isinstance(node, dict):
            for key, value in node.items():
                if key in ("error", "warning"):
                    kinds[key + ": " + value.split(" ")[0]] += 1
                elif key in ("missingEntity", "obsoleteEntity"):
                    kinds[key] += 1
                else:
                    walk(value)
        elif isinstance(node, list):
            for value in node:
                walk(value)

    walk(report["details"])
    # compare-locales compares the reference with each locale: every locale reports its keys.
    return (sources.pop() if len(sources) == 1 else -1), translations, kinds


def generate(binary, directory, messages, locales, varied=False):
    manifest = os.path.join(directory, "manifest.json")
    if os.path.exists(manifest):
        with open(manifest) as f:
            m = json.load(f)
        if m["messages"] == messages and m["locales"] == locales:
            return m
    subprocess.run(["rm", "-rf", directory], check=True)
    subprocess.run([binary, "generate", directory, "--messages", str(messages), "--locales", str(locales)]
                   + (["--android-varied"] if varied else []), check=True)
    with open(manifest) as f:
        return json.load(f)


def mib(b):
    return f"{b / 1048576:.0f} MiB"


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--sizes", default="10000", help="messages per size, comma-separated (x locales + 1 = strings; an input of more than "
                        "500,000 strings passes the whole-project limit and is not read whole)")
    parser.add_argument("--locales", type=int, default=10)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--kinds", default="android,xcstrings,project,android-varied")
    parser.add_argument("--work", default=os.environ.get("BENCH_DIR", "/tmp/speakable-checker-bench"))
    parser.add_argument("--speakable", default=os.path.join(ROOT, ".build/release/speakable"))
    parser.add_argument("--generator", default=os.path.join(ROOT, ".build/release/CheckerBenchmark"))
    parser.add_argument("--compare-locales", default=os.path.join(ROOT, ".build/compare-locales-venv/bin/compare-locales"))
    parser.add_argument("--expected", default=os.path.join(HERE, "expected-findings.json"))
    parser.add_argument("--record", action="store_true", help="write the reports' hashes as the expected findings")
    parser.add_argument("--no-compare-locales", action="store_true", help="speakable only (profiling)")
    parser.add_argument("--json", help="write a benchmark-suite section here")
    args = parser.parse_args()

    kinds = args.kinds.split(",")
    sizes = [int(s) for s in args.sizes.split(",")]
    expected = {}
    if os.path.exists(args.expected):
        with open(args.expected) as f:
            expected = json.load(f)
    pin = ["taskset", "-c", "0"]
    both = ["taskset", "-c", "0,1"]
    started = time.monotonic()
    load_before = os.getloadavg()[0]
    results = []   # (size label, strings, kind, speakable Side, compare-locales Side, manifest)
    # The corpora: the benchmark's own (its res/, catalogs and project) and the varied res/.
    corpora = [("", [k for k in kinds if k != "android-varied"]), ("-varied", [k for k in kinds if k == "android-varied"])]
    for messages in sizes:
        for suffix, corpus_kinds in corpora:
            if not corpus_kinds:
                continue
            directory = os.path.join(args.work, f"{messages}x{args.locales}{suffix}")
            manifest = generate(args.generator, directory, messages, args.locales, varied=bool(suffix))
            total = messages + manifest["translations"] + manifest["extraKeys"]
            label = f"{messages}x{args.locales}"
            print(f"== {label}{suffix}: {messages} source strings, {manifest['translations']} translations "
                  f"(+{manifest['extraKeys']} extra keys)", flush=True)
            skipped_missing = untranslatable_keys(os.path.join(directory, "android/res")) if suffix else frozenset()
            cl = Side("compare-locales")
            sp = {kind: Side("speakable") for kind in corpus_kinds}
            for r in range(args.rounds):
                # Interleaved, and in turn first, so that load changes hit both tools alike.
                order = ["compare-locales"] + corpus_kinds
                if r % 2 == 1:
                    order.reverse()
                for job in order:
                    if job == "compare-locales":
                        if args.no_compare_locales:
                            continue
                        out = os.path.join(directory, "compare-locales.json")
                        cpu, wall, rss, _ = run_measured(pin + [args.compare_locales, "--json", out, "l10n.toml", "."],
                                                         os.path.join(directory, "android"))
                        cl.add(cpu, wall, rss)
                        cl.strings = compare_locales_counts(out)[:2]
                        cl.findings = compare_locales_counts(out)[2]
                        cl.sets = compare_locales_sets(out, skipped_missing)
                        print(f"   round {r + 1} compare-locales: {cpu:.2f} CPU s, {wall:.2f} s, {mib(rss)}", flush=True)
                        continue
                    kind = job
                    inputs = {"android": ["android/res"], "android-varied": ["android/res"], "project": ["project"],
                              "xcstrings": manifest["catalogs"]}[kind]
                    reports, cpu, wall, rss, wall2 = [], 0.0, 0.0, 0, 0.0
                    for i, path in enumerate(inputs):
                        report = os.path.join(directory, f"speakable-{kind}-{i}.json")
                        c, w, m, _ = run_measured(pin + [args.speakable, "check", path, "--format", "json", "--output", report], directory)
                        cpu, wall, rss = cpu + c, wall + w, max(rss, m)
                        reports.append(report)
                        # The same on both cores, its report beside.
                        _, w, _, _ = run_measured(both + [args.speakable, "check", path, "--format", "json", "--output", report + ".2"],
                                                  directory)
                        wall2 += w
                    sp[kind].add(cpu, wall, rss)
                    sp[kind].wall2.append(wall2)
                    sp[kind].hashes.add(sha256(reports))
                    sp[kind].hashes2.add(sha256([report + ".2" for report in reports]))
                    source, translations, rules = speakable_counts(reports)
                    sp[kind].strings = (source, translations)
                    sp[kind].findings = rules
                    sp[kind].sets = speakable_sets(reports, strings_only=bool(suffix))
                    print(f"   round {r + 1} speakable {kind}: {cpu:.2f} CPU s, {wall:.2f} s, {mib(rss)}; "
                          f"on 2 cores {wall2:.2f} s", flush=True)
            for kind in corpus_kinds:
                results.append((label, total, kind, sp[kind], cl, manifest))

    # Verification and the table.
    rows, checks, data = [], [], []
    recorded = dict(expected)
    header = ["input", "strings", "speakable CPU s", "compare-locales CPU s", "ratio (CPU)", "speakable wall s",
              "compare-locales wall s", "speakable peak", "compare-locales peak", "strings read (speakable / compare-locales)",
              "findings identical", "speakable wall s, 2 cores", "1 core ÷ 2 cores (wall)"]
    for label, total, kind, s, cl, manifest in results:
        want_translations = manifest["translations"] + (manifest["extraKeys"] if kind != "xcstrings" else 0)
        read_ok = s.strings == (manifest["messages"], want_translations)
        if kind == "android-varied":
            # speakable's source messages are those to translate; compare-locales reads the
            # <string>s only.
            read_ok = s.strings == (manifest["messages"] - manifest["untranslatable"], want_translations)
            want_cl = (manifest["strings"], manifest["translatedStrings"] + manifest["extraKeys"])
        else:
            want_cl = (manifest["messages"], manifest["translations"] + manifest["extraKeys"])
        cl_ok = args.no_compare_locales or cl.strings == want_cl
        key = f"{kind}-{label}"
        deterministic = len(s.hashes) == 1
        digest = next(iter(s.hashes))
        if args.record:
            recorded[key] = digest
        identical = "yes" if expected.get(key) == digest and deterministic else ("not recorded" if key not in expected else "NO")
        s_cpu, s_wall, s_rss = s.median(s.cpu), s.median(s.wall), max(s.rss)
        s_wall2 = s.median(s.wall2)
        cores = s_wall / s_wall2
        if args.no_compare_locales:
            c_cpu = c_wall = float("nan")
            c_rss = 0
        else:
            c_cpu, c_wall, c_rss = cl.median(cl.cpu), cl.median(cl.wall), max(cl.rss)
        ratio = c_cpu / s_cpu
        input_name = {"android": "Android res/", "xcstrings": f".xcstrings ({len(manifest['catalogs'])} file{'s' if len(manifest['catalogs']) > 1 else ''})",
                      "project": "Speakable project", "android-varied": "Android res/, varied"}[kind]
        cl_strings = "-" if args.no_compare_locales else f"{cl.strings[0] + cl.strings[1]:,}"
        rows.append([input_name, f"{total:,}" if kind != "xcstrings" else f"{total - manifest['extraKeys']:,}",
                     f"{s_cpu:.2f}", f"{c_cpu:.2f}", f"{ratio:.1f}×", f"{s_wall:.2f}", f"{c_wall:.2f}", mib(s_rss), mib(c_rss),
                     f"{s.strings[0] + s.strings[1]:,} / {cl_strings}", identical, f"{s_wall2:.2f}", f"{cores:.2f}×"])
        checks.append((f"{key}: speakable read every string ({s.strings[0]:,} source, {s.strings[1]:,} translations)", read_ok))
        if kind in ("android", "android-varied") and not args.no_compare_locales:
            checks.append((f"{key}: compare-locales read every string ({cl.strings[0]:,} source, {cl.strings[1]:,} translations)", cl_ok))
        checks.append((f"{key}: findings identical to the recorded ones (SHA-256 of the JSON report)", identical == "yes" or args.record))
        checks.append((f"{key}: the same report on 2 cores as on 1", s.hashes2 == s.hashes))
        if not args.no_compare_locales:
            for name in SHARED_CLASSES:
                mine, theirs = s.sets[name], cl.sets[name]
                if kind == "xcstrings" and name == "key not in the source":
                    continue  # the catalogs hold no such keys (a catalog has one key list)
                same = mine == theirs
                detail = f"{len(mine):,} (locale, key) pairs" if same else \
                    f"speakable {len(mine):,}, compare-locales {len(theirs):,}, {len(mine ^ theirs):,} differ, e.g. {sorted(mine ^ theirs)[:3]}"
                checks.append((f"{key}: '{name}' findings the same as compare-locales' on res/: {detail}", same and len(mine) > 0))
        checks.append((f"{key}: ratio per CPU second ≥ 20×", ratio >= 20))
        checks.append((f"{key}: peak memory below compare-locales'", args.no_compare_locales or s_rss < c_rss))
        checks.append((f"{key}: wall time on 2 cores ≥ 1.7× faster than on 1", cores >= 1.7))
        data.append({"input": kind, "size": label, "strings": total, "speakable": {"cpu": s.cpu, "wall": s.wall, "rss": s.rss, "wall2": s.wall2,
                     "source": s.strings[0], "translations": s.strings[1], "findings": dict(s.findings), "sha256": digest},
                     "compare-locales": {"cpu": cl.cpu, "wall": cl.wall, "rss": cl.rss,
                                         "source": cl.strings[0] if cl.strings else None,
                                         "translations": cl.strings[1] if cl.strings else None,
                                         "findings": dict(cl.findings or {})}})

    load = (load_before, os.getloadavg()[0])
    load_note = (f"load average (1 min) {load[0]:.1f} before the run, {load[1]:.1f} after: the wall time on two cores "
                 f"is the machine's to give" + (" (other work had the cores: it says little)" if max(load) > 1.5 else ""))
    widths = [max(len(str(r[i])) for r in rows + [header]) for i in range(len(header))]
    print()
    print("  ".join(h.ljust(widths[i]) for i, h in enumerate(header)))
    for r in rows:
        print("  ".join(str(c).ljust(widths[i]) for i, c in enumerate(r)))
    print()
    for name, ok in checks:
        print(("ok    " if ok else "FAIL  ") + name)
    print(load_note)
    if not args.no_compare_locales:
        for label, total, kind, s, cl, manifest in results:
            if kind in ("android", "android-varied"):
                print(f"findings {kind} {label}: speakable {dict(s.findings)}; compare-locales {dict(cl.findings)}")
    if args.record:
        with open(args.expected, "w") as f:
            json.dump(recorded, f, indent=2, sort_keys=True)
            f.write("\n")
        print(f"recorded the reports' hashes in {args.expected}")

    if args.json:
        headlines = []
        for label, total, kind, s, cl, manifest in results:
            if args.no_compare_locales:
                continue
            ratio = statistics.median(cl.cpu) / statistics.median(s.cpu)
            strings = total if kind != "xcstrings" else total - manifest["extraKeys"]
            headlines.append({"measure": f"check {kind} {strings:,} strings vs compare-locales (per CPU second)",
                              "value": ratio, "unit": "×", "goal": "≥ 20×", "met": ratio >= 20})
            headlines.append({"measure": f"check {kind} {strings:,} strings, peak memory",
                              "value": max(s.rss) / 1048576, "unit": "MiB", "goal": f"< {max(cl.rss) / 1048576:.0f} MiB (compare-locales')",
                              "met": max(s.rss) < max(cl.rss)})
            cores = statistics.median(s.wall) / statistics.median(s.wall2)
            headlines.append({"measure": f"check {kind} {strings:,} strings, 2 cores ÷ 1 core, wall time",
                              "value": cores, "unit": "×", "goal": "≥ 1.7×", "met": cores >= 1.7})
        section = {
            "benchmark": "checker",
            "title": "speakable check against compare-locales",
            "description": "speakable check and compare-locales 9.0.5 on the same messages, one core each (taskset -c 0), one "
                           "process per run, interleaved rounds; medians of CPU seconds (user + system) and wall time, peak "
                           "resident memory of the process. compare-locales reads the Android res/ files (every message a "
                           "<string>: it reads no other resource); speakable reads those files, String Catalogs of 10,000 keys "
                           "each (one process per catalog), and a Speakable project of the same messages. Each tool's report "
                           "shows it read every string; speakable's findings are verified by the SHA-256 of its JSON report. "
                           "'Android res/, varied' is another res/ of the same size, generated another way (plurals, string "
                           "arrays, escapes, CDATA, placeholders, markup, translations in the locales' scripts, uneven "
                           "coverage), with compare-locales run on it. Each speakable input also runs on both cores "
                           "(taskset -c 0,1): its wall time on one core over that on two.",
            "headlines": headlines,
            "table": {"columns": header, "alignment": ["l", "r", "r", "r", "r", "r", "r", "r", "r", "r", "l", "r", "r"], "rows": rows},
            "checks": [{"check": c, "passed": ok} for c, ok in checks],
            "notes": [f"{args.rounds} rounds; sizes {args.sizes} messages x {args.locales} locales + the source",
                      "compare-locales reports <plurals> as 'Unparsed content' and checks nothing in them, so the Android "
                      "files hold <string> resources only (a plural message as its other form, %d).", load_note],
            "peak_rss_bytes": 0,
            "seconds": time.monotonic() - started,
            "data": {"runs": data, "python": platform.python_version()},
        }
        with open(args.json, "w") as f:
            json.dump(section, f, indent=2, ensure_ascii=False)
            f.write("\n")
    failed = [name for name, ok in checks if not ok and "≥ 20×" not in name and "peak memory" not in name and "≥ 1.7×" not in name]
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
