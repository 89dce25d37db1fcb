// `npm run bench`: runs every benchmark in tests/bench; each prints its figures as ratios to a baseline of the same run.
import { run as repairOrdersList } from './repair-orders-list.bench';

const benches: [string, () => Promise<void>][] = [['repair-orders-list', repairOrdersList]];

for (const [name, bench] of benches) {
  console.log(`\n▶ ${name}`);
  await bench();
}
