# Arithmetic as D does it: C's division, remainder and right shift in the
# type of the operation (signed unless an operand's type makes it
# unsigned), and division by a constant zero refused when compiling.
cat >"$W/signdiv.d" <<'EOF'
#pragma D option quiet

BEGIN
{
	n = 23;
	d = 4;
	printf("%d %d %d %d\n", n / d, n % d, n / -d, n % -d);
	printf("%d %d %d %d\n", -n / d, -n % d, -n / -d, -n % -d);
	printf("%d %d\n", -23 / 4, -23 % 4);
	exit(0);
}
EOF
same signed_div 0 "5 3 -5 3
-5 -3 5 -3
-5 -3

" -- -s "$W/signdiv.d"

# Compound assignments to globals, thread-locals and clause-locals, and
# in an event probe.
cat >"$W/compound.d" <<'EOF'
#pragma D option quiet

tick-1ms
{
	g = -50;
	g /= 7;
	self->t = -50;
	self->t %= 7;
	this->c = -64;
	this->c >>= 3;
	a[1] = -9;
	a[1] /= 2;
	printf("%d %d %d %d %d\n", g, self->t, this->c, a[1], -64 >> 2);
	exit(0);
}
EOF
same compound 0 "-7 -1 -8 -4 -16

" -- -s "$W/compound.d"

# An unsigned operand of 64 bits makes the operation unsigned, as in C;
# a narrower unsigned one does not make a long long unsigned.
cat >"$W/unsigned.d" <<'EOF'
#pragma D option quiet

BEGIN
{
	big = 0xfffffffffffffff0ull;
	printf("%u %u\n", big / 16, big % 10);
	l = -40ll;
	printf("%d %d\n", l / (unsigned int)8, l >> 1);
	exit(0);
}
EOF
same unsigned_div 0 "1152921504606846975 0
-5 -20

" -- -s "$W/unsigned.d"

# trace() shows a value in the type D gives it: the negation of an
# unsigned long is unsigned.
same trace_negated_unsigned 0 "18446744073709551615 -1
" -- -q -n 'BEGIN { trace(-1ul); trace(" "); trace(-1); exit(0); }'

# A zero divisor known when compiling is an error; one found when running
# is a fault that ends the clause.
err div_zero_const 1 'dtrace: invalid probe specifier BEGIN { x = 5 / (3 - 3); }: [D_DIV_ZERO] expression contains division by zero' -- \
	-n 'BEGIN { x = 5 / (3 - 3); }'
printf 'BEGIN\n{\n\tx = 4;\n\tx %%= 0;\n}\n' >"$W/modz.d"
err mod_zero_const 1 "dtrace: failed to compile script $W/modz.d: [D_DIV_ZERO] line 4: expression contains division by zero" -- \
	-s "$W/modz.d"
cat >"$W/divrun.d" <<'EOF'
#pragma D option quiet

BEGIN
{
	z = 0;
	printf("before\n");
	printf("%d\n", 7 / z);
	printf("not reached\n");
}

BEGIN
{
	printf("next clause\n");
	exit(0);
}
EOF
same div_zero_run 0 "before
next clause

" -- -s "$W/divrun.d"

# Constants are typed as C types them: a decimal one is never unsigned
# without a u, a hexadecimal one may be, a u makes it unsigned.
same int_literal_types 0 "-3 0 6148914691236517203 -2

" -- -q -n 'BEGIN { printf("%d %d %d %d\n", -7 / 2, -3 / 3000000000, -7 / 3ul, -8 / 0x4); exit(0); }'
err int_oflow 1 'dtrace: invalid probe specifier BEGIN { trace(18446744073709551615); }: [D_INT_OFLOW] integer constant 0xffffffffffffffff cannot be represented in any built-in integral type' -- \
	-n 'BEGIN { trace(18446744073709551615); }'
