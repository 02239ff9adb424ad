/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The HTML timeline writer (see timeline.h).  The page's script is kept
 * here as text; the data follows the model: records of six numbers
 * (kind, tid, cpu, start, duration, name index; times in ns since the
 * first event), a parallel list of argument indexes, the arguments, and
 * each function call's level in its thread (pairs of record index and
 * level, 0 for a call inside none).
 */
#include <stdlib.h>
#include <string.h>

#include "util.h"
#include "record/timeline.h"

static const char page_css[] =
"body { margin: 0; font: 12px Verdana, sans-serif; color: #222; background: #fff; }\n"
"#bar { padding: 6px 8px; border-bottom: 1px solid #ccc; display: flex; gap: 12px; align-items: center; }\n"
"#bar h1 { font-size: 14px; margin: 0; font-weight: normal; }\n"
"#bar .keys { color: #666; }\n"
"#wrap { position: absolute; top: 38px; bottom: 64px; left: 0; right: 0; overflow-y: auto; overflow-x: hidden; }\n"
"#info { position: absolute; bottom: 0; left: 0; right: 0; height: 56px; overflow: auto; padding: 4px 8px; border-top: 1px solid #ccc; background: #fafafa; }\n"
"#tip { position: fixed; display: none; max-width: 300px; padding: 4px 6px; background: #ffe; border: 1px solid #998; pointer-events: none; word-break: break-all; }\n"
".key { display: inline-block; width: 10px; height: 10px; margin: 0 3px 0 8px; vertical-align: middle; }\n";

