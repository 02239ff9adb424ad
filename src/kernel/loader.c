/* SPDX-License-Identifier: GPL-2.0 */
#include <ctype.h>
#include <errno.h>
#include <pthread.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <linux/membarrier.h>
#include <bpf/bpf.h>
#include <bpf/btf.h>
#include <bpf/libbpf.h>
#include <linux/bpf.h>

#include "features.h"
#include "loader.h"
#include "perf.h"
#include "../compile/compile.h"
#include "../compile/cstore.h"
#include "../runtime/record.h"
#include "../lang/types.h"
#include "../util.h"

#define LOG_SIZE (16 << 20)

void loader_map_layout(const struct symbol *sym, int *type, int *key_size,
		       int *value_size)
{
	*key_size = sym->key ? sym->key->size : 8;
	*value_size = sym->val->size;
	*type = sym->array ? BPF_MAP_TYPE_ARRAY : BPF_MAP_TYPE_HASH;
	switch (sym->val->kind) {
	case TY_HIST:
	case TY_LHIST:
	case TY_QUANT:
	case TY_LLQUANT:
		*key_size = ALIGN_UP(*key_size, 8) + 8;
		/* fall through */
	case TY_COUNT:
	case TY_SUM:
		*type = BPF_MAP_TYPE_PERCPU_HASH;
		*value_size = 8;
		break;
	case TY_MIN:
	case TY_MAX:
	case TY_AVG:
	case TY_STATS:
		*type = BPF_MAP_TYPE_PERCPU_HASH;
		*value_size = 16;
		break;
	case TY_STDDEV:
		*type = BPF_MAP_TYPE_PERCPU_HASH;
		*value_size = sizeof(struct agg_stddev);
		break;
	default:
		break;
	}
}

const char *loader_eperm_hint(void)
{
	if (geteuid() != 0)
		return "loading BPF programs needs root, or the CAP_BPF and CAP_PERFMON capabilities";
	return "the kernel refused (lockdown, or a sysctl such as kernel.unprivileged_bpf_disabled)";
}

/* A map to create: type 0 (BPF_MAP_TYPE_UNSPEC) where there is none. */
struct map_def {
	int type, key_size, value_size, max_entries;
	const char *name;
};

/* The maps c needs, by map id (l->nmaps of them). */
static struct map_def *map_defs(struct compiled *c, int n)
{
	struct map_def *d = xcalloc(n, sizeof(*d));
	int i;

#define DEF(id, t, nm, ks, vs, max) \
	d[id] = (struct map_def){ t, ks, vs, max, nm }
	if (c->opts.ring_per_cpu)
		DEF(MAP_RINGBUF, BPF_MAP_TYPE_ARRAY_OF_MAPS, "ferret_rbs", 4, 4,
		    libbpf_num_possible_cpus());
	else
		DEF(MAP_RINGBUF, BPF_MAP_TYPE_RINGBUF, "ferret_rb", 0, 0,
		    c->ringbuf_size);
	DEF(MAP_STATS, BPF_MAP_TYPE_PERCPU_ARRAY, "ferret_stats", 4, 8, c->nstats);
	if (c->uses_control)
		DEF(MAP_CONTROL, BPF_MAP_TYPE_ARRAY, "ferret_control", 4,
		    CONTROL_SIZE, 1);
	if (c->pcaps.n)
		DEF(MAP_SKB, BPF_MAP_TYPE_PERF_EVENT_ARRAY, "ferret_skb", 4, 4,
		    libbpf_num_possible_cpus());
	if (c->uses_pids)
		DEF(MAP_PIDS, BPF_MAP_TYPE_HASH, "ferret_pids", 4, 1, PIDS_MAX);
	for (i = 0; i < c->nstack_maps; i++)
		DEF(MAP_STACKS + i, BPF_MAP_TYPE_STACK_TRACE, "ferret_stacks", 4,
		    c->stack_depth[i] * 8, c->opts.map_keys_max);
	if (c->scratch_size || c->scratch_stmt)
		DEF(MAP_SCRATCH, BPF_MAP_TYPE_PERCPU_ARRAY, "ferret_scratch", 4,
		    ALIGN_UP(c->scratch_size > c->scratch_stmt ?
			     c->scratch_size : c->scratch_stmt, 8),
		    c->scratch_stmt ? SCRATCH_STMT + 1 : 1);
	if (c->ntails)
		DEF(MAP_TAILS, BPF_MAP_TYPE_PROG_ARRAY, "ferret_tails", 4, 4,
		    c->ntails);
	if (c->uses_spec)
		DEF(MAP_SPEC, BPF_MAP_TYPE_ARRAY, "ferret_spec", 4,
		    8 * (c->opts.nspec + 1), 1);
	if (c->dscratch_size)
		DEF(MAP_DSCRATCH, BPF_MAP_TYPE_PERCPU_ARRAY, "ferret_dscratch", 4,
		    c->dscratch_size, 1);
	if (c->carry_size)
		DEF(MAP_CARRY, BPF_MAP_TYPE_PERCPU_ARRAY, "ferret_carry", 4,
		    c->carry_size, 1);
	if (c->dlocals_size)
		DEF(MAP_DLOCALS, BPF_MAP_TYPE_ARRAY, "ferret_dlocals", 4,
		    DLOCALS_AREAS * c->dlocals_size, 1);
	if (c->dglobals_size)
		DEF(MAP_DGLOBALS, BPF_MAP_TYPE_ARRAY, "ferret_dglobals", 4,
		    c->dglobals_size, 1);
	for (i = 0; i < c->maps.n; i++) {
		struct symbol *sym = c->maps.v[i];
		struct map_def *m = &d[MAP_NFIXED + i];

		/* kept in MAP_DGLOBALS */
		if (sym->packed)
			continue;
		loader_map_layout(sym, &m->type, &m->key_size, &m->value_size);
		m->max_entries = sym->array ? sym->array :
				 c->opts.map_entries ?
				 c->opts.map_entries(sym, m->key_size,
						     m->value_size) : 0;
		if (!m->max_entries)
			m->max_entries = c->opts.map_keys_max;
		m->name = sym->name;
	}
#undef DEF
	return d;
}

