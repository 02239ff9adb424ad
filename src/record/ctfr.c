/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The CTF 1.8 reader (see ctfr.h).  The TSDL subset: typealias and
 * typedef, integer, floating_point, string, enum, struct, variant,
 * static arrays and sequences; the trace, env, clock, stream and event
 * blocks.  Types live as long as the reader; decoded values live in a
 * per-stream array that the next event of that stream overwrites.
 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include "util.h"
#include "record/ctfr.h"

#define CTFR_MAX_DEPTH 64
#define CTFR_MAX_EVENT_ID (1u << 20)
#define CTFR_MAX_VALS (1u << 20)
#define CTF_MAGIC 0xC1FC1FC1u
#define TSDL_MAGIC 0x75D11D57u
#define TSDL_HDR_BYTES 37

enum bo { BO_NATIVE, BO_LE, BO_BE };

struct decl {
	const char *name;
	struct ctfr_type *type;
};

struct enum_ent {
	const char *label;
	int64_t lo, hi;
};

struct ctfr_type {
	enum ctfr_kind kind;
	unsigned align;			/* bits */
	struct ctfr_int_info i;		/* integers; enums copy their container's */
	enum bo bo;
	const char *map;		/* clock name an integer maps to */
	unsigned exp_dig, mant_dig;
	struct ctfr_type *elem;		/* array/sequence element, enum container */
	uint64_t len;			/* static array length */
	const char *ref;		/* sequence length or variant tag path */
	struct decl *f;			/* struct fields, variant options */
	int nf;
	struct enum_ent *e;
	int ne;
	uint64_t minbits;		/* lower bound of the encoded size */
};

struct clock {
	const char *name;
	uint64_t freq;
	int64_t offset_s;
	uint64_t offset;
};

struct evclass {
	const char *name;
	uint64_t id;
	struct ctfr_type *ctx, *fields;
};

struct sclass {
	uint64_t id;
	bool defined;
	struct ctfr_type *pctx, *ehdr, *ectx;
	struct evclass **ev;		/* indexed by event id */
	uint32_t nev;
};

struct vals {
	struct ctfr_val *v;
	uint32_t n, cap;
};

struct stream {
	char *file;
	uint8_t *data;
	size_t size;
	bool mapped;
	int index;
	uint64_t pkt_off;		/* bytes: the current packet */
	uint64_t pkt_bytes;
	uint64_t content;		/* bits: where the packet's events end */
	uint64_t pos;			/* bits from pkt_off: the next event */
	bool in_packet, done;
	uint64_t clock;
	int cpu;
	uint64_t disc_seen, disc_pending;
	bool disc_known;
	struct sclass *sc;
	struct vals pk;
	struct vals ev;
	struct vec pkstrs, evstrs;	/* NUL-terminated copies of full text arrays */
	int pk_hdr, pk_ctx;
	struct ctfr_event cur;
};

struct ctfr {
	char err[512];
	struct vec allocs;		/* everything the metadata made */
	struct vec aliases;		/* struct alias */
	bool be;
	bool have_trace;
	uint8_t uuid[16];
	bool have_uuid;
	struct ctfr_type *phdr;
	struct vec env;			/* struct envent */
	struct clock *clocks;
	int nclocks;
	struct sclass *sc;
	int nsc;
	int nevclasses;
	struct stream **streams;
	int nstreams;
	uint64_t discarded;
	/* Builtin names while parsing. */
	const char *text;
	size_t textlen, pos;
	const char *mfile;
};

struct alias {
	const char *name;
	struct ctfr_type *type;
};

struct envent {
	const char *key, *val;
};

