# printf() with DTrace's conversions: integers at their own size (a
# 64-bit %x prints every digit), C's integer type names in casts and
# sizeof, and strings read from the traced process with copyinstr().

same printf_sizes 0 "1234567890 ffffffff -1 255 -5 4 8 61 61

" -- -q -n 'BEGIN { x = 0x1234567890;
	printf("%x %x %d %u %d %d %d %lx %p\n", x, (unsigned int)-1, (int)-1,
	       (unsigned char)-1, (long long)-5, sizeof(int), sizeof(char *),
	       (ulong_t)97, (void *)97);
	exit(0); }'

printf 'hello\n' >"$W/greeting"
same copyinstr 0 "$W/greeting

" -- -q -c "head -c 0 $W/greeting"  \
	-n 'syscall::openat:entry /pid == $target && copyinstr(arg1) == "'"$W/greeting"'"/ {
		printf("%s\n", copyinstr(arg1)); }'