/*
 * ring_per_cpu: a ring buffer for each online CPU (l->ring_fd, in the
 * order of their numbers), and MAP_RINGBUF, the array by CPU number the
 * programs find their ring in.  A CPU offline now (a hotplug slot) gets
 * the first online CPU's ring, should it come online: rings take any
 * number of writers, and the possible CPUs can be many more than the
 * online ones.  0 or -errno.
 */
static int create_rings(struct compiled *c, struct loaded *l, const struct map_def *d)
{
	LIBBPF_OPTS(bpf_map_create_opts, mo);
	int nposs = d[MAP_RINGBUF].max_entries, i, j, fd;
	const int *online = NULL;

	l->nrings = perf_online_cpus(&online);
	if (l->nrings < 1)
		return l->nrings < 0 ? l->nrings : -EINVAL;
	l->ring_fd = xmalloc((size_t)l->nrings * sizeof(int));
	for (i = 0; i < l->nrings; i++)
		l->ring_fd[i] = -1;
	for (i = 0; i < l->nrings; i++) {
		fd = bpf_map_create(BPF_MAP_TYPE_RINGBUF, "ferret_rb", 0, 0,
				    c->ringbuf_size, NULL);
		if (fd < 0)
			return -errno;
		l->ring_fd[i] = fd;
	}
	mo.inner_map_fd = l->ring_fd[0];
	fd = bpf_map_create(BPF_MAP_TYPE_ARRAY_OF_MAPS, d[MAP_RINGBUF].name, 4, 4,
			    nposs, &mo);
	if (fd < 0)
		return -errno;
	l->map_fd[MAP_RINGBUF] = fd;
	for (i = 0, j = 0; i < nposs; i++) {
		uint32_t k = (uint32_t)i;
		int ring;

		while (j < l->nrings && online[j] < i)
			j++;
		ring = j < l->nrings && online[j] == i ? l->ring_fd[j] : l->ring_fd[0];
		if (bpf_map_update_elem(fd, &k, &ring, BPF_ANY))
			return -errno;
	}
	return 0;
}

/* Closes the n descriptors of *fd (-1: none) and frees the array. */
static void close_fds(int **fd, int *n)
{
	int i;

	for (i = 0; i < *n; i++)
		if ((*fd)[i] >= 0)
			close((*fd)[i]);
	free(*fd);
	*fd = NULL;
	*n = 0;
}

/* Closes the rings create_rings() made. */
static void close_rings(struct loaded *l)
{
	close_fds(&l->ring_fd, &l->nrings);
}

