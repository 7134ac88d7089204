// Runs once when the server starts; the Node-only work lives in its own module so the Edge
// compilation of this file stays free of Node APIs.
export async function register() {
  if (process.env.NEXT_RUNTIME === 'nodejs') {
    // Before any request: clientAddress() reads the TCP peer from the header this stamps.
    const { installPeerAddress } = await import('./lib/http/peer-address');
    installPeerAddress();
    const { checkStartup } = await import('./lib/startup');
    await checkStartup();
  }
}
