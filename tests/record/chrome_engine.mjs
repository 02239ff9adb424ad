// Reads a Chrome trace-event JSON file that `ferret convert -f chrome`
// wrote with the Chrome DevTools Performance panel's trace engine (the
// npm package @paulirish/trace_engine, installed by chrome_engine.sh
// outside the repository) and prints what the engine made of it, one
// fact a line, fields separated by tabs:
//
//   engine   NAME VERSION node VERSION
//   process  PID NAME                      (process_name metadata it kept)
//   thread   PID TID NAME SLICES IN-TREE   (every thread it knows)
//   slice    PID TID NAME COUNT            (complete slices by name)
//   dropped  PID TID NAME TS WHY           (a slice its tree left out)
//   unmatched-begin / unmatched-end / mismatched-end  PID TID NAME TS
//   error    MESSAGE                       (thrown, or console.error)
//   warning  MESSAGE                       (console.warn, Warnings handler)
//   summary  key=value ...
//
// A slice is an X event or a B/E pair, as the engine turns B/E pairs
// into complete events of their thread (RendererHandler).  The engine
// builds each thread's tree (TreeHelpers.treify) from begin and
// begin + dur in floating-point microseconds and leaves out a slice
// that starts inside another and ends after it: WHY says whether that
// is so in the file's own nanoseconds ("overlap", the writer's fault)
// or only after the engine's float sum ("rounding": the slice starts at
// the very nanosecond the previous one ends).  B/E pairing is checked
// here too, per thread in file order, as the format defines it (the
// engine pairs them on one stack for all threads and quietly drops an
// unmatched end).  Instant events: the engine keeps "I" and ignores
// "i"; their count is in the summary.
//
// Exit status: 0, 1 when the engine threw or reported an error, 2 when
// the engine or the file cannot be loaded.
//   node chrome_engine.mjs NPM_PREFIX TRACE.json
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const [prefix, file] = process.argv.slice(2);
if (!prefix || !file) {
	console.error('usage: node chrome_engine.mjs NPM_PREFIX TRACE.json');
	process.exit(2);
}
const PKG = '@paulirish/trace_engine';
const out = [];
const say = (...f) => out.push(f.join('\t'));
const errors = [], warnings = [];
let pkg, TE, events;
try {
	const dir = path.join(prefix, 'node_modules', PKG);
	pkg = JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8'));
	// Node has no DOMRect; the package's own CLI defines one on import.
	const cli = path.join(dir, 'analyze-trace.mjs');
	if (fs.existsSync(cli))
		await import(pathToFileURL(cli).href);
	TE = await import(pathToFileURL(path.join(dir, pkg.main || 'models/trace/trace.js')).href);
	const json = JSON.parse(fs.readFileSync(file, 'utf8'));
	events = Array.isArray(json) ? json : json.traceEvents;
	if (!Array.isArray(events))
		throw new Error(`${file}: no traceEvents array`);
} catch (e) {
	console.error(`chrome_engine: ${e.stack || e}`);
	process.exit(2);
}
say('engine', PKG, pkg.version, 'node', process.version);

// The file's own facts, before the engine sees (and changes) the events.
const key = (e) => `${e.pid}\t${e.tid}`;
const ns = (us) => Math.round(us * 1000);
const byPhase = {};
const open = new Map();		// thread -> stack of B events
let pairs = 0, unmatched = 0, mismatched = 0;
for (const e of events) {
	byPhase[e.ph] = (byPhase[e.ph] || 0) + 1;
	if (e.ph === 'B') {
		if (!open.has(key(e)))
			open.set(key(e), []);
		open.get(key(e)).push(e);
	} else if (e.ph === 'E') {
		const st = open.get(key(e)) || [];
		const b = st.pop();
		if (!b) {
			say('unmatched-end', e.pid, e.tid, e.name ?? '', e.ts);
			unmatched++;
		} else if (e.name !== undefined && e.name !== b.name) {
			say('mismatched-end', e.pid, e.tid, e.name, e.ts, `begin ${b.name} at ${b.ts}`);
			mismatched++;
		} else {
			pairs++;
		}
	}
}
for (const st of open.values())
	for (const b of st) {
		say('unmatched-begin', b.pid, b.tid, b.name, b.ts);
		unmatched++;
	}
const fileSlices = (byPhase.X || 0) + pairs;
const inputX = new Set(events.filter((e) => e.ph === 'X'));