static const char page_js[] =
"(function () {\n"
"'use strict';\n"
"var D = JSON.parse(document.getElementById('ferret-data').textContent);\n"
"var LABEL = 190, ROW = 18, FROW = 14, AXIS = 24;\n"
"var cv = document.getElementById('cv'), cx = cv.getContext('2d');\n"
"var wrap = document.getElementById('wrap'), tip = document.getElementById('tip');\n"
"var info = document.getElementById('info'), q = document.getElementById('q');\n"
"var qn = document.getElementById('qn'), vw = document.getElementById('view');\n"
"var KIND = ['run', 'running', 'runnable', 'blocked', 'syscall', 'event', 'lost', 'function'];\n"
"var COL = { running: '#3f9f4f', runnable: '#e9a23b', blocked: '#c9ccd6', syscall: '#4d7cc7' };\n"
"\n"
"/*\n"
" * Lanes: CPUs, then threads by process. Each holds slices sorted by\n"
" * start; a thread's function calls below its states, a row a level.\n"
" */\n"
"var lanes = [], byTid = {};\n"
"function lane(label, kind) {\n"
"	var l = { label: label, kind: kind, r: [], ev: [], fn: [], y: 0, h: ROW };\n"
"	lanes.push(l);\n"
"	return l;\n"
"}\n"
"var k, i;\n"
"for (k = 0; k < D.ncpus; k++) lane('CPU ' + k, 'cpu');\n"
"var th = D.threads.slice().sort(function (a, b) { return a[1] - b[1] || a[0] - b[0]; });\n"
"for (i = 0; i < th.length; i++) {\n"
"	if (th[i][0] <= 0) continue;\n"
"	byTid[th[i][0]] = lane(th[i][2] + ' ' + th[i][1] + '/' + th[i][0], 'thread');\n"
"	byTid[th[i][0]].t = th[i];\n"
"}\n"
"var R = D.recs, N = R.length / 6, LEV = new Int32Array(N).fill(-1);\n"
"for (i = 0; i + 1 < D.calls.length; i += 2) if (D.calls[i] < N) LEV[D.calls[i]] = D.calls[i + 1];\n"
"for (i = 0; i < N; i++) {\n"
"	var o = i * 6, kd = R[o], tid = R[o + 1], cpu = R[o + 2], l = null;\n"
"	if (kd === 0 || ((kd === 5 || kd === 6) && !(tid > 0))) l = cpu >= 0 ? lanes[cpu] : null;\n"
"	else l = byTid[tid] || null;\n"
"	if (!l) continue;\n"
"	if (kd === 7 && LEV[i] >= 0 && l.kind === 'thread') {\n"
"		for (k = l.fn.length; k <= LEV[i]; k++) l.fn.push([]);\n"
"		l.fn[LEV[i]].push(i);\n"
"	} else if (kd === 5 || kd === 6 || kd === 7) l.ev.push(i);\n"
"	else if (kd === 4) { (l.sys = l.sys || []).push(i); }\n"
"	else l.r.push(i);\n"
"}\n"
"function st(i) { return R[i * 6 + 3]; }\n"
"function en(i) { return R[i * 6 + 3] + R[i * 6 + 4]; }\n"
"function byStart(a, b) { return st(a) - st(b); }\n"
"lanes.forEach(function (l) {\n"
"	l.r.sort(byStart); l.ev.sort(byStart);\n"
"	if (l.sys) l.sys.sort(byStart);\n"
"	l.fn.forEach(function (a) { a.sort(byStart); });\n"
"	if (l.fn.length) l.h = ROW + l.fn.length * FROW + 2;\n"
"});\n"
"var yEnd = AXIS;\n"
"lanes.forEach(function (l) { l.y = yEnd; yEnd += l.h; });\n"
"/* The lane at y, by the lanes' tops. */\n"
"function laneAt(y) {\n"
"	var lo = 0, hi = lanes.length;\n"
"	while (lo < hi) { var m = (lo + hi) >> 1; if (lanes[m].y + lanes[m].h <= y) lo = m + 1; else hi = m; }\n"
"	return lo < lanes.length && lanes[lo].y <= y ? lanes[lo] : null;\n"
"}\n"
"/* The first index of arr (sorted, not overlapping) ending at or after t. */\n"
"function first(arr, t) {\n"
"	var lo = 0, hi = arr.length;\n"
"	while (lo < hi) { var m = (lo + hi) >> 1; if (en(arr[m]) < t) lo = m + 1; else hi = m; }\n"
"	return lo;\n"
"}\n"
"function hue(s) {\n"
"	var h = 0;\n"
"	for (var j = 0; j < s.length; j++) h = (h * 31 + s.charCodeAt(j)) >>> 0;\n"
"	return 'hsl(' + (h % 360) + ',55%,' + (48 + (h >> 9) % 18) + '%)';\n"
"}\n"
"function comm(tid) { var l = byTid[tid]; return l ? l.t[2] : '?'; }\n"
"function name(i) {\n"
"	var kd = R[i * 6];\n"
"	if (kd === 0) return comm(R[i * 6 + 1]) + ' ' + R[i * 6 + 1];\n"
"	if (kd === 3 && D.names[R[i * 6 + 5]] !== 'blocked') return 'blocked in ' + D.names[R[i * 6 + 5]];\n"
"	return D.names[R[i * 6 + 5]];\n"
"}\n"
"function args(i) { var a = D.recidx[i]; return a >= 0 ? D.args[a] : null; }\n"
"\n"
"var t0 = 0, t1 = Math.max(D.dur, 1), match = null, matches = [], mi = -1, sel = -1;\n"
"var W = 0, H = 0;\n"
"function resize() {\n"
"	var dpr = window.devicePixelRatio || 1;\n"
"	W = wrap.clientWidth;\n"
"	H = yEnd + 4;\n"
"	cv.width = W * dpr; cv.height = H * dpr;\n"
"	cv.style.width = W + 'px'; cv.style.height = H + 'px';\n"
"	cx.setTransform(dpr, 0, 0, dpr, 0, 0);\n"
"	draw();\n"
"}\n"
"function X(t) { return LABEL + (t - t0) * (W - LABEL) / (t1 - t0); }\n"
"function T(x) { return t0 + (x - LABEL) * (t1 - t0) / (W - LABEL); }\n"
"function fmt(ns) {\n"
"	var a = Math.abs(ns);\n"
"	if (a >= 1e9) return (ns / 1e9).toFixed(6) + ' s';\n"
"	if (a >= 1e6) return (ns / 1e6).toFixed(3) + ' ms';\n"
"	if (a >= 1e3) return (ns / 1e3).toFixed(3) + ' us';\n"
"	return ns + ' ns';\n"
"}\n"
"/*\n"
" * Slices in [t0, t1], those under a pixel merged into the one before;\n"
" * with label, each wide enough has its name written in it.\n"
" */\n"
"function drawSlices(arr, y, h, color, label) {\n"
"	var j = first(arr, t0), lastPx = -1;\n"
"	for (; j < arr.length; j++) {\n"
"		var r = arr[j], s = st(r);\n"
"		if (s > t1) break;\n"
"		var x0 = Math.max(X(s), LABEL), x1 = Math.min(X(en(r)), W);\n"
"		if (x1 - x0 < 1) {\n"
"			if (Math.floor(x0) === lastPx) continue;\n"
"			x1 = x0 + 1;\n"
"		}\n"
"		lastPx = Math.floor(x1 - 1);\n"
"		var dim = match && !match[r];\n"
"		cx.globalAlpha = dim ? 0.25 : 1;\n"
"		cx.fillStyle = color(r);\n"
"		cx.fillRect(x0, y, x1 - x0, h);\n"
"		if (label && x1 - x0 > 24) {\n"
"			cx.save();\n"
"			cx.beginPath(); cx.rect(x0, y, x1 - x0 - 2, h); cx.clip();\n"
"			cx.fillStyle = '#fff';\n"
"			cx.fillText(name(r), x0 + 2, y + h / 2);\n"
"			cx.restore();\n"
"		}\n"
"		if (r === sel || (match && match[r] && x1 - x0 > 3)) {\n"
"			cx.globalAlpha = 1;\n"
"			cx.strokeStyle = r === sel ? '#000' : '#d00';\n"
"			cx.strokeRect(x0 + 0.5, y + 0.5, x1 - x0 - 1, h - 1);\n"
"		}\n"
"	}\n"
"	cx.globalAlpha = 1;\n"
"}\n"
"function drawMarks(arr, y, h) {\n"
"	var j = 0, lo = 0, hi = arr.length, lastPx = -1;\n"
"	while (lo < hi) { var m = (lo + hi) >> 1; if (st(arr[m]) < t0) lo = m + 1; else hi = m; }\n"
"	for (j = lo; j < arr.length; j++) {\n"
"		var r = arr[j], s = st(r);\n"
"		if (s > t1) break;\n"
"		var x = Math.floor(X(s));\n"
"		if (x === lastPx) continue;\n"
"		lastPx = x;\n"
"		cx.globalAlpha = match && !match[r] ? 0.25 : 1;\n"
"		cx.fillStyle = R[r * 6] === 6 ? '#000' : (r === sel ? '#000' : '#c0392b');\n"
"		cx.fillRect(x, y, 1, h);\n"
"		cx.beginPath(); cx.moveTo(x - 3, y); cx.lineTo(x + 4, y); cx.lineTo(x + 0.5, y + 4); cx.fill();\n"
"	}\n"
"	cx.globalAlpha = 1;\n"
"}\n"
"function draw() {\n"
"	cx.clearRect(0, 0, W, H);\n"
"	cx.font = '11px Verdana, sans-serif';\n"
"	cx.textBaseline = 'middle';\n"
"	var top = wrap.scrollTop, bottom = top + wrap.clientHeight;\n"
"	for (var n = 0; n < lanes.length; n++) {\n"
"		var l = lanes[n], y = l.y;\n"
"		if (y + l.h < top || y > bottom) continue;\n"
"		if (n % 2) { cx.fillStyle = '#f6f6f9'; cx.fillRect(0, y, W, l.h); }\n"
"		if (l.kind === 'cpu') {\n"
"			drawSlices(l.r, y + 2, ROW - 4, function (r) { return hue(comm(R[r * 6 + 1])); });\n"
"		} else {\n"
"			drawSlices(l.r, y + 9, ROW - 11, function (r) { return COL[KIND[R[r * 6]]]; });\n"
"			if (l.sys) drawSlices(l.sys, y + 2, 6, function () { return COL.syscall; });\n"
"			for (var d = 0; d < l.fn.length; d++)\n"
"				drawSlices(l.fn[d], y + ROW + d * FROW, FROW - 1,\n"
"					   function (r) { return hue(name(r)); }, true);\n"
"		}\n"
"		drawMarks(l.ev, y + 1, ROW - 2);\n"
"		cx.fillStyle = '#fff'; cx.fillRect(0, y, LABEL - 2, l.h);\n"
"		cx.fillStyle = l.kind === 'cpu' ? '#003' : '#222';\n"
"		cx.fillText(l.label.length > 28 ? l.label.slice(0, 27) + '\\u2026' : l.label, 4, y + ROW / 2);\n"
"	}\n"
"	/* The axis, kept at the top of the scrolled view. */\n"
"	var ay = top;\n"
"	cx.fillStyle = '#fff'; cx.fillRect(0, ay, W, AXIS);\n"
"	cx.fillStyle = '#333'; cx.fillRect(LABEL, ay + AXIS - 1, W - LABEL, 1);\n"
"	var span = t1 - t0, step = Math.pow(10, Math.floor(Math.log10(span / 8)));\n"
"	if (span / step > 16) step *= 5; else if (span / step > 8) step *= 2;\n"
"	for (var t = Math.ceil(t0 / step) * step; t <= t1; t += step) {\n"
"		var x = X(t);\n"
"		cx.fillRect(x, ay + AXIS - 6, 1, 6);\n"
"		cx.fillText(fmt(t), x + 2, ay + 8);\n"
"	}\n"
"	cx.fillText(fmt(t1 - t0) + ' shown', 4, ay + 8);\n"
"	vw.textContent = fmt(Math.round(t0)) + ' \\u2013 ' + fmt(Math.round(t1));\n"
"}\n"
"function clamp() {\n"
"	var d = Math.max(D.dur, 1), span = t1 - t0;\n"
"	if (span < 10) { var c = (t0 + t1) / 2; t0 = c - 5; t1 = c + 5; span = 10; }\n"
"	if (span > d) { t0 = 0; t1 = d; return; }\n"
"	if (t0 < 0) { t1 -= t0; t0 = 0; }\n"
"	if (t1 > d) { t0 -= t1 - d; t1 = d; }\n"
"}\n"
"function zoom(f, at) {\n"
"	var c = at === undefined ? (t0 + t1) / 2 : at;\n"
"	t0 = c - (c - t0) * f; t1 = c + (t1 - c) * f;\n"
"	clamp(); draw();\n"
"}\n"
"function pan(f) { var d = (t1 - t0) * f; t0 += d; t1 += d; clamp(); draw(); }\n"
"/* The record under (x, y): a mark, a syscall, a state slice or a call. */\n"
"function hit(x, y) {\n"
"	var l = laneAt(y);\n"
"	if (!l || x < LABEL) return -1;\n"
"	var t = T(x), tol = (t1 - t0) / (W - LABEL) * 3, yy = y - l.y, j, r;\n"
"	if (yy >= ROW) {\n"
"		var calls = l.fn[Math.floor((yy - ROW) / FROW)];\n"
"		if (!calls) return -1;\n"
"		j = first(calls, t - tol);\n"
"		return j < calls.length && st(calls[j]) <= t + tol ? calls[j] : -1;\n"
"	}\n"
"	for (j = 0; j < l.ev.length; j++) {\n"
"		r = l.ev[j];\n"
"		if (Math.abs(st(r) - t) <= tol) return r;\n"
"	}\n"
"	var arr = l.kind === 'thread' && l.sys && yy < 9 ? l.sys : l.r;\n"
"	j = first(arr, t - tol);\n"
"	if (j < arr.length && st(arr[j]) <= t + tol) return arr[j];\n"
"	return -1;\n"
"}\n"
"function describe(r) {\n"
"	var a = args(r), s = '<b>' + esc(name(r)) + '</b>';\n"
"	var kd = R[r * 6];\n"
"	s += '<br>' + KIND[kd] + ' at ' + fmt(st(r));\n"
"	if (kd < 5 || kd === 7) s += ', for ' + fmt(R[r * 6 + 4]);\n"
"	if (LEV[r] >= 0) s += ', level ' + LEV[r];\n"
"	if (R[r * 6 + 1] > 0) s += '<br>thread ' + esc(comm(R[r * 6 + 1])) + ' ' + R[r * 6 + 1];\n"
"	if (R[r * 6 + 2] >= 0) s += ', CPU ' + R[r * 6 + 2];\n"
"	if (a) for (var key in a) s += '<br>' + esc(key) + ' = ' + esc(JSON.stringify(a[key]));\n"
"	return s;\n"
"}\n"
"function esc(s) {\n"
"	return String(s).replace(/[&<>\"]/g, function (c) {\n"
"		return { '&': '&amp;', '<': '&lt;', '>': '&gt;', '\"': '&quot;' }[c];\n"
"	});\n"
"}\n"
"var drag = null;\n"
"cv.addEventListener('mousedown', function (e) { drag = { x: e.clientX, t0: t0, t1: t1, moved: false }; });\n"
"window.addEventListener('mouseup', function (e) {\n"
"	if (drag && !drag.moved) {\n"
"		var b = cv.getBoundingClientRect();\n"
"		sel = hit(e.clientX - b.left, e.clientY - b.top);\n"
"		info.innerHTML = sel >= 0 ? describe(sel) : 'Click a slice or a mark for its fields.';\n"
"		draw();\n"
"	}\n"
"	drag = null;\n"
"});\n"
"cv.addEventListener('mousemove', function (e) {\n"
"	var b = cv.getBoundingClientRect(), x = e.clientX - b.left, y = e.clientY - b.top;\n"
"	if (drag) {\n"
"		var dx = e.clientX - drag.x;\n"
"		if (Math.abs(dx) > 2) drag.moved = true;\n"
"		var d = dx * (drag.t1 - drag.t0) / (W - LABEL);\n"
"		t0 = drag.t0 - d; t1 = drag.t1 - d; clamp(); draw();\n"
"		return;\n"
"	}\n"
"	var r = hit(x, y);\n"
"	if (r < 0) { tip.style.display = 'none'; return; }\n"
"	tip.innerHTML = describe(r);\n"
"	tip.style.display = 'block';\n"
"	tip.style.left = Math.min(e.clientX + 12, window.innerWidth - 320) + 'px';\n"
"	tip.style.top = (e.clientY + 14) + 'px';\n"
"});\n"
"cv.addEventListener('mouseleave', function () { tip.style.display = 'none'; });\n"
"cv.addEventListener('wheel', function (e) {\n"
"	var b = cv.getBoundingClientRect(), x = e.clientX - b.left;\n"
"	if (e.shiftKey) { pan(e.deltaY > 0 ? 0.1 : -0.1); e.preventDefault(); return; }\n"
"	if (x < LABEL) return;\n"
"	zoom(e.deltaY > 0 ? 1.25 : 0.8, T(x));\n"
"	e.preventDefault();\n"
"}, { passive: false });\n"
"wrap.addEventListener('scroll', draw);\n"
"window.addEventListener('resize', resize);\n"
"window.addEventListener('keydown', function (e) {\n"
"	if (e.target === q) return;\n"
"	var c = e.key;\n"
"	if (c === 'w' || c === 'W' || c === '+' || c === '=') zoom(0.8);\n"
"	else if (c === 's' || c === 'S' || c === '-') zoom(1.25);\n"
"	else if (c === 'a' || c === 'A' || c === 'ArrowLeft') pan(-0.15);\n"
"	else if (c === 'd' || c === 'D' || c === 'ArrowRight') pan(0.15);\n"
"	else if (c === '0' || c === 'Home') { t0 = 0; t1 = Math.max(D.dur, 1); draw(); }\n"
"	else if (c === '/') { q.focus(); e.preventDefault(); }\n"
"	else return;\n"
"});\n"
"function search() {\n"
"	var s = q.value.toLowerCase();\n"
"	match = null; matches = []; mi = -1;\n"
"	if (s) {\n"
"		match = new Uint8Array(N);\n"
"		for (var r = 0; r < N; r++) {\n"
"			var a = D.recidx[r], txt = name(r).toLowerCase();\n"
"			if (txt.indexOf(s) >= 0 || (a >= 0 && D.argtext[a].toLowerCase().indexOf(s) >= 0)) {\n"
"				match[r] = 1; matches.push(r);\n"
"			}\n"
"		}\n"
"		matches.sort(byStart);\n"
"	}\n"
"	qn.textContent = s ? matches.length + ' found' : '';\n"
"	draw();\n"
"}\n"
"q.addEventListener('input', search);\n"
"q.addEventListener('keydown', function (e) {\n"
"	if (e.key !== 'Enter' || !matches.length) return;\n"
"	mi = (mi + 1) % matches.length;\n"
"	var r = matches[mi], span = Math.max(t1 - t0, 1), c = st(r) + R[r * 6 + 4] / 2;\n"
"	t0 = c - span / 2; t1 = c + span / 2; clamp();\n"
"	sel = r; info.innerHTML = describe(r);\n"
"	var l = R[r * 6] === 0 || !(R[r * 6 + 1] > 0) ? lanes[R[r * 6 + 2]] : byTid[R[r * 6 + 1]];\n"
"	if (l) wrap.scrollTop = Math.max(0, l.y - wrap.clientHeight / 2);\n"
"	draw();\n"
"});\n"
"/*\n"
" * The URL's query, applied as the UI applies them: t0 and t1 the window\n"
" * shown (ns since the first event), s a search as typed, sel a record\n"
" * (its index in the data's recs) selected as a click on it selects it.\n"
" */\n"
"function fromQuery(str) {\n"
"	var p = new URLSearchParams(str), a, b, r;\n"
"	if (p.has('t0') || p.has('t1')) {\n"
"		a = Number(p.get('t0')); b = p.has('t1') ? Number(p.get('t1')) : t1;\n"
"		if (b > a) { t0 = a; t1 = b; clamp(); }\n"
"	}\n"
"	if (p.has('s')) { q.value = p.get('s'); search(); }\n"
"	r = /^[0-9]+$/.test(p.get('sel')) ? Number(p.get('sel')) : -1;\n"
"	if (r >= 0 && r < N) { sel = r; info.innerHTML = describe(r); }\n"
"	draw();\n"
"}\n"
"D.argtext = D.args.map(function (a) { return JSON.stringify(a); });\n"
"window.ferretTimeline = { lanes: lanes, zoom: zoom, pan: pan, search: search,\n"
"	view: function () { return [t0, t1]; }, hit: hit, describe: describe };\n"
"resize();\n"
"fromQuery(window.location.search);\n"
"/* Milliseconds from navigation to the first view drawn (bench/record.sh). */\n"
"document.body.setAttribute('data-drawn-ms', String(Math.round(performance.now())));\n"
"})();\n";

