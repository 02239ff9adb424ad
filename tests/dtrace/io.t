# The io provider on the disk under $W: a file dd writes with O_DIRECT
# starts writes of its size on that disk in dd's own context (a cached
# write's pages may be written back by the flusher thread instead), named
# as /proc/partitions names it, and the device's numbers are stat(1)'s.
dev=$(findmnt -no SOURCE -T "$W" 2>/dev/null)
if [ ! -b "$dev" ]; then
	echo "skip io: $W is on no block device (${dev:-unknown})"
	skip=$((skip + 1))
else
disk=$(basename "$(readlink -f "$dev")")
set -- $(stat -L -c '%t %T' "$dev")
major=$((0x$1)) minor=$((0x$2))

# The data's bytes, and the few metadata blocks the file's creation may write.
same io_start 0 "$disk 1

" -- -q -c "dd if=/dev/zero of=$W/io.dat bs=64k count=16 oflag=direct status=none" -n '
	BEGIN { bytes = 0; }
	io:::start /pid == $target && args[0]->b_flags & B_WRITE/ {
		disk = args[1]->dev_statname;
		bytes += args[0]->b_bcount;
	}
	END { printf("%s %d\n", disk, bytes >= 1048576 && bytes <= 1048576 + 65536); }'

# done fires where the disk completes (any thread): its bio is a write
# started for the dd, by block number (another process may read a block
# of the same number meanwhile).
same io_done 0 "$major $minor 1 <none>

" -- -q -c "dd if=/dev/zero of=$W/io2.dat bs=64k count=16 conv=fsync status=none" -n '
	io:::start /pid == $target/ { started[args[0]->b_blkno] = 1; }
	io:::done /started[args[0]->b_blkno] && args[0]->b_flags & B_WRITE && !shown/ {
		shown = 1;
		printf("%d %d %d %s\n", args[1]->dev_major, args[1]->dev_minor,
		       args[0]->b_flags & B_WRITE ? 1 : 0, args[2]->fi_name);
	}'

# The classic one-liner: the disk's name joined from its parts by the
# translator, as an aggregation key with a distribution beside it (its
# strings sized to what they hold, within the 512-byte BPF stack).
"$FERRET" dtrace -q -c "dd if=/dev/zero of=$W/io3.dat bs=64k count=16 oflag=direct status=none" \
	-n 'io:::start /pid == $target/ { @[args[1]->dev_statname, execname] = quantize(args[0]->b_bcount); }' \
	>"$W/io3.out" 2>"$W/io3.err"
if grep -Eq "^  $disk +dd +\$" "$W/io3.out" &&
   grep -q '^           value  ------------- Distribution ------------- count' "$W/io3.out" &&
   awk '{ gsub(/[|@]/, " ") } $1 ~ /^[0-9]+$/ && $1 >= 4096 && $NF > 0 { n++ }
	END { exit !n }' "$W/io3.out"; then
	ok io_statname_quantize
else
	bad io_statname_quantize "$(head -c 600 "$W/io3.out" "$W/io3.err")"
fi
rm -f "$W/io.dat" "$W/io2.dat" "$W/io3.dat" "$W/io3.out" "$W/io3.err"
fi

# wait-start and wait-done are submit_bio_wait()'s entry and return
# (fentry, fexit), tested in the QEMU guest (tests/vm); a kernel that
# refuses BPF trampolines refuses them by name with its reason.
why=$("$FERRET" -e 'fentry:vfs_read { }' 2>&1 | sed -n 's/^-e:1:1: error: //p')
if [ -n "$why" ]; then
	err io_wait_start_refused 1 "dtrace: invalid probe specifier io:::wait-start { }: io:::wait-start is the entry of kernel function submit_bio_wait, which this kernel cannot trace: $why" -- \
		-n 'io:::wait-start { }'
	err io_wait_done_refused 1 "dtrace: invalid probe specifier io:::wait-done { trace(args[1]->dev_major); }: io:::wait-done is the return of kernel function submit_bio_wait, which this kernel cannot trace: $why" -- \
		-n 'io:::wait-done { trace(args[1]->dev_major); }'
	err io_wildcard_no_wait 0 "dtrace: description 'io:::*start ' matched 1 probe" -- \
		-n 'io:::*start { }' -n 'BEGIN { exit(0); }'
else
	echo "skip io_wait_*_refused: this kernel runs BPF trampolines (the guest tests run these probes)"
	skip=$((skip + 3))
fi

# fds[fd]: the current thread's open file fd as a fileinfo_t (fi_pathname
# and fi_mount "<unknown>" and fi_dirname "." as in dtrace-utils, where
# the kernel builds no path outside fentry and LSM programs); a
# descriptor no file is open on is "<none>".  (dd reads the file: cat
# copies a file to a file with copy_file_range(), which reads nothing.)
printf 'fds\n' >"$W/fdfile.txt"
same fds_array 0 "fdfile.txt . <unknown> <unknown> 0 8000 <none>

" -- -q -c "dd if=$W/fdfile.txt of=/dev/null status=none" -n '
	syscall::read:entry /pid == $target && fds[arg0].fi_name == "fdfile.txt"/ {
		printf("%s %s %s %s %d %x %s\n", fds[arg0].fi_name, fds[arg0].fi_dirname,
		    fds[arg0].fi_pathname, fds[arg0].fi_mount, fds[arg0].fi_offset,
		    fds[arg0].fi_oflags, fds[arg0 + 1000].fi_name);
		exit(0);
	}'
