/* SPDX-License-Identifier: GPL-2.0 */
/*
 * ferret report, convert and timeline on a fixed trace written with
 * the CTF writer: two CPUs, a statedump, switches, wakeups, a fork and
 * an exec, syscalls with and without their exit, a generic tracepoint,
 * a softirq and lost events, with known answers: report's lines,
 * --summary's times per thread, the Chrome JSON's slices (parsed by
 * python3's json module) and the timeline's data and script (node
 * --check where node is installed); and a function graph's calls, as
 * Chrome complete events and as the timeline's nested rows (its script
 * run in node), and the timeline's URL query (zoom, search, selection).
 * "rp_test --fixture DIR" only writes the trace, for
 * tests/record/report.sh.
 */
#include <libgen.h>
#include <limits.h>
#include <sys/stat.h>
#include <unistd.h>

#include "harness.h"
#include "record/ctf.h"

static const uint8_t uuid[16] = { 1, 2, 3, 4, 5, 6, 0x47, 8, 9, 10, 11, 12, 13, 14, 15, 16 };

static const struct ctf_opts fixed = {
	.trace_name = "rp", .uuid = uuid, .clock_offset = 1700000000000000000LL,
	.hostname = "host1", .sysname = "Linux", .kernel_release = "6.1.0",
	.kernel_version = "#1 SMP", .created = 1700000000,
};

static const struct ctf_field f_switch[] = {
	{ "prev_comm", CTF_STRING }, { "prev_tid", CTF_S32 }, { "prev_prio", CTF_S32 },
	{ "prev_state", CTF_S64 }, { "next_comm", CTF_STRING }, { "next_tid", CTF_S32 },
	{ "next_prio", CTF_S32 },
};
static const struct ctf_field f_wakeup[] = {
	{ "comm", CTF_STRING }, { "tid", CTF_S32 }, { "prio", CTF_S32 }, { "target_cpu", CTF_S32 },
};
static const struct ctf_field f_fork[] = {
	{ "parent_comm", CTF_STRING }, { "parent_tid", CTF_S32 }, { "parent_pid", CTF_S32 },
	{ "child_comm", CTF_STRING }, { "child_tid", CTF_S32 }, { "child_pid", CTF_S32 },
};
static const struct ctf_field f_exec[] = {
	{ "filename", CTF_STRING }, { "tid", CTF_S32 }, { "old_tid", CTF_S32 },
};
static const struct ctf_field f_sd[] = {
	{ "tid", CTF_S32 }, { "pid", CTF_S32 }, { "ppid", CTF_S32 }, { "name", CTF_STRING },
	{ "type", CTF_S32 }, { "mode", CTF_S32 }, { "submode", CTF_S32 }, { "status", CTF_S32 },
	{ "cpu", CTF_S32 },
};
static const struct ctf_field f_openat[] = {
	{ "dfd", CTF_S32 }, { "filename", CTF_STRING }, { "flags", CTF_S32 }, { "mode", CTF_U32 },
};
static const struct ctf_field f_read[] = {
	{ "fd", CTF_U32 }, { "buf", CTF_HEX64 }, { "count", CTF_U64 },
};
static const struct ctf_field f_ret[] = { { "ret", CTF_S64 } };
static const struct ctf_field f_rq[] = {
	{ "dev", CTF_U32 }, { "sector", CTF_U64 }, { "rwbs", CTF_STRING },
};
static const struct ctf_field f_vec[] = { { "vec", CTF_U32 } };

enum { SW, WK, FK, EX, SDS, SDP, SDE, OE, OX, RE, RX, WE, RQ, SI, NCLASS };