static int create_maps(struct compiled *c, struct loaded *l,
		       const struct map_def *d)
{
	int i, fd;

	for (i = 0; i < l->nmaps; i++) {
		char name[BPF_OBJ_NAME_LEN];

		if (!d[i].type)
			continue;
		if (i == MAP_RINGBUF && d[i].type == BPF_MAP_TYPE_ARRAY_OF_MAPS) {
			fd = create_rings(c, l, d);
			if (fd < 0) {
				fprintf(stderr, "ferret: cannot create the per-CPU ring buffers: %s%s%s\n",
					util_strerror(-fd), fd == -EPERM ? ": " : "",
					fd == -EPERM ? loader_eperm_hint() : "");
				return fd;
			}
			continue;
		}
		if (i >= MAP_NFIXED)
			snprintf(name, sizeof(name), "m%d", i - MAP_NFIXED);
		else
			snprintf(name, sizeof(name), "%s", d[i].name);
		fd = -1;
		/*
		 * Arrays are mapped into user space where the kernel allows
		 * it (5.5), so that filling or clearing one is a memset, not
		 * a copy per entry through bpf().
		 */
		if (d[i].type == BPF_MAP_TYPE_ARRAY) {
			LIBBPF_OPTS(bpf_map_create_opts, mo, .map_flags = BPF_F_MMAPABLE);

			fd = bpf_map_create(d[i].type, name, d[i].key_size,
					    d[i].value_size, d[i].max_entries, &mo);
		}
		if (fd < 0)
			fd = bpf_map_create(d[i].type, name, d[i].key_size,
					    d[i].value_size, d[i].max_entries, NULL);
		if (fd < 0) {
			fd = -errno;
			if (i >= MAP_NFIXED)
				fprintf(stderr, "ferret: cannot create map %s: %s%s%s\n",
					d[i].name, util_strerror(-fd),
					fd == -EPERM ? ": " : "",
					fd == -EPERM ? loader_eperm_hint() : "");
			else
				fprintf(stderr, "ferret: cannot create BPF maps: %s%s%s\n",
					util_strerror(-fd), fd == -EPERM ? ": " : "",
					fd == -EPERM ? loader_eperm_hint() : "");
			return fd;
		}
		l->map_fd[i] = fd;
	}
	return 0;
}

/* Patches map fds (fds[map id]) and start_ns into p's code. */
static void patch(struct cprog *p, const int *fds, uint64_t start_ns)
{
	int i;

	for (i = 0; i < p->code.nreloc; i++) {
		struct bpf_reloc *r = &p->code.reloc[i];
		struct bpf_insn *in = &p->code.insn[r->insn];

		if (r->kind == RELOC_MAP || r->kind == RELOC_MAP_VALUE) {
			/* For a map value, in[1].imm is the offset: 0. */
			in[0].imm = fds[r->map_id];
			in[1].imm = 0;
		} else {
			in[0].imm = (int32_t)(uint32_t)start_ns;
			in[1].imm = (int32_t)(uint32_t)(start_ns >> 32);
		}
	}
}

/*
 * The last "N: (..)" instruction the verifier names in its log.  One
 * pass: the log of a long verification runs to megabytes, and sscanf()
 * measures the whole rest of its input at every call.
 */
static int failing_insn(const char *log)
{
	const char *p = log;
	int last = -1;

	while (p && *p) {
		if (isdigit((unsigned char)*p)) {
			char *end;
			long n = strtol(p, &end, 10);

			if (end[0] == ':' && end[1] == ' ' && end[2] == '(' &&
			    n >= 0 && n <= INT32_MAX)
				last = (int)n;
		}
		p = strchr(p, '\n');
		if (p)
			p++;
	}
	return last;
}

/* The verifier's complaint: the last non-empty line that is not a count. */
static void last_message(const char *log, char *out, size_t len)
{
	const char *end = log + strlen(log), *s, *e;

	out[0] = 0;
	while (end > log) {
		e = end;
		while (e > log && (e[-1] == '\n' || e[-1] == ' '))
			e--;
		s = e;
		while (s > log && s[-1] != '\n')
			s--;
		if (e > s && strncmp(s, "processed ", 10) &&
		    strncmp(s, "verification time", 17) &&
		    strncmp(s, "stack depth", 11)) {
			snprintf(out, len, "%.*s", (int)(e - s), s);
			return;
		}
		end = s;
	}
}

/*
 * The BTF a program with subprograms names them by: the kernel takes a
 * callback (BPF_PSEUDO_FUNC) only from a program with func_info, and
 * only a static function.  One "int f(void)" type serves all: a static
 * function's arguments are not checked against it.  Made once, kept for
 * the process; its fd, or -errno.
 */
static int func_btf_fd = -ENOENT;
static pthread_once_t func_btf_once = PTHREAD_ONCE_INIT;

