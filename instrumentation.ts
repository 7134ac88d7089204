// Runs once when the server starts; the Node-only work lives in its own module so the Edge
// compilation of this file stays free of Node APIs.
export async function register() {
  if (process.env.NEXT_RUNTIME === 'nodejs') {
    // Before any request: clientAddress() reads the TCP peer from the header this stamps.
    const { installPeerAddress } = await import('./lib/http/peer-address');
    installPeerAddress();
    const { checkStartup, stopBackgroundWork } = await import('./lib/startup');
    await checkStartup();
    // A production instance stops gracefully on SIGTERM (README "Deploy"); `next dev` keeps its own.
    if (process.env.NODE_ENV === 'production') {
      const { installGracefulStop } = await import('./lib/http/graceful-stop');
      installGracefulStop({ onStop: stopBackgroundWork });
    }
  }
}