static void html_text(struct buf *b, const char *s)
{
	for (; *s; s++) {
		if (*s == '<')
			buf_printf(b, "&lt;");
		else if (*s == '>')
			buf_printf(b, "&gt;");
		else if (*s == '&')
			buf_printf(b, "&amp;");
		else if (*s == '"')
			buf_printf(b, "&quot;");
		else
			buf_put(b, s, 1);
	}
}

static void flush(FILE *f, struct buf *b, bool force)
{
	if (b->len && (force || b->len > 1 << 16)) {
		fwrite(b->p, 1, b->len, f);
		b->len = 0;
	}
}

struct call {
	uint64_t start, end;
	size_t rec;
	int32_t tid;
};

static int call_cmp(const void *a, const void *b)
{
	const struct call *x = a, *y = b;

	if (x->tid != y->tid)
		return x->tid < y->tid ? -1 : 1;
	if (x->start != y->start)
		return x->start < y->start ? -1 : 1;
	/* Of two calls starting together, the longer holds the other. */
	if (x->end != y->end)
		return x->end > y->end ? -1 : 1;
	return x->rec < y->rec ? -1 : x->rec > y->rec;
}

/*
 * The "calls" pairs: each function call's record and its level, the
 * number of its thread's calls still open when it starts (those that
 * contain it, as the Chrome viewers nest complete events).
 */
