# strtok()'s state lasts for the clauses of one firing on a CPU, as
# dtrace keeps it: the next clause of the same firing goes on with the
# string, the next firing starts with none, where strtok(NULL, ...)
# reads dtrace-utils' unset state: an invalid address.
cat >"$W/strtok_state.d" <<'EOF'
#pragma D option quiet

BEGIN
{
	printf("%s\n", strtok("oak,elm,ash", ","));
	n = 0;
}

BEGIN
{
	printf("%s\n", strtok(0, ","));
}

syscall::write:entry
/pid == $target && n == 0/
{
	printf("%s\n", strtok("fir/yew/elm/box", "/"));
	printf("%s\n", strtok(0, "/"));
}

syscall::write:entry
/pid == $target && n == 0/
{
	printf("%s\n", strtok(0, "/"));
	n = 1;
}

syscall::write:entry
/pid == $target && n == 1 && m++ == 1/
{
	printf("%s\n", strtok(0, "/") == 0 ? "new firing: none" : "kept");
}
EOF
printf 'echo a >/dev/null\necho b >/dev/null\n' >"$W/two.sh"
same strtok_firing 0 "oak
elm
fir
yew
elm

" -- -s "$W/strtok_state.d" -c "/bin/sh $W/two.sh"
if sed 's/pc [0-9]*$/pc NNN/' "$W/err" | grep -qE "^dtrace: error in dt_clause_4 for probe ID [0-9]+ \(syscall:vmlinux:write:entry\): invalid address \(0x0\) at BPF pc NNN$"; then
	ok strtok_firing_unset
else
	bad strtok_firing_unset "stderr: $(cat "$W/err")"
fi
# Eight tokens printed in one clause, the last search finding none: each
# printf() is a held record, and the verifier must still accept the
# program (it walks a record's reserve failing and not as one state).
same strtok_many 0 "ab
cd
ef
gh
ij
kl
mn
op
got NULL

" -- -q -n 'BEGIN {
	s = "ab;cd;ef;gh;ij;kl;mn;op;;";
	printf("%s\n", strtok(s, ";"));
	printf("%s\n", strtok(NULL, ";"));
	printf("%s\n", strtok(NULL, ";"));
	printf("%s\n", strtok(NULL, ";"));
	printf("%s\n", strtok(NULL, ";"));
	printf("%s\n", strtok(NULL, ";"));
	printf("%s\n", strtok(NULL, ";"));
	printf("%s\n", strtok(NULL, ";"));
	printf("%s\n", strtok(NULL, ";") == NULL ? "got NULL" : "not NULL");
	exit(0); }'
