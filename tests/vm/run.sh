#!/bin/bash
# Guest tests: boot Debian's stock kernel under QEMU (TCG: no KVM needed)
# with an initramfs holding busybox, ferret and its libraries, run
# tests/vm/guest-tests.sh there, and report its results.
#
#   tests/vm/run.sh [BUILD]
#
# The kernel comes from the apt package linux-image-amd64 (apt-get download,
# extracted with dpkg-deb under build/vm/kernel, so the host's /boot is left
# alone) and is reused by later runs, whatever BUILD is.  The initramfs and
# the console log go to BUILD/vm.  Needs qemu-system-x86, busybox-static
# and cpio.  Environment:
#   FERRET_VM_TIMEOUT   seconds before QEMU is killed (default 600)
#   FERRET_VM_ACCEL     QEMU accelerator (default tcg,thread=single; kvm
#                       where it works)
#   FERRET_VM_SMP       vCPUs (default 2)
#   FERRET_VM_MEM       guest memory (default 1024M)
#   FERRET_VM_VERBOSE   1: copy the whole serial console to stdout as it runs
#   FERRET_VM_KERNEL_DIR  the kernel cache (default build/vm/kernel)
#   FERRET_VM_GUEST     the script the guest runs (default guest-tests.sh;
#                       bench/record-vm.sh runs its own)
#   FERRET_VM_BINS      more programs for the guest's /bin, with their
#                       libraries (space-separated paths)
# The last line printed is the guest's "N passed, N failed, N skipped"; the
# exit status is 0 only when the guest reported no failure.  Another
# FERRET_VM_GUEST needs no such line: its output and exit status are the
# guest's.
set -u
BUILD=${1:-build}
HERE=$(cd "$(dirname "$0")" && pwd)
ROOT=$(cd "$HERE/../.." && pwd)
VMDIR=$BUILD/vm
TIMEOUT=${FERRET_VM_TIMEOUT:-600}
# Multi-threaded TCG (QEMU 7.2) can go on running its translation of
# kernel text that the other vCPU has just patched back: after
# text_poke_bp() removes its int3, a vCPU still trapping at it loops in
# the int3 handler for ever (seen with fexit on the spinlock functions,
# one boot in three).  One host thread for every vCPU keeps translations
# in step with the guest's code.
ACCEL=${FERRET_VM_ACCEL:-tcg,thread=single}
SMP=${FERRET_VM_SMP:-2}
MEM=${FERRET_VM_MEM:-1024M}
VERBOSE=${FERRET_VM_VERBOSE:-0}
FERRET=$BUILD/ferret
WL=$BUILD/tests/workload
GUEST=${FERRET_VM_GUEST:-$HERE/guest-tests.sh}
BINS=${FERRET_VM_BINS:-}

STAGE=
QPID=
cleanup() {
	[ -n "$QPID" ] && kill "$QPID" 2>/dev/null
	[ -n "$STAGE" ] && rm -rf "$STAGE"
}
trap cleanup EXIT
trap 'echo "vm: interrupted" >&2; exit 130' INT TERM

# One failure line and the summary, for a run that never reached the guest.
die() {
	echo "FAIL vm: $*"
	echo "0 passed, 1 failed, 0 skipped"
	exit 1
}

for tool in qemu-system-x86_64 cpio busybox apt-get dpkg-deb ldd; do
	command -v "$tool" >/dev/null ||
		die "$tool is missing (apt-get install qemu-system-x86 busybox-static cpio)"
done
BUSYBOX=$(command -v busybox)
ldd "$BUSYBOX" >/dev/null 2>&1 &&
	die "$BUSYBOX is dynamically linked; install busybox-static"
[ -x "$FERRET" ] || die "$FERRET is not built (make)"
mkdir -p "$VMDIR" || die "cannot create $VMDIR"

# The workload that makes a known number of system calls.
if [ ! -x "$WL" ]; then
	WL=$VMDIR/workload
	if [ ! -x "$WL" ] || [ "$HERE/../runtime/workload.c" -nt "$WL" ]; then
		${CC:-cc} -O2 -Wall -o "$WL" "$HERE/../runtime/workload.c" ||
			die "cannot build the workload"
	fi
fi