static void put_levels(FILE *f, struct buf *b, const struct rp_model *m)
{
	struct call *c;
	uint64_t *open = NULL;
	size_t i, n = 0, depth = 0, cap = 0;

	for (i = 0; i < m->n; i++)
		n += m->s[i].kind == RP_FUNC && m->s[i].tid > 0;
	if (!n)
		return;
	c = xcalloc(n, sizeof(*c));
	for (i = 0, n = 0; i < m->n; i++)
		if (m->s[i].kind == RP_FUNC && m->s[i].tid > 0)
			c[n++] = (struct call){ m->s[i].start, m->s[i].end, i, m->s[i].tid };
	qsort(c, n, sizeof(*c), call_cmp);
	for (i = 0; i < n; i++) {
		if (i && c[i].tid != c[i - 1].tid)
			depth = 0;
		while (depth && open[depth - 1] <= c[i].start)
			depth--;
		if (i)
			buf_put(b, ",", 1);
		buf_put_udec(b, c[i].rec, 0);
		buf_put(b, ",", 1);
		buf_put_udec(b, depth, 0);
		if (depth == cap) {
			cap = cap ? 2 * cap : 16;
			open = xrealloc(open, cap * sizeof(*open));
		}
		open[depth++] = c[i].end;
		flush(f, b, false);
	}
	free(open);
	free(c);
}

