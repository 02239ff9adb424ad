# Several programs on one command line (-n, -s, -P ... in any mix): one
# run, clauses in command-line order, globals shared, a matched notice
# each, and compile errors that name the program they are in.

same programs_shared 0 "a
5

" -- -q -n 'BEGIN { x = 5; printf("a\n"); }' -n 'BEGIN { printf("%d\n", x); exit(0); }'

printf 'BEGIN\n{\n\ty = 2;\n}\n' >"$W/first.d"
printf '\nBEGIN\n{\n\ttrace(nosuch(1));\n}\n' >"$W/second.d"
timeout 30 "$FERRET" dtrace -s "$W/first.d" -n 'BEGIN { exit(0); }' \
	-n 'syscall::read:entry, syscall::write:entry { }' >"$W/out" 2>"$W/err"
printf "dtrace: script '%s' matched 1 probe\n%s\n%s\n" "$W/first.d" \
	"dtrace: description 'BEGIN ' matched 1 probe" \
	"dtrace: description 'syscall::read:entry, syscall::write:entry ' matched 2 probes" >"$W/want"
if diff "$W/want" "$W/err" >"$W/diff"; then
	ok programs_matched
else
	bad programs_matched "stderr differs"
fi
err programs_error_script 1 "dtrace: failed to compile script $W/second.d: line 4: Unknown function: nosuch" -- \
	-s "$W/first.d" -s "$W/second.d"
err programs_error_desc 1 'dtrace: invalid probe specifier BEGIN { trace(nosuch()); }: Unknown function: nosuch' -- \
	-s "$W/first.d" -n 'BEGIN { trace(nosuch()); }'
err programs_syntax 1 'dtrace: invalid probe specifier BEGIN { x = ; }: syntax error near ";"' -- \
	-n 'BEGIN { exit(0); }' -n 'BEGIN { x = ; }'
