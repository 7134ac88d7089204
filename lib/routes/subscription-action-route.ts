import 'server-only';
import { readJson } from '@/lib/http';
import type { Operator } from '@/lib/ops';
import { noteBody, subscriptionIdParam } from '@/lib/ops';
import { route } from './route';

/** One of the console's actions on a subscription (lib/ops/subscriptions/actions.ts), with the operator's note. */
type SubscriptionAction = (operator: Operator, id: string, note: string) => Promise<object>;

/**
 * The route of an action at /api/ops/subscriptions/{id}/…: admin only, same origin, the note from
 * the body; answers `{ done: true, …the action's result }`. Each URL is one line with its action.
 */
export const subscriptionActionRoute = (action: SubscriptionAction) =>
  route.operator(
    'admin',
    async (request, { operator, params }) => {
      const { note } = await readJson(request, noteBody);
      return Response.json({ done: true, ...(await action(operator, params.id, note)) });
    },
    { sameOrigin: true, params: { id: subscriptionIdParam } },
  );