static int write_trace(const char *dir)
{
	struct ctf_writer *w = ctf_open(dir, &fixed);
	union ctf_value v[9];
	int err = 0;

	if (!w)
		return -errno;
#define CLS(n, f) ctf_event_class(w, n, f, (int)ARRAY_SIZE(f))
	CLS("sched_switch", f_switch);
	CLS("sched_wakeup", f_wakeup);
	CLS("sched_process_fork", f_fork);
	CLS("sched_process_exec", f_exec);
	ctf_event_class(w, "lttng_statedump_start", NULL, 0);
	CLS("lttng_statedump_process_state", f_sd);
	ctf_event_class(w, "lttng_statedump_end", NULL, 0);
	CLS("syscall_entry_openat", f_openat);
	CLS("syscall_exit_openat", f_ret);
	CLS("syscall_entry_read", f_read);
	CLS("syscall_exit_read", f_ret);
	CLS("syscall_entry_write", f_read);
	CLS("block_rq_issue", f_rq);
	CLS("irq_softirq_entry", f_vec);
#undef CLS
#define EV(cpu, ts, id) (err = err ? err : ctf_event(w, cpu, ts, id, v))
#define SWITCH(cpu, ts, pc, pt, ps, nc, nt) do { \
	v[0].s = pc; v[1].i = pt; v[2].i = 120; v[3].i = ps; \
	v[4].s = nc; v[5].i = nt; v[6].i = 120; EV(cpu, ts, SW); } while (0)
	EV(0, 1000, SDS);
	v[0].i = 100; v[1].i = 100; v[2].i = 1; v[3].s = "bash"; v[4].i = 0; v[5].i = 5;
	v[6].i = 0; v[7].i = 5; v[8].i = 1;
	EV(0, 1001, SDP);
	v[0].i = 200; v[1].i = 200; v[2].i = 100; v[3].s = "tar"; v[7].i = 2; v[8].i = 0;
	EV(0, 1002, SDP);
	EV(0, 1003, SDE);
	v[0].i = -100; v[1].s = "/etc/passwd"; v[2].i = 0x80000; v[3].u = 0;
	EV(0, 2000, OE);
	v[0].i = 3;
	EV(0, 3000, OX);
	v[0].u = 3; v[1].u = 0x1000; v[2].u = 4096;
	EV(0, 4000, RE);
	SWITCH(0, 5000, "tar", 200, 1, "swapper/0", 0);
	SWITCH(1, 5500, "swapper/1", 0, 0, "bash", 100);
	v[0].s = "tar"; v[1].i = 200; v[2].i = 120; v[3].i = 0;
	EV(1, 6000, WK);
	SWITCH(0, 7000, "swapper/0", 0, 0, "tar", 200);
	v[0].i = 4096;
	EV(0, 7500, RX);
	v[0].s = "tar"; v[1].i = 200; v[2].i = 200; v[3].s = "tar"; v[4].i = 201; v[5].i = 200;
	EV(0, 8000, FK);
	SWITCH(1, 9000, "bash", 100, 0, "tar", 201);
	v[0].s = "/usr/bin/gzip"; v[1].i = 201; v[2].i = 201;
	EV(1, 9500, EX);
	ctf_discarded(w, 1, 2);
	v[0].u = 8388608; v[1].u = 1234; v[2].s = "W";
	EV(1, 10000, RQ);
	SWITCH(0, 11000, "tar", 200, 1, "bash", 100);
	SWITCH(1, 12000, "gzip", 201, 0x10, "swapper/1", 0);
	v[0].u = 1; v[1].u = 0x2000; v[2].u = 5;
	EV(0, 13000, WE);
	v[0].u = 1;
	EV(0, 14000, SI);
#undef SWITCH
#undef EV
	err = err ? err : ctf_close(w);
	return err;
}

static char ferret[PATH_MAX];

/*
 * A recording filtered to some threads: on CPU 0, tar comes on, then an
 * untraced thread leaves for bash; tar's switch away was not recorded.
 */
static int write_missed(const char *dir)
{
	struct ctf_writer *w = ctf_open(dir, &fixed);
	union ctf_value v[7];
	int err = 0;

	if (!w)
		return -errno;
	ctf_event_class(w, "sched_switch", f_switch, (int)ARRAY_SIZE(f_switch));
	ctf_event_class(w, "irq_softirq_entry", f_vec, (int)ARRAY_SIZE(f_vec));
	v[0].s = "swapper/0"; v[1].i = 0; v[2].i = 120; v[3].i = 0;
	v[4].s = "tar"; v[5].i = 200; v[6].i = 120;
	err = ctf_event(w, 0, 1000, 0, v);
	v[0].s = "kworker"; v[1].i = 300; v[3].i = 1;
	v[4].s = "bash"; v[5].i = 100;
	err = err ? err : ctf_event(w, 0, 3000, 0, v);
	v[0].u = 1;
	err = err ? err : ctf_event(w, 0, 4000, 1, v);
	err = err ? err : ctf_close(w);
	return err;
}

