#!/usr/bin/env python3
"""Where a JFR recording's CPU samples go, by part of a search (BENCHMARKS.md (f)).

    bench/jfr-parts.py RECORDING.jfr [THREAD_PREFIX ...]

Reads the jdk.ExecutionSample events with `jfr print --json` and gives each sample to the part of
the first frame, from the top of its stack, whose class names one (a JDK collection or string
frame counts for the part that called it). Only samples of threads whose name starts with one of
the prefixes are counted (default: every thread). Prints each part's share of the samples.
"""
import collections
import json
import subprocess
import sys

# Checked in this order against each frame's class, top of the stack first.
PARTS = [
    ("text (jsoup, TextCleaner)", ("org.jsoup.", "dev.dsh.yuanbao.TextCleaner")),
    ("dates (java.time, Dates)", ("java.time.", "dev.dsh.yuanbao.Dates")),
    ("URLs (java.net.URI)", ("java.net.URI", "dev.dsh.api.config.UrlUserInfo")),
    ("key scrub", ("dev.dsh.api.credentials.", "dev.dsh.yuanbao.KeyResolver")),
    ("decode (Jackson, readers)", ("tools.jackson.", "dev.dsh.yuanbao.AnswerReader",
                                   "dev.dsh.yuanbao.PageReader",
                                   "dev.dsh.yuanbao.CappedBodySubscriber")),
    ("request building", ("dev.dsh.yuanbao.SearchRequests",)),
    ("selection, abort bookkeeping", ("dev.dsh.host.internal.web.", "dev.dsh.api.Abort",
                                      "dev.dsh.api.NeverSignal", "dev.dsh.yuanbao.SearchQueue",
                                      "dev.dsh.yuanbao.SearchCall",
                                      "dev.dsh.yuanbao.YuanbaoSearchProvider")),
    ("result building", ("dev.dsh.api.web.",)),
    ("HTTP exchange (JDK client, NIO)", ("jdk.internal.net.http.", "java.net.http.", "sun.nio.",
                                         "java.nio.channels.", "sun.net.")),
    ("hand-offs (executors, futures, parking)", ("java.util.concurrent.",
                                                 "jdk.internal.misc.Unsafe", "java.lang.Thread")),
    ("the benchmark's callers", ("dev.dsh.app.bench.",)),
]


def part_of(frames):
    for frame in frames:
        name = frame["method"]["type"]["name"].replace("/", ".")
        for part, prefixes in PARTS:
            if name.startswith(prefixes):
                return part
    return "other (JDK code with no part above it)"


def main():
    recording, prefixes = sys.argv[1], tuple(sys.argv[2:])
    printed = subprocess.run(
        ["jfr", "print", "--json", "--stack-depth", "64", "--events", "jdk.ExecutionSample",
         recording], check=True, capture_output=True, text=True).stdout
    counts = collections.Counter()
    for event in json.loads(printed)["recording"]["events"]:
        thread = (event["values"].get("sampledThread") or {}).get("javaName") or ""
        if prefixes and not thread.startswith(prefixes):
            continue
        counts[part_of(event["values"]["stackTrace"]["frames"])] += 1
    total = sum(counts.values())
    print(f"{total} samples")
    for part, n in counts.most_common():
        print(f"{100.0 * n / total:5.1f} %  {part}")


if __name__ == "__main__":
    main()
