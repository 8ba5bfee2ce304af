import net from 'node:net';

/**
 * A TCP proxy in front of a server, to take it away and bring it back without touching the server
 * itself (a PostgreSQL restart as the app sees it, while other tests keep using the real one).
 */
export async function startTcpProxy(target: { host: string; port: number }) {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const upstream = net.connect(target.port, target.host);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
      // One side failing ends the other: what a client sees when its server goes away.
      socket.on('error', () => {
        client.destroy();
        upstream.destroy();
      });
    }
    client.pipe(upstream);
    upstream.pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as net.AddressInfo).port;
  const listen = () => new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const stop = () =>
    new Promise<void>((resolve) => {
      for (const socket of sockets) socket.destroy();
      server.close(() => resolve());
    });

  return {
    port,
    /** Every open connection is cut and new ones are refused (ECONNREFUSED) until `restore`. */
    cut: stop,
    restore: listen,
    /** How many connections pass through now. */
    get connections() {
      return sockets.size / 2;
    },
    close: stop,
  };
}
