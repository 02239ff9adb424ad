/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What the system names: username, cgroup, numaid, jiffies, the stack
 * arguments sarg0..sarg9; strerror(), strftime(), cgroupid(),
 * cgroup_path(), and the address-space annotations kptr() and uptr().
 * Names (users, errno messages, times, cgroup paths) are made in user
 * space from the integer the kernel sends, by each builtin's show hook.
 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <fnmatch.h>
#include <pwd.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "internal.h"
#include "../providers/provider.h"

static int sema_username(struct sema *s, struct node *n)
{
	n->type = type_named(n->bi, 8, NULL);
	return 0;
}

/* The user's name, or the uid where the password file has none. */
static void show_username(const struct type *t, const void *p, struct buf *out)
{
	struct passwd *pw;
	uint64_t uid;

	memcpy(&uid, p, sizeof(uid));
	pw = getpwuid((uid_t)uid);
	if (pw)
		buf_printf(out, "%s", pw->pw_name);
	else
		buf_printf(out, "%llu", (unsigned long long)uid);
}

static int cg_username(struct cg *g, struct node *n, struct val *out)
{
	int r = cg_call0(g, BPF_FUNC_get_current_uid_gid);

	ir_alu32_imm(&g->ir, BPF_AND, r, -1);
	return bi_int(out, r, n->type);
}


static int cg_cgroup(struct cg *g, struct node *n, struct val *out)
{
	return bi_int(out, cg_call0(g, BPF_FUNC_get_current_cgroup_id), n->type);
}

static int cg_numaid(struct cg *g, struct node *n, struct val *out)
{
	return bi_int(out, cg_call0(g, BPF_FUNC_get_numa_node_id), n->type);
}

static int cg_jiffies(struct cg *g, struct node *n, struct val *out)
{
	return bi_int(out, cg_call0(g, BPF_FUNC_jiffies64), n->type);
}

/*
 * sargN: the Nth argument passed on the stack (x86-64: above the return
 * address at the probed function's entry), for probes with registers.
 */
static int sema_sarg(struct sema *s, struct node *n)
{
	int i;

	for (i = 0; i < s->cur->insts.n; i++) {
		struct probe_inst *pi = s->cur->insts.v[i];

		if (provider_ptregs_offset(pi, "sp") < 0)
			return sema_error(s, n, "%s needs the stack pointer, which %s does not have",
					  n->name, pi->name);
	}
	n->type = type_int(8, false);
	return 0;
}

static int cg_sarg(struct cg *g, struct node *n, struct val *out)
{
	int k = atoi(n->name + 4), sp = ir_vreg(&g->ir), slot = cg_alloc(g, 8);
	int r = ir_vreg(&g->ir);

	ir_ld(&g->ir, BPF_DW, sp, g->ctx, provider_ptregs_offset(g->pi, "sp"));
	ir_alu_imm(&g->ir, BPF_ADD, sp, 8 * (k + 1));
	ir_st_imm(&g->ir, BPF_DW, BPF_REG_10, slot, 0);
	cg_probe_read(g, BPF_REG_10, slot, 8, sp);
	ir_ld(&g->ir, BPF_DW, r, BPF_REG_10, slot);
	return bi_int(out, r, n->type);
}

static int sema_strerror(struct sema *s, struct node *n)
{
	if (bi_nargs(s, n, 1, 1) || bi_int_arg(s, n, 0))
		return -EINVAL;
	n->type = type_named(n->bi, 8, NULL);
	return 0;
}

static void show_strerror(const struct type *t, const void *p, struct buf *out)
{
	int64_t e;

	memcpy(&e, p, sizeof(e));
	buf_printf(out, "%s", strerror((int)e));
}

/* Integer argument i, handed on as the value of the call's type. */
static int cg_retype(struct cg *g, struct node *n, int i, struct val *out)
{
	struct val a;
	int r;

	if (cg_expr(g, n->list[i], &a))
		return -EINVAL;
	r = ir_vreg(&g->ir);
	ir_mov(&g->ir, r, cg_reg(g, &a));
	return bi_int(out, r, n->type);
}

static int cg_arg0(struct cg *g, struct node *n, struct val *out)
{
	return cg_retype(g, n, 0, out);
}

static int cg_arg1(struct cg *g, struct node *n, struct val *out)
{
	return cg_retype(g, n, 1, out);
}

/* strftime(fmt, ns): fmt a string literal, ns from nsecs. */
static int sema_strftime(struct sema *s, struct node *n)
{
	if (bi_nargs(s, n, 2, 2) || bi_int_arg(s, n, 1))
		return -EINVAL;
	if (n->list[0]->kind != N_STR)
		return sema_error(s, n->list[0], "strftime() expects a string literal as its format");
	n->type = type_named(n->bi, 8, n->list[0]->str);
	return 0;
}

