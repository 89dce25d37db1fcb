// Where a server process spent its CPU under load: the self time of a V8 CPU profile (`LOAD_CPU_PROFILE` of the load
// bench writes one) summed by package or project folder and by function, as shares of the whole.
// `npx tsx tests/bench/load/profileSummary.ts <file.cpuprofile> [functions to show, 40]`.
import { readFileSync } from 'node:fs';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount?: number;
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

const [file, shown = '40'] = process.argv.slice(2);
if (!file) throw new Error('用法：profileSummary.ts <file.cpuprofile> [函数个数]');
const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile;
const byId = new Map(profile.nodes.map((n) => [n.id, n]));

// Each sample's time goes to the node it was taken in (its self time).
const self = new Map<number, number>();
profile.samples.forEach((id, i) => self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)));
const total = [...self.values()].reduce((a, b) => a + b, 0);

/** A package (node_modules/<name>), a project folder (server/http), node's own code, or V8 (GC, idle, program). */
function placeOf(url: string, name: string): string {
  if (!url) return `(${name || 'native'})`;
  const inPackage = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (inPackage) return inPackage[1]!;
  if (url.startsWith('node:')) return url;
  const project = /\/(server|schemas|tests)\/([^/]+)\//.exec(url);
  return project ? `${project[1]}/${project[2]}` : url;
}

const places = new Map<string, number>();
const functions = new Map<string, number>();
for (const [id, micros] of self) {
  const { functionName, url, lineNumber } = byId.get(id)!.callFrame;
  const place = placeOf(url, functionName);
  places.set(place, (places.get(place) ?? 0) + micros);
  const fn = `${functionName || '(anonymous)'} ${url ? `${url.replace(/^.*\/(node_modules|server|schemas|tests)\//, '$1/')}:${lineNumber + 1}` : ''}`;
  functions.set(fn, (functions.get(fn) ?? 0) + micros);
}

const share = (micros: number) => `${((100 * micros) / total).toFixed(1).padStart(5)}%  ${(micros / 1000).toFixed(0).padStart(7)} ms`;
const top = (map: Map<string, number>, n: number) => [...map].sort((a, b) => b[1] - a[1]).slice(0, n);
console.log(`${(total / 1000).toFixed(0)} ms sampled\n\nby place:`);
for (const [place, micros] of top(places, 25)) console.log(`${share(micros)}  ${place}`);
console.log('\nby function:');
for (const [fn, micros] of top(functions, Number(shown))) console.log(`${share(micros)}  ${fn}`);
