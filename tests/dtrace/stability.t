# Stability: -v's report of a program's least attributes, after its
# notice, quiet or not; -x amin's error for the first name below the
# minimum; #pragma D attributes.  A description that names no provider
# is Unstable; one that leaves the name open under a provider that
# holds names stable (syscall::read:) matches no single probe, and is
# Unstable too.  curthread's data is Private, kernel types and symbols
# are Private/Private/Unknown, htonl() is Evolving.

# attrs TITLE NAME DATA CLASS: one block of the report
attrs() {
	printf '\n\t%s\n\t\tIdentifier Names: %s\n\t\tData Semantics:   %s\n\t\tDependency Class: %s\n' "$@"
}
# report WHAT DESC_N DESC_D DESC_C STMT_N STMT_D STMT_C: a program's report
# (as $(...) leaves it, without its last newline)
report() {
	printf '\nStability attributes for %s:\n' "$1"
	attrs "Minimum Probe Description Attributes" "$2" "$3" "$4"
	attrs "Minimum Statement Attributes" "$5" "$6" "$7"
}
# -e: a statement's description, its attributes and its arguments'
# (both N/D/C here), and no argument types (as $(...) leaves it, without
# its last blank line)
stmt() {
	printf '\n%s\n' "$1"
	attrs "Probe Description Attributes" "$2" "$3" "$4"
	attrs "Argument Attributes" "$2" "$3" "$4"
	printf '\n\tArgument Types\n\t\tNone\n\n'
}
STABLE="$(stmt dtrace:::BEGIN Stable Stable Common)"

cat >"$W/v1.d" <<'EOF'
BEGIN
{
	printf("compiled %d\n", 3);
	exit(0);
}
EOF
same stab_report 0 "
Stability attributes for script $W/v1.d:

	Minimum Probe Description Attributes
		Identifier Names: Unstable
		Data Semantics:   Unstable
		Dependency Class: Common

	Minimum Statement Attributes
		Identifier Names: Stable
		Data Semantics:   Stable
		Dependency Class: Common

                   FUNCTION:NAME
                          :BEGIN compiled 3


" -- -v -s "$W/v1.d"
stderr stab_report_notice 0 "dtrace: script '$W/v1.d' matched 1 probe
" -- -v -s "$W/v1.d"

# two programs, a report after each; quiet keeps the reports
same stab_two_quiet 0 "$(report "description dtrace:::BEGIN " Stable Stable Common Stable Private Common)

$(report "description syscall::read:entry " Private Private ISA Private Private ISA)

1
" -- -q -v -n 'dtrace:::BEGIN { trace(curthread->pid > 0); exit(0); }' \
	-n 'syscall::read:entry /probefunc == "x"/ { trace(1); }'

# -e: the reports alone; what the statements use, each at its least
same stab_e_open_name 0 "$(report "description syscall::read: " Unstable Unstable Common Evolving Evolving Common)

syscall::read:
" -- -v -e -n 'syscall::read: { trace(htonl(1)); }'
same stab_e_kernel_type 0 "$(report "description syscall::read:entry " Private Private ISA Private Private Unknown)

syscall::read:entry

	Probe Description Attributes
		Identifier Names: Private
		Data Semantics:   Private
		Dependency Class: ISA

	Argument Attributes
		Identifier Names: Private
		Data Semantics:   Private
		Dependency Class: ISA

	Argument Types
		args[0]: unsigned int
		args[1]: char *
		args[2]: size_t

" -- -v -e -n 'syscall::read:entry { trace(sizeof(struct task_struct)); }'
# the library's curpsinfo and fds are Stable, as dtrace's library says
same stab_e_library 0 "$(report "description dtrace:::END " Stable Stable Common Stable Stable Common)
$(stmt dtrace:::END Stable Stable Common)

" -- -v -e -n 'dtrace:::END { trace(curpsinfo->pr_pid); trace(fds[0].fi_name); }'

# #pragma D attributes: an inline over a kernel type made Stable
cat >"$W/v2.d" <<'EOF'
inline int tsize = sizeof(struct task_struct);
#pragma D attributes Stable/Stable/Common tsize
inline int fsize = sizeof(struct file);

dtrace:::BEGIN
{
	trace(tsize);
}
EOF
same stab_pragma 0 "$(report "script $W/v2.d" Stable Stable Common Stable Stable Common)
$STABLE

" -- -v -e -s "$W/v2.d"
sed -i 's/trace(tsize)/trace(fsize)/' "$W/v2.d"
same stab_inline 0 "$(report "script $W/v2.d" Stable Stable Common Private Private Unknown)
$STABLE

" -- -v -e -s "$W/v2.d"

# #pragma D attributes of a provider's component: dtrace's name part made
# Evolving lowers what BEGIN's description is; its arguments made
# Unstable show in -e's listing and in -lv's.
cat >"$W/v3.d" <<'EOF'
#pragma D attributes Evolving/Evolving/Common provider dtrace name
#pragma D attributes Unstable/Unstable/Common provider dtrace args
dtrace:::BEGIN
{
	trace(1);
}
EOF
same stab_pragma_provider 0 "$(report "script $W/v3.d" Evolving Evolving Common Stable Stable Common)

