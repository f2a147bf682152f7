// Local stand-ins for a developer's own servers in the developer portal scenarios: an https
// webhook receiver (self-signed certificate; the server runs with WEBHOOKS_ALLOW_PRIVATE) and
// an http page an installation redirects to.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer as createHttpServer } from 'node:http';
import type { IncomingMessage, Server } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface Receiver {
  url: string;
  /** Bodies received so far (webhooks) or query strings (redirects). */
  received: string[];
  close: () => Promise<void>;
}

const selfSigned = (): { key: Buffer; cert: Buffer } => {
  const dir = mkdtempSync(join(tmpdir(), 'nindo-e2e-tls-'));
  try {
    execFileSync('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '1', '-subj', '/CN=127.0.0.1',
      '-keyout', join(dir, 'key.pem'), '-out', join(dir, 'cert.pem')], { stdio: 'ignore' });
    return { key: readFileSync(join(dir, 'key.pem')), cert: readFileSync(join(dir, 'cert.pem')) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
};

const bodyOf = (req: IncomingMessage): Promise<string> =>
  new Promise((done) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => done(Buffer.concat(chunks).toString('utf8')));
  });

const listen = (server: Server, scheme: string, path: string, received: string[]): Promise<Receiver> =>
  new Promise((done) => {
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      done({ url: `${scheme}://127.0.0.1:${port}${path}`, received, close: () => new Promise((closed) => server.close(() => closed())) });
    });
  });

export function webhookReceiver(): Promise<Receiver> {
  const received: string[] = [];
  const server = createHttpsServer(selfSigned(), (req, res) => {
    void bodyOf(req).then((body) => {
      received.push(body);
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
    });
  });
  return listen(server, 'https', '/hooks', received);
}

export function redirectReceiver(): Promise<Receiver> {
  const received: string[] = [];
  const server = createHttpServer((req, res) => {
    received.push(req.url ?? '');
    res.writeHead(200, { 'content-type': 'text/html' }).end('<h1>Installed in the developer app</h1>');
  });
  return listen(server, 'http', '/callback', received);
}