static int fail(struct ctfr *r, int err, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

static int fail(struct ctfr *r, int err, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(r->err, sizeof(r->err), fmt, ap);
	va_end(ap);
	return err;
}

static void *ar_alloc(struct ctfr *r, size_t n)
{
	void *p = xcalloc(1, n);

	vec_push(&r->allocs, p);
	return p;
}

/* n elements of size bytes at v, kept in the arena (one zeroed element
 * for none, so that the result is never NULL). */
static void *ar_copy(struct ctfr *r, const void *v, int n, size_t size)
{
	void *p = ar_alloc(r, (n ? (size_t)n : 1) * size);

	if (n)
		memcpy(p, v, (size_t)n * size);
	return p;
}

static char *ar_strndup(struct ctfr *r, const char *s, size_t n)
{
	char *p = ar_alloc(r, n + 1);

	memcpy(p, s, n);
	return p;
}

/* ---- TSDL lexer ---- */

enum tk { TK_EOF, TK_ID, TK_NUM, TK_STR, TK_PUNCT, TK_ERR };

struct tok {
	enum tk k;
	size_t off;			/* in the text */
	const char *p;			/* identifier or punctuation text */
	size_t n;
	uint64_t num;
	char *str;			/* decoded string literal (arena) */
};

static int line_of(const struct ctfr *r, size_t off)
{
	int line = 1;
	size_t i;

	for (i = 0; i < off && i < r->textlen; i++)
		line += r->text[i] == '\n';
	return line;
}

static int perr(struct ctfr *r, size_t off, const char *what)
{
	return fail(r, -EINVAL, "%s: line %d: %s", r->mfile, line_of(r, off),
		    what);
}

static bool is_id0(char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_';
}

static bool is_id(char c)
{
	return is_id0(c) || (c >= '0' && c <= '9');
}

/* Reads the token at r->pos and moves past it; TK_ERR has set r->err. */
static struct tok lex(struct ctfr *r)
{
	const char *s = r->text;
	size_t n = r->textlen, i = r->pos;
	struct tok t = { 0 };

	for (;;) {
		while (i < n && (s[i] == ' ' || s[i] == '\t' || s[i] == '\n' ||
				 s[i] == '\r' || s[i] == '\f' || s[i] == '\v'))
			i++;
		if (i + 1 < n && s[i] == '/' && s[i + 1] == '*') {
			size_t j = i + 2;

			while (j + 1 < n && !(s[j] == '*' && s[j + 1] == '/'))
				j++;
			if (j + 1 >= n) {
				perr(r, i, "unterminated comment");
				t.k = TK_ERR;
				return t;
			}
			i = j + 2;
			continue;
		}
		if (i + 1 < n && s[i] == '/' && s[i + 1] == '/') {
			while (i < n && s[i] != '\n')
				i++;
			continue;
		}
		break;
	}
	t.off = i;
	t.p = s + i;
	if (i >= n || s[i] == '\0') {
		t.k = TK_EOF;
		r->pos = i;
		return t;
	}
	if (is_id0(s[i])) {
		size_t j = i;

		while (j < n && is_id(s[j]))
			j++;
		t.k = TK_ID;
		t.n = j - i;
		r->pos = j;
		return t;
	}
	if (s[i] >= '0' && s[i] <= '9') {
		size_t j = i;
		int base = 10;
		uint64_t v = 0;
		bool any = false;

		if (s[j] == '0' && j + 1 < n && (s[j + 1] == 'x' || s[j + 1] == 'X')) {
			base = 16;
			j += 2;
		} else if (s[j] == '0') {
			base = 8;
		}
		for (; j < n; j++) {
			int d;

			if (s[j] >= '0' && s[j] <= '9')
				d = s[j] - '0';
			else if (base == 16 && s[j] >= 'a' && s[j] <= 'f')
				d = s[j] - 'a' + 10;
			else if (base == 16 && s[j] >= 'A' && s[j] <= 'F')
				d = s[j] - 'A' + 10;
			else
				break;
			if (d >= base) {
				perr(r, i, "bad digit in number");
				t.k = TK_ERR;
				return t;
			}
			if (v > (UINT64_MAX - d) / base) {
				perr(r, i, "number too large");
				t.k = TK_ERR;
				return t;
			}
			v = v * base + d;
			any = true;
		}
		if (base == 16 && !any) {
			perr(r, i, "bad hexadecimal number");
			t.k = TK_ERR;
			return t;
		}
		while (j < n && (s[j] == 'u' || s[j] == 'U' || s[j] == 'l' || s[j] == 'L'))
			j++;
		t.k = TK_NUM;
		t.num = v;
		t.n = j - i;
		r->pos = j;
		return t;
	}
	if (s[i] == '"' || s[i] == '\'') {
		char q = s[i];
		struct buf b = { 0 };
		size_t j = i + 1;

		while (j < n && s[j] != q && s[j] != '\0') {
			char c = s[j++];

			if (c == '\\' && j < n) {
				c = s[j++];
				switch (c) {
				case 'n': c = '\n'; break;
				case 't': c = '\t'; break;
				case 'r': c = '\r'; break;
				case '0': c = '\0'; break;
				default: break;
				}
			}
			buf_put(&b, &c, 1);
		}
		if (j >= n || s[j] != q) {
			buf_free(&b);
			perr(r, i, "unterminated string");
			t.k = TK_ERR;
			return t;
		}
		t.k = TK_STR;
		t.str = ar_strndup(r, b.p ? b.p : "", b.len);
		buf_free(&b);
		t.n = j + 1 - i;
		r->pos = j + 1;
		return t;
	}
	t.k = TK_PUNCT;
	if (i + 1 < n && s[i] == ':' && s[i + 1] == '=')
		t.n = 2;
	else if (i + 2 < n && s[i] == '.' && s[i + 1] == '.' && s[i + 2] == '.')
		t.n = 3;
	else if (i + 1 < n && s[i] == '-' && s[i + 1] == '>')
		t.n = 2;
	else if (strchr("{}()[];,=:.<>-+*", s[i]))
		t.n = 1;
	else {
		perr(r, i, "unexpected character");
		t.k = TK_ERR;
		return t;
	}
	r->pos = i + t.n;
	return t;
}

static struct tok peek(struct ctfr *r)
{
	size_t save = r->pos;
	struct tok t = lex(r);

	r->pos = save;
	return t;
}

static bool is_p(const struct tok *t, const char *p)
{
	return t->k == TK_PUNCT && t->n == strlen(p) && !memcmp(t->p, p, t->n);
}

static bool is_kw(const struct tok *t, const char *w)
{
	return t->k == TK_ID && t->n == strlen(w) && !memcmp(t->p, w, t->n);
}

static int expect_p(struct ctfr *r, const char *p)
{
	struct tok t = lex(r);
	char msg[64];

	if (t.k == TK_ERR)
		return -EINVAL;
	if (!is_p(&t, p)) {
		snprintf(msg, sizeof(msg), "expected '%s'", p);
		return perr(r, t.off, msg);
	}
	return 0;
}

static bool accept_p(struct ctfr *r, const char *p)
{
	struct tok t = peek(r);

	if (is_p(&t, p)) {
		lex(r);
		return true;
	}
	return false;
}

/* ---- types ---- */

static struct ctfr_type *new_type(struct ctfr *r, enum ctfr_kind k)
{
	struct ctfr_type *t = ar_alloc(r, sizeof(*t));

	t->kind = k;
	t->align = 8;
	t->i.base = 10;
	return t;
}

static struct ctfr_type *lookup_alias(struct ctfr *r, const char *name)
{
	int i;

	for (i = r->aliases.n - 1; i >= 0; i--) {
		struct alias *a = r->aliases.v[i];

		if (!strcmp(a->name, name))
			return a->type;
	}
	return NULL;
}

static void add_alias(struct ctfr *r, const char *name, struct ctfr_type *t)
{
	struct alias *a = ar_alloc(r, sizeof(*a));

	a->name = name;
	a->type = t;
	vec_push(&r->aliases, a);
}

static void compute_minbits(struct ctfr_type *t)
{
	int i;
	uint64_t m, lo;

	switch (t->kind) {
	case CTFR_INT:
		t->minbits = t->i.size;
		break;
	case CTFR_ENUM:
		t->minbits = t->elem->minbits;
		break;
	case CTFR_FLOAT:
		t->minbits = t->exp_dig + t->mant_dig;
		break;
	case CTFR_STRING:
		t->minbits = 8;
		break;
	case CTFR_STRUCT:
		for (m = 0, i = 0; i < t->nf; i++)
			m += t->f[i].type->minbits;
		t->minbits = m;
		break;
	case CTFR_VARIANT:
		for (lo = UINT64_MAX, i = 0; i < t->nf; i++)
			if (t->f[i].type->minbits < lo)
				lo = t->f[i].type->minbits;
		t->minbits = t->nf ? lo : 0;
		break;
	case CTFR_ARRAY:
		t->minbits = t->elem->minbits && t->len <= UINT64_MAX / t->elem->minbits ?
			     t->elem->minbits * t->len : 0;
		break;
	case CTFR_SEQUENCE:
		t->minbits = 0;
		break;
	}
}

/* One "key = value;" or "key := type;" of a block or attribute list. */
struct entry {
	char key[64];
	size_t off;
	enum { V_NUM, V_STR, V_ID, V_TYPE } k;
	uint64_t num;
	bool neg;
	const char *s;
	struct ctfr_type *type;
};

static int parse_type(struct ctfr *r, int depth, struct ctfr_type **out);
static int parse_block(struct ctfr *r, int depth, struct entry **ents, int *n);

/* Identifiers joined by sep ('.' in key and reference paths). */
static int parse_path(struct ctfr *r, char *dst, size_t cap, size_t *off)
{
	struct tok t = lex(r);
	size_t len = 0;

	if (t.k == TK_ERR)
		return -EINVAL;
	if (off)
		*off = t.off;
	for (;;) {
		if (t.k != TK_ID)
			return perr(r, t.off, "expected a name");
		if (len + t.n + 2 > cap)
			return perr(r, t.off, "name too long");
		memcpy(dst + len, t.p, t.n);
		len += t.n;
		dst[len] = '\0';
		t = peek(r);
		if (!is_p(&t, ".") && !is_p(&t, "->"))
			return 0;
		lex(r);
		dst[len++] = '.';
		t = lex(r);
	}
}

static int parse_value(struct ctfr *r, int depth, struct entry *e)
{
	struct tok t = peek(r);
	char path[256];

	if (t.k == TK_ERR)
		return -EINVAL;
	if (is_p(&t, "-") || is_p(&t, "+")) {
		lex(r);
		e->neg = is_p(&t, "-");
		t = lex(r);
		if (t.k != TK_NUM)
			return perr(r, t.off, "expected a number");
		e->k = V_NUM;
		e->num = t.num;
		return 0;
	}
	if (t.k == TK_NUM) {
		lex(r);
		e->k = V_NUM;
		e->num = t.num;
		return 0;
	}
	if (t.k == TK_STR) {
		lex(r);
		e->k = V_STR;
		e->s = t.str;
		return 0;
	}
	if (is_kw(&t, "integer") || is_kw(&t, "struct") || is_kw(&t, "variant") ||
	    is_kw(&t, "enum") || is_kw(&t, "floating_point") || is_kw(&t, "string")) {
		e->k = V_TYPE;
		return parse_type(r, depth + 1, &e->type);
	}
	if (t.k == TK_ID) {
		if (parse_path(r, path, sizeof(path), NULL))
			return -EINVAL;
		e->k = V_ID;
		e->s = ar_strndup(r, path, strlen(path));
		return 0;
	}
	return perr(r, t.off, "expected a value");
}

/*
 * "{ key = value; key := type; typealias ...; }": the entries in order.
 * typealias and typedef inside a block declare as at the top level.
 */
static int parse_typealias(struct ctfr *r, int depth);
static int parse_typedef(struct ctfr *r, int depth);

static int parse_block(struct ctfr *r, int depth, struct entry **ents, int *n)
{
	struct entry *v = NULL;
	int nv = 0, err;

	*ents = NULL;
	*n = 0;
	if (depth > CTFR_MAX_DEPTH)
		return perr(r, r->pos, "nested too deeply");
	if ((err = expect_p(r, "{")))
		return err;
	for (;;) {
		struct tok t = peek(r);
		struct entry e = { 0 };

		if (t.k == TK_ERR)
			goto bad;
		if (is_p(&t, "}")) {
			lex(r);
			break;
		}
		if (t.k == TK_EOF) {
			perr(r, t.off, "expected '}'");
			goto bad;
		}
		if (is_kw(&t, "typealias") || is_kw(&t, "typedef")) {
			lex(r);
			if (is_kw(&t, "typealias") ? parse_typealias(r, depth) :
						     parse_typedef(r, depth))
				goto bad;
			continue;
		}
		if (parse_path(r, e.key, sizeof(e.key), &e.off))
			goto bad;
		t = lex(r);
		if (is_p(&t, ":=")) {
			e.k = V_TYPE;
			if (parse_type(r, depth + 1, &e.type))
				goto bad;
		} else if (is_p(&t, "=")) {
			if (parse_value(r, depth, &e))
				goto bad;
		} else {
			perr(r, t.off, "expected '=' or ':='");
			goto bad;
		}
		if (expect_p(r, ";"))
			goto bad;
		v = xrealloc(v, (nv + 1) * sizeof(*v));
		v[nv++] = e;
	}
	*ents = v;
	*n = nv;
	return 0;
bad:
	free(v);
	return -EINVAL;
}

static bool ent_bool(const struct entry *e, bool *out)
{
	if (e->k == V_NUM) {
		*out = e->num != 0;
		return true;
	}
	if (e->k == V_ID) {
		if (!strcmp(e->s, "true") || !strcmp(e->s, "TRUE")) {
			*out = true;
			return true;
		}
		if (!strcmp(e->s, "false") || !strcmp(e->s, "FALSE")) {
			*out = false;
			return true;
		}
	}
	return false;
}

static int ent_base(const struct entry *e)
{
	static const struct { const char *s; int b; } names[] = {
		{ "decimal", 10 }, { "dec", 10 }, { "d", 10 }, { "i", 10 },
		{ "u", 10 }, { "hexadecimal", 16 }, { "hex", 16 }, { "x", 16 },
		{ "X", 16 }, { "p", 16 }, { "octal", 8 }, { "oct", 8 },
		{ "o", 8 }, { "binary", 2 }, { "b", 2 },
	};
	size_t i;

	if (e->k == V_NUM)
		return e->num == 2 || e->num == 8 || e->num == 10 || e->num == 16 ?
		       (int)e->num : 0;
	if (e->k == V_ID)
		for (i = 0; i < ARRAY_SIZE(names); i++)
			if (!strcmp(e->s, names[i].s))
				return names[i].b;
	return 0;
}

static int ent_bo(struct ctfr *r, const struct entry *e, enum bo *bo)
{
	if (e->k == V_ID) {
		if (!strcmp(e->s, "native")) {
			*bo = BO_NATIVE;
			return 0;
		}
		if (!strcmp(e->s, "le")) {
			*bo = BO_LE;
			return 0;
		}
		if (!strcmp(e->s, "be") || !strcmp(e->s, "network")) {
			*bo = BO_BE;
			return 0;
		}
	}
	return perr(r, e->off, "byte_order must be native, le, be or network");
}

static int ent_align(struct ctfr *r, const struct entry *e, unsigned *align)
{
	if (e->k != V_NUM || !e->num || e->num > 4096 || (e->num & (e->num - 1)))
		return perr(r, e->off, "align must be a power of two");
	*align = e->num;
	return 0;
}

static int parse_integer(struct ctfr *r, int depth, struct ctfr_type *t)
{
	struct entry *v;
	int n, i, err = 0;
	bool have_size = false, have_align = false;

	if (parse_block(r, depth, &v, &n))
		return -EINVAL;
	for (i = 0; i < n && !err; i++) {
		struct entry *e = &v[i];

		if (!strcmp(e->key, "size")) {
			if (e->k != V_NUM || !e->num || e->num > 64)
				err = perr(r, e->off, "integer size must be 1 to 64 bits");
			t->i.size = e->num;
			have_size = true;
		} else if (!strcmp(e->key, "align")) {
			err = ent_align(r, e, &t->align);
			have_align = true;
		} else if (!strcmp(e->key, "signed")) {
			if (!ent_bool(e, &t->i.sign))
				err = perr(r, e->off, "signed must be true or false");
		} else if (!strcmp(e->key, "base")) {
			if (!(t->i.base = ent_base(e)))
				err = perr(r, e->off, "unknown base");
		} else if (!strcmp(e->key, "byte_order")) {
			err = ent_bo(r, e, &t->bo);
		} else if (!strcmp(e->key, "encoding")) {
			t->i.text = e->k == V_ID && (!strcmp(e->s, "UTF8") ||
						     !strcmp(e->s, "ASCII"));
		} else if (!strcmp(e->key, "map")) {
			/* clock.NAME.value */
			if (e->k == V_ID && !strncmp(e->s, "clock.", 6)) {
				const char *dot = strrchr(e->s, '.');

				if (dot <= e->s + 6) {
					err = perr(r, e->off, "map must be clock.NAME.value");
					continue;
				}
				t->map = ar_strndup(r, e->s + 6, dot - (e->s + 6));
				t->i.clock = true;
			}
		}
	}
	if (!err && !have_size)
		err = perr(r, r->pos, "integer without a size");
	if (!err && !have_align)
		t->align = t->i.size % 8 ? 1 : 8;
	free(v);
	return err;
}

static int parse_float(struct ctfr *r, int depth, struct ctfr_type *t)
{
	struct entry *v;
	int n, i, err = 0;

	if (parse_block(r, depth, &v, &n))
		return -EINVAL;
	for (i = 0; i < n && !err; i++) {
		struct entry *e = &v[i];

		if (!strcmp(e->key, "exp_dig") && e->k == V_NUM)
			t->exp_dig = e->num;
		else if (!strcmp(e->key, "mant_dig") && e->k == V_NUM)
			t->mant_dig = e->num;
		else if (!strcmp(e->key, "align"))
			err = ent_align(r, e, &t->align);
		else if (!strcmp(e->key, "byte_order"))
			err = ent_bo(r, e, &t->bo);
	}
	if (!err && !(t->exp_dig == 8 && t->mant_dig == 24) &&
	    !(t->exp_dig == 11 && t->mant_dig == 53))
		err = perr(r, r->pos, "only 32- and 64-bit floating_point is supported");
	free(v);
	return err;
}

/* Strips the one leading underscore CTF writers add to field names. */
static const char *field_name(struct ctfr *r, const struct tok *t)
{
	if (t->n > 1 && t->p[0] == '_')
		return ar_strndup(r, t->p + 1, t->n - 1);
	return ar_strndup(r, t->p, t->n);
}

/*
 * A declarator's array suffixes ("[16]", "[len]", "[2][3]") around base:
 * the leftmost dimension is the outermost.
 */
static int parse_dims(struct ctfr *r, struct ctfr_type **type)
{
	struct ctfr_type *dims[8];
	int nd = 0, i;

	while (accept_p(r, "[")) {
		struct tok t = peek(r);
		struct ctfr_type *a;
		char path[256];

		if (nd == (int)ARRAY_SIZE(dims))
			return perr(r, t.off, "too many array dimensions");
		if (t.k == TK_NUM) {
			lex(r);
			a = new_type(r, CTFR_ARRAY);
			a->len = t.num;
		} else {
			if (parse_path(r, path, sizeof(path), NULL))
				return -EINVAL;
			a = new_type(r, CTFR_SEQUENCE);
			a->ref = ar_strndup(r, path, strlen(path));
		}
		if (expect_p(r, "]"))
			return -EINVAL;
		dims[nd++] = a;
	}
	for (i = nd - 1; i >= 0; i--) {
		dims[i]->elem = *type;
		dims[i]->align = (*type)->align;
		compute_minbits(dims[i]);
		*type = dims[i];
	}
	return 0;
}

/* A type name spelled in words, ids[0, n), joined by spaces into out. */
static int join_ids(struct ctfr *r, const struct tok *ids, int n, char *out,
		    size_t size)
{
	size_t len = 0;
	int i;

	for (i = 0; i < n; i++) {
		if (len + ids[i].n + 2 > size)
			return perr(r, ids[i].off, "type name too long");
		if (i)
			out[len++] = ' ';
		memcpy(out + len, ids[i].p, ids[i].n);
		len += ids[i].n;
	}
	out[len] = '\0';
	return 0;
}

/*
 * "TYPE name[dims];" (struct fields, variant options) or, with the type
 * spelled as a typealias name, "unsigned long name;": the last
 * identifier before ';' or '[' is the declarator.
 */
static int parse_field(struct ctfr *r, int depth, struct decl *d)
{
	struct tok t = peek(r), ids[8];
	struct ctfr_type *type;
	char name[256];
	int n = 0;

	if (t.k == TK_ERR)
		return -EINVAL;
	if (is_kw(&t, "integer") || is_kw(&t, "struct") || is_kw(&t, "variant") ||
	    is_kw(&t, "enum") || is_kw(&t, "floating_point") || is_kw(&t, "string")) {
		if (parse_type(r, depth + 1, &type))
			return -EINVAL;
		t = lex(r);
		if (t.k != TK_ID)
			return perr(r, t.off, "expected a field name");
		d->name = field_name(r, &t);
	} else {
		for (;;) {
			t = peek(r);
			if (t.k != TK_ID)
				break;
			if (n == (int)ARRAY_SIZE(ids))
				return perr(r, t.off, "type name too long");
			ids[n++] = lex(r);
		}
		if (n < 2)
			return perr(r, t.off, n ? "expected a type and a field name" :
						  "expected a field");
		if (join_ids(r, ids, n - 1, name, sizeof(name)))
			return -EINVAL;
		type = lookup_alias(r, name);
		if (!type) {
			char msg[300];

			snprintf(msg, sizeof(msg), "unknown type '%s'", name);
			return perr(r, ids[0].off, msg);
		}
		d->name = field_name(r, &ids[n - 1]);
	}
	if (parse_dims(r, &type))
		return -EINVAL;
	d->type = type;
	return expect_p(r, ";");
}

static int parse_fields(struct ctfr *r, int depth, struct ctfr_type *t)
{
	struct decl *v = NULL;
	int n = 0, err;

	if ((err = expect_p(r, "{")))
		return err;
	for (;;) {
		struct tok tk = peek(r);
		struct decl d;

		if (tk.k == TK_ERR) {
			err = -EINVAL;
			goto out;
		}
		if (is_p(&tk, "}")) {
			lex(r);
			break;
		}
		if (tk.k == TK_EOF) {
			err = perr(r, tk.off, "expected '}'");
			goto out;
		}
		if (is_kw(&tk, "typealias") || is_kw(&tk, "typedef")) {
			lex(r);
			if ((err = is_kw(&tk, "typealias") ? parse_typealias(r, depth) :
							     parse_typedef(r, depth)))
				goto out;
			continue;
		}
		if ((err = parse_field(r, depth, &d)))
			goto out;
		v = xrealloc(v, (n + 1) * sizeof(*v));
		v[n++] = d;
	}
	t->f = ar_copy(r, v, n, sizeof(*v));
	t->nf = n;
out:
	free(v);
	return err;
}

static int parse_enum_body(struct ctfr *r, struct ctfr_type *t)
{
	struct enum_ent *v = NULL;
	int n = 0, err;
	int64_t next = 0;

	if ((err = expect_p(r, "{")))
		return err;
	for (;;) {
		struct tok tk = lex(r);
		struct enum_ent e;
		struct entry val;

		if (tk.k == TK_ERR) {
			err = -EINVAL;
			goto out;
		}
		if (is_p(&tk, "}"))
			break;
		if (tk.k == TK_ID)
			e.label = ar_strndup(r, tk.p, tk.n);
		else if (tk.k == TK_STR)
			e.label = tk.str;
		else {
			err = perr(r, tk.off, "expected an enumerator");
			goto out;
		}
		e.lo = e.hi = next;
		if (accept_p(r, "=")) {
			memset(&val, 0, sizeof(val));
			if ((err = parse_value(r, 0, &val)))
				goto out;
			if (val.k != V_NUM) {
				err = perr(r, tk.off, "expected a number");
				goto out;
			}
			e.lo = e.hi = val.neg ? -(int64_t)val.num : (int64_t)val.num;
			if (accept_p(r, "...")) {
				memset(&val, 0, sizeof(val));
				if ((err = parse_value(r, 0, &val)))
					goto out;
				if (val.k != V_NUM) {
					err = perr(r, tk.off, "expected a number");
					goto out;
				}
				e.hi = val.neg ? -(int64_t)val.num : (int64_t)val.num;
			}
		}
		next = e.hi + 1;
		v = xrealloc(v, (n + 1) * sizeof(*v));
		v[n++] = e;
		if (accept_p(r, ","))
			continue;
		if ((err = expect_p(r, "}")))
			goto out;
		break;
	}
	t->e = ar_copy(r, v, n, sizeof(*v));
	t->ne = n;
out:
	free(v);
	return err;
}

/* "struct NAME" style registry keys for named compound types. */
static const char *tagged(struct ctfr *r, const char *kw, const struct tok *t)
{
	char *s = ar_alloc(r, strlen(kw) + t->n + 2);

	sprintf(s, "%s %.*s", kw, (int)t->n, t->p);
	return s;
}

static int parse_type(struct ctfr *r, int depth, struct ctfr_type **out)
{
	struct tok t = lex(r), name;
	struct ctfr_type *ty;
	char path[256], msg[300];
	int i, err;

	if (t.k == TK_ERR)
		return -EINVAL;
	if (depth > CTFR_MAX_DEPTH)
		return perr(r, t.off, "types nested too deeply");
	if (is_kw(&t, "integer")) {
		ty = new_type(r, CTFR_INT);
		if ((err = parse_integer(r, depth, ty)))
			return err;
	} else if (is_kw(&t, "floating_point")) {
		ty = new_type(r, CTFR_FLOAT);
		if ((err = parse_float(r, depth, ty)))
			return err;
	} else if (is_kw(&t, "string")) {
		struct tok p = peek(r);

		ty = new_type(r, CTFR_STRING);
		if (is_p(&p, "{")) {
			struct entry *v;
			int n;

			if (parse_block(r, depth, &v, &n))
				return -EINVAL;
			free(v);
		}
	} else if (is_kw(&t, "struct")) {
		struct tok p = peek(r);
		const char *key = NULL;

		if (p.k == TK_ID) {
			name = lex(r);
			key = tagged(r, "struct", &name);
			p = peek(r);
		}
		if (!is_p(&p, "{")) {
			if (!key || !(ty = lookup_alias(r, key)))
				return perr(r, p.off, "unknown struct");
		} else {
			ty = new_type(r, CTFR_STRUCT);
			ty->align = 1;
			if ((err = parse_fields(r, depth, ty)))
				return err;
			for (i = 0; i < ty->nf; i++)
				if (ty->f[i].type->align > ty->align)
					ty->align = ty->f[i].type->align;
			p = peek(r);
			if (is_kw(&p, "align")) {
				struct entry e = { .off = p.off, .k = V_NUM };
				unsigned a = 1;

				lex(r);
				if (expect_p(r, "("))
					return -EINVAL;
				p = lex(r);
				if (p.k != TK_NUM)
					return perr(r, p.off, "expected a number");
				e.num = p.num;
				if (ent_align(r, &e, &a) || expect_p(r, ")"))
					return -EINVAL;
				/* align(N) is in bits, as everywhere in TSDL. */
				if (a > ty->align)
					ty->align = a;
			}
			compute_minbits(ty);
			if (key)
				add_alias(r, key, ty);
		}
	} else if (is_kw(&t, "variant")) {
		struct tok p = peek(r);
		const char *key = NULL, *tag = NULL;

		if (p.k == TK_ID) {
			name = lex(r);
			key = tagged(r, "variant", &name);
			p = peek(r);
		}
		if (is_p(&p, "<")) {
			lex(r);
			if (parse_path(r, path, sizeof(path), NULL) || expect_p(r, ">"))
				return -EINVAL;
			tag = ar_strndup(r, path, strlen(path));
			p = peek(r);
		}
		if (!is_p(&p, "{")) {
			struct ctfr_type *named;

			if (!key || !(named = lookup_alias(r, key)))
				return perr(r, p.off, "unknown variant");
			ty = new_type(r, CTFR_VARIANT);
			*ty = *named;
			ty->ref = tag ? tag : named->ref;
		} else {
			ty = new_type(r, CTFR_VARIANT);
			ty->align = 1;
			ty->ref = tag;
			if ((err = parse_fields(r, depth, ty)))
				return err;
			compute_minbits(ty);
			if (key)
				add_alias(r, key, ty);
		}
	} else if (is_kw(&t, "enum")) {
		struct tok p = peek(r);
		const char *key = NULL;
		struct ctfr_type *cont = NULL;

		if (p.k == TK_ID) {
			name = lex(r);
			key = tagged(r, "enum", &name);
			p = peek(r);
		}
		if (is_p(&p, ":")) {
			struct tok ids[8];
			int n = 0;

			lex(r);
			p = peek(r);
			if (is_kw(&p, "integer")) {
				if ((err = parse_type(r, depth + 1, &cont)))
					return err;
			} else {
				while ((p = peek(r)).k == TK_ID && n < (int)ARRAY_SIZE(ids))
					ids[n++] = lex(r);
				if (join_ids(r, ids, n, path, sizeof(path)))
					return -EINVAL;
				if (!n || !(cont = lookup_alias(r, path))) {
					snprintf(msg, sizeof(msg), "unknown enum container type '%s'", path);
					return perr(r, p.off, msg);
				}
			}
			p = peek(r);
		}
		if (!is_p(&p, "{")) {
			if (!key || !(ty = lookup_alias(r, key)))
				return perr(r, p.off, "unknown enum");
		} else {
			if (!cont && !(cont = lookup_alias(r, "int")))
				return perr(r, p.off, "enum without a container type and no 'int' typealias");
			if (cont->kind != CTFR_INT)
				return perr(r, p.off, "enum container is not an integer");
			ty = new_type(r, CTFR_ENUM);
			ty->elem = cont;
			ty->i = cont->i;
			ty->align = cont->align;
			if ((err = parse_enum_body(r, ty)))
				return err;
			compute_minbits(ty);
			if (key)
				add_alias(r, key, ty);
		}
	} else if (t.k == TK_ID) {
		/* A typealias name, possibly several words. */
		size_t len = 0;

		r->pos = t.off;
		for (;;) {
			struct tok w = peek(r);

			if (w.k != TK_ID)
				break;
			if (len + w.n + 2 > sizeof(path))
				return perr(r, w.off, "type name too long");
			if (len)
				path[len++] = ' ';
			memcpy(path + len, w.p, w.n);
			len += w.n;
			path[len] = '\0';
			lex(r);
		}
		if (!(ty = lookup_alias(r, path))) {
			snprintf(msg, sizeof(msg), "unknown type '%s'", path);
			return perr(r, t.off, msg);
		}
	} else {
		return perr(r, t.off, "expected a type");
	}
	if (ty->kind == CTFR_INT || ty->kind == CTFR_FLOAT || ty->kind == CTFR_STRING)
		compute_minbits(ty);
	*out = ty;
	return 0;
}

/* "typealias TYPE := NAME WORDS;" (the keyword already read). */
static int parse_typealias(struct ctfr *r, int depth)
{
	struct ctfr_type *t;
	char name[256];
	size_t len = 0;
	struct tok w;

	if (parse_type(r, depth + 1, &t) || expect_p(r, ":="))
		return -EINVAL;
	while ((w = peek(r)).k == TK_ID) {
		if (len + w.n + 2 > sizeof(name))
			return perr(r, w.off, "type name too long");
		if (len)
			name[len++] = ' ';
		memcpy(name + len, w.p, w.n);
		len += w.n;
		lex(r);
	}
	if (!len)
		return perr(r, w.off, "expected a type name");
	while (accept_p(r, "*"))
		;
	add_alias(r, ar_strndup(r, name, len), t);
	return expect_p(r, ";");
}

/* "typedef TYPE NAME;" (the keyword already read). */
static int parse_typedef(struct ctfr *r, int depth)
{
	struct decl d;

	if (parse_field(r, depth, &d))
		return -EINVAL;
	add_alias(r, d.name, d.type);
	return 0;
}

/* ---- blocks ---- */

static struct sclass *get_sclass(struct ctfr *r, uint64_t id)
{
	int i;

	for (i = 0; i < r->nsc; i++)
		if (r->sc[i].id == id)
			return &r->sc[i];
	r->sc = xrealloc(r->sc, (r->nsc + 1) * sizeof(*r->sc));
	memset(&r->sc[r->nsc], 0, sizeof(*r->sc));
	r->sc[r->nsc].id = id;
	return &r->sc[r->nsc++];
}

static int ent_type(struct ctfr *r, const struct entry *e, struct ctfr_type **t)
{
	if (e->k != V_TYPE || e->type->kind != CTFR_STRUCT)
		return perr(r, e->off, "expected a struct type");
	*t = e->type;
	return 0;
}

static int do_trace(struct ctfr *r, struct entry *v, int n)
{
	int i, err = 0;

	r->have_trace = true;
	for (i = 0; i < n && !err; i++) {
		struct entry *e = &v[i];

		if (!strcmp(e->key, "byte_order")) {
			enum bo bo = BO_LE;

			err = ent_bo(r, e, &bo);
			if (bo == BO_NATIVE)
				err = perr(r, e->off, "the trace's byte_order cannot be native");
			r->be = bo == BO_BE;
		} else if (!strcmp(e->key, "major")) {
			if (e->k != V_NUM || e->num != 1)
				err = perr(r, e->off, "not CTF 1.x");
		} else if (!strcmp(e->key, "uuid") && e->k == V_STR) {
			unsigned b[16];

			if (sscanf(e->s, "%2x%2x%2x%2x-%2x%2x-%2x%2x-%2x%2x-%2x%2x%2x%2x%2x%2x",
				   &b[0], &b[1], &b[2], &b[3], &b[4], &b[5], &b[6], &b[7],
				   &b[8], &b[9], &b[10], &b[11], &b[12], &b[13], &b[14],
				   &b[15]) == 16) {
				for (int k = 0; k < 16; k++)
					r->uuid[k] = b[k];
				r->have_uuid = true;
			}
		} else if (!strcmp(e->key, "packet.header")) {
			err = ent_type(r, e, &r->phdr);
		}
	}
	return err;
}

static int do_env(struct ctfr *r, struct entry *v, int n)
{
	int i;

	for (i = 0; i < n; i++) {
		struct envent *e = ar_alloc(r, sizeof(*e));
		char num[32];

		e->key = ar_strndup(r, v[i].key, strlen(v[i].key));
		if (v[i].k == V_NUM) {
			snprintf(num, sizeof(num), "%s%llu", v[i].neg ? "-" : "",
				 (unsigned long long)v[i].num);
			e->val = ar_strndup(r, num, strlen(num));
		} else if (v[i].k == V_TYPE) {
			continue;
		} else {
			e->val = v[i].s;
		}
		vec_push(&r->env, e);
	}
	return 0;
}

static int do_clock(struct ctfr *r, struct entry *v, int n)
{
	struct clock c = { .name = "", .freq = 1000000000 };
	int i;

	for (i = 0; i < n; i++) {
		struct entry *e = &v[i];

		if (!strcmp(e->key, "name") && (e->k == V_ID || e->k == V_STR))
			c.name = e->s;
		else if (!strcmp(e->key, "freq") && e->k == V_NUM) {
			if (!e->num)
				return perr(r, e->off, "clock frequency 0");
			c.freq = e->num;
		} else if (!strcmp(e->key, "offset_s") && e->k == V_NUM)
			c.offset_s = e->neg ? -(int64_t)e->num : (int64_t)e->num;
		else if (!strcmp(e->key, "offset") && e->k == V_NUM)
			c.offset = e->num;
	}
	r->clocks = xrealloc(r->clocks, (r->nclocks + 1) * sizeof(*r->clocks));
	r->clocks[r->nclocks++] = c;
	return 0;
}

static int do_stream(struct ctfr *r, struct entry *v, int n)
{
	struct ctfr_type *pctx = NULL, *ehdr = NULL, *ectx = NULL;
	uint64_t id = 0;
	struct sclass *sc;
	int i, err = 0;

	for (i = 0; i < n && !err; i++) {
		struct entry *e = &v[i];

		if (!strcmp(e->key, "id")) {
			if (e->k != V_NUM)
				err = perr(r, e->off, "stream id must be a number");
			id = e->num;
		} else if (!strcmp(e->key, "packet.context")) {
			err = ent_type(r, e, &pctx);
		} else if (!strcmp(e->key, "event.header")) {
			err = ent_type(r, e, &ehdr);
		} else if (!strcmp(e->key, "event.context")) {
			err = ent_type(r, e, &ectx);
		}
	}
	if (err)
		return err;
	sc = get_sclass(r, id);
	if (sc->defined)
		return perr(r, v && n ? v[0].off : r->pos, "stream declared twice");
	sc->defined = true;
	sc->pctx = pctx;
	sc->ehdr = ehdr;
	sc->ectx = ectx;
	return 0;
}

static int do_event(struct ctfr *r, struct entry *v, int n, size_t off)
{
	struct evclass *ec = ar_alloc(r, sizeof(*ec));
	uint64_t sid = 0;
	bool have_sid = false;
	struct sclass *sc;
	int i, err = 0;

	ec->name = "";
	for (i = 0; i < n && !err; i++) {
		struct entry *e = &v[i];

		if (!strcmp(e->key, "name") && (e->k == V_STR || e->k == V_ID))
			ec->name = e->s;
		else if (!strcmp(e->key, "id")) {
			if (e->k != V_NUM || e->num >= CTFR_MAX_EVENT_ID)
				err = perr(r, e->off, "bad event id");
			ec->id = e->num;
		} else if (!strcmp(e->key, "stream_id")) {
			if (e->k != V_NUM)
				err = perr(r, e->off, "stream_id must be a number");
			sid = e->num;
			have_sid = true;
		} else if (!strcmp(e->key, "context")) {
			err = ent_type(r, e, &ec->ctx);
		} else if (!strcmp(e->key, "fields")) {
			err = ent_type(r, e, &ec->fields);
		}
	}
	if (err)
		return err;
	if (!have_sid && r->nsc == 1)
		sid = r->sc[0].id;
	sc = get_sclass(r, sid);
	if (ec->id >= sc->nev) {
		uint32_t nn = ec->id + 1;

		sc->ev = xrealloc(sc->ev, nn * sizeof(*sc->ev));
		memset(sc->ev + sc->nev, 0, (nn - sc->nev) * sizeof(*sc->ev));
		sc->nev = nn;
	}
	if (sc->ev[ec->id])
		return perr(r, off, "two events with the same id");
	sc->ev[ec->id] = ec;
	r->nevclasses++;
	return 0;
}

static int parse_text(struct ctfr *r)
{
	for (;;) {
		struct tok t = lex(r);
		struct entry *v;
		int n, err;

		if (t.k == TK_ERR)
			return -EINVAL;
		if (t.k == TK_EOF)
			break;
		if (is_p(&t, ";"))
			continue;
		if (is_kw(&t, "typealias")) {
			if (parse_typealias(r, 0))
				return -EINVAL;
			continue;
		}
		if (is_kw(&t, "typedef")) {
			if (parse_typedef(r, 0))
				return -EINVAL;
			continue;
		}
		if (is_kw(&t, "struct") || is_kw(&t, "enum") || is_kw(&t, "variant") ||
		    is_kw(&t, "integer") || is_kw(&t, "floating_point") ||
		    is_kw(&t, "string")) {
			struct ctfr_type *ty;

			r->pos = t.off;
			if (parse_type(r, 0, &ty) || expect_p(r, ";"))
				return -EINVAL;
			continue;
		}
		if (!is_kw(&t, "trace") && !is_kw(&t, "env") && !is_kw(&t, "clock") &&
		    !is_kw(&t, "stream") && !is_kw(&t, "event") && !is_kw(&t, "callsite"))
			return perr(r, t.off, "expected a declaration");
		if (parse_block(r, 0, &v, &n))
			return -EINVAL;
		if (is_kw(&t, "trace"))
			err = do_trace(r, v, n);
		else if (is_kw(&t, "env"))
			err = do_env(r, v, n);
		else if (is_kw(&t, "clock"))
			err = do_clock(r, v, n);
		else if (is_kw(&t, "stream"))
			err = do_stream(r, v, n);
		else if (is_kw(&t, "event"))
			err = do_event(r, v, n, t.off);
		else
			err = 0;
		free(v);
		if (err)
			return err;
		if (expect_p(r, ";"))
			return -EINVAL;
	}
	if (!r->have_trace)
		return fail(r, -EINVAL, "%s: no trace block", r->mfile);
	return 0;
}

/* Joins the text of packetised metadata (LTTng's); NULL with r->err set. */
static char *unpacketise(struct ctfr *r, const uint8_t *d, size_t len,
			 size_t *outlen, const char *file)
{
	struct buf b = { 0 };
	size_t off = 0;
	bool be = d[0] == 0x75;

	while (off < len) {
		uint32_t content, psize, magic;
		const uint8_t *h = d + off;

		if (len - off < TSDL_HDR_BYTES) {
			fail(r, -EINVAL, "%s: offset %zu: truncated metadata packet header", file, off);
			goto bad;
		}
#define RD32(p) (be ? (uint32_t)(p)[0] << 24 | (uint32_t)(p)[1] << 16 | (uint32_t)(p)[2] << 8 | (p)[3] \
		    : (uint32_t)(p)[3] << 24 | (uint32_t)(p)[2] << 16 | (uint32_t)(p)[1] << 8 | (p)[0])
		magic = RD32(h);
		content = RD32(h + 24);
		psize = RD32(h + 28);
#undef RD32
		if (magic != TSDL_MAGIC) {
			fail(r, -EINVAL, "%s: offset %zu: bad metadata packet magic", file, off);
			goto bad;
		}
		if (h[32] || h[33]) {
			fail(r, -EINVAL, "%s: offset %zu: compressed or encrypted metadata", file, off);
			goto bad;
		}
		if (psize % 8 || content % 8 || content > psize ||
		    content < TSDL_HDR_BYTES * 8 || psize / 8 > len - off) {
			fail(r, -EINVAL, "%s: offset %zu: bad metadata packet size (content %u, packet %u bits, %zu bytes left)",
			     file, off, content, psize, len - off);
			goto bad;
		}
		buf_put(&b, h + TSDL_HDR_BYTES, content / 8 - TSDL_HDR_BYTES);
		off += psize / 8;
	}
	buf_put(&b, "", 1);
	*outlen = b.len - 1;
	return b.p;
bad:
	buf_free(&b);
	return NULL;
}

