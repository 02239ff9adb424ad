/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Lexes each input and compares the token list, one "LINE:COL:LEN KIND
 * [VALUE]" line per token, with the expected text.  A lexical error ends
 * the list with the diagnostic.
 */
#include <ctype.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util.h"
#include "lang/lex.h"
#include "lang/loc.h"

struct lex_case {
	const char *name;
	bool spec;
	const char *in;
	const char *want;
};

static const struct lex_case cases[] = {
	{ "punct_longest", false,
	  "<<= >>= << >> <= >= == != && || ++ -- -> += -= *= /= %= &= |= ^=",
	  "1:1:3 '<<='\n1:5:3 '>>='\n1:9:2 '<<'\n1:12:2 '>>'\n"
	  "1:15:2 '<='\n1:18:2 '>='\n1:21:2 '=='\n1:24:2 '!='\n"
	  "1:27:2 '&&'\n1:30:2 '||'\n1:33:2 '++'\n1:36:2 '--'\n"
	  "1:39:2 '->'\n1:42:2 '+='\n1:45:2 '-='\n1:48:2 '*='\n"
	  "1:51:2 '/='\n1:54:2 '%='\n1:57:2 '&='\n1:60:2 '|='\n"
	  "1:63:2 '^='\n1:65:1 end of file\n" },
	{ "punct_single", false,
	  "= < > ! ~ ^ | & % / * - + . ? : ; , [ ] ( ) { }",
	  "1:1:1 '='\n1:3:1 '<'\n1:5:1 '>'\n1:7:1 '!'\n1:9:1 '~'\n"
	  "1:11:1 '^'\n1:13:1 '|'\n1:15:1 '&'\n1:17:1 '%'\n1:19:1 '/'\n"
	  "1:21:1 '*'\n1:23:1 '-'\n1:25:1 '+'\n1:27:1 '.'\n1:29:1 '?'\n"
	  "1:31:1 ':'\n1:33:1 ';'\n1:35:1 ','\n1:37:1 '['\n1:39:1 ']'\n"
	  "1:41:1 '('\n1:43:1 ')'\n1:45:1 '{'\n1:47:1 '}'\n"
	  "1:48:1 end of file\n" },
	{ "adjacent_ops", false, "a-b a->b x--y !=!",
	  "1:1:1 identifier a\n1:2:1 '-'\n1:3:1 identifier b\n"
	  "1:5:1 identifier a\n1:6:2 '->'\n1:8:1 identifier b\n"
	  "1:10:1 identifier x\n1:11:2 '--'\n1:13:1 identifier y\n"
	  "1:15:2 '!='\n1:17:1 '!'\n1:18:1 end of file\n" },
	{ "keywords", false,
	  "if else while unroll break continue return sizeof iff _x x1 struct",
	  "1:1:2 'if'\n1:4:4 'else'\n1:9:5 'while'\n1:15:6 'unroll'\n"
	  "1:22:5 'break'\n1:28:8 'continue'\n1:37:6 'return'\n"
	  "1:44:6 'sizeof'\n1:51:3 identifier iff\n1:55:2 identifier _x\n"
	  "1:58:2 identifier x1\n1:61:6 identifier struct\n"
	  "1:67:1 end of file\n" },
	{ "vars_maps", false, "$x $_y1 $1 $42 $# @ @x @_a1[",
	  "1:1:2 variable $x\n1:4:4 variable $_y1\n"
	  "1:9:2 positional parameter 1\n1:12:3 positional parameter 42\n"
	  "1:16:2 positional parameter 0\n1:19:1 map @\n1:21:2 map @x\n"
	  "1:24:4 map @_a1\n1:28:1 '['\n1:29:1 end of file\n" },
	{ "ints", false, "0 7 010 0x1f 0XFF 1e6 3E2 18446744073709551615",
	  "1:1:1 integer 0\n1:3:1 integer 7\n1:5:3 integer 8\n"
	  "1:9:4 integer 31\n1:14:4 integer 255\n1:19:3 integer 1000000\n"
	  "1:23:3 integer 300\n1:27:20 integer 18446744073709551615\n"
	  "1:47:1 end of file\n" },
	{ "int_dot", false, "1.5 .5",
	  "1:1:1 integer 1\n1:2:1 '.'\n1:3:1 integer 5\n1:5:1 '.'\n"
	  "1:6:1 integer 5\n1:7:1 end of file\n" },
	{ "strings", false, "\"a\\n\" \"\\x41\\101\\0\" \"\" \"/* x */\"",
	  "1:1:5 string \"a\\n\"\n1:7:12 string \"AA\\x00\"\n"
	  "1:20:2 string \"\"\n1:23:9 string \"/* x */\"\n"
	  "1:32:1 end of file\n" },
	{ "comments_lines", false, "a // c\n  b /* x\n y */ c\n\tz",
	  "1:1:1 identifier a\n2:3:1 identifier b\n3:7:1 identifier c\n"
	  "4:2:1 identifier z\n4:3:1 end of file\n" },
	{ "eof_after_space", false, "abc  \n\n  // x\n",
	  "1:1:3 identifier abc\n1:4:1 end of file\n" },
	{ "empty", false, "", "1:1:1 end of file\n" },
	{ "shebang", true, "#!/usr/bin/bpftrace\nBEGIN",
	  "2:1:5 probe BEGIN\n2:6:1 end of file\n" },
	{ "spec_list", true, "BEGIN,END{ kprobe:f /",
	  "1:1:5 probe BEGIN\n1:6:1 ','\n1:7:3 probe END\n1:10:1 '{'\n"
	  "1:12:8 probe kprobe:f\n1:21:1 '/'\n1:22:1 end of file\n" },
	{ "spec_chars", true,
	  "uprobe:\"/a b\":f, kprobe:do_sys_open+4 interval:ms:100 "
	  "software:cpu-clock:1000 tracepoint:syscalls:sys_enter_*",
	  "1:1:15 probe uprobe:\"/a b\":f\n1:16:1 ','\n"
	  "1:18:20 probe kprobe:do_sys_open+4\n"
	  "1:39:15 probe interval:ms:100\n"
	  "1:55:23 probe software:cpu-clock:1000\n"
	  "1:79:31 probe tracepoint:syscalls:sys_enter_*\n"
	  "1:110:1 end of file\n" },
	{ "spec_stops", true, "a:b}c;d",
	  "1:1:3 probe a:b\n1:4:1 '}'\n1:5:1 probe c\n1:6:1 ';'\n"
	  "1:7:1 probe d\n1:8:1 end of file\n" },
	{ "err_string", false, "x \"abc\n\"",
	  "1:1:1 identifier x\n"
	  "t:1:3: error: unterminated string literal\nx \"abc\n  ^~~~\n" },
	{ "err_char", false, "a\n ` b",
	  "1:1:1 identifier a\n"
	  "t:2:2: error: invalid character '`'\n ` b\n ^\n" },
	{ "err_comment", false, "a /* b",
	  "1:1:1 identifier a\n"
	  "t:1:3: error: unterminated comment\na /* b\n  ^~\n" },
	{ "err_escape", false, "\"\\x\"",
	  "t:1:2: error: invalid escape sequence '\\x'\n\"\\x\"\n ^~\n" },
	{ "err_nonprint", false, "\x01",
	  "t:1:1: error: invalid character '\\x01'\n\x01\n^\n" },
};