dtrace:::BEGIN
$(attrs "Probe Description Attributes" Evolving Evolving Common)
$(attrs "Argument Attributes" Unstable Unstable Common)

	Argument Types
		None

" -- -v -e -s "$W/v3.d"
if timeout 30 "$FERRET" dtrace -lv -s "$W/v3.d" >"$W/out" 2>"$W/err" &&
	grep -A3 -x '	Argument Attributes' "$W/out" | grep -qx '		Identifier Names: Unstable'; then
	ok stab_pragma_provider_list
else
	bad stab_pragma_provider_list "$(head -12 "$W/out") $(head -2 "$W/err")"
fi
# A component that is none of a provider's five is dtrace's error, the
# provider and component named as dtrace names them; a provider ferret
# does not have leaves the pragma waiting for an identifier of its name.
printf '#pragma D attributes Stable provider dtrace func\nBEGIN { exit(0); }\n' >"$W/v4.d"
err stab_pragma_component 1 "dtrace: failed to compile script $W/v4.d: [D_PRAGMA_INVAL] line 1: invalid component \"dtrace\" in attribute #pragma for provider func" -- -s "$W/v4.d"
cat >"$W/v5.d" <<'EOF'
#pragma D attributes Private/Private/Unknown provider answer name
inline int answer = 42;
dtrace:::BEGIN
{
	trace(answer);
}
EOF
same stab_pragma_no_provider 0 "$(report "script $W/v5.d" Stable Stable Common Private Private Unknown)
$STABLE

" -- -v -e -s "$W/v5.d"
printf '#pragma D attributes Stable provider dtrace\nBEGIN { exit(0); }\n' >"$W/v6.d"
err stab_pragma_provider_short 1 "dtrace: failed to compile script $W/v6.d: [D_PRAGMA_MALFORM] line 1: malformed #pragma attributes provider <name> <component>" -- -s "$W/v6.d"

# -x amin: the clause first (at its '}'), then the actions' names, then
# the predicate's; parts left out of the minimum are Standard
cat >"$W/amin.d" <<'EOF'
#pragma D option quiet
#pragma D option amin=Evolving/Evolving/Common

BEGIN
{
	trace(timestamp);
	exit(0);
}
EOF
err amin_clause 1 "dtrace: failed to compile script $W/amin.d: [D_ATTR_MIN] line 8: attributes for clause (Unstable/Unstable/Common) are less than predefined minimum" \
	-- -s "$W/amin.d"
err amin_curthread 1 "dtrace: invalid probe specifier dtrace:::BEGIN /probefunc == \"x\"/ { trace(curthread->pid); }: [D_ATTR_MIN] attributes for scalar curthread (Stable/Private/Common) are less than predefined minimum" \
	-- -x amin=Stable/Stable/Common -n 'dtrace:::BEGIN /probefunc == "x"/ { trace(curthread->pid); }'
err amin_pred 1 "dtrace: invalid probe specifier dtrace:::BEGIN /probefunc == \"x\"/ { trace(1); }: [D_ATTR_MIN] attributes for scalar probefunc (Private/Private/Unknown) are less than predefined minimum" \
	-- -x amin=Stable/Stable/Common -n 'dtrace:::BEGIN /probefunc == "x"/ { trace(1); }'
err amin_func 1 "dtrace: invalid probe specifier dtrace:::BEGIN { trace(htonl(1)); }: [D_ATTR_MIN] attributes for function htonl( ) (Evolving/Evolving/Common) are less than predefined minimum" \
	-- -x amin=Stable/Stable/Common -n 'dtrace:::BEGIN { trace(htonl(1)); }'
err amin_type 1 "dtrace: invalid probe specifier dtrace:::BEGIN { trace((struct file *)0); }: [D_ATTR_MIN] attributes for type struct file * (Private/Private/Unknown) are less than predefined minimum" \
	-- -x amin=Stable/Stable/Common -n 'dtrace:::BEGIN { trace((struct file *)0); }'
err amin_standard 1 "dtrace: invalid probe specifier dtrace:::BEGIN { exit(0); }: [D_ATTR_MIN] attributes for clause (Stable/Stable/Common) are less than predefined minimum" \
	-- -x amin=Stable -n 'dtrace:::BEGIN { exit(0); }'
same amin_met 0 "1
" -- -q -x amin=Evolving/Evolving/Common -n 'dtrace:::BEGIN { trace(1); exit(0); }'
err amin_bad 1 "dtrace: failed to set -x amin: Invalid value for specified option" \
	-- -x amin=Stable/Firm -n 'dtrace:::BEGIN { exit(0); }'
err amin_four 1 "dtrace: failed to set -x amin: Invalid value for specified option" \
	-- -x amin=Stable/Stable/Common/Common -n 'dtrace:::BEGIN { exit(0); }'