// The engine, as the Performance panel runs it on a loaded file: every
// handler over the events in file order, then each handler's finalize.
// (Its TraceModel.Model wrapper adds only a recording name, from
// URL.parse, which Node 18 lacks.)
const origError = console.error, origWarn = console.warn;
console.error = (...a) => errors.push(a.join(' '));
console.warn = (...a) => warnings.push(a.join(' '));
let data;
try {
	TE.Helpers.SyntheticEvents.SyntheticEventsManager.createAndActivate(events);
	const proc = TE.Processor.TraceProcessor.createWithAllHandlers();
	await proc.parse(events, {});
	data = proc.data;
	if (!data)
		throw new Error('the processor returned no data');
} catch (e) {
	errors.push(`engine threw: ${e.stack || e}`);
} finally {
	console.error = origError;
	console.warn = origWarn;
}

let engineSlices = 0, inTree = 0, rounding = 0, overlap = 0, instants = 0;
if (data) {
	const meta = data.Meta, rend = data.Renderer;
	if (!meta.traceIsGeneric)
		warnings.push('the engine took the trace for a web page\'s (traceIsGeneric false)');
	for (const [pid, ev] of meta.processNames)
		say('process', pid, ev.args?.name ?? '');
	// Every thread: named ones (thread_name metadata) and ones with events.
	const threads = new Map();
	for (const [pid, m] of meta.threadsInProcess)
		for (const [tid, ev] of m)
			threads.set(`${pid}\t${tid}`, { pid, tid, name: ev.args?.name ?? '', entries: [] });
	for (const [pid, p] of rend.processes)
		for (const [tid, t] of p.threads) {
			const k = `${pid}\t${tid}`;
			if (!threads.has(k))
				threads.set(k, { pid, tid, name: t.name ?? '', entries: [] });
			threads.get(k).entries = t.entries;
		}
	const sorted = [...threads.values()].sort((a, b) => a.pid - b.pid || a.tid - b.tid);
	for (const t of sorted) {
		const slices = t.entries.filter((e) => e.ph === 'X');
		instants += t.entries.filter((e) => e.ph === 'I').length;
		// The engine's own tree, and the same algorithm on whole ns.
		const kept = slices.filter((e) => rend.entryToNode.has(e));
		const exact = treifyNs(slices);
		for (const e of slices) {
			if (rend.entryToNode.has(e) && exact.has(e))
				continue;
			const why = exact.has(e) ? 'rounding' : 'overlap';
			if (why === 'rounding')
				rounding++;
			else
				overlap++;
			say('dropped', t.pid, t.tid, e.name, e.ts, why);
		}
		engineSlices += slices.length;
		inTree += kept.length;
		say('thread', t.pid, t.tid, t.name, slices.length, kept.length);
		const byName = new Map();
		for (const e of slices)
			byName.set(e.name, (byName.get(e.name) || 0) + 1);
		for (const [n, c] of [...byName].sort())
			say('slice', t.pid, t.tid, n, c);
	}
	for (const [ev, ws] of data.Warnings.perEvent)
		for (const w of ws)
			warnings.push(`${w}: ${ev.name} at ${ev.ts} on ${ev.pid}/${ev.tid}`);
	// An X event of the file the engine put on no thread.
	let placed = 0;
	for (const t of sorted)
		for (const e of t.entries)
			if (inputX.has(e))
				placed++;
	if (placed !== (byPhase.X || 0))
		warnings.push(`the engine placed ${placed} of the file's ${byPhase.X || 0} X events on threads`);
}

// TreeHelpers.treify's rule in the file's nanoseconds: the slices kept.
function treifyNs(slices) {
	const s = slices.map((e) => ({ e, a: ns(e.ts), z: ns(e.ts) + ns(e.dur || 0) }))
		.sort((x, y) => x.a - y.a || y.z - x.z);
	const kept = new Set(), stack = [];
	for (const n of s) {
		while (stack.length && n.a >= stack.at(-1).z)
			stack.pop();
		if (stack.length && n.z > stack.at(-1).z)
			continue;
		stack.push(n);
		kept.add(n.e);
	}
	return kept;
}

for (const m of errors)
	say('error', m.replace(/\s+/g, ' '));
for (const m of warnings)
	say('warning', m.replace(/\s+/g, ' '));
say('summary', `events=${events.length}`, `X=${byPhase.X || 0}`, `B=${byPhase.B || 0}`,
	`E=${byPhase.E || 0}`, `i=${byPhase.i || 0}`, `I=${byPhase.I || 0}`, `M=${byPhase.M || 0}`,
	`file_slices=${fileSlices}`, `engine_slices=${engineSlices}`, `in_tree=${inTree}`,
	`dropped_rounding=${rounding}`, `dropped_overlap=${overlap}`,
	`unmatched=${unmatched}`, `mismatched=${mismatched}`,
	`instants_kept=${instants}`, `instants_ignored=${(byPhase.i || 0) + (byPhase.I || 0) - instants}`,
	`errors=${errors.length}`, `warnings=${warnings.length}`);
process.stdout.write(out.join('\n') + '\n');
process.exit(errors.length ? 1 : 0);
