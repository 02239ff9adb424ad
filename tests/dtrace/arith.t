# Arithmetic as D does it: division, remainder and right shift in the
# type of the operation (signed unless an operand's type makes it
# unsigned), a remainder computed when running negated where the signs
# differ, as dtrace-utils computes it, and one of constants folded as C
# does, as dtrace folds it; division by a constant zero refused when
# compiling.
cat >"$W/signdiv.d" <<'EOF'
#pragma D option quiet

BEGIN
{
	n = 23;
	d = 4;
	printf("%d %d %d %d\n", n / d, n % d, n / -d, n % -d);
	printf("%d %d %d %d\n", -n / d, -n % d, -n / -d, -n % -d);
	printf("%d %d %d\n", -23 / 4, -23 % 4, 23 % -4);
	exit(0);
}
EOF
same signed_div 0 "5 3 -5 -3
-5 -3 5 3
-5 -3 3

" -- -s "$W/signdiv.d"

# D reads the left operand before the right one's stores: x op= e reads x
# before e, and x - ++x the x before the increment, in any variable.
cat >"$W/order.d" <<'EOF'
#pragma D option quiet

BEGIN
{
	i = 4;
	i += i++ + --i + ++i - ++i * i;
	self->j = 4;
	self->j *= self->j++;
	this->k = 4;
	this->k -= ++this->k;
	a[1] = 3;
	a[1] += a[1]++;
	this->z = 3;
	printf("%d %d %d %d %d\n", i, self->j, this->k, a[1], this->z - ++this->z);
	exit(0);
}
EOF
same operand_order 0 "-19 16 -1 6 -1

" -- -s "$W/order.d"

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
# is a fault that ends the clause, dropping what it printed before.
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
same div_zero_run 0 "next clause

" -- -s "$W/divrun.d"

# Constants are typed as C types them: a decimal one is never unsigned
# without a u, a hexadecimal one may be, a u makes it unsigned.
same int_literal_types 0 "-3 0 6148914691236517203 -2

" -- -q -n 'BEGIN { printf("%d %d %d %d\n", -7 / 2, -3 / 3000000000, -7 / 3ul, -8 / 0x4); exit(0); }'
err int_oflow 1 'dtrace: invalid probe specifier BEGIN { trace(18446744073709551615); }: [D_INT_OFLOW] integer constant 0xffffffffffffffff cannot be represented in any built-in integral type' -- \
	-n 'BEGIN { trace(18446744073709551615); }'

# An int computes in the engine's 64 bits, as dtrace-utils computes it,
# and takes its 32 bits where D stores or records it: a variable of the
# type of its first value (a global, a thread-local, an associative
# array's element, a clause-local), printf()'s arguments, sizeof.
cat >"$W/wrap.d" <<'EOF2'
#pragma D option quiet

BEGIN
{
	big = 0x7fffffff;
	big = big + 1;
	sq = 100000;
	printf("%d %d %d\n", big, sq * sq, sq * sq / sq);
	m = 0xf0;
	printf("%x %x %x\n", ~m, -m, m << 28);
	self->v = 0xffff;
	self->v *= 0x10001;
	k[1] = 1;
	k[1] -= 2;
	k[2] = 5;
	k[2]++;
	this->t = 3;
	this->t <<= 31;
	s = 1;
	s <<= 33;
	u = 0xffffffff;
	u += 1;
	printf("%d %x %d %d %d %d\n", self->v, k[1], k[2], this->t, s, u);
	wide = 0x7fffffffL;
	wide += 1;
	printf("%d %d %d %d\n", wide, sizeof(wide), sizeof(big), sizeof(m + 1L));
	exit(0);
}
EOF2
same int_wraps 0 "-2147483648 1410065408 100000
ffffff0f ffffff10 0
-1 ffffffff 6 -2147483648 0 0
2147483648 8 4 8

" -- -s "$W/wrap.d"

# D's conversions rank types by size, then unsigned over signed, and
# promote nothing to int first: a char and a char make a char, a
# uchar and a char a uchar; a shift or an operator of one operand keeps
# its operand's type.
cat >"$W/ranks.d" <<'EOF2'
#pragma D option quiet

char a, b;
uint8_t ua;
short sh;

BEGIN
{
	a = 100;
	b = 100;
	ua = 250;
	sh = -1;
	printf("%d %d %d %d\n", a + b, ua + b, ua - a, -ua);
	printf("%d %d %d %d\n", sizeof(a + b), sizeof(ua + sh), sizeof(a << 2),
	    sizeof(-sh));
	printf("%d %d %d\n", sizeof('a' * 2), sizeof(-129), sizeof(a + 1));
	printf("%d %d\n", sh + ua, (a + b) / 3);
	exit(0);
}
EOF2
same d_int_ranks 0 "-56 94 150 6
1 2 1 2
4 4 4
249 66

" -- -s "$W/ranks.d"

# Operands an operator does not take: dtrace's errors, tag and words.
oprerr() {
	local name=$1 tag=$2 msg=$3 prog=$4
	printf '%s\n' "BEGIN" "{" "$prog" "}" >"$W/$name.d"
	err "$name" 1 "dtrace: failed to compile script $W/$name.d: [$tag] line 3: $msg" \
		-- -e -s "$W/$name.d"
}
oprerr op_int_shift D_OP_INT "operator << requires operands of integral type" \
	'	v = "word" << 2;'
oprerr op_int_tilde D_OP_INT "operator ~ requires an operand of integral type" \
	'	v = ~"word";'
oprerr op_arith_mul D_OP_ARITH "operator * requires operands of arithmetic type" \
	'	s = "t"; v = s * 2;'
oprerr op_arith_neg D_OP_ARITH "operator - requires an operand of arithmetic type" \
	'	v = 1 + -trace(1);'
oprerr op_scalar_cond D_OP_SCALAR "operator ?: expression must be of scalar type" \
	'	v = "yes" ? 1 : 2;'
oprerr op_scalar_land D_OP_SCALAR "operator || requires operands of scalar type" \
	'	v = 1 || "no";'
oprerr op_scalar_inc D_OP_SCALAR "operator ++ requires operand of scalar type" \
	'	s = "t"; s++;'
oprerr op_incompat_addeq D_OP_INCOMPAT 'operands have incompatible types: "int" += "string"' \
	'	n = 5; n += "more";'
oprerr op_int_modeq D_OP_INT "operator %= requires operands of integral type" \
	'	n = 5; n %= "more";'
printf 'int n;\nBEGIN\n{\n\tn = "text";\n}\n' >"$W/op_incompat_decl.d"
err op_incompat_decl 1 "dtrace: failed to compile script $W/op_incompat_decl.d: [D_OP_INCOMPAT] line 4: operands have incompatible types: \"int\" = \"string\"" \
	-- -e -s "$W/op_incompat_decl.d"

# The negation of an unsigned constant is folded in its type, as dtrace's
# parser folds it: -1u is 0xffffffff, so it equals a 32-bit -1 widened
# without its sign (a syscall's unsigned int fd of -1); a signed one is -1.
same neg_unsigned_const 0 "4294967295 1 4294967295 -1 1

" -- -q -n 'BEGIN { x = 4294967295; printf("%d %d %d %d %d\n", -1u, x == -1u,
	    (int64_t)-1u, -1, -1 == -1ll); exit(0); }'