static void func_btf_make(void)
{
	struct btf *btf = btf__new_empty();
	int proto, err;

	if (!btf) {
		func_btf_fd = -errno;
		return;
	}
	err = btf__add_int(btf, "int", 4, BTF_INT_SIGNED);
	proto = err > 0 ? btf__add_func_proto(btf, err) : err;
	err = proto > 0 ? btf__add_func(btf, "ferret_func", BTF_FUNC_STATIC,
					proto) : proto;
	if (err > 0)
		err = btf__load_into_kernel(btf);
	func_btf_fd = err < 0 ? err : dup(btf__fd(btf));
	if (func_btf_fd < 0 && err >= 0)
		func_btf_fd = -errno;
	btf__free(btf);
}

/*
 * Sets opts for p: its attach point and, when it has subprograms, its
 * func_info (*fi, to be freed).  0 or -errno.
 */
static int prog_opts(const struct cprog *p, struct bpf_prog_load_opts *opts,
		     struct bpf_func_info **fi)
{
	int i;

	opts->expected_attach_type = p->attach_type;
	opts->attach_btf_id = p->btf_id;
	*fi = NULL;
	if (!p->code.nfunc)
		return 0;
	pthread_once(&func_btf_once, func_btf_make);
	if (func_btf_fd < 0)
		return func_btf_fd;
	*fi = xcalloc(p->code.nfunc + 1, sizeof(**fi));
	(*fi)[0].type_id = 3;	/* func_btf_make()'s FUNC */
	for (i = 0; i < p->code.nfunc; i++) {
		(*fi)[i + 1].insn_off = p->code.func[i];
		(*fi)[i + 1].type_id = 3;
	}
	opts->prog_btf_fd = func_btf_fd;
	opts->func_info = *fi;
	opts->func_info_cnt = p->code.nfunc + 1;
	opts->func_info_rec_size = sizeof(**fi);
	return 0;
}

/* The first probe block program p runs, for errors about it; or NULL. */
static const struct node *prog_clause(const struct compiled *c,
				      const struct cprog *p)
{
	int i;

	for (i = 0; i < c->attach.n; i++) {
		const struct cattach *a = c->attach.v[i];

		if (a->prog >= 0 && a->prog < c->progs.n &&
		    c->progs.v[a->prog] == p && a->clause)
			return a->clause;
	}
	return NULL;
}

static int load_prog(struct compiled *c, struct cprog *p, bool verbose)
{
	LIBBPF_OPTS(bpf_prog_load_opts, opts);
	char name[BPF_OBJ_NAME_LEN], msg[256];
	struct bpf_func_info *fi;
	char *log;
	int fd, err, idx;
	const struct node *clause;

	snprintf(name, sizeof(name), "ferret");
	err = prog_opts(p, &opts, &fi);
	if (err) {
		fprintf(stderr, "ferret: cannot load the program for %s: the BTF naming its callbacks: %s\n",
			p->name, util_strerror(-err));
		return err;
	}
	/* -v: the verifier's statistics of each program it accepts. */
	if (verbose) {
		opts.log_buf = msg;
		opts.log_size = sizeof(msg);
		opts.log_level = 4;
	}
	fd = bpf_prog_load(p->prog_type, name, "GPL", p->code.insn, p->code.n,
			   &opts);
	if (fd >= 0) {
		p->fd = fd;
		if (verbose)
			fprintf(stderr, "verifier: %s (%d instructions): %s",
				p->name, p->code.n, msg);
		free(fi);
		return 0;
	}
	opts.log_level = 0;
	err = -errno;
	if (err == -EPERM) {
		fprintf(stderr, "ferret: cannot load the program for %s: %s\n",
			p->name, loader_eperm_hint());
		free(fi);
		return err;
	}
	log = xcalloc(1, LOG_SIZE);
	opts.log_buf = log;
	opts.log_size = LOG_SIZE;
	opts.log_level = 1;
	fd = bpf_prog_load(p->prog_type, name, "GPL", p->code.insn, p->code.n,
			   &opts);
	if (fd >= 0) {
		p->fd = fd;
		free(log);
		free(fi);
		return 0;
	}
	last_message(log, msg, sizeof(msg));
	idx = failing_insn(log);
	clause = prog_clause(c, p);
	if (idx >= 0 && idx < p->code.n && p->code.loc[idx])
		diag_error(c->src, p->code.loc[idx],
			   "the BPF verifier rejected the program for %s here: %s",
			   p->name, msg[0] ? msg : util_strerror(-err));
	else if (clause)
		diag_error(c->src, &clause->loc,
			   "the BPF verifier rejected the program for %s: %s",
			   p->name, msg[0] ? msg : util_strerror(-err));
	else
		fprintf(stderr, "ferret: the BPF verifier rejected the program for %s: %s\n",
			p->name, msg[0] ? msg : util_strerror(-err));
	if (verbose)
		fprintf(stderr, "verifier log:\n%s\n", log);
	else
		fprintf(stderr, "(run with -v for the verifier log)\n");
	free(log);
	free(fi);
	return err;
}