static void test_missed_switch(const char *tmp)
{
	struct tc t = { .name = "convert: a thread whose switch away was missed stops at the CPU's next switch" };
	char *dir = xasprintf("%s/missed", tmp), *out;

	if (write_missed(dir)) {
		expect(&t, false, "cannot write the trace");
		goto done;
	}
	if (system("command -v python3 >/dev/null 2>&1")) {
		skip(t.name, "python3 is not installed");
		free(dir);
		return;
	}
	out = run("%s convert %s -o %s/missed.json 2>&1 && python3 -c \"import json\n"
		  "ev = json.load(open('%s/missed.json'))['traceEvents']\n"
		  "print(sorted((round(e['ts'] * 1000), round((e['ts'] + e['dur']) * 1000), e['name'])"
		  " for e in ev if e['ph'] == 'X' and e['cat'] == 'sched'))\"",
		  ferret, dir, tmp, tmp);
	expect(&t, out && !strcmp(out, "[(0, 2000, 'tar'), (2000, 3000, 'bash')]\n"),
	       "CPU 0's runs: %s", out ? out : "convert failed");
	free(out);
done:
	free(dir);
	finish(&t);
}


static const struct ctf_field f_fgentry[] = {
	{ "func", CTF_HEX64 }, { "name", CTF_STRING }, { "depth", CTF_U32 },
};
static const struct ctf_field f_fgexit[] = {
	{ "func", CTF_HEX64 }, { "name", CTF_STRING }, { "depth", CTF_U32 },
	{ "overrun", CTF_U32 }, { "calltime", CTF_U64 }, { "rettime", CTF_U64 },
};

/*
 * A function graph as ferret record -g writes it.  Thread 300 on CPU 0:
 * vfs_read 2000..9000 holding fdget 2000..2050 (starting with it),
 * rw_verify_area 2100..3000 (holding security_file_permission
 * 2200..2500) and read_iter 3500..8000; vfs_read again 10000..12000.
 * Thread 301 on CPU 1: vfs_read 2000..2600, a level 0 of its own.
 */
static int write_graph(const char *dir)
{
	static const struct {
		int cpu, exit;
		uint64_t ts, call;
		const char *name;
		unsigned depth;
	} evs[] = {
		{ 0, 0, 2000, 0, "vfs_read", 0 }, { 1, 0, 2000, 0, "vfs_read", 0 },
		{ 0, 0, 2000, 0, "fdget", 1 }, { 0, 1, 2050, 2000, "fdget", 1 },
		{ 0, 0, 2100, 0, "rw_verify_area", 1 },
		{ 0, 0, 2200, 0, "security_file_permission", 2 },
		{ 0, 1, 2500, 2200, "security_file_permission", 2 },
		{ 1, 1, 2600, 2000, "vfs_read", 0 },
		{ 0, 1, 3000, 2100, "rw_verify_area", 1 },
		{ 0, 0, 3500, 0, "read_iter", 1 }, { 0, 1, 8000, 3500, "read_iter", 1 },
		{ 0, 1, 9000, 2000, "vfs_read", 0 },
		{ 0, 0, 10000, 0, "vfs_read", 0 }, { 0, 1, 12000, 10000, "vfs_read", 0 },
	};
	struct ctf_writer *w = ctf_open(dir, &fixed);
	union ctf_value v[7];
	int err = 0;
	size_t i;

	if (!w)
		return -errno;
	ctf_event_class(w, "sched_switch", f_switch, (int)ARRAY_SIZE(f_switch));
	ctf_event_class(w, "funcgraph_entry", f_fgentry, (int)ARRAY_SIZE(f_fgentry));
	ctf_event_class(w, "funcgraph_exit", f_fgexit, (int)ARRAY_SIZE(f_fgexit));
	v[0].s = "swapper/0"; v[1].i = 0; v[2].i = 120; v[3].i = 0;
	v[4].s = "wl"; v[5].i = 300; v[6].i = 120;
	err = ctf_event(w, 0, 1000, 0, v);
	v[0].s = "swapper/1"; v[4].s = "kw"; v[5].i = 301;
	err = err ? err : ctf_event(w, 1, 1500, 0, v);
	for (i = 0; i < ARRAY_SIZE(evs); i++) {
		v[0].u = 0xffffffff81000000ULL + 0x100 * i;
		v[1].s = evs[i].name;
		v[2].u = evs[i].depth;
		v[3].u = 0;
		v[4].u = evs[i].call;
		v[5].u = evs[i].ts;
		err = err ? err : ctf_event(w, evs[i].cpu, evs[i].ts, 1 + evs[i].exit, v);
	}
	err = err ? err : ctf_close(w);
	return err;
}

/*
 * Runs the page's script on out.html's data in node with a DOM that
 * draws nothing, then checks the data's call levels, the lanes' rows of
 * calls, a lane's height and what hit() finds under a point.
 */
