// `npm run operators -- add <email> --role viewer|refunder|admin`: adds an operator of the
// console (/ops) and prints a one-time password, to be changed at first sign-in. `list` lists them.
// Run with the react-server condition, so the app's server-only modules load outside Next.
import { parseArgs } from 'node:util';
import { runCommand } from '@/lib/db';
import { addOperator, listOperators, OperatorExistsError } from '@/lib/ops';
import { OPERATOR_ROLES, type OperatorRole } from '@/lib/ops/client';

const usage = `usage: npm run operators -- add <email> --role ${OPERATOR_ROLES.join('|')}
       npm run operators -- list`;

/** The arguments, or the usage and exit 2 for an option it does not know (`--help`: the usage, exit 0). */
function args() {
  if (process.argv.slice(2).some((arg) => arg === '--help' || arg === '-h')) {
    console.log(usage);
    process.exit(0);
  }
  try {
    return parseArgs({ allowPositionals: true, options: { role: { type: 'string' } } });
  } catch (error) {
    console.error(`${(error as Error).message}\n${usage}`);
    process.exit(2);
  }
}
const { positionals, values } = args();
const [command, email] = positionals;

const role = values.role as OperatorRole | undefined;
const adding =
  command === 'add' && !!email && /^[^@\s]+@[^@\s]+$/.test(email) && !!role && OPERATOR_ROLES.includes(role);
if (command !== 'list' && !adding) {
  console.error(usage);
  process.exit(2);
}

await runCommand('operators', async () => {
  if (command === 'list') {
    for (const operator of await listOperators()) console.log(`${operator.email}\t${operator.role}`);
    return 0;
  }
  try {
    const { operator, password } = await addOperator(email as string, role as OperatorRole);
    console.log(`operator ${operator.email} (${operator.role}) added.`);
    console.log(`one-time password: ${password}`);
    console.log('It is shown only now; it must be changed at the first sign-in at /ops/signin.');
    return 0;
  } catch (error) {
    if (!(error instanceof OperatorExistsError)) throw error;
    console.error(`an operator ${email} already exists`);
    return 1;
  }
});
