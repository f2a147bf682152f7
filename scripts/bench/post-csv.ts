// A CSV file streamed to an import path as the demo developer, as the Documents tab's import sends it.
import { createReadStream, statSync } from 'node:fs';
import { request } from 'node:http';
import { sessionCookie } from './app-users-data';

export function postCsv({ port, path, file }: { port: number; path: string; file: string }): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const headers = { cookie: sessionCookie(), 'content-type': 'text/csv', 'content-length': statSync(file).size };
    const req = request({ host: '127.0.0.1', port, path, method: 'POST', headers }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    createReadStream(file).pipe(req);
  });
}