static const char graph_check[] =
	"const fs = require('fs');\n"
	"const html = fs.readFileSync(process.argv[2], 'utf8');\n"
	"const data = html.split('id=\"ferret-data\">\\n')[1].split('\\n</script>')[0];\n"
	"const js = html.split('<script>\\n')[1].split('</script>')[0];\n"
	"const D = JSON.parse(data), R = D.recs;\n"
	"function fail(m) { console.log(m); process.exit(1); }\n"
	"function rec(i) { return D.names[R[i * 6 + 5]] + '/' + R[i * 6 + 1] + '@' + R[i * 6 + 3] + '+' + R[i * 6 + 4]; }\n"
	"const lev = [];\n"
	"for (let i = 0; i < D.calls.length; i += 2) lev.push(rec(D.calls[i]) + ':' + D.calls[i + 1]);\n"
	"lev.sort();\n"
	"const want = ['fdget/300@1000+50:1', 'read_iter/300@2500+4500:1', 'rw_verify_area/300@1100+900:1',\n"
	"	'security_file_permission/300@1200+300:2', 'vfs_read/300@1000+7000:0', 'vfs_read/300@9000+2000:0',\n"
	"	'vfs_read/301@1000+600:0'];\n"
	"if (JSON.stringify(lev) !== JSON.stringify(want)) fail('levels: ' + lev.join(' '));\n"
	"const noop = function () {};\n"
	"const cx = new Proxy({}, { get: function () { return noop; }, set: function () { return true; } });\n"
	"const el = { addEventListener: noop, style: {}, textContent: data, clientWidth: 1190, clientHeight: 600,\n"
	"	scrollTop: 0, getContext: function () { return cx; },\n"
	"	getBoundingClientRect: function () { return { left: 0, top: 0 }; } };\n"
	"const doc = { getElementById: function () { return el; }, body: { setAttribute: noop } };\n"
	"const win = { devicePixelRatio: 1, addEventListener: noop, innerWidth: 1200, location: { search: '' } };\n"
	"new Function('document', 'window', js)(doc, win);\n"
	"const T = win.ferretTimeline, wl = T.lanes.filter(function (l) { return l.t && l.t[0] === 300; })[0];\n"
	"const kw = T.lanes.filter(function (l) { return l.t && l.t[0] === 301; })[0];\n"
	"const rows = wl.fn.map(function (a) { return a.map(function (i) { return D.names[R[i * 6 + 5]]; }).join(','); });\n"
	"if (rows.join(' | ') !== 'vfs_read,vfs_read | fdget,rw_verify_area,read_iter | security_file_permission')\n"
	"	fail('rows: ' + rows.join(' | '));\n"
	"if (kw.fn.length !== 1 || wl.ev.length || wl.h !== 18 + 3 * 14 + 2 || kw.y !== wl.y + wl.h)\n"
	"	fail('lanes: ' + wl.h + ' ' + wl.y + ' ' + kw.y + ' ' + wl.ev.length);\n"
	"const dur = D.dur, x = function (t) { return 190 + t * 1000 / dur; };\n"
	"const h = T.hit(x(1350), wl.y + 18 + 2 * 14 + 5);\n"
	"if (h < 0 || rec(h) !== 'security_file_permission/300@1200+300') fail('hit: ' + (h < 0 ? h : rec(h)));\n"
	"if (T.describe(h).indexOf('level 2') < 0) fail('describe: ' + T.describe(h));\n"
	"if (T.hit(x(8500), wl.y + 18 + 14 + 5) !== -1) fail('hit between calls');\n"
	"console.log('ok');\n";

/*
 * The page opened with a query, in node as above, an element an id: the
 * window (t0, t1), the search (s) and the selection (sel) applied as the
 * UI applies them, and what the page's elements then show.
 */
