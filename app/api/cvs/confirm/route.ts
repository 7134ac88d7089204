import { readJson } from '@/lib/http/body';
import { route } from '@/lib/http/handler';
import { allowCollection } from '@/lib/orders/cvs';
import { collectionCheckBody } from '@/lib/orders/requests';

// POST /api/cvs/confirm — the service asks before a store collects a barcode: 200 allows, anything else refuses
export const POST = route(async (request) => {
  const { response } = await readJson(request, collectionCheckBody);
  return (await allowCollection(response.imp_uid))
    ? Response.json({ allowed: true })
    : Response.json({ allowed: false }, { status: 409 });
});
