#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""lines.py [--exact [--skip REGEX]] TRACE: the call lines of a `strace -f -o` trace,
one per call, with each "<unfinished ...>" joined to its "<... resumed>"
and pids, addresses, times and large numbers normalised; signal and exit
lines are left out.  bench/strace-lines.sh counts the lines ferret and
strace print the same this way.  --exact also hides what differs between
any two runs of a command: getrandom's bytes, the clock in a line that
prints the time of day, the number of processes sysinfo counts, the pid wait4 waits for, a call a signal interrupted and rt_sigreturn
(which call a signal lands in is a matter of timing, and strace's stops
make it likelier), and lines matching --skip REGEX."""
import re
import sys

exact = "--exact" in sys.argv
skip = sys.argv[sys.argv.index("--skip") + 1] if "--skip" in sys.argv else None
pend = {}
for l in open(sys.argv[-1], errors="replace"):
    l = l.rstrip("\n")
    m = re.match(r"^(\d+) +(.*)$", l)
    pid, body = (m.group(1), m.group(2)) if m else ("0", l)
    if body.startswith("+++") or body.startswith("---"):
        continue
    if body.endswith(" <unfinished ...>"):
        pend[pid] = body[:-len(" <unfinished ...>")]
        continue
    r = re.match(r"^<\.\.\. \S+ resumed>(.*)$", body)
    if r and pid in pend:
        body = pend.pop(pid) + r.group(1)
    if exact:
        if body.startswith("rt_sigreturn(") or "= ? ERESTART" in body:
            continue
        if skip and re.search(skip, body):
            continue
        body = re.sub(r'^getrandom\("[^"]*"', 'getrandom("BYTES"', body)
        body = re.sub(r"\b\d\d:\d\d:\d\d\b", "HH:MM:SS", body)
        body = re.sub(r"procs=\d+", "procs=N", body)
        body = re.sub(r"^wait4\(\d+", "wait4(PID", body)
    body = re.sub(r"0x[0-9a-f]{6,}", "ADDR", body)
    body = re.sub(r" +=", " =", body)
    body = re.sub(r"= [0-9]{3,}$", "= PID", body)
    body = re.sub(r"\b[0-9]{4,}\b", "N", body)
    body = re.sub(r"tv_(u|n)?sec=[0-9]+", "T", body)
    print(body)
