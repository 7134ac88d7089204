import http from 'node:http';

// A JSON request over a kept-alive agent, as the emulator benchmarks drive a server: the answer's
// status and parsed body. `bearer` sends the token as `Bearer <t>`; without it the bare token goes,
// as the real service takes it.

export interface Answer {
  status: number;
  body: { code: number; response: Record<string, unknown> | null };
}

export function jsonRequest(agent: http.Agent, { bearer }: { bearer: boolean }) {
  return (url: string, method: string, body?: unknown, token?: string): Promise<Answer> =>
    new Promise((resolve, reject) => {
      const text = body === undefined ? undefined : JSON.stringify(body);
      const req = http.request(
        url,
        {
          method,
          agent,
          headers: {
            accept: 'application/json',
            ...(text !== undefined && {
              'content-type': 'application/json',
              'content-length': Buffer.byteLength(text),
            }),
            ...(token && { authorization: bearer ? `Bearer ${token}` : token }),
          },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () => {
            try {
              resolve({ status: res.statusCode ?? 0, body: JSON.parse(Buffer.concat(chunks).toString('utf8')) });
            } catch (error) {
              reject(error);
            }
          });
        },
      );
      req.on('error', reject);
      req.end(text);
    });
}
