#!/usr/bin/python3
# Reads a ferret record trace with babeltrace2's Python bindings (bt2) and
# answers one question about it, for tests/record/run.sh:
#   ctfcheck.py DIR counts          NAME COUNT lines, sorted by name
#   ctfcheck.py DIR mono            per CPU stream: times never go back
#   ctfcheck.py DIR chain [TIDS]    every sched_switch's prev_tid is the
#                                   next_tid of the previous one on its CPU;
#                                   TIDS (comma-separated): threads whose
#                                   switches may be missing
#   ctfcheck.py DIR traced TID...   under -c/-p: a switch away from a
#                                   traced thread (the TIDs and the
#                                   threads forked from them) follows a
#                                   switch to it on that CPU
#   ctfcheck.py DIR fields NAME     each NAME event's fields, one line
#                                   "k=v k=v" each
#   ctfcheck.py DIR lost            the events the trace says were lost
#   ctfcheck.py DIR context NAME... each NAME event's name and stream
#                                   event context, one line "NAME k=v k=v"
# Prints the answer; exits 1 with the reason when a check fails.
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
    elif what == 'traced':
        traced = set(int(t) for t in args)
        prev, n = {}, 0
        for m in events(path):
            e = m.event
            p = e.payload_field
            if e.name == 'sched_process_fork' and int(p['parent_tid']) in traced:
                traced.add(int(p['child_tid']))
            if e.name != 'sched_switch':
                continue
            c, pt = cpu_of(m), int(p['prev_tid'])
            if pt in traced:
                n += 1
                if c in prev and prev[c] != pt:
                    print('CPU %d: switch from %d after a switch to %d' % (c, pt, prev[c]))
                    return 1
            prev[c] = int(p['next_tid'])
        if not n:
            print('no switch away from a traced thread')
            return 1
        print('%d switches away from traced threads, each after one to it' % n)
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
