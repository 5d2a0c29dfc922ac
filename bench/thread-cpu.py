#!/usr/bin/env python3
"""CPU and thread switches a search, by thread, for one client of ClientCpuRun (BENCHMARKS.md (f)).

    bench/thread-cpu.py CLIENT CPUS        # CLIENT: peer, ours or bare; CPUS: 0 or 0,1

Run from the top after the bench build that writes host-demo/target/cp.txt (BENCHMARKS.md,
"Reproduce"). Starts DelayStubMain on CPU 1 and the client alone (c=1, 20 s warm-up) on CPUS,
reads /proc/<pid>/task at 28 s and 38 s and the stub's request count at both, and prints each
group of threads (digits in names folded) with its user and kernel time and its voluntary and
involuntary switches per search. A thread not alive at both readings is left out. Linux only.
"""
import collections
import os
import re
import subprocess
import sys
import time

client, cpus = sys.argv[1], sys.argv[2]
os.chdir(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "host-demo"))
cp = "target/bench-classes:target/test-classes:target/classes:" + open("target/cp.txt").read().strip()
body = "-Ddsh.bench.body=../yuanbao-plugin/src/bench/searchpro-50.json"
stub = subprocess.Popen(
    ["taskset", "-c", "1", "java", body, "-cp", cp, "dev.dsh.app.bench.DelayStubMain", "0"],
    stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
port = stub.stdout.readline().strip()
run = subprocess.Popen(
    ["taskset", "-c", cpus, "java", "-XX:+UseSerialGC", "-Xms512m", "-Xmx512m", body, "-cp", cp,
     "dev.dsh.app.bench.ClientCpuRun", "http://127.0.0.1:" + port, "1", "1", "20", "30", client],
    stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)


def requests():
    stub.stdin.write("stats\n")
    stub.stdin.flush()
    return int(stub.stdout.readline().split()[0])


def threads(pid):
    seen = {}
    for tid in os.listdir(f"/proc/{pid}/task"):
        try:
            name = open(f"/proc/{pid}/task/{tid}/comm").read().strip()
            fields = open(f"/proc/{pid}/task/{tid}/stat").read().rsplit(")", 1)[1].split()
            switches = sum(int(line.split()[1]) for line in open(f"/proc/{pid}/task/{tid}/status")
                           if "ctxt_switches" in line)
            seen[tid] = (name, int(fields[11]), int(fields[12]), switches)
        except OSError:
            pass  # the thread ended meanwhile
    return seen


time.sleep(28)
before, first = threads(run.pid), requests()
time.sleep(10)
after, searches = threads(run.pid), requests() - first
groups = collections.defaultdict(lambda: [0, 0, 0, 0])
for tid, (name, user, kernel, switches) in after.items():
    if tid in before:
        group = groups[re.sub(r"\d+", "#", name)]
        for i, value in enumerate((user - before[tid][1], kernel - before[tid][2],
                                   switches - before[tid][3], 1)):
            group[i] += value
tick = 1e6 / os.sysconf("SC_CLK_TCK")
print(f"{client} on CPUs {cpus}: {searches} searches in 10 s")
for name, (user, kernel, switches, count) in sorted(groups.items(), key=lambda g: -sum(g[1][:2])):
    if user + kernel + switches:
        print(f"  {name:32s} x{count}: user {user * tick / searches:6.1f} µs,"
              f" kernel {kernel * tick / searches:6.1f} µs, switches {switches / searches:5.2f}")
run.wait()
stub.stdin.close()
stub.wait()
