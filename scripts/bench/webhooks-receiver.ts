// Child process of the webhooks bench: an HTTPS receiver with a throwaway self-signed
// certificate that answers 204 at once, so the delivery side has a core of its own.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const port = Number(process.argv[2]);
const dir = mkdtempSync(join(tmpdir(), 'nindo-bench-cert-'));
execFileSync('openssl', [
  'req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes',
  '-keyout', join(dir, 'key.pem'), '-out', join(dir, 'cert.pem'), '-days', '1', '-subj', '/CN=localhost',
], { stdio: 'ignore' });
const server = createServer({ key: readFileSync(join(dir, 'key.pem')), cert: readFileSync(join(dir, 'cert.pem')) }, (req, res) => {
  req.resume();
  req.on('end', () => {
    res.writeHead(204);
    res.end();
  });
});
server.keepAliveTimeout = 30_000;
server.listen(port, '127.0.0.1', () => console.log('ready'));
process.on('SIGTERM', () => {
  rmSync(dir, { recursive: true, force: true });
  server.closeAllConnections();
  server.close(() => process.exit(0));
});
