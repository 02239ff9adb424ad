# The io provider on the disk under $W: a file written and synced by dd
# starts writes of its size on that disk, named as /proc/partitions
# names it, and the device's numbers are stat(1)'s.
dev=$(findmnt -no SOURCE -T "$W" 2>/dev/null)
if [ ! -b "$dev" ]; then
	echo "skip io: $W is on no block device (${dev:-unknown})"
	skip=$((skip + 1))
else
disk=$(basename "$(readlink -f "$dev")")
set -- $(stat -L -c '%t %T' "$dev")
major=$((0x$1)) minor=$((0x$2))

# The data's bytes, and the few metadata blocks an fsync may write.
same io_start 0 "$disk 1

" -- -q -c "dd if=/dev/zero of=$W/io.dat bs=64k count=16 conv=fsync status=none" -n '
	io:::start /pid == $target && args[0]->b_flags & B_WRITE/ {
		disk = args[1]->dev_statname;
		bytes += args[0]->b_bcount;
	}
	END { printf("%s %d\n", disk, bytes >= 1048576 && bytes <= 1048576 + 65536); }'

# done fires where the disk completes (any thread): its bio is one
# started for the dd, by block number.
same io_done 0 "$major $minor 1 <none>

" -- -q -c "dd if=/dev/zero of=$W/io2.dat bs=64k count=16 conv=fsync status=none" -n '
	io:::start /pid == $target/ { started[args[0]->b_blkno] = 1; }
	io:::done /started[args[0]->b_blkno] && !shown/ {
		shown = 1;
		printf("%d %d %d %s\n", args[1]->dev_major, args[1]->dev_minor,
		       args[0]->b_flags & B_WRITE ? 1 : 0, args[2]->fi_name);
	}'
rm -f "$W/io.dat" "$W/io2.dat"
fi

err io_no_wait 1 "dtrace: invalid probe specifier io:::wait-start { }: probe description io:::wait-start does not match any probes" -- \
	-n 'io:::wait-start { }'
