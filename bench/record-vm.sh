#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# bench/record-vm.sh [BUILD]: ferret record against perf record and
# trace-cmd record in the QEMU guest (Debian's stock kernel), where
# ftrace runs (this host's lockdown refuses trace-cmd): the guest runs
# bench/record-guest.sh, the same getppid loop recorded by each, and
# prints the added cost and the bytes per event.  Emulated (TCG), so
# the ratios compare, not the absolute times.  LTTng is not measured:
# its kernel tracer is a set of modules built for the running kernel
# (lttng-modules), which the guest does not have.  Root.  Measures only.
set -u
BUILD=${1:-build}
HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
cc -O2 -o "$T/loop" "$HERE/benchloop.c" || { echo "bench: cannot build benchloop" >&2; exit 1; }
bins="$T/loop"
for t in trace-cmd perf; do
	p=$(command -v "$t") && bins="$bins $p"
done
FERRET_VM_GUEST=$HERE/record-guest.sh FERRET_VM_BINS=$bins \
	"$HERE/../tests/vm/run.sh" "$BUILD" | grep -v '^vm: booting'
