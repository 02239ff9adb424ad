/* SPDX-License-Identifier: GPL-2.0 */
/*
 * D's kernel symbol references: `name, mod`name and vmlinux`name.  The
 * front end lowers `name to *__dksym("`name") and &`name to
 * __dksym("`name") with op '&': the symbol's address, a constant found
 * in /proc/kallsyms when compiling, typed as a pointer to the variable's
 * type in kernel BTF, so that a reference costs one load of the value
 * and nothing else.  A user symbol (``name) is refused as dtrace refuses
 * one that names a kernel symbol.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "internal.h"
#include "../kernel/btf.h"
#include "../kernel/ksyms.h"
#include "../lang/types.h"
#include "../util.h"

/* A reference split at its last backquote: [scope]`name or [scope]``name. */
struct ksym_ref {
	char *scope;		/* "" for any module */
	const char *name;
	bool user;
};

static void ksym_split(const char *text, struct ksym_ref *r)
{
	const char *mark = strrchr(text, '`');

	r->name = mark + 1;
	r->user = mark > text && mark[-1] == '`';
	r->scope = xstrndup(text, (size_t)(mark - text) - r->user);
}

static int sema_dksym(struct sema *s, struct node *n)
{
	bool addr = n->op == '&', percpu = false, text;
	const char *mod, *mark;
	struct ksym_ref r;
	struct type *t = NULL;
	uint64_t a;
	char kind = 0;
	int ret;

	ksym_split(n->list[0]->str, &r);
	mark = r.user ? "``" : "`";
	mod = *r.scope ? r.scope : "vmlinux";
	/* kallsyms names vmlinux's symbols with no module */
	ret = ksyms_lookup_in(r.user || !*r.scope ? NULL :
			      !strcmp(r.scope, "vmlinux") ? "" : r.scope,
			      r.name, &a, &kind);
	if (ret == -EPERM) {
		ret = sema_error(s, n, "failed to resolve %s%s%s: kernel addresses are hidden (kptr_restrict)",
				 r.scope, mark, r.name);
		goto out;
	}
	if (r.user && !ret && !*r.scope) {
		ret = sema_error(s, n, "[D_SYM_BADREF] kernel module 'vmlinux' symbol '%s' may not be referenced as a user symbol",
				 r.name);
		goto out;
	}
	if (r.user || ret) {
		ret = sema_error(s, n, "[D_IDENT_UNDEF] failed to resolve %s%s%s: %s%s",
				 r.scope, mark, r.name,
				 ret == -ENODEV || (r.user && *r.scope) ?
				 "Unknown module name" : "Unknown symbol name",
				 ret == -ENOENT && !r.user && *r.name &&
				 !ksyms_lists_data() ?
				 " (this kernel's /proc/kallsyms lists no data symbols: it is built without CONFIG_KALLSYMS_ALL)" : "");
		goto out;
	}
	text = kind == 't' || kind == 'T' || kind == 'w' || kind == 'W';
	if (!text && !strcmp(mod, "vmlinux"))
		t = kbtf_var(r.name, &percpu);
	if (t && t->kind == TY_NONE)
		t = NULL;
	if (!addr && percpu) {
		ret = sema_error(s, n, "%s`%s is a per-CPU variable: its symbol is an offset in each CPU's area, not an address to read",
				 mod, r.name);
		goto out;
	}
	if (!addr && !t) {
		ret = sema_error(s, n, text ?
				 "[D_SYM_NOTYPES] no symbolic type information is available for %s`%s: it is a function (its address is &%s)" :
				 "[D_SYM_NOTYPES] no symbolic type information is available for %s`%s: kernel BTF describes no variable of that name (read it through its address: *(int *)&%s)",
				 mod, r.name, n->list[0]->str);
		goto out;
	}
	n->ival = a;
	n->type = type_ptr(t ? t : type_int(1, false));
	ret = 0;
out:
	free(r.scope);
	return ret;
}

static int cg_dksym(struct cg *g, struct node *n, struct val *out)
{
	int r = ir_vreg(&g->ir);

	ir_mov_imm(&g->ir, r, (int64_t)n->ival);
	return bi_int(out, r, n->type);
}

const struct builtin builtin_dksym[] = {
	{ .name = "__dksym", .func = true, .sema = sema_dksym, .cg = cg_dksym },
	{ .name = NULL },
};