static const char query_check[] =
	"const fs = require('fs');\n"
	"const html = fs.readFileSync(process.argv[2], 'utf8');\n"
	"const data = html.split('id=\"ferret-data\">\\n')[1].split('\\n</script>')[0];\n"
	"const js = html.split('<script>\\n')[1].split('</script>')[0];\n"
	"const D = JSON.parse(data), R = D.recs;\n"
	"function fail(m) { console.log(m); process.exit(1); }\n"
	"function rec(i) { return D.names[R[i * 6 + 5]] + '/' + R[i * 6 + 1] + '@' + R[i * 6 + 3] + '+' + R[i * 6 + 4]; }\n"
	"const noop = function () {};\n"
	"const cx = new Proxy({}, { get: function () { return noop; }, set: function () { return true; } });\n"
	"function page(query) {\n"
	"	const els = {}, w = { devicePixelRatio: 1, addEventListener: noop, innerWidth: 1200,\n"
	"		location: { search: query } };\n"
	"	const d = { body: { setAttribute: function (k, v) { els['body ' + k] = v; } },\n"
	"		getElementById: function (id) {\n"
	"		return els[id] = els[id] || { addEventListener: noop, style: {}, innerHTML: '', value: '',\n"
	"			textContent: id === 'ferret-data' ? data : '', clientWidth: 1190, clientHeight: 600,\n"
	"			scrollTop: 0, getContext: function () { return cx; } };\n"
	"	} };\n"
	"	new Function('document', 'window', js)(d, w);\n"
	"	return { view: w.ferretTimeline.view().join(','), view_text: els.view.textContent, q: els.q.value,\n"
	"		found: els.qn.textContent, info: els.info.innerHTML, drawn: els['body data-drawn-ms'] };\n"
	"}\n"
	"let sp = -1;\n"
	"for (let i = 0; i < R.length / 6; i++) if (rec(i) === 'security_file_permission/300@1200+300') sp = i;\n"
	"let p = page('?t0=1000&t1=3000&s=READ&sel=' + sp);\n"
	"if (p.view !== '1000,3000' || p.view_text !== '1.000 us \\u2013 3.000 us') fail('t0, t1: ' + JSON.stringify(p));\n"
	"if (p.q !== 'READ' || p.found !== '4 found') fail('s: ' + JSON.stringify(p));\n"
	"if (!/^[0-9]+$/.test(p.drawn)) fail('data-drawn-ms: ' + JSON.stringify(p));\n"
	"if (p.info.indexOf('<b>security_file_permission</b><br>function at 1.200 us, for 300 ns, level 2<br>thread wl 300') !== 0)\n"
	"	fail('sel: ' + JSON.stringify(p));\n"
	"p = page('?t0=8000&t1=14000&s=no+such');\n"
	"if (p.view !== '5000,11000' || p.found !== '0 found' || p.q !== 'no such') fail('clamped: ' + JSON.stringify(p));\n"
	"p = page('?t0=x&sel=99999&sel=');\n"
	"if (p.view !== '0,11000' || p.view_text !== '0 ns \\u2013 11.000 us' || p.found || p.info)\n"
	"	fail('ignored: ' + JSON.stringify(p));\n"
	"p = page('?sel=' + sp);\n"
	"if (p.info.indexOf('<b>security_file_permission</b>') !== 0 || p.view !== '0,11000') fail('sel alone: ' + JSON.stringify(p));\n"
	"console.log('ok');\n";

static const char graph_chrome[] =
	"import json, sys\n"
	"ev = json.load(open(sys.argv[1]))['traceEvents']\n"
	"fn = sorted((e['tid'], e['name'], round(e['ts'] * 1000), round(e['dur'] * 1000))\n"
	"            for e in ev if e['ph'] == 'X' and e['cat'] == 'function')\n"
	"assert fn == [(300, 'fdget', 1000, 50), (300, 'read_iter', 2500, 4500), (300, 'rw_verify_area', 1100, 900),\n"
	"              (300, 'security_file_permission', 1200, 300), (300, 'vfs_read', 1000, 7000),\n"
	"              (300, 'vfs_read', 9000, 2000), (301, 'vfs_read', 1000, 600)], fn\n"
	"print('ok')\n";

/* Writes text into tmp/name; false if it cannot. */
static bool put_file(const char *tmp, const char *name, const char *text)
{
	char *path = xasprintf("%s/%s", tmp, name);
	FILE *f = fopen(path, "w");
	bool ok = f && fputs(text, f) >= 0;

	if (f && fclose(f))
		ok = false;
	free(path);
	return ok;
}