# --- the kernel: Debian's linux-image-amd64, downloaded once -------------
KDIR=${FERRET_VM_KERNEL_DIR:-$ROOT/build/vm/kernel}
mkdir -p "$(dirname "$KDIR")" || die "cannot create $(dirname "$KDIR")"
kernel_fetch() {
	local pkg tmp deb

	pkg=$(apt-cache depends linux-image-amd64 2>/dev/null |
		sed -n 's/^ *Depends: \(linux-image-[0-9].*\)$/\1/p' | head -1)
	if [ -z "$pkg" ]; then
		echo "vm: apt-get update (no package lists yet)"
		DEBIAN_FRONTEND=noninteractive apt-get update -qq >/dev/null ||
			return 1
		pkg=$(apt-cache depends linux-image-amd64 2>/dev/null |
			sed -n 's/^ *Depends: \(linux-image-[0-9].*\)$/\1/p' | head -1)
	fi
	[ -n "$pkg" ] || { echo "vm: apt knows no linux-image-amd64" >&2; return 1; }
	echo "vm: downloading $pkg with apt-get download"
	tmp=$(mktemp -d "$KDIR.tmp.XXXXXX") || return 1
	STAGE=$tmp
	(cd "$tmp" && apt-get download -q -o APT::Sandbox::User=root "$pkg" \
		>/dev/null) || return 1
	set -- "$tmp"/*.deb
	deb=$1
	[ -f "$deb" ] || return 1
	mkdir -p "$tmp/x" &&
		dpkg-deb --fsys-tarfile "$deb" | tar -x -C "$tmp/x" ./boot ||
		return 1
	mkdir -p "$tmp/kernel" &&
		mv "$tmp"/x/boot/vmlinuz-* "$tmp"/x/boot/config-* "$tmp/kernel/" &&
		mv "$deb" "$tmp/kernel/" || return 1
	rm -rf "$KDIR" && mv "$tmp/kernel" "$KDIR" || return 1
	rm -rf "$tmp"
	STAGE=
}
set -- "$KDIR"/vmlinuz-*
if [ ! -f "$1" ]; then
	kernel_fetch || die "cannot download Debian's kernel (linux-image-amd64) with apt"
	set -- "$KDIR"/vmlinuz-*
fi
VMLINUZ=$1
KVER=${VMLINUZ##*/vmlinuz-}

# take_module PATH FILE WHAT: the kernel package's module
# lib/modules/*/kernel/PATH as FILE, taken once; 1 (saying WHAT goes
# untested) where the package has none.
take_module() {
	[ -f "$2" ] && return 0
	set -- "$@" "$KDIR"/*.deb
	if [ -f "$4" ] && dpkg-deb --fsys-tarfile "$4" |
		tar -x -O --wildcards "./lib/modules/*/kernel/$1" \
			>"$2.tmp" 2>/dev/null && [ -s "$2.tmp" ]; then
		mv "$2.tmp" "$2"
	else
		rm -f "$2.tmp"
		echo "vm: no $(basename "$1") in the kernel package; $3 go untested"
		return 1
	fi
}

# A module with no dependencies (binfmt_misc), for probes on module
# functions.
MOD=$KDIR/binfmt_misc.ko
take_module fs/binfmt_misc.ko "$MOD" "module probes"

# Modules without dependencies for ferret dtrace's io probes: brd (a RAM
# disk) and squashfs, which reads its superblock through
# submit_bio_wait().
BLKMODS=
for m in drivers/block/brd.ko fs/squashfs/squashfs.ko; do
	f=$VMDIR/$(basename "$m")
	take_module "$m" "$f" "io:::wait-*" && BLKMODS="$BLKMODS $f"
done

# --- the initramfs, rebuilt every run (ferret changes) -------------------
STAGE=$(mktemp -d "$VMDIR/root.XXXXXX") || die "cannot create a staging directory"
R=$STAGE/root
mkdir -p "$R"/{bin,sbin,dev,proc,sys,tmp,etc,root,lib64,lib/x86_64-linux-gnu} ||
	die "cannot populate $R"
cp "$BUSYBOX" "$R/bin/busybox" || die "cannot copy busybox"
for applet in $("$BUSYBOX" --list); do
	[ -e "$R/bin/$applet" ] || ln -s busybox "$R/bin/$applet"
done
cp "$FERRET" "$R/bin/ferret" && cp "$WL" "$R/bin/workload" &&
	cp "$GUEST" "$R/bin/guest-tests.sh" ||
	die "cannot copy ferret, the workload or $GUEST"
chmod 755 "$R/bin/guest-tests.sh"
for b in $BINS; do
	cp "$b" "$R/bin/" || die "cannot copy $b"
done
# Debian's kprobe tools: the TCP ones on real loopback connections,
# dcsnoop on a real dcache miss.
mkdir -p "$R/tools" || die "cannot create $R/tools"
for tool in tcpconnect tcpaccept tcplife dcsnoop; do
	[ -f "/usr/sbin/$tool.bt" ] || continue
	cp "/usr/sbin/$tool.bt" "$R/tools/"
	# The headers the tool includes must exist, as on a real system
	# (ferret checks that they do; types come from BTF).
	for h in $(sed -n 's/^#include <\(.*\)>/\1/p' "/usr/sbin/$tool.bt"); do
		for d in /usr/include/x86_64-linux-gnu /usr/include; do
			[ -f "$d/$h" ] || continue
			mkdir -p "$R$d/$(dirname "$h")" && cp "$d/$h" "$R$d/$h"
			break
		done
	done