int ctfr_parse_metadata(struct ctfr *r, const char *text, size_t len,
			const char *file)
{
	char *joined = NULL;
	int err;

	r->mfile = ar_strndup(r, file, strlen(file));
	if (len >= 4 && (!memcmp(text, "\x57\x1d\xd1\x75", 4) ||
			 !memcmp(text, "\x75\xd1\x1d\x57", 4))) {
		joined = unpacketise(r, (const uint8_t *)text, len, &len, file);
		if (!joined)
			return -EINVAL;
		text = joined;
	}
	r->text = text;
	r->textlen = len;
	r->pos = 0;
	err = parse_text(r);
	r->text = NULL;
	free(joined);
	return err;
}

/* ---- decoding ---- */

struct dec {
	struct ctfr *r;
	struct stream *s;
	const uint8_t *base;		/* the packet */
	uint64_t pos, end;		/* bits from base */
	struct vals *out;
	struct vec *strs;
	int scopes[CTFR_MAX_DEPTH + 2];	/* open structs in out */
	int nscopes;
};

static int derr(struct dec *d, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

static int derr(struct dec *d, const char *fmt, ...)
{
	char what[300];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(what, sizeof(what), fmt, ap);
	va_end(ap);
	return fail(d->r, -EINVAL, "%s: offset %llu: %s", d->s->file,
		    (unsigned long long)(d->s->pkt_off + d->pos / 8), what);
}

static uint64_t read_bits(const uint8_t *p, uint64_t pos, unsigned size, bool be)
{
	uint64_t v = 0;
	unsigned done = 0;

	if (!(pos % 8) && !(size % 8)) {
		const uint8_t *q = p + pos / 8;
		unsigned i, nb = size / 8;

		if (be)
			for (i = 0; i < nb; i++)
				v = v << 8 | q[i];
		else
			for (i = nb; i-- > 0;)
				v = v << 8 | q[i];
		return v;
	}
	while (done < size) {
		unsigned sh = pos % 8, take = 8 - sh;
		uint64_t bits;

		if (take > size - done)
			take = size - done;
		if (be) {
			bits = (p[pos / 8] >> (8 - sh - take)) & ((1u << take) - 1);
			v = v << take | bits;
		} else {
			bits = (p[pos / 8] >> sh) & ((1u << take) - 1);
			v |= bits << done;
		}
		done += take;
		pos += take;
	}
	return v;
}

static struct ctfr_val *push_val(struct dec *d, const struct ctfr_type *t,
				 const char *name)
{
	struct vals *o = d->out;
	struct ctfr_val *v;

	if (o->n >= CTFR_MAX_VALS) {
		derr(d, "event holds more than %u values", CTFR_MAX_VALS);
		return NULL;
	}
	if (o->n == o->cap) {
		o->cap = o->cap ? o->cap * 2 : 64;
		o->v = xrealloc(o->v, o->cap * sizeof(*o->v));
	}
	v = &o->v[o->n++];
	memset(v, 0, sizeof(*v));
	v->name = name;
	v->type = t;
	v->kind = t->kind;
	return v;
}

static bool is_be(const struct dec *d, const struct ctfr_type *t)
{
	return t->bo == BO_BE || (t->bo == BO_NATIVE && d->r->be);
}

static int align_to(struct dec *d, unsigned align)
{
	uint64_t p = ALIGN_UP(d->pos, (uint64_t)align);

	if (p > d->end)
		return derr(d, "alignment padding runs past the packet's content");
	d->pos = p;
	return 0;
}

static void clock_update(struct stream *s, uint64_t v, unsigned size)
{
	uint64_t mask;

	if (size >= 64) {
		s->clock = v;
		return;
	}
	mask = (1ull << size) - 1;
	if (v < (s->clock & mask))
		s->clock += 1ull << size;
	s->clock = (s->clock & ~mask) | v;
}

static int read_int(struct dec *d, const struct ctfr_type *t, struct ctfr_val *v)
{
	unsigned size = t->i.size;
	uint64_t x;

	if (d->end - d->pos < size)
		return derr(d, "%u-bit integer '%s' runs past the packet's content",
			    size, v->name ? v->name : "");
	x = read_bits(d->base, d->pos, size, is_be(d, t));
	d->pos += size;
	if (t->i.sign && size < 64 && (x >> (size - 1)) & 1)
		x |= ~0ull << size;
	v->u = x;
	if (t->i.clock)
		clock_update(d->s, size < 64 ? x & ((1ull << size) - 1) : x, size);
	return 0;
}

/* The value path names, looked up from the innermost open struct out. */
static const struct ctfr_val *child_of(const struct vals *o, uint32_t i,
				       const char *name, size_t nlen)
{
	const struct ctfr_val *p = &o->v[i];
	uint32_t j = i + 1;
	uint32_t k;

	if (p->kind == CTFR_VARIANT && p->n == 1)
		return child_of(o, j, name, nlen);
	for (k = 0; j < o->n && k < p->n; k++) {
		const struct ctfr_val *c = &o->v[j];
		const char *cn = c->name;

		if (cn && ((strlen(cn) == nlen && !memcmp(cn, name, nlen)) ||
			   (nlen > 1 && name[0] == '_' && strlen(cn) == nlen - 1 &&
			    !memcmp(cn, name + 1, nlen - 1))))
			return c;
		if (!c->end || c->end <= j)
			break;
		j = c->end;
	}
	return NULL;
}

/*
 * During decoding: children of open struct i, counting those so far
 * (whose end is set) and the one being decoded.
 */
static const struct ctfr_val *open_child(const struct vals *o, uint32_t i,
					 const char *name, size_t nlen)
{
	uint32_t j = i + 1;

	while (j < o->n) {
		const struct ctfr_val *c = &o->v[j];
		const char *cn = c->name;

		if (cn && ((strlen(cn) == nlen && !memcmp(cn, name, nlen)) ||
			   (nlen > 1 && name[0] == '_' && strlen(cn) == nlen - 1 &&
			    !memcmp(cn, name + 1, nlen - 1))) && c->end)
			return c;
		if (!c->end)
			break;
		j = c->end;
	}
	return NULL;
}

static const struct ctfr_val *descend(const struct vals *o, const struct ctfr_val *v,
				      const char *rest)
{
	while (v && *rest) {
		const char *dot = strchr(rest, '.');
		size_t n = dot ? (size_t)(dot - rest) : strlen(rest);

		if (v->kind != CTFR_STRUCT && v->kind != CTFR_VARIANT)
			return NULL;
		v = child_of(o, v - o->v, rest, n);
		rest = dot ? dot + 1 : "";
	}
	return v;
}

static const struct ctfr_val *resolve(struct dec *d, const char *path)
{
	static const struct { const char *prefix; int which; } roots[] = {
		{ "trace.packet.header.", 0 }, { "stream.packet.context.", 1 },
		{ "stream.event.header.", 2 }, { "stream.event.context.", 3 },
		{ "event.context.", 4 }, { "event.fields.", 5 },
	};
	struct stream *s = d->s;
	const struct ctfr_event *ev = &s->cur;
	const char *dot;
	size_t n, i;
	int k;

	for (i = 0; i < ARRAY_SIZE(roots); i++) {
		size_t pl = strlen(roots[i].prefix);
		const struct vals *o;
		int root;

		if (strncmp(path, roots[i].prefix, pl))
			continue;
		switch (roots[i].which) {
		case 0: o = &s->pk; root = s->pk_hdr; break;
		case 1: o = &s->pk; root = s->pk_ctx; break;
		case 2: o = &s->ev; root = 0; break;
		case 3: o = &s->ev; root = ev->stream_ctx; break;
		case 4: o = &s->ev; root = ev->event_ctx; break;
		default: o = &s->ev; root = ev->payload; break;
		}
		if (root < 0 || (uint32_t)root >= o->n)
			return NULL;
		if (o == d->out && !o->v[root].end) {
			/* The scope being decoded. */
			const struct ctfr_val *v;

			dot = strchr(path + pl, '.');
			n = dot ? (size_t)(dot - (path + pl)) : strlen(path + pl);
			v = open_child(o, root, path + pl, n);
			return v && dot ? descend(o, v, dot + 1) : v;
		}
		return descend(o, &o->v[root], path + pl);
	}
	dot = strchr(path, '.');
	n = dot ? (size_t)(dot - path) : strlen(path);
	for (k = d->nscopes - 1; k >= 0; k--) {
		const struct ctfr_val *v = open_child(d->out, d->scopes[k], path, n);

		if (v)
			return dot ? descend(d->out, v, dot + 1) : v;
	}
	/* Lenient: a top-level field of a finished scope, innermost first. */
	{
		const struct vals *os[] = { &s->ev, &s->ev, &s->ev, &s->pk, &s->pk };
		int rs[] = { ev->event_ctx, ev->stream_ctx, s->ev.n ? 0 : -1,
			     s->pk_ctx, s->pk_hdr };

		for (i = 0; i < ARRAY_SIZE(rs); i++) {
			const struct ctfr_val *v;

			if (rs[i] < 0 || (uint32_t)rs[i] >= os[i]->n ||
			    !os[i]->v[rs[i]].end)
				continue;
			v = child_of(os[i], rs[i], path, n);
			if (v)
				return dot ? descend(os[i], v, dot + 1) : v;
		}
	}
	return NULL;
}

static int decode(struct dec *d, const struct ctfr_type *t, const char *name,
		  int depth);

static int decode_struct(struct dec *d, const struct ctfr_type *t, uint32_t self,
			 int depth)
{
	int i, err;

	if (d->nscopes == (int)ARRAY_SIZE(d->scopes))
		return derr(d, "values nested too deeply");
	d->scopes[d->nscopes++] = self;
	for (i = 0; i < t->nf; i++) {
		if ((err = decode(d, t->f[i].type, t->f[i].name, depth + 1)))
			return err;
		d->out->v[self].n++;
	}
	d->nscopes--;
	return 0;
}

static int decode(struct dec *d, const struct ctfr_type *t, const char *name,
		  int depth)
{
	struct ctfr_val *v;
	uint32_t self;
	uint64_t count, i;
	int err;

	if (depth > CTFR_MAX_DEPTH)
		return derr(d, "values nested too deeply");
	if ((err = align_to(d, t->align)))
		return err;
	if (!(v = push_val(d, t, name)))
		return -EINVAL;
	self = v - d->out->v;
	switch (t->kind) {
	case CTFR_INT:
		err = read_int(d, t, v);
		break;
	case CTFR_ENUM: {
		int k;

		if ((err = read_int(d, t->elem, v)))
			break;
		for (k = 0; k < t->ne; k++) {
			bool in = t->i.sign ?
				  v->s >= t->e[k].lo && v->s <= t->e[k].hi :
				  v->u >= (uint64_t)t->e[k].lo && v->u <= (uint64_t)t->e[k].hi;

			if (in) {
				v->str = t->e[k].label;
				v->len = strlen(v->str);
				break;
			}
		}
		break;
	}
	case CTFR_FLOAT: {
		unsigned size = t->exp_dig + t->mant_dig;
		uint64_t x;

		if (d->end - d->pos < size)
			return derr(d, "float '%s' runs past the packet's content",
				    name ? name : "");
		x = read_bits(d->base, d->pos, size, is_be(d, t));
		d->pos += size;
		if (size == 32) {
			float f;
			uint32_t x32 = x;

			memcpy(&f, &x32, 4);
			v->f = f;
		} else {
			memcpy(&v->f, &x, 8);
		}
		break;
	}
	case CTFR_STRING: {
		const uint8_t *p, *nul;
		uint64_t avail;

		if (d->pos % 8)
			return derr(d, "string '%s' not byte-aligned", name ? name : "");
		p = d->base + d->pos / 8;
		avail = (d->end - d->pos) / 8;
		nul = memchr(p, '\0', avail);
		if (!nul)
			return derr(d, "string '%s' has no terminating NUL in the packet's content",
				    name ? name : "");
		v->str = (const char *)p;
		v->len = nul - p;
		d->pos += (uint64_t)(v->len + 1) * 8;
		break;
	}
	case CTFR_STRUCT:
		err = decode_struct(d, t, self, depth);
		break;
	case CTFR_ARRAY:
	case CTFR_SEQUENCE:
		if (t->kind == CTFR_ARRAY) {
			count = t->len;
		} else {
			const struct ctfr_val *lv = resolve(d, t->ref);

			if (!lv || (lv->kind != CTFR_INT && lv->kind != CTFR_ENUM))
				return derr(d, "sequence '%s': length field '%s' not found",
					    name ? name : "", t->ref);
			if (lv->type->i.sign && lv->s < 0)
				return derr(d, "sequence '%s': negative length %lld",
					    name ? name : "", (long long)lv->s);
			count = lv->u;
		}
		if (t->elem->kind == CTFR_INT && t->elem->i.size == 8 &&
		    t->elem->i.text && !(d->pos % 8)) {
			const uint8_t *p = d->base + d->pos / 8;

			if (count > (d->end - d->pos) / 8)
				return derr(d, "text '%s' of %llu bytes runs past the packet's content",
					    name ? name : "", (unsigned long long)count);
			v->kind = CTFR_STRING;
			v->str = (const char *)p;
			v->len = strnlen(v->str, count);
			if (v->len == count) {
				char *copy = xstrndup(v->str, count);

				vec_push(d->strs, copy);
				v->str = copy;
			}
			d->pos += count * 8;
			break;
		}
		if (t->elem->minbits ? count > (d->end - d->pos) / t->elem->minbits :
				       count > CTFR_MAX_VALS)
			return derr(d, "%s '%s' of %llu elements runs past the packet's content",
				    t->kind == CTFR_ARRAY ? "array" : "sequence",
				    name ? name : "", (unsigned long long)count);
		for (i = 0; i < count; i++) {
			if ((err = decode(d, t->elem, NULL, depth + 1)))
				return err;
			d->out->v[self].n++;
		}
		break;
	case CTFR_VARIANT: {
		const struct ctfr_val *tag = resolve(d, t->ref ? t->ref : "");
		const char *label;
		int k;

		if (!tag || tag->kind != CTFR_ENUM)
			return derr(d, "variant '%s': tag '%s' not found or not an enum",
				    name ? name : "", t->ref ? t->ref : "");
		if (!(label = tag->str))
			return derr(d, "variant '%s': tag value %lld has no label",
				    name ? name : "", (long long)tag->s);
		for (k = 0; k < t->nf; k++) {
			const char *on = t->f[k].name;

			if (!strcmp(on, label) || (label[0] == '_' && !strcmp(on, label + 1)))
				break;
		}
		if (k == t->nf)
			return derr(d, "variant '%s': no option '%s'", name ? name : "", label);
		if ((err = decode(d, t->f[k].type, t->f[k].name, depth + 1)))
			return err;
		d->out->v[self].n = 1;
		break;
	}
	}
	if (err)
		return err;
	d->out->v[self].end = d->out->n;
	return 0;
}

/* ---- streams ---- */

static uint64_t to_ns(const struct ctfr *r, uint64_t cycles)
{
	uint64_t freq = r->nclocks ? r->clocks[0].freq : 1000000000;

	if (freq == 1000000000)
		return cycles;
	return (uint64_t)((unsigned __int128)cycles * 1000000000u / freq);
}

static const struct ctfr_val *top(const struct vals *o, int root, const char *name)
{
	if (root < 0)
		return NULL;
	return child_of(o, root, name, strlen(name));
}

static bool val_uint(const struct ctfr_val *v, uint64_t *out)
{
	if (!v || (v->kind != CTFR_INT && v->kind != CTFR_ENUM))
		return false;
	*out = v->u;
	return true;
}

static void free_strs(struct vec *v)
{
	int i;

	for (i = 0; i < v->n; i++)
		free(v->v[i]);
	v->n = 0;
}

/* Starts the packet at s->pkt_off: its header and context. */
static int open_packet(struct ctfr *r, struct stream *s)
{
	struct dec d = { .r = r, .s = s, .out = &s->pk, .strs = &s->pkstrs };
	uint64_t left = s->size - s->pkt_off, x, psize, csize;
	const struct ctfr_val *v;
	struct sclass *sc = NULL;
	int err, i;

	d.base = s->data + s->pkt_off;
	d.end = left > UINT64_MAX / 8 ? UINT64_MAX : left * 8;
	s->pk.n = 0;
	s->pk_hdr = s->pk_ctx = -1;
	free_strs(&s->pkstrs);
	if (r->phdr) {
		s->pk_hdr = 0;
		if ((err = decode(&d, r->phdr, NULL, 0)))
			return err;
		if (val_uint(top(&s->pk, 0, "magic"), &x) && x != CTF_MAGIC)
			return fail(r, -EINVAL, "%s: offset %llu: bad packet magic 0x%llx (not CTF)",
				    s->file, (unsigned long long)s->pkt_off,
				    (unsigned long long)x);
		v = top(&s->pk, 0, "uuid");
		if (v && r->have_uuid && v->kind == CTFR_ARRAY && v->n == 16) {
			for (i = 0; i < 16; i++)
				if (s->pk.v[v - s->pk.v + 1 + i].u != r->uuid[i])
					return fail(r, -EINVAL, "%s: offset %llu: packet uuid differs from the metadata's",
						    s->file, (unsigned long long)s->pkt_off);
		}
		if (val_uint(top(&s->pk, 0, "stream_id"), &x)) {
			for (i = 0; i < r->nsc; i++)
				if (r->sc[i].id == x && r->sc[i].defined)
					sc = &r->sc[i];
			if (!sc)
				return fail(r, -EINVAL, "%s: offset %llu: unknown stream id %llu",
					    s->file, (unsigned long long)s->pkt_off,
					    (unsigned long long)x);
		}
	}
	if (!sc) {
		if (r->nsc != 1 || !r->sc[0].defined)
			return fail(r, -EINVAL, "%s: offset %llu: packet without a stream id, and the metadata has %d streams",
				    s->file, (unsigned long long)s->pkt_off, r->nsc);
		sc = &r->sc[0];
	}
	if (s->sc && s->sc != sc)
		return fail(r, -EINVAL, "%s: offset %llu: stream id changed within the file",
			    s->file, (unsigned long long)s->pkt_off);
	s->sc = sc;
	if (sc->pctx) {
		s->pk_ctx = s->pk.n;
		if ((err = decode(&d, sc->pctx, NULL, 0)))
			return err;
	}
	psize = d.end;
	csize = 0;
	if (val_uint(top(&s->pk, s->pk_ctx, "packet_size"), &x)) {
		if (!x || x % 8 || x > d.end)
			return fail(r, -EINVAL, "%s: offset %llu: packet size %llu bits is not a whole number of bytes within the file's %llu left",
				    s->file, (unsigned long long)s->pkt_off,
				    (unsigned long long)x, (unsigned long long)left);
		psize = x;
	}
	if (val_uint(top(&s->pk, s->pk_ctx, "content_size"), &x)) {
		if (x > psize)
			return fail(r, -EINVAL, "%s: offset %llu: content size %llu bits exceeds the packet's %llu",
				    s->file, (unsigned long long)s->pkt_off,
				    (unsigned long long)x, (unsigned long long)psize);
		csize = x;
		if (psize == d.end && !top(&s->pk, s->pk_ctx, "packet_size"))
			psize = ALIGN_UP(csize, 8);
	} else {
		csize = psize;
	}
	if (csize < d.pos)
		return fail(r, -EINVAL, "%s: offset %llu: content size %llu bits is smaller than the packet's header and context",
			    s->file, (unsigned long long)s->pkt_off,
			    (unsigned long long)csize);
	s->pkt_bytes = psize / 8;
	if (!s->pkt_bytes)
		return fail(r, -EINVAL, "%s: offset %llu: empty packet",
			    s->file, (unsigned long long)s->pkt_off);
	s->content = csize;
	s->pos = d.pos;
	if (val_uint(top(&s->pk, s->pk_ctx, "timestamp_begin"), &x))
		s->clock = x;
	if (val_uint(top(&s->pk, s->pk_ctx, "cpu_id"), &x))
		s->cpu = x > INT32_MAX ? -1 : (int)x;
	if (val_uint(top(&s->pk, s->pk_ctx, "events_discarded"), &x)) {
		/* A running count per stream: lost since the previous packet. */
		if (!s->disc_known || x > s->disc_seen)
			s->disc_pending = x - (s->disc_known ? s->disc_seen : 0);
		s->disc_seen = x;
		s->disc_known = true;
	}
	s->in_packet = true;
	return 0;
}

/* Decodes s's next event (or discarded-events notice) into s->cur. */
static int next_event(struct ctfr *r, struct stream *s)
{
	struct dec d = { .r = r, .s = s, .out = &s->ev, .strs = &s->evstrs };
	struct ctfr_event *ev = &s->cur;
	struct evclass *ec = NULL;
	uint64_t id = 0, start;
	bool have_id = false;
	uint32_t i;
	int err;

	for (;;) {
		if (s->in_packet && s->pos >= s->content) {
			s->in_packet = false;
			s->pkt_off += s->pkt_bytes;
		}
		if (!s->in_packet) {
			if (s->pkt_off >= s->size) {
				s->done = true;
				return 0;
			}
			if ((err = open_packet(r, s)))
				return err;
		}
		if (s->disc_pending) {
			memset(ev, 0, sizeof(*ev));
			ev->kind = CTFR_EV_DISCARDED;
			ev->discarded = s->disc_pending;
			r->discarded += s->disc_pending;
			ev->ts = to_ns(r, s->clock);
			ev->cpu = s->cpu;
			ev->stream = s->index;
			ev->stream_ctx = ev->event_ctx = ev->payload = -1;
			s->disc_pending = 0;
			return 0;
		}
		if (s->pos < s->content)
			break;
	}
	d.base = s->data + s->pkt_off;
	d.pos = start = s->pos;
	d.end = s->content;
	s->ev.n = 0;
	free_strs(&s->evstrs);
	memset(ev, 0, sizeof(*ev));
	ev->stream_ctx = ev->event_ctx = ev->payload = -1;
	if (s->sc->ehdr) {
		if ((err = decode(&d, s->sc->ehdr, NULL, 0)))
			return err;
		/* The last "id" decoded wins: LTTng's extended header nests one. */
		for (i = 0; i < s->ev.n; i++) {
			const struct ctfr_val *v = &s->ev.v[i];

			if (v->name && !strcmp(v->name, "id") &&
			    (v->kind == CTFR_INT || v->kind == CTFR_ENUM)) {
				id = v->u;
				have_id = true;
			}
		}
	}
	if (!have_id && s->sc->nev != 1) {
		d.pos = start;
		return derr(&d, "event header without an id");
	}
	if (id < s->sc->nev)
		ec = s->sc->ev[id];
	if (!ec) {
		d.pos = start;
		return derr(&d, "unknown event id %llu", (unsigned long long)id);
	}
	ev->kind = CTFR_EV_EVENT;
	ev->name = ec->name;
	ev->id = id;
	ev->cpu = s->cpu;
	ev->stream = s->index;
	if (s->sc->ectx) {
		ev->stream_ctx = s->ev.n;
		if ((err = decode(&d, s->sc->ectx, NULL, 0)))
			return err;
	}
	if (ec->ctx) {
		ev->event_ctx = s->ev.n;
		if ((err = decode(&d, ec->ctx, NULL, 0)))
			return err;
	}
	if (ec->fields) {
		ev->payload = s->ev.n;
		if ((err = decode(&d, ec->fields, NULL, 0)))
			return err;
	}
	if (d.pos == start)
		return derr(&d, "event '%s' of zero size", ec->name);
	s->pos = d.pos;
	ev->ts = to_ns(r, s->clock);
	ev->vals = s->ev.v;
	ev->nvals = s->ev.n;
	return 0;
}

static bool before(const struct stream *a, const struct stream *b)
{
	if (a->cur.ts != b->cur.ts)
		return a->cur.ts < b->cur.ts;
	return a->index < b->index;
}

static void sift_down(struct stream **h, int n, int i)
{
	for (;;) {
		int l = 2 * i + 1, m = i;
		struct stream *t;

		if (l < n && before(h[l], h[m]))
			m = l;
		if (l + 1 < n && before(h[l + 1], h[m]))
			m = l + 1;
		if (m == i)
			return;
		t = h[i];
		h[i] = h[m];
		h[m] = t;
		i = m;
	}
}

int ctfr_read(struct ctfr *r, ctfr_event_fn fn, void *arg)
{
	struct stream **h;
	int n = 0, i, err = 0;

	h = xcalloc(r->nstreams ? r->nstreams : 1, sizeof(*h));
	r->discarded = 0;
	for (i = 0; i < r->nstreams; i++) {
		struct stream *s = r->streams[i];

		s->pkt_off = 0;
		s->in_packet = s->done = false;
		s->clock = 0;
		s->cpu = -1;
		s->disc_known = false;
		s->disc_pending = s->disc_seen = 0;
		s->sc = NULL;
		if ((err = next_event(r, s)))
			goto out;
		if (!s->done)
			h[n++] = s;
	}
	for (i = n / 2 - 1; i >= 0; i--)
		sift_down(h, n, i);
	while (n) {
		struct stream *s = h[0];

		if ((err = fn(&s->cur, arg)))
			goto out;
		if ((err = next_event(r, s)))
			goto out;
		if (s->done)
			h[0] = h[--n];
		sift_down(h, n, 0);
	}
out:
	free(h);
	return err;
}

/* ---- setup and queries ---- */

struct ctfr *ctfr_new(void)
{
	return xcalloc(1, sizeof(struct ctfr));
}

static void free_stream(struct stream *s)
{
	if (s->mapped)
		munmap(s->data, s->size);
	else
		free(s->data);
	free(s->file);
	free(s->pk.v);
	free(s->ev.v);
	free_strs(&s->pkstrs);
	free_strs(&s->evstrs);
	vec_free(&s->pkstrs);
	vec_free(&s->evstrs);
	free(s);
}

void ctfr_free(struct ctfr *r)
{
	int i;

	if (!r)
		return;
	for (i = 0; i < r->nstreams; i++)
		free_stream(r->streams[i]);
	free(r->streams);
	for (i = 0; i < r->nsc; i++)
		free(r->sc[i].ev);
	free(r->sc);
	free(r->clocks);
	for (i = 0; i < r->allocs.n; i++)
		free(r->allocs.v[i]);
	vec_free(&r->allocs);
	vec_free(&r->aliases);
	vec_free(&r->env);
	free(r);
}

static struct stream *new_stream(struct ctfr *r, const char *file)
{
	struct stream *s = xcalloc(1, sizeof(*s));

	s->file = xstrdup(file);
	s->index = r->nstreams;
	s->cpu = -1;
	r->streams = xrealloc(r->streams, (r->nstreams + 1) * sizeof(*r->streams));
	r->streams[r->nstreams++] = s;
	return s;
}

int ctfr_add_stream(struct ctfr *r, const void *data, size_t len,
		    const char *file)
{
	struct stream *s = new_stream(r, file);

	s->data = xmalloc(len);
	memcpy(s->data, data, len);
	s->size = len;
	return 0;
}

static int cmp_names(const void *a, const void *b)
{
	const char *x = *(const char *const *)a, *y = *(const char *const *)b;
	size_t lx = strlen(x), ly = strlen(y);

	/* channel0_2 before channel0_10. */
	if (lx != ly)
		return lx < ly ? -1 : 1;
	return strcmp(x, y);
}

int ctfr_open(struct ctfr *r, const char *dir)
{
	char *path, *meta, **names = NULL;
	struct dirent *de;
	size_t len;
	int n = 0, i, err = 0;
	DIR *dp;

	path = xasprintf("%s/metadata", dir);
	meta = util_read_file(path, &len);
	if (!meta) {
		err = -errno;
		fail(r, err, "%s: %s", path, strerror(errno));
		free(path);
		return err;
	}
	err = ctfr_parse_metadata(r, meta, len, path);
	free(meta);
	free(path);
	if (err)
		return err;
	dp = opendir(dir);
	if (!dp)
		return fail(r, -errno, "%s: %s", dir, strerror(errno));
	while ((de = readdir(dp))) {
		if (de->d_name[0] == '.' || !strcmp(de->d_name, "metadata"))
			continue;
		names = xrealloc(names, (n + 1) * sizeof(*names));
		names[n++] = xstrdup(de->d_name);
	}
	closedir(dp);
	if (n)
		qsort(names, n, sizeof(*names), cmp_names);
	for (i = 0; i < n && !err; i++) {
		struct stat st;
		struct stream *s;
		int fd;

		path = xasprintf("%s/%s", dir, names[i]);
		fd = open(path, O_RDONLY | O_CLOEXEC);
		if (fd < 0 || fstat(fd, &st)) {
			err = fail(r, -errno, "%s: %s", path, strerror(errno));
		} else if (S_ISREG(st.st_mode) && st.st_size > 0) {
			void *p = mmap(NULL, st.st_size, PROT_READ, MAP_PRIVATE, fd, 0);

			if (p == MAP_FAILED) {
				err = fail(r, -errno, "%s: %s", path, strerror(errno));
			} else {
				s = new_stream(r, path);
				s->data = p;
				s->size = st.st_size;
				s->mapped = true;
			}
		}
		if (fd >= 0)
			close(fd);
		free(path);
	}
	for (i = 0; i < n; i++)
		free(names[i]);
	free(names);
	return err;
}

const char *ctfr_error(const struct ctfr *r)
{
	return r->err;
}

const char *ctfr_env(const struct ctfr *r, const char *key)
{
	int i;

	for (i = 0; i < r->env.n; i++) {
		const struct envent *e = r->env.v[i];

		if (!strcmp(e->key, key))
			return e->val;
	}
	return NULL;
}

int64_t ctfr_clock_offset(const struct ctfr *r)
{
	const struct clock *c;

	if (!r->nclocks)
		return 0;
	c = &r->clocks[0];
	return c->offset_s * 1000000000 + (int64_t)to_ns(r, c->offset);
}

const char *ctfr_clock_name(const struct ctfr *r)
{
	return r->nclocks ? r->clocks[0].name : NULL;
}

int ctfr_nstreams(const struct ctfr *r)
{
	return r->nstreams;
}

uint64_t ctfr_discarded(const struct ctfr *r)
{
	return r->discarded;
}

int ctfr_nevent_classes(const struct ctfr *r)
{
	return r->nevclasses;
}

bool ctfr_has_class(const struct ctfr *r, const char *name)
{
	int i;
	uint32_t j;

	for (i = 0; i < r->nsc; i++)
		for (j = 0; j < r->sc[i].nev; j++)
			if (r->sc[i].ev[j] && r->sc[i].ev[j]->name &&
			    !strcmp(r->sc[i].ev[j]->name, name))
				return true;
	return false;
}

const struct ctfr_val *ctfr_child(const struct ctfr_event *ev, int i,
				  const char *name)
{
	struct vals o = { (struct ctfr_val *)ev->vals, ev->nvals, ev->nvals };

	if (i < 0 || (uint32_t)i >= ev->nvals)
		return NULL;
	if (ev->vals[i].kind != CTFR_STRUCT && ev->vals[i].kind != CTFR_VARIANT)
		return NULL;
	return child_of(&o, i, name, strlen(name));
}

const struct ctfr_val *ctfr_field(const struct ctfr_event *ev, const char *name)
{
	const struct ctfr_val *v;

	if ((v = ctfr_child(ev, ev->payload, name)))
		return v;
	if ((v = ctfr_child(ev, ev->event_ctx, name)))
		return v;
	return ctfr_child(ev, ev->stream_ctx, name);
}

bool ctfr_field_int(const struct ctfr_event *ev, const char *name, int64_t *v)
{
	const struct ctfr_val *f = ctfr_field(ev, name);

	if (!f || (f->kind != CTFR_INT && f->kind != CTFR_ENUM))
		return false;
	*v = f->s;
	return true;
}

const char *ctfr_field_str(const struct ctfr_event *ev, const char *name)
{
	const struct ctfr_val *f = ctfr_field(ev, name);

	return f && f->kind == CTFR_STRING ? f->str : NULL;
}

const struct ctfr_int_info *ctfr_int_info(const struct ctfr_type *t)
{
	return t && (t->kind == CTFR_INT || t->kind == CTFR_ENUM) ? &t->i : NULL;
}