static void test_graph(const char *tmp)
{
	struct tc t = { .name = "timeline: function calls nest in rows a level each (node)" };
	char *dir = xasprintf("%s/graph", tmp), *out;

	if (write_graph(dir)) {
		expect(&t, false, "cannot write the trace");
		finish(&t);
		free(dir);
		return;
	}
	if (system("command -v node >/dev/null 2>&1")) {
		skip(t.name, "node is not installed");
	} else {
		out = NULL;
		if (put_file(tmp, "graph.js", graph_check)) {
			out = run("%s timeline %s -o %s/graph.html 2>&1 && node %s/graph.js %s/graph.html 2>&1; true",
				  ferret, dir, tmp, tmp, tmp);
		}
		expect(&t, out && !strcmp(out, "ok\n"), "%s", out ? out : "timeline or node failed");
		free(out);
		finish(&t);
		t = (struct tc){ .name = "timeline: the URL's t0, t1, s and sel, as the UI applies them (node)" };
		out = NULL;
		if (put_file(tmp, "query.js", query_check))
			out = run("node %s/query.js %s/graph.html 2>&1; true", tmp, tmp);
		expect(&t, out && !strcmp(out, "ok\n"), "%s", out ? out : "node failed");
		free(out);
		finish(&t);
	}
	t = (struct tc){ .name = "convert -f chrome: function calls as complete events of their thread" };
	if (system("command -v python3 >/dev/null 2>&1")) {
		skip(t.name, "python3 is not installed");
	} else {
		out = NULL;
		if (put_file(tmp, "graph.py", graph_chrome)) {
			out = run("%s convert %s -o %s/graph.json 2>&1 && python3 %s/graph.py %s/graph.json 2>&1; true",
				  ferret, dir, tmp, tmp, tmp);
		}
		expect(&t, out && !strcmp(out, "ok\n"), "%s", out ? out : "convert or python3 failed");
		free(out);
		finish(&t);
	}
	free(dir);
}

static bool has_line(const char *out, const char *line)
{
	const char *p = out;
	size_t n = strlen(line);

	while (p && (p = strstr(p, line))) {
		if ((p == out || p[-1] == '\n') && (p[n] == '\n' || !p[n]))
			return true;
		p += n;
	}
	return false;
}

static void test_report(const char *dir)
{
	static const char *const want[] = {
		"             tar-200   [000]     0.000002: sys_enter_openat: dfd=-100 filename=\"/etc/passwd\" flags=524288 mode=0",
		"             tar-200   [000]     0.000003: sys_exit_openat: ret=3",
		"             tar-200   [000]     0.000005: sched_switch: prev_comm=tar prev_pid=200 prev_prio=120 prev_state=S ==> next_comm=swapper/0 next_pid=0 next_prio=120",
		"          <idle>-0     [001]     0.000005: sched_switch: prev_comm=swapper/1 prev_pid=0 prev_prio=120 prev_state=R ==> next_comm=bash next_pid=100 next_prio=120",
		"            bash-100   [001]     0.000006: sched_wakeup: comm=tar pid=200 prio=120 target_cpu=000",
		"             tar-200   [000]     0.000007: sys_exit_read: ret=4096",
		"             tar-200   [000]     0.000008: sched_process_fork: comm=tar pid=200 child_comm=tar child_pid=201",
		"             tar-201   [001]     0.000009: sched_process_exec: filename=/usr/bin/gzip pid=201 old_pid=201",
		"CPU:1 [LOST 2 EVENTS]",
		"            gzip-201   [001]     0.000010: block_rq_issue: dev=8388608 sector=1234 rwbs=W",
		"            gzip-201   [001]     0.000012: sched_switch: prev_comm=gzip prev_pid=201 prev_prio=120 prev_state=X ==> next_comm=swapper/1 next_pid=0 next_prio=120",
		"            bash-100   [000]     0.000013: sys_enter_write: fd=1 buf=0x2000 count=5",
		"            bash-100   [000]     0.000014: softirq_entry: vec=1 [action=TIMER]",
		"             tar-200   [000]     0.000004: sys_enter_read: fd=3 buf=0x1000 count=4096",
	};
	struct tc t = { .name = "report: ftrace lines, comm-tid from the scheduler state" };
	char *out = run("%s report %s 2>&1", ferret, dir);
	size_t i;
	int lines = 0;

	expect(&t, out != NULL, "ferret report failed");
	for (i = 0; out && i < ARRAY_SIZE(want); i++)
		expect(&t, has_line(out, want[i]), "no line\n  %s\nin\n%s", want[i], out);
	for (const char *p = out; p && *p; p = strchr(p, '\n') + 1) {
		if (*p != '#' && strncmp(p, "ferret report: ", 15))
			lines++;
		if (!strchr(p, '\n'))
			break;
	}
	/* 20 events, the lost-events line; statedump lines included. */
	expect(&t, lines == 21, "%d lines", lines);
	free(out);
	finish(&t);
}

