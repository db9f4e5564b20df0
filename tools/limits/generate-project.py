#!/usr/bin/env python3
"""Generates a Speakable project for measuring the whole-project limits (docs/internals/limits.md).

    tools/limits/generate-project.py OUT --tables 10 --messages 5000 --locales 9 --padding 125

writes OUT/Templates/t<i>.json (each --messages messages, every tenth a plural, each after
--padding characters of plain text) and OUT/Locales/<tag>/t<i>.json for --locales locales, each
translating every message with every plural category (no errors, so compile writes everything).
The project holds tables x messages x (1 + locales) messages and translations. The example is
the largest project the limits accept (500,000 messages; 100,322,300 bytes of the 100,663,296,
96 MiB, allowed): measure it with

    cd OUT && /usr/bin/time -v speakable compile    # "Maximum resident set size"
"""
import argparse, json, os

TAGS = ["ko", "ja", "fr", "de", "es", "it", "pt", "ru", "nl", "sv", "pl", "tr", "cs", "da", "fi", "nb",
        "el", "hu", "ro", "uk", "vi", "th", "id", "ms", "he", "ar", "hi", "bn", "ta", "te", "zh-Hans", "zh-Hant"]

def message(i, translated=False):
    if i % 10 == 0:
        if translated:
            return "{count, plural, %s}" % " ".join("%s {# (%s) level %d}" % (c, c, i) for c in ["zero", "one", "two", "few", "many", "other"])
        return "{count, plural, one {# star on level %d} other {# stars on level %d}}" % (i, i)
    return "Level %d: {name} scored {points, number}" % i

def main():
    p = argparse.ArgumentParser()
    p.add_argument("out")
    p.add_argument("--tables", type=int, default=1)
    p.add_argument("--messages", type=int, default=1000)
    p.add_argument("--locales", type=int, default=0)
    p.add_argument("--padding", type=int, default=0, help="characters of plain text added to every message")
    a = p.parse_args()
    pad = ("word " * (a.padding // 5 + 1))[:a.padding]
    tags = (TAGS * (a.locales // len(TAGS) + 1))[:a.locales]
    tags = [t if n < len(TAGS) else "%s-x-%d" % (t, n) for n, t in enumerate(tags)]
    os.makedirs(os.path.join(a.out, "Templates"), exist_ok=True)
    for t in range(a.tables):
        with open(os.path.join(a.out, "Templates", "t%d.json" % t), "w") as f:
            json.dump({"messages": {"t%d_m%d" % (t, i): {"message": pad + message(i)} for i in range(a.messages)}}, f, indent=0)
        for tag in tags:
            os.makedirs(os.path.join(a.out, "Locales", tag), exist_ok=True)
            with open(os.path.join(a.out, "Locales", tag, "t%d.json" % t), "w") as f:
                json.dump({"t%d_m%d" % (t, i): pad + message(i, True) + " (" + tag + ")" for i in range(a.messages)}, f, indent=0)
    with open(os.path.join(a.out, "speakable.json"), "w") as f:
        json.dump({"sourceLocale": "en", "targetLocales": tags}, f)

if __name__ == "__main__":
    main()