static void put_value(FILE *f, const struct token *t)
{
	size_t i;

	switch (t->kind) {
	case T_IDENT:
	case T_VAR:
	case T_MAP:
	case T_SPEC:
		fprintf(f, " %s", t->str);
		break;
	case T_INT:
	case T_POSPARAM:
		fprintf(f, " %" PRIu64, t->ival);
		break;
	case T_STR:
		fputs(" \"", f);
		for (i = 0; i < t->slen; i++) {
			unsigned char c = t->str[i];

			if (c == '\n')
				fputs("\\n", f);
			else if (isprint(c) && c != '\\' && c != '"')
				fputc(c, f);
			else
				fprintf(f, "\\x%02x", c);
		}
		fputc('"', f);
		break;
	default:
		break;
	}
}

static char *run_case(const struct lex_case *c)
{
	struct source src = { "t", c->in };
	struct lexer lx;
	struct token tok;
	char *out = NULL;
	size_t len;
	FILE *f;
	int i;

	f = open_memstream(&out, &len);
	if (!f) {
		perror("open_memstream");
		exit(2);
	}
	diag_set_stream(f);
	lex_init(&lx, &src);
	lx.spec = c->spec;
	for (i = 0; i < 1000; i++) {
		if (lex_next(&lx, &tok) < 0)
			break;
		fprintf(f, "%d:%d:%d %s", tok.loc.line, tok.loc.col,
			tok.loc.len, lex_token_name(tok.kind));
		put_value(f, &tok);
		fputc('\n', f);
		lex_token_free(&tok);
		if (tok.kind == T_EOF)
			break;
	}
	lex_token_free(&tok);
	diag_set_stream(NULL);
	fclose(f);
	return out;
}

int main(void)
{
	int passed = 0, failed = 0;
	size_t i;

	for (i = 0; i < ARRAY_SIZE(cases); i++) {
		char *got = run_case(&cases[i]);

		if (strcmp(got, cases[i].want) == 0) {
			printf("ok %s\n", cases[i].name);
			passed++;
		} else {
			printf("FAIL %s\n--- want:\n%s--- got:\n%s", cases[i].name,
			       cases[i].want, got);
			failed++;
		}
		free(got);
	}
	printf("%d passed, %d failed\n", passed, failed);
	return failed ? 1 : 0;
}
