# Compile errors in dtrace's words and at the line dtrace names: the
# line its lexer has reached when it finds the error (past a newline in
# a string, past the blanks after a predicate's '/', at the end of the
# input), which is not always the line of the faulty text.

printf 'BEGIN\n{\n\tx = "ab\n\tcd";\n}\n' >"$W/strnl.d"
err str_newline 1 "dtrace: failed to compile script $W/strnl.d: [D_STR_NL] line 4: newline encountered in string literal" -- \
	-s "$W/strnl.d"
printf "BEGIN\n{\n\tx = 'a\n';\n}\n" >"$W/chrnl.d"
err chr_newline 1 "dtrace: failed to compile script $W/chrnl.d: [D_CHR_NL] line 4: newline encountered in character constant" -- \
	-s "$W/chrnl.d"
printf 'BEGIN\n/x[0/\n\n{\n}\n' >"$W/brack.d"
err pred_bracket 1 "dtrace: failed to compile script $W/brack.d: [D_SYNTAX] line 4: closing ] expected in predicate before /" -- \
	-s "$W/brack.d"
printf 'BEGIN\n/"a" & "b"/\n{\n}\n' >"$W/predop.d"
err pred_operator 1 "dtrace: failed to compile script $W/predop.d: [D_OP_INT] line 3: operator & requires operands of integral type" -- \
	-s "$W/predop.d"
printf 'BEGIN { }\n/* open\n\n' >"$W/comment.d"
err comment_eof 1 "dtrace: failed to compile script $W/comment.d: line 4: end-of-file encountered before matching */" -- \
	-s "$W/comment.d"

# #pragma D error: each word followed by a blank, as dtrace writes it.
printf '#pragma D error "stop here" now\n' >"$W/prerr.d"
err pragma_error 1 "dtrace: failed to compile script $W/prerr.d: [D_PRAGERR] line 1: #error: stop here now " -- \
	-s "$W/prerr.d"

# Enumerators and members: named at the token after them.
printf 'enum e {\n\tx = 3,\n\tx = 4\n};\n' >"$W/dupenum.d"
err enum_duplicate 1 "dtrace: failed to compile script $W/dupenum.d: [D_UNKNOWN] line 4: failed to define enumerator 'x': Duplicate member or variable name" -- \
	-s "$W/dupenum.d"
printf 'enum e {\n\tbig = 2147483648\n};\n' >"$W/bigenum.d"
err enum_overflow 1 "dtrace: failed to compile script $W/bigenum.d: [D_DECL_ENOFLOW] line 3: enumerator 'big' value overflows INT_MAX (2147483647)" -- \
	-s "$W/bigenum.d"
printf 'enum e {\n\ttag = "s"\n};\n' >"$W/strenum.d"
err enum_not_constant 1 "dtrace: failed to compile script $W/strenum.d: [D_DECL_ENCONST] line 3: enumerator 'tag' must be assigned to an integral constant expression" -- \
	-s "$W/strenum.d"
printf 'struct s {\n\tint x;\n\tchar x;\n};\n' >"$W/dupmem.d"
err member_duplicate 1 "dtrace: failed to compile script $W/dupmem.d: [D_UNKNOWN] line 3: failed to define member 'x': Duplicate member or variable name" -- \
	-s "$W/dupmem.d"
# A union's forward declaration is a struct to dtrace; the union being
# defined is a union.
printf 'union u {\n\tunion fwd f;\n};\n' >"$W/fwd.d"
err union_forward 1 "dtrace: failed to compile script $W/fwd.d: [D_DECL_INCOMPLETE] line 2: incomplete struct/union/enum struct fwd: f" -- \
	-s "$W/fwd.d"
printf 'union u {\n\tunion u self;\n};\n' >"$W/rec.d"
err union_recursive 1 "dtrace: failed to compile script $W/rec.d: [D_DECL_INCOMPLETE] line 2: incomplete struct/union/enum union u: self" -- \
	-s "$W/rec.d"

