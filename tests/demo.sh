#!/bin/sh
# make run: trace a real command with ferret and show what it prints.
set -e
FERRET=${1:-build/ferret}
if [ "$(id -u)" != 0 ]; then
	echo "The demo loads BPF programs: run it as root (sudo make run)." >&2
	exit 1
fi
cat <<'MSG'
== ferret traces `cat /etc/os-release`: files it opens, its system calls
== by name, and a histogram of its read sizes, printed at exit.
MSG
exec "$FERRET" -c 'cat /etc/os-release' -e '
tracepoint:syscalls:sys_enter_openat /pid == cpid/ {
	printf("open  %s\n", str(args->filename));
}
tracepoint:raw_syscalls:sys_enter /pid == cpid/ { @syscalls[args->id] = count(); }
tracepoint:syscalls:sys_exit_read /pid == cpid/ { @read_bytes = hist(args->ret); }
END { printf("\n%s exited; syscall ids counted, read sizes:\n", "cat"); }'
