import type { Instrumentation } from 'next';

// Runs once when the server starts; the Node-only work lives in its own module so the Edge
// compilation of this file stays free of Node APIs.
export async function register() {
  if (process.env.NEXT_RUNTIME === 'nodejs') {
    // Before any request: clientAddress() reads the TCP peer from the header this stamps.
    const { installPeerAddress } = await import('@/lib/http');
    installPeerAddress();
    // Before any request: lower layers' ports answered by the features above them (lib/wiring.ts).
    const { wirePorts } = await import('./lib/wiring');
    wirePorts();
    const { checkStartup, stopBackgroundWork } = await import('./lib/startup');
    await checkStartup();
    // A production instance stops gracefully on SIGTERM (README "Deploy"); `next dev` keeps its own.
    if (process.env.NODE_ENV === 'production') {
      const { installGracefulStop } = await import('@/lib/http');
      installGracefulStop({ onStop: stopBackgroundWork });
    }
  }
}

// Errors no route wrapper caught (a page's render, a server action): one line with the request's id
// (proxy.ts set it as a request header) and the route, never the request's headers or body.
export const onRequestError: Instrumentation.onRequestError = async (error, request, context) => {
  if (process.env.NEXT_RUNTIME !== 'nodejs') return;
  const { log } = await import('./lib/log');
  const id = request.headers['x-request-id'];
  log.error(
    {
      requestId: typeof id === 'string' ? id : undefined,
      method: request.method,
      path: request.path.split('?')[0],
      route: context.routePath,
      routeType: context.routeType,
      err: error,
    },
    'unhandled error',
  );
};
