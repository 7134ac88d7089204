// `npm run soak:emulator [cases] [seed]`: the fuzzer at length (default 10,000 cases), for the
// figure in docs/emulator.md. Exits non-zero, with the seed and the shrunk request, on the first breach.
import { fuzzEmulator } from './run';

const cases = Number(process.argv[2] ?? 10_000);
const seed = process.argv[3] === undefined ? undefined : Number(process.argv[3]);
const report = await fuzzEmulator(cases, { seed });
const statuses = Object.entries(report.statuses)
  .sort()
  .map(([kind, n]) => `${kind} ${n}`)
  .join(', ');
console.log(
  `✔ ${report.cases} cases in ${report.seconds.toFixed(1)} s: 0 crashes, 0 breaches of the contract, 0 5xx (${statuses})`,
);