static void test_summary(const char *dir)
{
	static const char *const want[] = {
		"     200      200 tar                  0.000008     0.000001     0.000004         2         2  - 0.000003 (1), read 0.000001 (1)",
		"     100      100 bash                 0.000006     0.000002     0.000004         1         1  - 0.000004 (1)",
		"     201      200 gzip                 0.000003     0.000000     0.000000         1         0  ",
	};
	struct tc t = { .name = "report --summary: running, runnable, blocked per thread" };
	char *out = run("%s report --summary %s 2>&1", ferret, dir);
	size_t i;

	expect(&t, out != NULL, "ferret report --summary failed");
	for (i = 0; out && i < ARRAY_SIZE(want); i++)
		expect(&t, has_line(out, want[i]), "no line\n  %s\nin\n%s", want[i], out);
	free(out);
	finish(&t);
}

static const char chrome_check[] =
	"import json, sys\n"
	"d = json.load(open(sys.argv[1]))\n"
	"ev = d['traceEvents']\n"
	"CPU = 4194304\n"
	"def us(x): return round(x * 1000)\n"
	"runs = sorted((e['tid'] - CPU - 1, us(e['ts']), us(e['ts'] + e['dur']), e['args']['tid'], e['name'])\n"
	"              for e in ev if e['ph'] == 'X' and e['cat'] == 'sched')\n"
	"want = [(0, 0, 4000, 200, 'tar'), (0, 6000, 10000, 200, 'tar'), (0, 10000, 13000, 100, 'bash'),\n"
	"        (1, 4500, 8000, 100, 'bash'), (1, 8000, 11000, 201, 'gzip')]\n"
	"assert runs == want, runs\n"
	"sc = sorted((e['tid'], e['name'], us(e['ts']), us(e['ts'] + e['dur']), e['args'].get('ret'))\n"
	"            for e in ev if e['ph'] == 'X' and e['cat'] == 'syscall')\n"
	"assert sc == [(100, 'write', 12000, 13000, None), (200, 'openat', 1000, 2000, 3), (200, 'read', 3000, 6500, 4096)], sc\n"
	"op = [e for e in ev if e.get('name') == 'openat'][0]\n"
	"assert op['args']['filename'] == '/etc/passwd' and op['args']['dfd'] == -100 and op['pid'] == 200, op\n"
	"names = {(e['pid'], e['tid']): e['args']['name'] for e in ev if e['ph'] == 'M' and e['name'] == 'thread_name'}\n"
	"assert names[(200, 201)] == 'gzip' and names[(100, 100)] == 'bash' and names[(CPU, CPU + 2)] == 'CPU 1', names\n"
	"pn = {e['pid']: e['args']['name'] for e in ev if e['ph'] == 'M' and e['name'] == 'process_name'}\n"
	"assert pn[200] == 'tar' and pn[CPU] == 'CPUs', pn\n"
	"inst = sorted((e['name'], e['tid']) for e in ev if e['ph'] == 'i')\n"
	"assert ('block_rq_issue', 201) in inst and ('sched_process_exec', 201) in inst and ('lost events', CPU + 2) in inst, inst\n"
	"assert d['otherData']['lost_events'] == 2\n"
	"print('ok')\n";

static void test_chrome(const char *tmp, const char *dir)
{
	struct tc t = { .name = "convert -f chrome: JSON parses, slices match the recording" };
	char *out, *py = xasprintf("%s/check.py", tmp);
	FILE *f = fopen(py, "w");

	if (f) {
		fputs(chrome_check, f);
		fclose(f);
	}
	out = run("%s convert %s -f chrome -o %s/out.json 2>&1", ferret, dir, tmp);
	expect(&t, out != NULL, "ferret convert failed");
	free(out);
	if (system("command -v python3 >/dev/null 2>&1")) {
		skip(t.name, "python3 is not installed");
		free(py);
		return;
	}
	out = run("python3 %s %s/out.json 2>&1", py, tmp);
	expect(&t, out && !strcmp(out, "ok\n"), "python3 check: %s", out ? out : "failed");
	free(out);
	free(py);
	finish(&t);
}

