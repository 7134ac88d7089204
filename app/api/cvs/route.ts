import { readJson } from '@/lib/http';
import { issueBarcode, productOrderBody, toOrderSummary } from '@/lib/orders';
import { route } from '@/lib/routes';

// POST /api/cvs — issue a convenience-store barcode for a product (deprecated by the service)
export const POST = route.customer(
  async (request, { user }) => {
    const body = await readJson(request, productOrderBody);
    // The same-origin check has vouched for Origin: it is the address the customer (and so the service) can reach.
    const confirmUrl = new URL('/api/cvs/confirm', request.headers.get('origin') ?? request.url).toString();
    return Response.json({ order: toOrderSummary(await issueBarcode(user, body, confirmUrl)) });
  },
  { sameOrigin: true },
);