/*
 * strftime(fmt, ns) of a CLOCK_MONOTONIC time (bpftrace's nsecs): the
 * wall-clock time it was, in local time.
 */
static void show_strftime(const struct type *t, const void *p, struct buf *out)
{
	const char *fmt = t->name;
	uint64_t ns;
	struct timespec mono, real;
	int64_t wall_ns;
	char text[256];
	struct tm tm;
	time_t secs;
	size_t n;

	memcpy(&ns, p, sizeof(ns));
	clock_gettime(CLOCK_MONOTONIC, &mono);
	clock_gettime(CLOCK_REALTIME, &real);
	wall_ns = (int64_t)ns + ((int64_t)real.tv_sec - mono.tv_sec) * 1000000000 +
		  (real.tv_nsec - mono.tv_nsec);
	secs = (time_t)(wall_ns / 1000000000);
	localtime_r(&secs, &tm);
	/* The format is the script's own string literal. */
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wformat-nonliteral"
	n = strftime(text, sizeof(text), fmt ? fmt : "", &tm);
#pragma GCC diagnostic pop
	buf_put(out, text, n);
}


/* The cgroup id of the directory (or file) at path: its kernfs node id,
 * which name_to_handle_at() gives as the handle.  0 or -errno. */
static int cgroup_id_of(const char *path, uint64_t *id)
{
	struct {
		struct file_handle fh;
		uint64_t id;
	} h;
	int mount_id;

	h.fh.handle_bytes = sizeof(h.id);
	if (name_to_handle_at(AT_FDCWD, path, &h.fh, &mount_id, 0))
		return -errno;
	if (h.fh.handle_bytes != sizeof(h.id))
		return -EOVERFLOW;
	memcpy(id, h.fh.f_handle, sizeof(*id));
	return 0;
}

/*
 * cgroupid(path): the id the kernel gives the cgroup2 directory at path,
 * found now; bpf_get_current_cgroup_id() answers in the same terms.
 */
static int sema_cgroupid(struct sema *s, struct node *n)
{
	uint64_t id;
	int err;

	if (bi_nargs(s, n, 1, 1))
		return -EINVAL;
	if (n->list[0]->kind != N_STR)
		return sema_error(s, n->list[0], "cgroupid() expects a string literal");
	n->type = type_int(8, false);
	err = cgroup_id_of(n->list[0]->str, &id);
	if (err)
		return sema_error(s, n->list[0],
				  "Failed to get `cgroupid` for path: \"%s\": %s",
				  n->list[0]->str, strerror(-err));
	n->ival = id;
	return 0;
}

/* cgroup_path(id[, "glob"]): the id's path in each mounted hierarchy. */
static int sema_cgroup_path(struct sema *s, struct node *n)
{
	if (bi_nargs(s, n, 1, 2) || bi_int_arg(s, n, 0))
		return -EINVAL;
	if (n->nlist == 2 && n->list[1]->kind != N_STR)
		return sema_error(s, n->list[1], "cgroup_path(): the filter must be a string literal");
	n->type = type_named(n->bi, 8, n->nlist == 2 ? n->list[1]->str : "*");
	return 0;
}

/* A mounted hierarchy: its name in cgroup_path()'s output, and mount point. */
struct hier {
	char *name;
	char *dir;
};

static int hier_cmp(const void *a, const void *b)
{
	return strcmp(((const struct hier *)a)->name,
		      ((const struct hier *)b)->name);
}

/*
 * The mounted cgroup hierarchies, as bpftrace orders them: the cgroup2
 * one first, named "unified", then the v1 ones by name (their mount
 * point's last component).
 */
static int hiers_read(struct hier **out)
{
	char *line = NULL, dev[256], dir[4096], fs[64];
	struct hier *v = NULL, h;
	size_t cap = 0;
	int n = 0, v2 = 0;
	FILE *f = fopen("/proc/self/mounts", "re");

	*out = NULL;
	if (!f)
		return 0;
	while (getline(&line, &cap, f) > 0) {
		const char *base;
		bool two;

		if (sscanf(line, "%255s %4095s %63s", dev, dir, fs) != 3)
			continue;
		two = !strcmp(fs, "cgroup2");
		if (!two && strcmp(fs, "cgroup"))
			continue;
		base = strrchr(dir, '/');
		h.name = xstrdup(two ? "unified" : base ? base + 1 : dir);
		h.dir = xstrdup(dir);
		v = xrealloc(v, (n + 1) * sizeof(*v));
		if (two) {
			memmove(v + v2 + 1, v + v2, (n - v2) * sizeof(*v));
			v[v2++] = h;
		} else {
			v[n] = h;
		}
		n++;
	}
	free(line);
	fclose(f);
	qsort(v + v2, n - v2, sizeof(*v), hier_cmp);
	*out = v;
	return n;
}