void timeline_write(FILE *f, const struct rp_model *m, const char *title)
{
	struct buf b = { 0 };
	size_t i;
	int64_t nargs = 0;
	uint32_t k;
	int t;

	buf_printf(&b, "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>");
	html_text(&b, title);
	buf_printf(&b, " - ferret timeline</title>\n<style>\n%s</style>\n</head>\n<body>\n", page_css);
	buf_printf(&b, "<div id=\"bar\"><h1>");
	html_text(&b, title);
	buf_printf(&b, "</h1><input id=\"q\" placeholder=\"search (/)\" size=\"24\"><span id=\"qn\"></span>"
		   "<span id=\"view\" title=\"the window shown\"></span>"
		   "<span><span class=\"key\" style=\"background:#3f9f4f\"></span>running"
		   "<span class=\"key\" style=\"background:#e9a23b\"></span>runnable"
		   "<span class=\"key\" style=\"background:#c9ccd6\"></span>blocked"
		   "<span class=\"key\" style=\"background:#4d7cc7\"></span>syscall"
		   "<span class=\"key\" style=\"background:#c0392b\"></span>event</span>"
		   "<span class=\"keys\">wheel/W/S zoom, drag/A/D pan, 0 all, Enter next match</span></div>\n"
		   "<div id=\"wrap\"><canvas id=\"cv\"></canvas></div>\n"
		   "<div id=\"info\">Click a slice or a mark for its fields.</div>\n<div id=\"tip\"></div>\n");
	buf_printf(&b, "<script type=\"application/json\" id=\"" TIMELINE_DATA_ID "\">\n{\"title\":");
	rp_json_str(&b, title, strlen(title));
	buf_printf(&b, ",\"dur\":%llu,\"ncpus\":%d,\"lost\":%llu,\"events\":%llu,\n\"threads\":[",
		   (unsigned long long)(m->t1 - m->t0), m->ncpus,
		   (unsigned long long)m->lost, (unsigned long long)m->events);
	for (t = 0; t < m->nthreads; t++) {
		buf_printf(&b, "%s[%d,%d,", t ? "," : "", m->threads[t].tid, m->threads[t].pid);
		rp_json_str(&b, m->threads[t].comm, strlen(m->threads[t].comm));
		buf_put(&b, "]", 1);
	}
	buf_printf(&b, "],\n\"names\":[");
	for (k = 0; k < m->nnames; k++) {
		if (k)
			buf_put(&b, ",", 1);
		rp_json_str(&b, m->names[k], strlen(m->names[k]));
	}
	buf_printf(&b, "],\n\"recs\":[");
	for (i = 0; i < m->n; i++) {
		const struct rp_slice *s = &m->s[i];

		/* Millions of these: put without parsing a format. */
		if (i)
			buf_put(&b, ",\n", 2);
		buf_put_udec(&b, s->kind, 0);
		buf_put(&b, ",", 1);
		buf_put_sdec(&b, s->tid);
		buf_put(&b, ",", 1);
		buf_put_sdec(&b, s->cpu);
		buf_put(&b, ",", 1);
		buf_put_udec(&b, s->start - m->t0, 0);
		buf_put(&b, ",", 1);
		buf_put_udec(&b, s->end - s->start, 0);
		buf_put(&b, ",", 1);
		buf_put_udec(&b, s->name, 0);
		flush(f, &b, false);
	}
	buf_printf(&b, "],\n\"recidx\":[");
	for (i = 0; i < m->n; i++) {
		if (i)
			buf_put(&b, ",", 1);
		buf_put_sdec(&b, m->s[i].args >= 0 ? nargs : -1);
		if (m->s[i].args >= 0)
			nargs++;
		flush(f, &b, false);
	}
	buf_printf(&b, "],\n\"args\":[");
	for (i = 0, nargs = 0; i < m->n; i++) {
		if (m->s[i].args < 0)
			continue;
		if (nargs++)
			buf_put(&b, ",\n", 2);
		buf_puts(&b, m->text.p + m->s[i].args);
		flush(f, &b, false);
	}
	buf_printf(&b, "],\n\"calls\":[");
	put_levels(f, &b, m);
	buf_printf(&b, "]}\n</script>\n<script>\n%s</script>\n</body>\n</html>\n", page_js);
	flush(f, &b, true);
	buf_free(&b);
}