done
if [ -f "$MOD" ]; then
	mkdir -p "$R/lib/modules" && cp "$MOD" "$R/lib/modules/" ||
		die "cannot copy $MOD"
fi
for m in $BLKMODS; do
	mkdir -p "$R/lib/modules" && cp "$m" "$R/lib/modules/" ||
		die "cannot copy $m"
done

# Shared libraries, from ldd, at the paths the binaries ask for, and the
# dynamic loader at its own path.
libs=$( (ldd "$FERRET"; ldd "$WL"; for b in $BINS; do ldd "$b"; done) 2>/dev/null |
	awk '$2 == "=>" && $3 ~ /^\// { print $3 } $1 ~ /^\// { print $1 }' |
	sort -u)
[ -n "$libs" ] || die "ldd found no libraries for $FERRET"
for lib in $libs; do
	mkdir -p "$R$(dirname "$lib")" && cp -L "$lib" "$R$lib" ||
		die "cannot copy $lib"
done

echo "$KVER" >"$R/etc/ferret-vm-kernel"
cat >"$R/init" <<'EOF'
#!/bin/sh
# Mount what a systemd system mounts, run the tests, power off.
export PATH=/bin:/sbin HOME=/root TMPDIR=/tmp
mount -t proc proc /proc
mount -t sysfs sysfs /sys
mount -t devtmpfs devtmpfs /dev
mount -t tmpfs tmpfs /tmp
mount -t securityfs securityfs /sys/kernel/security
mount -t debugfs debugfs /sys/kernel/debug
mount -t tracefs tracefs /sys/kernel/tracing
mount -t bpf bpf /sys/fs/bpf
echo "FERRET-VM-BEGIN"
/bin/guest-tests.sh 2>&1
echo "FERRET-VM-RC $?"
echo "FERRET-VM-END"
poweroff -f
EOF
chmod 755 "$R/init"
INITRD=$STAGE/initramfs.cpio
(cd "$R" && find . | LC_ALL=C sort | cpio -o -H newc --quiet) >"$INITRD" ||
	die "cpio failed"

# --- boot ---------------------------------------------------------------
LOG=$VMDIR/console.log
echo "vm: booting Linux $KVER under qemu ($ACCEL, $SMP vCPUs, $MEM), at most $TIMEOUT s"
start=$(date +%s)
# timeout runs QEMU in its own process group: the traps forward signals.
timeout -k 10 "$TIMEOUT" qemu-system-x86_64 \
	-accel "$ACCEL" -cpu max -smp "$SMP" -m "$MEM" \
	-nographic -no-reboot -nic none \
	-kernel "$VMLINUZ" -initrd "$INITRD" \
	-append "console=ttyS0 panic=-1 oops=panic quiet loglevel=3 mitigations=off" \
	</dev/null >"$LOG" 2>&1 &
QPID=$!
if [ "$VERBOSE" = 1 ]; then
	tail -n +1 -f --pid="$QPID" "$LOG" &
fi
wait "$QPID"
qrc=$?
QPID=
secs=$(($(date +%s) - start))

# The guest's lines, without carriage returns, between the markers.
# The firmware's terminal escapes may precede the first marker.
out=$(tr -d '\r' <"$LOG" | sed -n '/FERRET-VM-BEGIN$/,/^FERRET-VM-END$/p' |
	sed '1d;$d')
summary=$(printf '%s\n' "$out" |
	grep -E '^[0-9]+ passed, [0-9]+ failed, [0-9]+ skipped$' | tail -1)
grc=$(printf '%s\n' "$out" | sed -n 's/^FERRET-VM-RC \([0-9]*\)$/\1/p' | tail -1)
if [ -n "${FERRET_VM_GUEST:-}" ] && [ -n "$grc" ]; then
	printf '%s\n' "$out" | grep -v -e '^FERRET-VM-RC '
	echo "vm: guest run took $secs s (console log: $LOG)"
	exit "$grc"
fi
if [ -z "$summary" ] || [ -z "$grc" ]; then
	if [ "$qrc" = 124 ] || [ "$qrc" = 137 ]; then
		why="the guest did not report within $TIMEOUT s (QEMU killed)"
	else
		why="the guest did not report (QEMU exited with $qrc after $secs s)"
	fi
	oops=$(tr -d '\r' <"$LOG" |
		grep -m1 -oE '(BUG|Kernel panic|general protection fault).*')
	[ -n "$oops" ] && why="$why: the guest kernel crashed: $oops"
	echo "vm: last console lines ($LOG):"
	tr -d '\r' <"$LOG" | tail -n 30 | sed 's/^/  | /'
	[ -n "$out" ] && printf '%s\n' "$out" | grep -E '^(ok|FAIL|skip) '
	die "$why"
fi
printf '%s\n' "$out" | grep -v -e '^FERRET-VM-RC ' |
	grep -v -x -e "$summary"
echo "vm: guest run took $secs s (console log: $LOG)"
echo "$summary"
[ "$grc" = 0 ]