/* Programs still to load, shared by the loading threads. */
struct load_queue {
	struct compiled *c;
	int next;
};

/* Loads programs off the queue, quietly: a failure leaves fd at -1. */
static void *load_quietly(void *arg)
{
	struct load_queue *q = arg;
	int i;

	while ((i = __atomic_fetch_add(&q->next, 1, __ATOMIC_RELAXED)) <
	       q->c->progs.n) {
		struct cprog *p = q->c->progs.v[i];
		LIBBPF_OPTS(bpf_prog_load_opts, opts);
		struct bpf_func_info *fi;
		int fd = -1;

		if (!prog_opts(p, &opts, &fi))
			fd = bpf_prog_load(p->prog_type, "ferret", "GPL",
					   p->code.insn, p->code.n, &opts);
		free(fi);
		p->fd = fd >= 0 ? fd : -1;
	}
	return NULL;
}

/*
 * Past this many instructions in all, a second thread loads programs
 * too: the verifier's time is most of a large script's start-up, and
 * each program is verified on its own.
 */
#define LOAD_PARALLEL_INSNS 2000

/* Bumped whenever what a cache key covers changes meaning. */
#define CACHE_FORMAT "ferret-pincache-1"

/*
 * The cache key of c's programs and maps: every map's definition, and
 * every program's type, attach point, tail slot and code with maps by
 * id.  False when the code holds a per-run constant (start_ns), or a map
 * a run must make afresh (skboutput()'s perf event array).
 */
static bool cache_key(struct compiled *c, const struct map_def *d, int n,
		      struct pcache_key *k)
{
	int i, j, *ids;

	/* Pinned sets hold one ring buffer. */
	if (c->pcaps.n || c->opts.ring_per_cpu)
		return false;
	for (i = 0; i < c->progs.n; i++) {
		struct cprog *p = c->progs.v[i];

		for (j = 0; j < p->code.nreloc; j++)
			if (p->code.reloc[j].kind == RELOC_START)
				return false;
	}
	pcache_key_init(k);
	pcache_key_add(k, CACHE_FORMAT, sizeof(CACHE_FORMAT));
	pcache_key_add(k, &n, sizeof(n));
	for (i = 0; i < n; i++) {
		int def[4] = { d[i].type, d[i].key_size, d[i].value_size,
			       d[i].max_entries };

		pcache_key_add(k, def, sizeof(def));
	}
	ids = xmalloc(n * sizeof(*ids));
	for (i = 0; i < n; i++)
		ids[i] = i;
	pcache_key_add(k, &c->progs.n, sizeof(c->progs.n));
	for (i = 0; i < c->progs.n; i++) {
		struct cprog *p = c->progs.v[i];
		int head[5] = { p->prog_type, p->attach_type, p->btf_id,
				p->tail, p->code.n };

		patch(p, ids, 0);
		pcache_key_add(k, head, sizeof(head));
		pcache_key_add(k, p->code.insn, p->code.n * sizeof(*p->code.insn));
	}
	free(ids);
	return true;
}

/* Empties hash map fd (one key at a time: it is small between runs). */
static void clear_hash(int fd, int key_size)
{
	void *key = xmalloc(key_size);

	while (!bpf_map_get_next_key(fd, NULL, key))
		if (bpf_map_delete_elem(fd, key))
			break;
	free(key);
}

/* Zeroes every entry of an array map. */
/* Entries 0..n-1 of array fd, vs bytes each (zeros where vals is NULL), by bpf(). */
static int array_update(int fd, const void *vals, uint32_t n, size_t vs)
{
	uint32_t *keys = xmalloc(n * sizeof(*keys)), i;
	void *zeros = NULL;
	int err = 0;

	if (!vals)
		vals = zeros = xcalloc(n, vs);
	for (i = 0; i < n; i++)
		keys[i] = i;
	if (bpf_map_update_batch(fd, keys, vals, &n, NULL)) {
		/* Kernels without batches for arrays: one at a time. */
		for (i = 0; i < n && !err; i++)
			if (bpf_map_update_elem(fd, &keys[i],
						(const char *)vals + i * vs, BPF_ANY))
				err = -errno;
	}
	free(zeros);
	free(keys);
	return err;
}

