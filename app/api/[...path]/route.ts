import { notFound } from '@/lib/http';
import { route } from '@/lib/routes';

// Any method on /api/… that no API route serves: 404 in the one error shape, with the security
// headers and the request id of every API answer (API routes do not pass proxy.ts, whose headers
// Next's not-found page would otherwise have carried).
const missing = route(async () => {
  throw notFound('요청한 주소의 API가 없습니다.');
});

// GET /api/… — no such API route
export const GET = missing;
// POST /api/… — no such API route
export const POST = missing;
// PUT /api/… — no such API route
export const PUT = missing;
// PATCH /api/… — no such API route
export const PATCH = missing;
// DELETE /api/… — no such API route
export const DELETE = missing;
