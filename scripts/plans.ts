// `npm run plans -- set-price <plan> <amount> --from <YYYY-MM-DD>`: a new price for a plan from
// that day (00:00 in Korea), at least 30 days ahead on the service's clock; every subscriber is
// asked for consent, and nobody is charged the new price without it. `npm run plans -- list`
// prints the catalogue's versions. Run with the react-server condition (server-only modules).
import { runCommand } from '@/lib/db';
import { AppError, serviceUnavailable } from '@/lib/http';
import { IamportError } from '@/lib/iamport';
import { kstDayStart, listPlans, priceVersions, setPlanPrice } from '@/lib/subscriptions';

const USAGE = 'usage: npm run plans -- set-price <plan> <amount> --from <YYYY-MM-DD> | npm run plans -- list';

async function main(args: string[]): Promise<number> {
  const [command, ...rest] = args;
  if (command === 'list') {
    for (const plan of listPlans()) {
      for (const version of await priceVersions(plan.id)) {
        console.log(
          `${plan.id} v${version.version}: ${version.amount}원 from ${new Date(version.effectiveFrom * 1000).toISOString()}`,
        );
      }
    }
    return 0;
  }
  const fromAt = rest.indexOf('--from');
  const [planId, amountText] = rest.filter((_, i) => i !== fromAt && i !== fromAt + 1);
  const from = fromAt >= 0 ? kstDayStart(rest[fromAt + 1] ?? '') : undefined;
  const amount = Number(amountText);
  if (command !== 'set-price' || !planId || !Number.isInteger(amount) || from === undefined) {
    console.error(USAGE);
    return 2;
  }
  try {
    const price = await setPlanPrice(planId, amount, from);
    console.log(
      `${planId} v${price.version}: ${price.amount}원 from ${new Date(from * 1000).toISOString()}; subscribers asked for consent`,
    );
    return 0;
  } catch (error) {
    // The service out of reach while bookings were re-decided: its Korean message, not a stack.
    const refused = error instanceof IamportError ? serviceUnavailable() : error;
    if (!(refused instanceof AppError)) throw refused;
    console.error(refused.message);
    return 1;
  }
}

await runCommand('plans', () => main(process.argv.slice(2)));
