// A child of the live-tail bench (live-tail.ts): holds one raw, unsubscribed Server-Sent Events
// stream per app named in the file argv[3] on the instance at argv[2], so the bench process
// itself stays under the machine's open-file limit with 10,000 apps on each of two instances.
// Prints `open N` once every stream answered, then holds them until it is killed.
import { readFileSync } from 'node:fs';
import { request } from 'node:http';

const [url, file] = process.argv.slice(2);
const appIds = readFileSync(file, 'utf8').split('\n').filter(Boolean);
const BATCH = 200;

const openOne = (appId: string): Promise<void> =>
  new Promise((resolve, reject) => {
    const req = request(`${url}/api/v1/data/${appId}/live`, { agent: false, headers: { accept: 'text/event-stream' } }, (res) => {
      if (res.statusCode !== 200) return reject(new Error(`stream of ${appId}: ${res.statusCode}`));
      res.once('data', () => resolve());
    });
    req.on('error', reject);
    req.end();
  });

async function main(): Promise<void> {
  for (let start = 0; start < appIds.length; start += BATCH) await Promise.all(appIds.slice(start, start + BATCH).map(openOne));
  console.log(`open ${appIds.length}`);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
