#!/usr/bin/python3
# Reads a ferret record trace with babeltrace2's Python bindings (bt2) and
# answers one question about it, for tests/record/run.sh:
#   ctfcheck.py DIR counts          NAME COUNT lines, sorted by name
#   ctfcheck.py DIR mono            per CPU stream: times never go back
#   ctfcheck.py DIR chain [TIDS]    every sched_switch's prev_tid is the
#                                   next_tid of the previous one on its CPU;
#                                   TIDS (comma-separated): threads whose
#                                   switches may be missing
#   ctfcheck.py DIR perfswitch FILE TID...
#                                   every switch of a traced thread (the
#                                   TIDs and the threads forked from
#                                   them) in perf script's FILE (perf
#                                   record -k mono -e sched:sched_switch
#                                   -a around the recording) from the
#                                   trace's first such switch to its
#                                   last is in the trace, in order on
#                                   its CPU
#   ctfcheck.py DIR fields NAME     each NAME event's fields, one line
#                                   "k=v k=v" each
#   ctfcheck.py DIR lost            the events the trace says were lost
#   ctfcheck.py DIR context NAME... each NAME event's name and stream
#                                   event context, one line "NAME k=v k=v"
# Prints the answer; exits 1 with the reason when a check fails.
import re
import sys

import bt2


def events(path):
    for msg in bt2.TraceCollectionMessageIterator(path):
        if type(msg) is bt2._EventMessageConst:
            yield msg


def cpu_of(msg):
    return int(msg.event.packet.context_field['cpu_id'])


def value(f):
    """A field as text: arrays of integers in hex, structures as
    {k=v,...}, an enumeration as its labels."""
    if isinstance(f, bt2._StringFieldConst):
        return str(f)
    if isinstance(f, bt2._StructureFieldConst):
        return '{' + ','.join('%s=%s' % (k, value(f[k])) for k in f) + '}'
    if isinstance(f, bt2._ArrayFieldConst):
        if all(isinstance(x, bt2._IntegerFieldConst) for x in f):
            return '[' + ','.join(hex(int(x)) for x in f) + ']'
        return '[' + ','.join(value(x) for x in f) + ']'
    if isinstance(f, bt2._EnumerationFieldConst):
        return '|'.join(sorted(f.labels)) or str(int(f))
    return int(f)


def main():
    path, what = sys.argv[1], sys.argv[2]
    args = sys.argv[3:]
    if what == 'counts':
        counts = {}
        for m in events(path):
            counts[m.event.name] = counts.get(m.event.name, 0) + 1
        for k in sorted(counts):
            print(k, counts[k])
    elif what == 'mono':
        last, n = {}, 0
        for m in events(path):
            c, ts = cpu_of(m), m.default_clock_snapshot.value
            if c in last and ts < last[c]:
                print('CPU %d: %d after %d' % (c, ts, last[c]))
                return 1
            last[c] = ts
            n += 1
        print('%d events on %d CPUs in order' % (n, len(last)))
    elif what == 'chain':
        quiet = set(int(t) for t in args[0].split(',') if t) if args else set()
        prev, n, breaks = {}, 0, []
        for m in events(path):
            if m.event.name != 'sched_switch':
                continue
            p, c = m.event.payload_field, cpu_of(m)
            n += 1
            if c in prev and prev[c] != int(p['prev_tid']) and prev[c] not in quiet:
                breaks.append((c, prev[c], int(p['prev_tid'])))
            prev[c] = int(p['next_tid'])
        if breaks or not n:
            print('%d switches, breaks (cpu, expected, got): %s' % (n, breaks[:5]))
            return 1
        print('%d switches chained' % n)
    elif what == 'perfswitch':
        traced = set(int(t) for t in args[1:])
        ours, lo, hi = {}, None, None
        for m in events(path):
            e = m.event
            p = e.payload_field
            if e.name == 'sched_process_fork' and int(p['parent_tid']) in traced:
                traced.add(int(p['child_tid']))
            if e.name != 'sched_switch':
                continue
            pt, nt = int(p['prev_tid']), int(p['next_tid'])
            if pt in traced or nt in traced:
                ts = m.default_clock_snapshot.value
                lo, hi = ts if lo is None else lo, ts
                ours.setdefault(cpu_of(m), []).append((pt, nt))
        if lo is None:
            print('no switch of a traced thread recorded')
            return 1
        # From the first switch of a traced thread in the trace to its
        # last; perf reads the clock a few microseconds before ferret.
        lo, hi = lo - 50000, hi + 50000
        theirs = {}
        line = re.compile(r'\[(\d+)\]\s+(\d+)\.(\d{9}):.*prev_pid=(\d+) .*next_pid=(\d+) ')
        for text in open(args[0]):
            r = line.search(text)
            if not r:
                continue
            ts = int(r.group(2)) * 1000000000 + int(r.group(3))
            pt, nt = int(r.group(4)), int(r.group(5))
            if lo <= ts <= hi and (pt in traced or nt in traced):
                theirs.setdefault(int(r.group(1)), []).append((pt, nt, ts))
        if not theirs:
            print('perf saw no switch of a traced thread while ferret recorded')
            return 1
        for c in sorted(theirs):
            a, i = ours.get(c, []), 0
            for pt, nt, ts in theirs[c]:
                while i < len(a) and a[i] != (pt, nt):
                    i += 1
                if i == len(a):
                    print('CPU %d: perf\'s switch %d -> %d at %d.%09d is not in the trace' %
                          (c, pt, nt, ts // 1000000000, ts % 1000000000))
                    return 1
                i += 1
        print('%d switches of traced threads perf saw, all in the trace (of %d)' %
              (sum(len(v) for v in theirs.values()), sum(len(v) for v in ours.values())))
    elif what == 'fields':
        for m in events(path):
            if m.event.name == args[0]:
                p = m.event.payload_field
                print(' '.join('%s=%s' % (k, value(p[k])) for k in p))
    elif what == 'context':
        for m in events(path):
            if m.event.name in args:
                c = m.event.common_context_field
                print(' '.join([m.event.name] +
                               ['%s=%s' % (k, value(c[k])) for k in (c or {})]))
    elif what == 'lost':
        n = 0
        for msg in bt2.TraceCollectionMessageIterator(path):
            if type(msg) is bt2._DiscardedEventsMessageConst:
                n += msg.count or 0
        print(n)
    else:
        print('unknown question ' + what)
        return 2
    return 0


if __name__ == '__main__':
    sys.exit(main())