int loader_array_fill(int fd, const void *vals, uint32_t n, size_t vs)
{
	size_t stride = ALIGN_UP(vs, 8), pg = sysconf(_SC_PAGESIZE);
	size_t len = ALIGN_UP(n * stride, pg);
	uint32_t i;
	char *m;

	if (!n)
		return 0;
	m = mmap(NULL, len, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
	if (m == MAP_FAILED)
		return array_update(fd, vals, n, vs);
	if (!vals)
		memset(m, 0, n * stride);
	else
		for (i = 0; i < n; i++)
			memcpy(m + i * stride, (const char *)vals + i * vs, vs);
	munmap(m, len);
	return 0;
}

/* Skips whatever an earlier run left unread in ring buffer fd. */
static int ringbuf_skip(int fd)
{
	long pg = sysconf(_SC_PAGESIZE);
	unsigned long *cons, *prod;

	cons = mmap(NULL, pg, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
	if (cons == MAP_FAILED)
		return -errno;
	prod = mmap(NULL, pg, PROT_READ, MAP_SHARED, fd, pg);
	if (prod == MAP_FAILED) {
		munmap(cons, pg);
		return -errno;
	}
	__atomic_store_n(cons, __atomic_load_n(prod, __ATOMIC_ACQUIRE),
			 __ATOMIC_RELEASE);
	munmap(prod, pg);
	munmap(cons, pg);
	return 0;
}

/*
 * The maps of a reused set as a fresh run has them: empty, with
 * nothing unread; the parts of split probes stay linked, and the
 * per-CPU work areas are written before they are read.
 */
static int reset_maps(struct loaded *l, const struct map_def *d)
{
	int i, err = 0;

	for (i = 0; i < l->nmaps && !err; i++) {
		int fd = l->map_fd[i];

		switch (d[i].type) {
		case BPF_MAP_TYPE_RINGBUF:
			err = ringbuf_skip(fd);
			break;
		case BPF_MAP_TYPE_HASH:
		case BPF_MAP_TYPE_PERCPU_HASH:
		case BPF_MAP_TYPE_STACK_TRACE:
			clear_hash(fd, d[i].key_size);
			break;
		case BPF_MAP_TYPE_ARRAY:
			err = loader_array_fill(fd, NULL, d[i].max_entries,
						d[i].value_size);
			break;
		case BPF_MAP_TYPE_PERCPU_ARRAY:
			if (i == MAP_STATS)
				err = array_update(fd, NULL, d[i].max_entries,
						   (size_t)ALIGN_UP(d[i].value_size, 8) *
						   libbpf_num_possible_cpus());
			break;
		default:
			break;
		}
	}
	return err;
}

/* Takes c's maps and programs from the slot l->pc: 0 or -errno. */
static int cache_take(struct compiled *c, struct loaded *l,
		      const struct map_def *d)
{
	char name[32];
	int i, fd;

	for (i = 0; i < l->nmaps; i++) {
		if (!d[i].type)
			continue;
		snprintf(name, sizeof(name), "m%d", i);
		fd = pcache_get(&l->pc, name);
		if (fd < 0)
			return fd;
		l->map_fd[i] = fd;
	}
	for (i = 0; i < c->progs.n; i++) {
		struct cprog *p = c->progs.v[i];

		snprintf(name, sizeof(name), "p%d", i);
		fd = pcache_get(&l->pc, name);
		if (fd < 0)
			return fd;
		p->fd = fd;
	}
	return reset_maps(l, d);
}

/* Closes whatever fds a failed cache_take() left open. */
static void drop_fds(struct compiled *c, struct loaded *l)
{
	int i;

	close_rings(l);
	for (i = 0; i < l->nmaps; i++) {
		if (l->map_fd[i] >= 0)
			close(l->map_fd[i]);
		l->map_fd[i] = -1;
	}
	for (i = 0; i < c->progs.n; i++) {
		struct cprog *p = c->progs.v[i];

		if (p->fd >= 0)
			close(p->fd);
		p->fd = -1;
	}
}

/*
 * The "manifest" of a keyed slot: a one-entry array whose value is the
 * description's length (u32) and the description (cstore_save()).
 */
static int cache_describe(struct compiled *c, struct loaded *l)
{
	struct buf b = { 0 };
	uint32_t len, key = 0;
	char *v;
	int fd, err;

	buf_put(&b, "\0\0\0\0", 4);
	err = cstore_save(c, &b);
	if (err)
		goto out;
	len = b.len - 4;
	memcpy(b.p, &len, 4);
	v = xcalloc(1, ALIGN_UP(b.len, 8));
	memcpy(v, b.p, b.len);
	fd = bpf_map_create(BPF_MAP_TYPE_ARRAY, "ferret_manifest", 4,
			    ALIGN_UP(b.len, 8), 1, NULL);
	if (fd < 0 || bpf_map_update_elem(fd, &key, v, BPF_ANY))
		err = -errno;
	else
		err = pcache_pin(&l->pc, "manifest", fd);
	if (fd >= 0)
		close(fd);
	free(v);
out:
	buf_free(&b);
	return err;
}

/* The description in a keyed slot's manifest, into c.  0 or -errno. */
static int cache_read(struct compiled *c, const struct compile_opts *opts,
		      struct loaded *l)
{
	struct bpf_map_info info = { 0 };
	__u32 ilen = sizeof(info), key = 0, len;
	char *v;
	int fd, err;

	fd = pcache_get(&l->pc, "manifest");
	if (fd < 0)
		return fd;
	err = bpf_obj_get_info_by_fd(fd, &info, &ilen) ? -errno : 0;
	if (!err && info.value_size < 4)
		err = -EINVAL;
	v = err ? NULL : xmalloc(info.value_size);
	if (!err && bpf_map_lookup_elem(fd, &key, v))
		err = -errno;
	close(fd);
	if (!err) {
		memcpy(&len, v, 4);
		err = len <= info.value_size - 4 ?
		      cstore_load(c, v + 4, len, opts) : -EINVAL;
	}
	free(v);
	return err;
}

int loader_find(struct compiled *c, const struct pcache_key *key,
		const struct compile_opts *opts, struct loaded *l)
{
	struct map_def *d;
	int i, slot, err;

	memset(l, 0, sizeof(*l));
	l->pc.lock = -1;
	slot = pcache_acquire(key, &l->pc);
	if (slot < 0)
		return slot;
	l->keyed = true;
	if (slot == 0)
		return 0;
	err = cache_read(c, opts, l);
	if (!err) {
		l->nmaps = MAP_NFIXED + c->maps.n;
		l->map_fd = xmalloc(l->nmaps * sizeof(int));
		for (i = 0; i < l->nmaps; i++)
			l->map_fd[i] = -1;
		d = map_defs(c, l->nmaps);
		err = cache_take(c, l, d);
		free(d);
		if (!err) {
			l->reused = true;
			return 1;
		}
		drop_fds(c, l);
		compile_free(c);
		free(l->map_fd);
		l->map_fd = NULL;
		l->nmaps = 0;
	}
	/* A broken set: the run compiles and fills the slot again. */
	pcache_clear(&l->pc);
	return 0;
}

/* Pins c's maps and programs in the slot l->pc, "ok" last. */
static int cache_fill(struct compiled *c, struct loaded *l)
{
	char name[32];
	int i, err;

	for (i = 0; i < l->nmaps; i++) {
		if (l->map_fd[i] < 0)
			continue;
		snprintf(name, sizeof(name), "m%d", i);
		err = pcache_pin(&l->pc, name, l->map_fd[i]);
		if (err)
			return err;
	}
	for (i = 0; i < c->progs.n; i++) {
		struct cprog *p = c->progs.v[i];

		snprintf(name, sizeof(name), "p%d", i);
		err = pcache_pin(&l->pc, name, p->fd);
		if (err)
			return err;
	}
	if (l->keyed) {
		err = cache_describe(c, l);
		if (err)
			return err;
	}
	return pcache_seal(&l->pc, l->map_fd[MAP_RINGBUF]);
}

int loader_load(struct compiled *c, struct loaded *l, uint64_t start_ns,
		bool verbose, bool cache)
{
	struct load_queue q = { .c = c };
	struct pcache_key key;
	struct map_def *d;
	pthread_t worker;
	bool started = false;
	int i, err, insns = 0, slot = -1;

	/* loader_find() took the whole set. */
	if (l->reused)
		return 0;
	if (!l->keyed)
		l->pc.lock = -1;
	l->nmaps = MAP_NFIXED + c->maps.n;
	l->map_fd = xmalloc(l->nmaps * sizeof(int));
	for (i = 0; i < l->nmaps; i++)
		l->map_fd[i] = -1;
	d = map_defs(c, l->nmaps);
	/* -v: the verifier's statistics, so no cache. */
	if (l->keyed && l->pc.lock >= 0 && !verbose)
		slot = 0;
	else if (!l->keyed && cache && !verbose &&
		 cache_key(c, d, l->nmaps, &key))
		slot = pcache_acquire(&key, &l->pc);
	else
		pcache_release(&l->pc);
	if (slot == 1) {
		if (!cache_take(c, l, d)) {
			l->reused = true;
			free(d);
			return 0;
		}
		/* A broken set: made again below. */
		drop_fds(c, l);
		pcache_clear(&l->pc);
		slot = 0;
	}
	err = create_maps(c, l, d);
	free(d);
	if (err)
		goto out;
	for (i = 0; i < c->progs.n; i++) {
		struct cprog *p = c->progs.v[i];

		patch(p, l->map_fd, start_ns);
		insns += p->code.n;
	}
	/* -v loads each program once, in order, for its statistics. */
	if (!verbose && c->progs.n > 1 && insns > LOAD_PARALLEL_INSNS) {
		started = !pthread_create(&worker, NULL, load_quietly, &q);
		load_quietly(&q);
		if (started)
			pthread_join(worker, NULL);
	}
	/* In order, so that the first failure is the one reported. */
	for (i = 0; i < c->progs.n; i++) {
		struct cprog *p = c->progs.v[i];

		if (p->fd >= 0)
			continue;
		err = load_prog(c, p, verbose);
		if (err)
			goto out;
	}
	/* The later parts of split probes, where their tail calls find them. */
	for (i = 0; i < c->progs.n; i++) {
		struct cprog *p = c->progs.v[i];
		uint32_t tail = p->tail;

		if (p->tail >= 0 &&
		    bpf_map_update_elem(l->map_fd[MAP_TAILS], &tail, &p->fd, BPF_ANY)) {
			err = -errno;
			fprintf(stderr, "ferret: cannot link the parts of %s: %s\n",
				p->name, util_strerror(-err));
			goto out;
		}
	}
	/* Not cached after all: the run goes on without. */
	if (slot == 0 && cache_fill(c, l)) {
		pcache_clear(&l->pc);
		pcache_release(&l->pc);
	}
	return 0;
out:
	if (slot == 0)
		pcache_clear(&l->pc);
	pcache_release(&l->pc);
	return err;
}

void loader_unload(struct compiled *c, struct loaded *l)
{
	int i;

	pcache_release(&l->pc);
	for (i = 0; i < c->progs.n; i++) {
		struct cprog *p = c->progs.v[i];

		if (p->fd >= 0)
			close(p->fd);
		p->fd = -1;
	}
	close_rings(l);
	close_fds(&l->map_fd, &l->nmaps);
}

/*
 * Runs this thread on each online CPU in turn.  On a kernel that is not
 * preemptible a CPU switches tasks only where its code schedules, which
 * no BPF program does, so a program running on a CPU when this thread
 * arrives there has returned.
 */
static int loader_visit_cpus(void)
{
	cpu_set_t old, one;
	const int *cpus;
	int i, n, ret = 0;

	n = perf_online_cpus(&cpus);
	if (n < 0)
		return n;
	if (sched_getaffinity(0, sizeof(old), &old))
		return -errno;
	for (i = 0; i < n && !ret; i++) {
		if (cpus[i] >= CPU_SETSIZE) {
			ret = -ERANGE;
			break;
		}
		CPU_ZERO(&one);
		CPU_SET(cpus[i], &one);
		if (sched_setaffinity(0, sizeof(one), &one))
			ret = -errno;
	}
	if (sched_setaffinity(0, sizeof(old), &old) && !ret)
		ret = -errno;
	return ret;
}

volatile uint64_t *loader_control_map(const struct loaded *l)
{
	void *p;

	if (MAP_CONTROL >= l->nmaps || l->map_fd[MAP_CONTROL] < 0)
		return NULL;
	p = mmap(NULL, (size_t)sysconf(_SC_PAGESIZE), PROT_READ | PROT_WRITE,
		 MAP_SHARED, l->map_fd[MAP_CONTROL], 0);
	return p == MAP_FAILED ? NULL : p;
}

void loader_control_unmap(volatile uint64_t *ctl)
{
	if (ctl)
		munmap((void *)ctl, (size_t)sysconf(_SC_PAGESIZE));
}

int loader_stop_events(struct loaded *l)
{
	uint32_t key = 0;
	uint64_t ctl[CONTROL_SIZE / 8] = { [CONTROL_STOP / 8] = 1 };
	const int *cpus;

	if (l->map_fd[MAP_CONTROL] < 0)
		return 0;	/* no event probes */
	if (bpf_map_update_elem(l->map_fd[MAP_CONTROL], &key, ctl, BPF_ANY))
		return -errno;
	/*
	 * A program that read the word before it was set may still be
	 * running.  Where the kernel can preempt programs, wait for an RCU
	 * grace period, which covers every program run (milliseconds);
	 * elsewhere, visiting each CPU is enough (microseconds).
	 */
	if (!feat_preemptible() && !loader_visit_cpus())
		return 0;
	/* With one CPU the kernel skips the grace period. */
	if (perf_online_cpus(&cpus) < 2)
		return -EAGAIN;
	if (syscall(SYS_membarrier, MEMBARRIER_CMD_GLOBAL, 0, 0))
		return -errno;
	return 0;
}

