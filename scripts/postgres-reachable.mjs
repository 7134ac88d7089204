import net from 'node:net';

/** Whether a PostgreSQL server answers at 127.0.0.1:5432 (the test database's address). */
export function postgresReachable() {
  return new Promise((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port: 5432, timeout: 1000 });
    socket.once('connect', () => resolve(socket.end() && true));
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => resolve(socket.destroy() && false));
  });
}
