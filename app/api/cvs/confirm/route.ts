import { conflict, readJson } from '@/lib/http';
import { allowCollection, collectionCheckBody } from '@/lib/orders';
import { route } from '@/lib/routes';

// POST /api/cvs/confirm — the service asks before a store collects a barcode: 200 allows, anything
// else refuses (the service reads only the status: spec, Events, rule 2); a refusal has the error shape.
export const POST = route(async (request) => {
  const { response } = await readJson(request, collectionCheckBody);
  if (!(await allowCollection(response.imp_uid))) {
    throw conflict(
      'collection_refused',
      '수납할 수 없는 결제입니다: 결제를 기다리는 주문이 없거나 금액이 맞지 않습니다.',
    );
  }
  return Response.json({ allowed: true });
});
