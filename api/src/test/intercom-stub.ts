import http from 'node:http';
import type { AddressInfo } from 'node:net';

export type StubMode = 'ok' | 'error' | 'hang';

export interface StubCall {
  path: string;
  authorization: string | undefined;
  body: any;
}

/** A local stand-in for the messaging service's REST API, so tests exercise the real HTTP client. */
export async function startIntercomStub() {
  let mode: StubMode = 'ok';
  const calls: StubCall[] = [];
  const knownEmails = new Map<string, string>();
  const hanging = new Set<http.ServerResponse>();

  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk) => (raw += chunk));
    req.on('end', () => {
      const body = raw ? JSON.parse(raw) : null;
      calls.push({ path: req.url ?? '', authorization: req.headers.authorization, body });
      if (mode === 'hang') {
        hanging.add(res);
        return;
      }
      if (mode === 'error') {
        res.writeHead(500, { 'Content-Type': 'application/json' }).end('{"type":"error.list"}');
        return;
      }
      res.setHeader('Content-Type', 'application/json');
      if (req.url === '/contacts/search') {
        const id = knownEmails.get(body.query.value);
        res.end(JSON.stringify({ type: 'list', data: id ? [{ id }] : [] }));
      } else if (req.url === '/contacts') {
        const id = `lead_${knownEmails.size + 1}`;
        knownEmails.set(body.email, id);
        res.end(JSON.stringify({ type: 'contact', id }));
      } else if (req.url === '/conversations') {
        res.end(JSON.stringify({ type: 'user_message', id: 'msg_1', conversation_id: `conv_${calls.length}` }));
      } else {
        res.writeHead(404).end('{}');
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    calls,
    knownEmails,
    setMode(next: StubMode) {
      mode = next;
    },
    async close() {
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