static void test_timeline(const char *tmp, const char *dir)
{
	struct tc t = { .name = "timeline: self-contained, holds the data" };
	char *out, *html, *path = xasprintf("%s/out.html", tmp);
	size_t len;

	out = run("%s timeline %s -o %s 2>&1", ferret, dir, path);
	expect(&t, out != NULL, "ferret timeline failed");
	free(out);
	html = util_read_file(path, &len);
	expect(&t, html != NULL, "no %s", path);
	if (html) {
		expect(&t, !strstr(html, "http:") && !strstr(html, "https:") &&
		       !strstr(html, " src=") && !strstr(html, "<link") && !strstr(html, "@import") &&
		       !strstr(html, "url("), "refers to something external");
		expect(&t, strstr(html, "<script type=\"application/json\" id=\"ferret-data\">") != NULL,
		       "no data element");
		expect(&t, strstr(html, "[200,200,\"tar\"]") && strstr(html, "[201,200,\"gzip\"]"),
		       "threads missing");
		expect(&t, strstr(html, "\"filename\":\"/etc/passwd\"") != NULL, "openat args missing");
		expect(&t, strstr(html, "\"names\":[\"running\",\"runnable\",\"blocked\",\"lost events\"") != NULL,
		       "names missing");
	}
	free(html);
	finish(&t);

	t = (struct tc){ .name = "timeline: its script and data parse (node)" };
	if (system("command -v node >/dev/null 2>&1")) {
		skip(t.name, "node is not installed");
		free(path);
		return;
	}
	out = run("cd %s && sed -n '/^<script>$/,/^<\\/script>$/p' out.html | sed '1d;$d' > page.js && "
		  "node --check page.js && "
		  "sed -n '/id=\"ferret-data\">$/,/^<\\/script>$/p' out.html | sed '1d;$d' > data.json && "
		  "node -e 'const d = JSON.parse(require(\"fs\").readFileSync(\"data.json\", \"utf8\"));"
		  " if (d.recs.length !== 6 * d.recidx.length || d.ncpus !== 2) process.exit(1);"
		  " console.log(d.recidx.length)' 2>&1", tmp);
	expect(&t, out != NULL && atoi(out) > 10, "node: %s", out ? out : "failed");
	free(out);
	free(path);
	finish(&t);
}

static void test_errors(const char *tmp)
{
	struct tc t = { .name = "bad directories and options: clear errors, non-zero exit" };
	char *out;

	out = run("%s report %s/nonexistent 2>&1; echo rc=$?", ferret, tmp);
	expect(&t, out && strstr(out, "ferret report: ") && strstr(out, "/nonexistent/metadata: No such file") &&
	       strstr(out, "rc=1"), "%s", out ? out : "");
	free(out);
	out = run("mkdir -p %s/bad && printf 'trace { major = 1; byte_order = le; ' > %s/bad/metadata && "
		  "%s convert %s/bad -o %s/x.json 2>&1; echo rc=$?", tmp, tmp, ferret, tmp, tmp);
	expect(&t, out && strstr(out, "ferret convert: ") && strstr(out, "metadata: line 1: expected '}'") &&
	       strstr(out, "rc=1"), "%s", out ? out : "");
	free(out);
	out = run("%s convert %s -f perfetto 2>&1; echo rc=$?", ferret, tmp);
	expect(&t, out && strstr(out, "unknown format 'perfetto'") && strstr(out, "rc=1"), "%s",
	       out ? out : "");
	free(out);
	out = run("%s timeline %s 2>&1; echo rc=$?", ferret, tmp);
	expect(&t, out && strstr(out, "-o FILE") && strstr(out, "rc=1"), "%s", out ? out : "");
	free(out);
	finish(&t);
}

int main(int argc, char **argv)
{
	char tmp[64], *dir, *self, *d;

	if (argc == 3 && !strcmp(argv[1], "--fixture"))
		return write_trace(argv[2]) ? 1 : 0;
	self = xstrdup(argv[0]);
	d = dirname(self);
	snprintf(ferret, sizeof(ferret), "%s/../ferret", d);
	free(self);
	if (access(ferret, X_OK)) {
		skip("report/convert/timeline", "no ferret binary beside the tests");
		return harness_summary();
	}
	if (!harness_mkdtemp(tmp, sizeof(tmp), "rp")) {
		printf("FAIL mkdtemp: %s\n", strerror(errno));
		failed++;
		return harness_summary();
	}
	dir = xasprintf("%s/trace", tmp);
	if (write_trace(dir)) {
		printf("FAIL writing the trace\n");
		failed++;
	} else {
		test_report(dir);
		test_summary(dir);
		test_chrome(tmp, dir);
		test_timeline(tmp, dir);
		test_errors(tmp);
		test_missed_switch(tmp);
		test_graph(tmp);
	}
	harness_rmtree(tmp);
	free(dir);
	return harness_summary();
}
