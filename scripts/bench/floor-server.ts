// Child process of the benches that measure the built server: the bare Express +
// express-openapi-validator floor (bench-app.ts, a fixed list of 20) on the given port, in a
// process of its own so that its CPU per request is read apart from the product's.
import { createBenchApp } from './bench-app';
import { benchItem } from './bench-data';
import { closeOnTerm, openBenchStore, productContext, runBenchProcess } from './bench-server-process';

async function main(): Promise<void> {
  const port = Number(process.argv[2]);
  const { dir, store } = await openBenchStore({ prefix: 'nindo-bench-floor-' });
  const ctx = await productContext({ dir, store, sessionSecret: 'bench-floor-session-secret-0123456789' });
  const fixed = Array.from({ length: 20 }, (_, k) => benchItem(k));
  const floor = createBenchApp(ctx, fixed).listen(port, () => console.log('ready'));
  closeOnTerm({ servers: [floor], store, dir });
}

runBenchProcess(main);
