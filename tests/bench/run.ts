// `npm run bench`: runs every benchmark in tests/bench; each prints its figures as ratios to a baseline of the same run.
import { run as bundle } from './bundle/bench';
import { run as childLines } from './child-lines/bench';
import { run as recordPage } from './record-page/bench';
import { run as reports } from './reports/bench';
import { run as excel } from './excel/bench';
import { run as formKeystroke } from './form-keystroke/bench';
import { run as load } from './load/bench';
import { run as menuClick } from './menu-click/bench';
import { run as repairOrdersList } from './repair-orders-list.bench';
import { run as screenEditor } from './screen-editor/bench';
import { run as table } from './table/bench';

const benches: [string, () => Promise<void>][] = [
  ['bundle', bundle],
  ['repair-orders-list', repairOrdersList],
  ['table', table],
  ['menu-click', menuClick],
  ['form-keystroke', formKeystroke],
  ['child-lines', childLines],
  ['record-page', recordPage],
  ['excel', excel],
  ['screen-editor', screenEditor],
  ['load', load],
  ['reports', reports],
];
const only = process.argv.slice(2);

for (const [name, bench] of benches.filter(([name]) => only.length === 0 || only.includes(name))) {
  console.log(`\n▶ ${name}`);
  await bench();
}