# printa()'s prototype errors.  The source line and its caret follow a
# located error, but not under _DTRACE_TESTING, where stderr is dtrace's.
printf '#!/bin/sh\nunset _DTRACE_TESTING\nexec %s "$@"\n' "$FERRET" >"$W/carets"
chmod +x "$W/carets"
real_ferret=$FERRET
err printa_not_agg 1 "dtrace: invalid probe specifier BEGIN { printa(\"%d\", 123); }: [D_PRINTA_AGGARG] printa( ) argument #2 is incompatible with prototype:" -- \
	-n 'BEGIN { printa("%d", 123); }'
FERRET=$W/carets
stderr printa_not_agg_lines 1 "dtrace: invalid probe specifier BEGIN { printa(\"%d\", 123); }: printa( ) argument #2 is incompatible with prototype:
	prototype: aggregation
	 argument: int
BEGIN { printa(\"%d\", 123); }
                     ^~~
" -- -n 'BEGIN { printa("%d", 123); }'
FERRET=$real_ferret
stderr printa_not_agg_testing 1 "dtrace: invalid probe specifier BEGIN { printa(\"%d\", 123); }: printa( ) argument #2 is incompatible with prototype:
	prototype: aggregation
	 argument: int
" -- -n 'BEGIN { printa("%d", 123); }'
err printa_format_only 1 "dtrace: invalid probe specifier BEGIN { printa(\"%d\"); }: [D_PRINTA_PROTO] printa( ) prototype mismatch: 1 args passed, 2 expected" -- \
	-n 'BEGIN { printa("%d"); }'

# -C: a preprocessor error is the preprocessor's message, then dtrace's.
printf '#if 1\nBEGIN { }\n' >"$W/noendif.d"
stderr cpp_failed 1 "$W/noendif.d:2:1: error: unterminated conditional directive (#if without #endif)
BEGIN { }
^
dtrace: failed to compile script $W/noendif.d: Preprocessor failed to process input program
" -- -C -s "$W/noendif.d"

# Declaration specifiers, checked as dtrace adds each one.
err spec_combo 1 "dtrace: invalid probe specifier BEGIN { i = (char int)0; }: [D_DECL_COMBO] invalid type combination" -- \
	-n 'BEGIN { i = (char int)0; }'
err spec_charattr 1 "dtrace: invalid probe specifier BEGIN { i = (char long)0; }: [D_DECL_CHARATTR] invalid type declaration: short and long may not be used with char type" -- \
	-n 'BEGIN { i = (char long)0; }'
err spec_short_long 1 "dtrace: invalid probe specifier BEGIN { i = (long short)0; }: [D_UNKNOWN] failed to resolve type short long : Unknown type name" -- \
	-n 'BEGIN { i = (long short)0; }'
printf 'short void x;\n' >"$W/shortvoid.d"
err spec_voidattr 1 "dtrace: failed to compile script $W/shortvoid.d: [D_DECL_VOIDATTR] line 1: invalid type declaration: attributes may not be used with void type" -- \
	-s "$W/shortvoid.d"
printf 'long struct s\n{\n\tint i;\n};\n' >"$W/longstruct.d"
err spec_longint 1 "dtrace: failed to compile script $W/longstruct.d: [D_DECL_LONGINT] line 2: invalid type declaration: long and long long may only be used with integer or floating-point type" -- \
	-s "$W/longstruct.d"
printf 'struct a {\n\tint i;\n}\nstruct b {\n\tint j;\n};\n' >"$W/nosemi.d"
err spec_two_structs 1 "dtrace: failed to compile script $W/nosemi.d: [D_DECL_COMBO] line 4: invalid type combination" -- \
	-s "$W/nosemi.d"

# Operators on pointers and members.
err arrow_not_pointer 1 "dtrace: invalid probe specifier struct s { int i; } v; BEGIN { trace(v->i); }: [D_OP_PTR] operator -> must be applied to a pointer" -- \
	-n 'struct s { int i; } v; BEGIN { trace(v->i); }'
err arrow_not_struct 1 "dtrace: invalid probe specifier int *q; BEGIN { trace(q->i); }: [D_OP_SOU] operator -> cannot be applied to pointer to type \"int\"; must be applied to a struct or union pointer" -- \
	-n 'int *q; BEGIN { trace(q->i); }'
err dot_pointer 1 "dtrace: invalid probe specifier struct s { int i; } *v; BEGIN { trace(v.i); }: [D_OP_SOU] operator . cannot be applied to type \"struct s *\"; must be applied to a struct or union" -- \
	-n 'struct s { int i; } *v; BEGIN { trace(v.i); }'
err deref_int 1 "dtrace: invalid probe specifier int x; BEGIN { trace(*x); }: [D_DEREF_NONPTR] cannot dereference non-pointer type" -- \
	-n 'int x; BEGIN { trace(*x); }'
err void_arith 1 "dtrace: invalid probe specifier void *v; BEGIN { trace((int)(v + 1)); }: [D_OP_INCOMPAT] operands have incompatible types: \"void *\" + \"int\"" -- \
	-n 'void *v; BEGIN { trace((int)(v + 1)); }'

# Aggregations in printa() and printf().
err printa_key_count 1 "dtrace: invalid probe specifier BEGIN { @a[1] = sum(1); @b = sum(2); printa(\"%d %@d %@d\\n\", @a, @b); }: [D_PRINTA_AGGKEY] printa( ): @a and @b do not have matching key signatures: @a has 1 key, @b has 0 keys" -- \
	-n 'BEGIN { @a[1] = sum(1); @b = sum(2); printa("%d %@d %@d\n", @a, @b); }'
FERRET=$W/carets
stderr printa_key_type 1 "dtrace: invalid probe specifier BEGIN { @a[1] = sum(1); @b[\"x\"] = sum(2); printa(@a, @b); }: printa( ): @b[ ] key #1 is incompatible with @a:
      a key #1: int
      b key #1: string
BEGIN { @a[1] = sum(1); @b[\"x\"] = sum(2); printa(@a, @b); }
                                                     ^~
" -- -n 'BEGIN { @a[1] = sum(1); @b["x"] = sum(2); printa(@a, @b); }'
FERRET=$real_ferret
err printa_key_conv 1 "dtrace: invalid probe specifier BEGIN { @[stack()] = count(); printa(\"%p\\n\", @); }: [D_PRINTF_ARG_TYPE] printa( ) argument #2 is incompatible with conversion #1 prototype:" -- \
	-n 'BEGIN { @[stack()] = count(); printa("%p\n", @); }'
same printa_key_conv_ok 0 "  1 hello 3

" -- -q -n 'BEGIN { @["hello"] = sum(3); printa("  1 %s %@d\n", @); exit(0); }'
err printf_agg_arg 1 "dtrace: invalid probe specifier BEGIN { @a = count(); printf(\"%d\", @a); }: [D_PRINTF_ARG_TYPE] printf( ) argument #2 is incompatible with conversion #1 prototype:" -- \
	-n 'BEGIN { @a = count(); printf("%d", @a); }'

# Types of definitions, operands and predicates.
err inline_string_int 1 "dtrace: invalid probe specifier inline int i = \"s\"; BEGIN { }: [D_OP_INCOMPAT] inline i definition uses incompatible types: \"int\" = \"string\"" -- \
	-n 'inline int i = "s"; BEGIN { }'
err sizeof_void 1 "dtrace: invalid probe specifier BEGIN { trace(sizeof(void)); }: [D_SIZEOF_TYPE] cannot apply sizeof to an operand of unknown size" -- \
	-n 'BEGIN { trace(sizeof(void)); }'
err sizeof_bitfield 1 "dtrace: invalid probe specifier struct s { int a : 3; } v; BEGIN { trace(sizeof(v.a)); }: [D_SIZEOF_BITFIELD] cannot apply sizeof to a bit-field" -- \
	-n 'struct s { int a : 3; } v; BEGIN { trace(sizeof(v.a)); }'
err bitfield_zero 1 "dtrace: invalid probe specifier struct s { int a : 0; }; BEGIN { }: [D_DECL_BFCONST] positive integral constant expression expected as bit-field size" -- \
	-n 'struct s { int a : 0; }; BEGIN { }'
err assoc_value_type 1 "dtrace: invalid probe specifier BEGIN { x[1] = curthread; x[2] = pid; }: [D_OP_INCOMPAT] operands have incompatible types:" -- \
	-n 'BEGIN { x[1] = curthread; x[2] = pid; }'
printf 'int a[4];\nBEGIN\n/a/\n{\n\texit(0);\n}\n' >"$W/predarr.d"
err pred_scalar 1 "dtrace: failed to compile script $W/predarr.d: [D_PRED_SCALAR] line 6: predicate result must be of scalar type" -- \
	-s "$W/predarr.d"
err pdesc_glob_none 1 "dtrace: invalid probe specifier syscall::*nosuchcall*:entry { }: [D_PDESC_ZERO] probe description syscall::*nosuchcall*:entry does not match any probes" -- \
	-n 'syscall::*nosuchcall*:entry { }'

# Pragmas dtrace checks: a library dependency in the main program, and
# attributes as NAME/DATA/CLASS for an identifier.
printf '#pragma D depends_on library net.d\nBEGIN { exit(0); }\n' >"$W/libdep.d"
err pragma_depends_library 1 "dtrace: failed to compile script $W/libdep.d: [D_PRAGMA_DEPEND] line 1: main program may not explicitly depend on a library" -- \
	-s "$W/libdep.d"
printf '#pragma D attributes Stable\nBEGIN { exit(0); }\n' >"$W/attr1.d"
err pragma_attr_malformed 1 "dtrace: failed to compile script $W/attr1.d: [D_PRAGMA_MALFORM] line 1: malformed #pragma attributes <attributes> <ident>" -- \
	-s "$W/attr1.d"
printf '#pragma D attributes Steady/Stable/Common x\nBEGIN { exit(0); }\n' >"$W/attr2.d"
err pragma_attr_invalid 1 "dtrace: failed to compile script $W/attr2.d: [D_PRAGMA_INVAL] line 1: invalid attributes specified by #pragma attributes" -- \
	-s "$W/attr2.d"
printf '#pragma D attributes Stable/Stable/Common x;\nBEGIN { exit(0); }\n' >"$W/attr3.d"
err pragma_attr_unused 1 "dtrace: failed to compile script $W/attr3.d: [D_PRAGMA_UNUSED] line 1: unused #pragma attributes" -- \
	-s "$W/attr3.d"
printf 'inline int x = 1;\n#pragma D attributes Evolving/Evolving/ISA x\nBEGIN { trace(x); exit(0); }\n' >"$W/attr4.d"
same pragma_attr_ok 0 "1
" -- -q -s "$W/attr4.d"

# Operands dtrace refuses.
err action_in_ternary 1 "dtrace: invalid probe specifier BEGIN { x = 1 ? trace(0) : trace(1); }: [D_OP_ACT] action cannot be used in a conditional context" -- \
	-n 'BEGIN { x = 1 ? trace(0) : trace(1); }'
err stringof_void 1 "dtrace: invalid probe specifier BEGIN { printf(\"%s\", stringof(trace(0))); }: [D_STRINGOF_TYPE] cannot apply stringof to a value of type void" -- \
	-n 'BEGIN { printf("%s", stringof(trace(0))); }'
err addrof_constant 1 "dtrace: invalid probe specifier BEGIN { trace(&1); }: [D_ADDROF_LVAL] unacceptable operand for unary & operator" -- \
	-n 'BEGIN { trace(&1); }'
err write_builtin 1 "dtrace: invalid probe specifier BEGIN { pid = 1; }: [D_OP_WRITE] operator = can only be applied to a writable variable" -- \
	-n 'BEGIN { pid = 1; }'
err array_two_keys 1 "dtrace: invalid probe specifier int x[5]; BEGIN { x[1, 2] = 1; }: [D_ARR_BADREF] cannot access scalar x as an associative array" -- \
	-n 'int x[5]; BEGIN { x[1, 2] = 1; }'

# -x dynvarsize and -x aggsize too small for one entry of the largest
# associative array or aggregation: dtrace refuses to enable tracing.
# Thread-local variables take no part in the check.
stderr dynvarsize_too_small 1 "dtrace: description 'BEGIN ' matched 1 probe
dtrace: could not enable tracing: Enabling exceeds size of buffer
" -- -x dynvarsize=15 -n 'BEGIN { a[1] = 1; exit(0); }'
same dynvarsize_enough 0 "1

" -- -q -x dynvarsize=16 -n 'BEGIN { a[1] = 1; printf("%d\n", a[1]); exit(0); }'
same dynvarsize_tls 0 "1

" -- -q -x dynvarsize=5 -n 'BEGIN { self->a = 1; printf("%d\n", self->a); exit(0); }'
stderr aggsize_too_small 1 "dtrace: description 'BEGIN ' matched 1 probe
dtrace: could not enable tracing: Enabling exceeds size of buffer
" -- -x aggsize=8 -n 'BEGIN { @ = count(); exit(0); }'

# A member the struct lacks.
err member_missing 1 "dtrace: invalid probe specifier BEGIN { trace(curthread->no_such_member); }: [D_TYPE_MEMBER] no_such_member is not a member of struct task_struct" -- \
	-n 'BEGIN { trace(curthread->no_such_member); }'

# An associative array takes at most 8 keys, dtrace's tuple registers;
# dtrace names no line for more.
printf 'BEGIN\n{\n\ta[0, 1, 2, 3, 4, 5, 6, 7, 8] = 0;\n}\n' >"$W/tuple9.d"
err tuple_registers 1 "dtrace: failed to compile script $W/tuple9.d: Insufficient tuple registers to generate code" -- \
	-s "$W/tuple9.d"
same tuple_eight 0 "5

" -- -q -n 'BEGIN { a[1, 2, 3, 4, 5, 6, 7, 8] = 5; printf("%d\n", a[1, 2, 3, 4, 5, 6, 7, 8]); exit(0); }'

# float and double members are declared as in C (no operator takes
# them); a bit-field of one is dtrace's D_DECL_BFTYPE.
same float_member 0 "3 16

" -- -q -n 'struct s { float f; int i; double d; } v; BEGIN { v.i = 3; printf("%d %d\n", v.i, sizeof(struct s)); exit(0); }'
err float_bitfield 1 "dtrace: invalid probe specifier struct b { float : 1; } x; BEGIN { }: [D_DECL_BFTYPE] invalid type for bit-field: (anon)" -- \
	-n 'struct b { float : 1; } x; BEGIN { }'

# Keys and assignments: a struct key of another struct type than the
# array's first; a declared array assigned whole; += and -= where the
# left side is no pointer to a sized type, in a declared global too; a
# void key type in an array's prototype.
printf 'struct a { int x; };\nstruct b { int x; };\nstruct a ka;\nstruct b kb;\nBEGIN\n{\n\tm[ka] = 1;\n\tm[kb] = 2;\n}\n' >"$W/skey.d"
err struct_key_type 1 "dtrace: failed to compile script $W/skey.d: [D_PROTO_ARG] line 8: m[ ] key #1 is incompatible with prototype:" -- \
	-s "$W/skey.d"
printf 'int a[2];\nint b[2];\nBEGIN\n{\n\ta = b;\n}\n' >"$W/arrasg.d"
err array_assign 1 "dtrace: failed to compile script $W/arrasg.d: [D_OP_ARRFUN] line 5: operator = may not be applied to operand of type \"int [2]\"" -- \
	-s "$W/arrasg.d"
err sub_void_ptr 1 "dtrace: invalid probe specifier BEGIN { n = 2; n += alloca(4); }: [D_OP_VFPTR] operator += requires left-hand scalar operand of known size" -- \
	-n 'BEGIN { n = 2; n += alloca(4); }'
printf 'long total;\nBEGIN\n{\n\ttotal -= (char *)alloca(1);\n}\n' >"$W/vfdecl.d"
err sub_void_ptr_declared 1 "dtrace: failed to compile script $W/vfdecl.d: [D_OP_VFPTR] line 4: operator -= requires left-hand scalar operand of known size" -- \
	-s "$W/vfdecl.d"
printf 'int t[int, void];\n' >"$W/voidkey.d"
err void_key 1 "dtrace: failed to compile script $W/voidkey.d: [D_DECL_PROTO_TYPE] line 1: array prototype may not use parameter of type void: (anonymous), parameter #2" -- \
	-s "$W/voidkey.d"

# An action given as printf()'s argument is the void the conversion
# refuses, whatever its own format; a function member is a void one.
err action_argument 1 "dtrace: invalid probe specifier BEGIN { printf(\"%x\", trace(1)); }: [D_PRINTF_ARG_TYPE] printf( ) argument #2 is incompatible with conversion #1 prototype:" -- \
	-n 'BEGIN { printf("%x", trace(1)); }'
err action_argument_empty 1 "dtrace: invalid probe specifier BEGIN { printf(\"%d\", printf(\"\")); }: [D_PRINTF_ARG_TYPE] printf( ) argument #2 is incompatible with conversion #1 prototype:" -- \
	-n 'BEGIN { printf("%d", printf("")); }'
printf 'struct ops {\n\tint id;\n\tlong run();\n};\n' >"$W/fmember.d"
err function_member 1 "dtrace: failed to compile script $W/fmember.d: [D_DECL_VOIDOBJ] line 3: cannot have void member: run" -- \
	-s "$W/fmember.d"

# A scoped tag's empty definition is a syntax error at its '}', as
# dtrace parses the definition before it resolves the scope.
printf 'union nosuchmod`u {\n};\n' >"$W/scoped.d"
err scoped_empty_definition 1 "dtrace: failed to compile script $W/scoped.d: [D_SYNTAX] line 2: syntax error near \"}\"" -- \
	-s "$W/scoped.d"

# Translators are checked where they are defined, used or not: members
# of a struct only declared or without the member, an integer where the
# output wants a pointer (at the definition's end), a struct given where
# the translator takes a pointer, the output struct defined again, and
# the input in parentheses.
printf 'struct out { int v; };\ntranslator struct out < int *p >\n{\n\tv = ((struct undeclared *)p)->x;\n};\n' >"$W/xfwd.d"
err xlate_forward 1 "dtrace: failed to compile script $W/xfwd.d: [D_OP_INCOMPLETE] line 4: operator -> cannot be applied to a forward declaration: no struct undeclared definition is available" -- \
	-s "$W/xfwd.d"
printf 'struct in { int a; };\nstruct out { int v; };\ntranslator struct out < struct in *p >\n{\n\tv = p->b;\n};\n' >"$W/xmem.d"
err xlate_no_member 1 "dtrace: failed to compile script $W/xmem.d: [D_TYPE_MEMBER] line 5: b is not a member of struct in" -- \
	-s "$W/xmem.d"
printf 'struct in { long a; };\nstruct out { int *v; };\ntranslator struct out < struct in *p >\n{\n\tv = p->a;\n}\n;\n' >"$W/xcompat.d"
err xlate_incompatible 1 "dtrace: failed to compile script $W/xcompat.d: [D_XLATE_INCOMPAT] line 7: translator member v definition uses incompatible types: \"int *\" = \"long\"" -- \
	-s "$W/xcompat.d"
printf 'struct in { int a; };\nstruct out { int v; };\ntranslator struct out < struct in *p >\n{\n\tv = p->a;\n};\nstruct in s;\nBEGIN\n{\n\ttrace(xlate <struct out>(s).v);\n}\n' >"$W/xnone.d"
err xlate_struct_operand 1 "dtrace: failed to compile script $W/xnone.d: [D_XLATE_NONE] line 10: cannot translate from \"struct in\" to \"struct out\"" -- \
	-s "$W/xnone.d"
printf 'struct out { int v; };\ntranslator struct out\n{\n\tint *p;\n} {\n\tv = *p;\n};\n' >"$W/xredef.d"
err xlate_redefines_output 1 "dtrace: failed to compile script $W/xredef.d: [D_DECL_TYPERED] line 3: type redeclared: struct out" -- \
	-s "$W/xredef.d"
printf 'struct out { int v; };\ntranslator struct out (int *p)\n{\n\tv = *p;\n};\n' >"$W/xparen.d"
err xlate_parenthesized_input 1 "dtrace: failed to compile script $W/xparen.d: [D_SYNTAX] line 3: syntax error near \"{\"" -- \
	-s "$W/xparen.d"
# Members are checked in order, each for its name in the output before
# its value; xlate <T *>(e) as written (not through a typed inline such
# as curcpu) is of DTrace's dynamic type, which no cast makes an integer.
printf 'struct in { int a; };\nstruct out { int v; };\ntranslator struct out < struct in *p >\n{\n\tw = p->b;\n};\n' >"$W/xorder.d"
err xlate_member_order 1 "dtrace: failed to compile script $W/xorder.d: [D_XLATE_MEMB] line 6: translator member w is not a member of struct out" -- \
	-s "$W/xorder.d"
printf 'struct in { int a; };\nstruct out { int v; };\ntranslator struct out < struct in *p >\n{\n\tv = p->a;\n};\nstruct in *g;\nBEGIN\n{\n\tx = (unsigned long)xlate <struct out *>(g);\n}\n' >"$W/xcast.d"
err xlate_pointer_cast 1 "dtrace: failed to compile script $W/xcast.d: [D_CAST_INVAL] line 10: invalid cast expression: \"pointer to translated data\" to \"unsigned long\"" -- \
	-s "$W/xcast.d"

# dtrace's lexer looks past a name it does not know yet, which leaves the
# text of a syntax error at it running on to the end of the line; a name
# known (assigned before) or after -> is the token alone.  An unknown
# type in a typedef is taken for the declarator: the error is the name
# after it.
printf 'typedef nosuch alias_t;\n' >"$W/tdunk.d"
err typedef_unknown_type 1 "dtrace: failed to compile script $W/tdunk.d: [D_SYNTAX] line 1: syntax error near \"alias_t;\"" -- \
	-s "$W/tdunk.d"
printf 'BEGIN\n{\n\tx = 1\n\ty = 2;\n}\n' >"$W/nearnew.d"
err syntax_near_new_name 1 "dtrace: failed to compile script $W/nearnew.d: [D_SYNTAX] line 4: syntax error near \"y = 2;\"" -- \
	-s "$W/nearnew.d"
printf 'BEGIN\n{\n\tx = 1;\n\tx = 2\n\tx = 3;\n}\n' >"$W/nearold.d"
err syntax_near_known_name 1 "dtrace: failed to compile script $W/nearold.d: [D_SYNTAX] line 5: syntax error near \"x\"" -- \
	-s "$W/nearold.d"
# offsetof() of a name no type has: no type_name to D's grammar.
err offsetof_unknown_type 1 "dtrace: invalid probe specifier BEGIN { trace(offsetof(nosuch_t, m)); }: [D_SYNTAX] syntax error near \"nosuch_t, m)); }\"" -- \
	-n 'BEGIN { trace(offsetof(nosuch_t, m)); }'
