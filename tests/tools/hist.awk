# Checks the hist()/lhist() blocks in bpftrace-style map output.
#
# A block is a map header line ("@name: " or "@name[key]: ", with bpftrace's
# trailing space) followed by bucket rows such as
#   [4K, 8K)               3 |@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@|
# Every row must be "%-16s%8d |BAR|" with a 52-wide bar of
# (int)(count / max * 52) '@'s (bpftrace scales in float; an exact integer
# quotient may come out one '@' short, which is accepted but for the
# largest count, whose bar is always full); the buckets must
# be contiguous (each row starts where the previous one ended: no bucket is
# skipped, zero rows in between included); the first and the last row must
# be non-zero (bpftrace trims empty buckets at both ends).
#
# mode=check (default): prints one line per problem, nothing when all is well.
# mode=skeleton: prints each block's header and its bucket labels (no counts),
# to compare bucket ranges between two outputs.

function num(s,    suf, m) {
	suf = substr(s, length(s))
	m = 1
	if (suf == "K") m = 1024
	else if (suf == "M") m = 1048576
	else if (suf == "G") m = 1073741824
	else if (suf == "T") m = 1099511627776
	else if (suf == "P") m = 1125899906842624
	else if (suf == "E") m = 1152921504606846976
	if (m != 1)
		s = substr(s, 1, length(s) - 1)
	if (s !~ /^-?[0-9]+$/)
		return "bad"
	return s * m
}

function flush(    i, maxv, exact, w, okw) {
	if (!inblock)
		return
	inblock = 0
	if (nrows == 0)
		return
	maxv = 0
	for (i = 1; i <= nrows; i++)
		if (cnt[i] > maxv)
			maxv = cnt[i]
	if (cnt[1] == 0 || cnt[nrows] == 0)
		printf "block %s: leading or trailing zero bucket\n", header
	for (i = 1; i <= nrows; i++) {
		# An exact quotient is decided in integers: in double, 135 /
		# 234 * 52 is 29.999..., while bpftrace's float gives 30.
		integral = maxv && (cnt[i] * 52) % maxv == 0
		w = !maxv ? 0 : integral ? (cnt[i] * 52) / maxv : int(cnt[i] / maxv * 52)
		okw = (barw[i] == w) ||
		    (integral && cnt[i] != maxv && barw[i] == w - 1)
		if (!okw)
			printf "line %d: bar is %d wide, want %d (count %d, max %d)\n",
			    rowline[i], barw[i], w, cnt[i], maxv
		if (i > 1 && lo[i] != hi[i - 1])
			printf "line %d: bucket %s does not follow %s\n",
			    rowline[i], lab[i], lab[i - 1]
		if (lo[i] == "-inf" && i != 1)
			printf "line %d: underflow bucket not first\n", rowline[i]
		if (hi[i] == "inf" && i != nrows)
			printf "line %d: overflow bucket not last\n", rowline[i]
	}
	nrows = 0
}

BEGIN {
	if (mode == "")
		mode = "check"
}

/^@.*: $/ {
	flush()
	inblock = 1
	header = $0
	nrows = 0
	if (mode == "skeleton")
		print
	next
}

inblock && /^[[(]/ {
	line = $0
	if (!match(line, /^[[(][^])]*[])]/)) {
		printf "line %d: bad bucket label: %s\n", NR, line
		next
	}
	label = substr(line, 1, RLENGTH)
	rest = substr(line, RLENGTH + 1)
	if (!match(rest, /^ *[0-9]+ \|[@ ]*\|$/)) {
		printf "line %d: bad bucket row: %s\n", NR, line
		next
	}
	c = rest
	sub(/^ */, "", c)
	sub(/ .*/, "", c)
	bar = rest
	sub(/^[^|]*\|/, "", bar)
	sub(/\|$/, "", bar)
	nrows++
	rowline[nrows] = NR
	lab[nrows] = label
	cnt[nrows] = c + 0
	w = bar
	sub(/ *$/, "", w)
	barw[nrows] = length(w)
	if (length(bar) != 52 || w ~ /[^@]/)
		printf "line %d: bar is not 52 columns of '@' then ' ': |%s|\n", NR, bar
	if (line != sprintf("%-16s%8d |%s|", label, c, bar))
		printf "line %d: row is not \"%%-16s%%8d |bar|\": %s\n", NR, line
	inner = substr(label, 2, length(label) - 2)
	if (label ~ /^\[[^,]*\]$/) {
		lo[nrows] = num(inner)
		hi[nrows] = lo[nrows] + 1
	} else if (label ~ /^\(\.\.\., /) {
		lo[nrows] = "-inf"
		hi[nrows] = num(substr(inner, 6))
	} else if (label ~ /, \.\.\.\)$/) {
		lo[nrows] = num(substr(inner, 1, length(inner) - 5))
		hi[nrows] = "inf"
	} else if (label ~ /^\[[^,]*, [^,]*\)$/) {
		split(inner, parts, ", ")
		lo[nrows] = num(parts[1])
		hi[nrows] = num(parts[2])
	} else {
		printf "line %d: bad bucket label %s\n", NR, label
	}
	if (lo[nrows] == "bad" || hi[nrows] == "bad")
		printf "line %d: bad number in bucket label %s\n", NR, label
	if (mode == "skeleton")
		print label
	next
}

{
	flush()
}

END {
	flush()
}
