#!/usr/bin/env python3
"""Where `speakable check`'s time goes, from a perf recording: the share of samples in each phase
(reading, conversion to ICU text, MF1 parsing, rules, report) and how much of each is memory
management (retain/release, malloc/free, copies), the profile docs/internals/checker-speed.md shows.

    perf record -F 2000 -g -o /tmp/check.data taskset -c 1 .build/release/speakable check INPUT \\
        --format json --output /tmp/report.json
    python3 tools/CheckerBenchmark/phases.py /tmp/check.data

A sample belongs to the first phase (in the order below) any frame of its stack names; samples
whose stack names none (glibc's allocator internals, whose stacks perf cannot unwind, and the
freeing of a checked locale) are "other".
"""
import collections
import re
import subprocess
import sys

PHASES = [
    ("report (findings to JSON)", re.compile(r"Report|writeAtomically")),
    ("read: XML / JSON to values", re.compile(r"SpeakableXML|AndroidResourceReader|SpeakableJSON|XCStringsReader|XCStringsIndexV4read|"
                                              r"SpeakablePlatformFormats7Scanner|PlainScanner|readTemplate|readLocaleFile")),
    ("parse MF1 (MessagePattern)", re.compile(r"MessageParser|MessagePatternV.*SyntaxErrors|applePattern|ConvertedText|simplePattern")),
    ("convert platform strings to ICU text",
     re.compile(r"PlatformInput.*(convert|build|appendFormat|formats|appleTargets|appleSources|lazyAlignment|plainParts|plainMessage|icuText)"
                r"|PlainStringSite|FormatString|FormatParser")),
    ("rules", re.compile(r"Rule|PhraseMatching|EdgeTexts|PluralArguments|ScalarText|SpokenLength|TableFacts|Emitter|MessageContext")),
]
MEMORY = re.compile(r"swift_retain|swift_release|swift_bridgeObject|malloc|free|_int_|unlink_chunk|consolidate|swift_allocObject|"
                    r"swift_deallocObject|swift_slowAlloc|arrayDestroy|RefCounts|_swift_release_dealloc|ContiguousArrayStorageCfD|"
                    r"memmove|memcpy|Wxx|wxx|wcp|WOh|WOc|WOy|WOe")


def main():
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    out = subprocess.run(["perf", "script", "-i", sys.argv[1], "-F", "ip,sym"], capture_output=True, text=True, check=True).stdout
    phases, memory, total = collections.Counter(), collections.Counter(), 0
    for sample in out.strip().split("\n\n"):
        frames = [line.strip().split(" ", 1)[1] if " " in line.strip() else "" for line in sample.split("\n") if line.strip()]
        if not frames:
            continue
        total += 1
        phase = next((name for name, rx in PHASES if any(rx.search(f) for f in frames)), "other (allocator internals, freeing, start-up)")
        phases[phase] += 1
        if MEMORY.search(frames[0]):
            memory[phase] += 1
    for phase, count in phases.most_common():
        print(f"{100 * count / total:5.1f}%  {phase}  (memory management {100 * memory[phase] / count:.0f}%)")
    print(f"memory management in all: {100 * sum(memory.values()) / total:.0f}% of {total} samples")


if __name__ == "__main__":
    main()