/*
 * Finds the entry under path with id, depth first in directory order,
 * leaving path naming it.  Files are matched too, as bpftrace matches
 * them: in a v1 hierarchy a control file's kernfs id may equal the id.
 */
static bool find_id(char *path, size_t cap, uint64_t id, int depth)
{
	size_t at = strlen(path);
	struct dirent *e;
	uint64_t got;
	DIR *d;

	if (!cgroup_id_of(path, &got) && got == id)
		return true;
	if (depth > 64 || !(d = opendir(path)))
		return false;
	while ((e = readdir(d))) {
		if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, "..") ||
		    at + 1 + strlen(e->d_name) >= cap)
			continue;
		snprintf(path + at, cap - at, "/%s", e->d_name);
		if (e->d_type == DT_DIR ? find_id(path, cap, id, depth + 1)
		    : !cgroup_id_of(path, &got) && got == id) {
			closedir(d);
			return true;
		}
		path[at] = 0;
	}
	closedir(d);
	return false;
}

/* "name:path" for each hierarchy the filter matches that holds the id. */
static void show_cgroup_path(const struct type *t, const void *p,
			     struct buf *out)
{
	struct hier *h;
	char path[4096];
	bool first = true;
	uint64_t id;
	int n = hiers_read(&h), i;
	size_t len;

	memcpy(&id, p, sizeof(id));
	for (i = 0; i < n; i++) {
		if (!fnmatch(t->name, h[i].name, 0)) {
			snprintf(path, sizeof(path), "%s", h[i].dir);
			len = strlen(path);
			if (find_id(path, sizeof(path), id, 0)) {
				buf_printf(out, "%s%s:%s", first ? "" : ",",
					   h[i].name, path[len] ? path + len : "/");
				first = false;
			}
		}
		free(h[i].name);
		free(h[i].dir);
	}
	free(h);
}

static int cg_cgroupid(struct cg *g, struct node *n, struct val *out)
{
	int r = ir_vreg(&g->ir);

	ir_mov_imm(&g->ir, r, (int64_t)n->ival);
	return bi_int(out, r, n->type);
}

/* kptr(p), uptr(p): which address space p is in; x86 reads both alike. */
static int sema_asptr(struct sema *s, struct node *n)
{
	if (bi_nargs(s, n, 1, 1) || bi_addr_arg(s, n, 0))
		return -EINVAL;
	n->type = n->list[0]->type;
	return 0;
}

#define VAR(n, s, c) { .name = n, .sema = s, .cg = c }
#define FN(n, s, c) { .name = n, .func = true, .sema = s, .cg = c }

const struct builtin builtin_system[] = {
	{ .name = "username", .sema = sema_username, .cg = cg_username,
	  .show = show_username },
	VAR("cgroup", bi_sema_u64, cg_cgroup),
	VAR("numaid", bi_sema_u32, cg_numaid),
	VAR("jiffies", bi_sema_u64, cg_jiffies),
	VAR("sarg0", sema_sarg, cg_sarg), VAR("sarg1", sema_sarg, cg_sarg),
	VAR("sarg2", sema_sarg, cg_sarg), VAR("sarg3", sema_sarg, cg_sarg),
	VAR("sarg4", sema_sarg, cg_sarg), VAR("sarg5", sema_sarg, cg_sarg),
	VAR("sarg6", sema_sarg, cg_sarg), VAR("sarg7", sema_sarg, cg_sarg),
	VAR("sarg8", sema_sarg, cg_sarg), VAR("sarg9", sema_sarg, cg_sarg),
	{ .name = "strerror", .func = true, .sema = sema_strerror,
	  .cg = cg_arg0, .show = show_strerror },
	{ .name = "strftime", .func = true, .sema = sema_strftime,
	  .cg = cg_arg1, .show = show_strftime },
	FN("cgroupid", sema_cgroupid, cg_cgroupid),
	{ .name = "cgroup_path", .func = true, .sema = sema_cgroup_path,
	  .cg = cg_arg0, .show = show_cgroup_path },
	FN("kptr", sema_asptr, cg_arg0),
	FN("uptr", sema_asptr, cg_arg0),
	{ .name = NULL },
};
