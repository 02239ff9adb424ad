#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""Writes st_ioctlent.c: the ioctl request numbers the UAPI headers of
this system define, with their names, for ferret strace.  Each header's
_IO/_IOR/_IOW/_IOWR definitions (and the old numeric ones of the
terminal and socket headers) are evaluated by the C compiler, a header
at a time; headers that do not compile on their own are left out.  A
number that names several requests maps to all of them, sorted and
joined by " or ", as strace prints them.
Run: python3 src/strace/gen-ioctls.py > src/strace/st_ioctlent.c
tests/strace/run.sh checks the file with --check FILE: each name's
number must be the one the headers give."""
import os, re, subprocess, sys, tempfile

INC = "/usr/include"
DIRS = ["linux", "sound", "mtd", "misc", "drm", "rdma", "scsi"]
ARCH = "x86_64-linux-gnu/asm"
# Old-style numbers (no _IO encoding) in these headers are requests too.
NUMERIC = {"asm-generic/ioctls.h", ARCH + "/ioctls.h", "linux/sockios.h",
           ARCH + "/sockios.h", "asm-generic/sockios.h", "linux/vt.h", "linux/kd.h",
           "linux/cdrom.h", "linux/hdreg.h", "linux/loop.h"}
# Of these, only the names in a range are requests (the rest are flags).
NUMERIC_RANGE = {"scsi/sg.h": (0x2200, 0x22ff)}
NUMERIC |= set(NUMERIC_RANGE)
# Requests no header here defines: the kernel's scsi/sg.h has one more
# than the C library's copy.
EXTRA = {"SG_GET_ACCESS_COUNT": 0x2289}
# Headers a header needs before it for its requests' types.
NEEDS = {"asm-generic/ioctls.h": ["asm/termbits.h"], ARCH + "/ioctls.h": ["asm/termbits.h"],
         "linux/fs.h": ["linux/fiemap.h", "linux/blktrace_api.h"]}
IOC = re.compile(r"^\s*#\s*define\s+([A-Z][A-Z0-9_]*)(?:\s|\\\n)+(?:DRM_|_S|SECCOMP_)?_?IO(?:R|W|WR)?(?:_BAD)?\s*\(", re.M)
NUM = re.compile(r"^\s*#\s*define\s+([A-Z][A-Z0-9_]*)\s+(0x[0-9A-Fa-f]+)\b", re.M)
# v4l2-subdev.h's aliases of videodev2.h's requests, which strace does not name.
ALIASES = {"VIDIOC_SUBDEV_" + n for n in (
    "DV_TIMINGS_CAP", "ENUM_DV_TIMINGS", "ENUMSTD", "G_DV_TIMINGS", "G_EDID", "G_STD",
    "QUERY_DV_TIMINGS", "QUERYSTD", "S_DV_TIMINGS", "S_EDID", "S_STD")}
PRELUDE = """#include <sys/types.h>
#include <sys/socket.h>
#include <sys/time.h>
#include <stdint.h>
#include <stdio.h>
#include <linux/types.h>
#include <linux/ioctl.h>
"""


def headers():
    out = []
    for d in DIRS + [ARCH, "asm-generic"]:
        root = os.path.join(INC, d)
        for dp, _, files in os.walk(root):
            for f in files:
                if f.endswith(".h"):
                    out.append(os.path.relpath(os.path.join(dp, f), INC))
    return sorted(set(out))


def names_in(rel):
    text = open(os.path.join(INC, rel), errors="replace").read()
    names = IOC.findall(text)
    if rel in NUMERIC:
        # Flags and small values these headers also define are no requests.
        lo, hi = NUMERIC_RANGE.get(rel, (0x100, 0xffffffff))
        names += [n for n, v in NUM.findall(text) if lo <= int(v, 16) <= hi]
    return sorted(set(names))


def evaluate(rel, names, tmp):
    """The names' values as the compiler sees them with this header; a
    name the compiler cannot evaluate (a type the header does not
    declare) is left out, {} if the header does not compile on its own."""
    src = os.path.join(tmp, "h.c")
    exe = os.path.join(tmp, "h")
    inc = rel.replace(ARCH + "/", "asm/")
    pre = PRELUDE + "".join("#include <%s>\n" % h for h in NEEDS.get(rel, []))
    names = list(names)
    for _ in range(4):
        line_of = {}
        with open(src, "w") as f:
            f.write(pre + '#include <%s>\nint main(void)\n{\n' % inc)
            ln = pre.count("\n") + 3
            for n in names:
                f.write('#ifdef %s\n\tprintf("%%s %%u\\n", "%s", (unsigned)(%s));\n#endif\n'
                        % (n, n, n))
                line_of[ln + 2] = n
                ln += 3
            f.write("\treturn 0;\n}\n")
        r = subprocess.run(["cc", "-w", "-o", exe, src], capture_output=True, text=True)
        if not r.returncode:
            break
        bad = {line_of[int(m)] for m in re.findall(r"h\.c:(\d+):\d+: error", r.stderr)
               if int(m) in line_of}
        if not bad:
            return {}
        names = [n for n in names if n not in bad]
    else:
        return {}
    r = subprocess.run([exe], capture_output=True, text=True)
    vals = {}
    for line in r.stdout.split("\n"):
        if line:
            n, v = line.split()
            vals[n] = int(v)
    return vals


def generate():
    """{number: set of names} from the headers."""
    codes = {}
    with tempfile.TemporaryDirectory() as tmp:
        for rel in headers():
            names = names_in(rel)
            if not names:
                continue
            for n, v in evaluate(rel, names, tmp).items():
                if v and n not in ALIASES:
                    codes.setdefault(v, set()).add(n)
    for n, v in EXTRA.items():
        codes.setdefault(v, set()).add(n)
    return codes


def check(path):
    """Each name of the table at path has the number the headers give it
    (headers newer than the table may name more): exit status 1 if not."""
    fresh = {}
    for v, names in generate().items():
        for n in names:
            fresh[n] = v
    bad = 0
    for line in open(path):
        m = re.match(r'\s*\{ (0x[0-9a-f]+), "([^"]*)" \}', line)
        if not m:
            continue
        for n in m.group(2).split(" or "):
            if n in fresh and fresh[n] != int(m.group(1), 16):
                print("%s: %s in the table, %#x in the headers" % (n, m.group(1), fresh[n]))
                bad += 1
    print("%s: %d names differ from the headers" % (path, bad))
    sys.exit(1 if bad else 0)


def main():
    if len(sys.argv) == 3 and sys.argv[1] == "--check":
        check(sys.argv[2])
    codes = generate()
    out = sys.stdout
    out.write("/* SPDX-License-Identifier: GPL-2.0 */\n")
    out.write("/* Generated by gen-ioctls.py from this system's UAPI headers. */\n")
    out.write('#include "st_xlat.h"\n\n')
    out.write("/* Request numbers and their names, by number. */\n")
    out.write("const struct st_xlat st_ioctlent[] = {\n")
    for v in sorted(codes):
        out.write('\t{ %#x, "%s" },\n' % (v, " or ".join(sorted(codes[v]))))
    out.write("\t{ 0, NULL },\n};\n\n")
    out.write("const int st_nioctlent = %d;\n" % len(codes))


main()
