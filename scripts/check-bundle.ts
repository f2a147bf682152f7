// Load budgets of the web build, checked in CI after `npm run build`: each page of BUDGETS
// (scripts/first-load.ts) is opened in headless Chromium against the built server, and the
// JavaScript it receives until the network is quiet (bytes on the wire: brotli bodies and
// headers) must stay within its budget. Fails too when a script is sent uncompressed (the build's
// precompressed files missing), or when a sign-in page receives AG Grid, ECharts, zxcvbn or
// dnd-kit (they belong to the screens that use them, loaded lazily). docs/serving.md,
// "First-load JavaScript".
// Usage: npm run build && tsx scripts/check-bundle.ts
import { KB, measureFirstLoads, scriptText } from './first-load';

/** Pages that must stay light: none of the heavy libraries may reach them. */
const LIGHT = /^(\/developer)?\/(login|signup|forgot)$/;

// Text of each library that survives minification.
const HEAVY: { library: string; signature: RegExp }[] = [
  { library: 'AG Grid', signature: /ag-root-wrapper/ },
  { library: 'ECharts', signature: /zrUtil|zrender/ },
  { library: 'zxcvbn', signature: /bruteforce|qwertz/ },
  { library: 'dnd-kit', signature: /To pick up a draggable item/ },
];
/** Below this size a script is sent as it is (web/precompress.ts, the server's compression floor). */
const COMPRESSED_FROM_BYTES = 1024;

const kb = (bytes: number): string => (bytes / KB).toFixed(1);

async function main(): Promise<void> {
  const loads = await measureFirstLoads();
  let failures = 0;
  const fail = (message: string): void => {
    failures += 1;
    console.error(`FAIL ${message}`);
  };
  const row = (cells: string[]): string => cells.map((cell, i) => (i === 0 ? cell.padEnd(40) : cell.padStart(10))).join('');
  console.log(row(['page (JavaScript received)', 'scripts', 'kB', 'budget']));
  for (const { page, finalPath, scripts, bytes } of loads) {
    console.log(row([page.name, String(scripts.length), kb(bytes), String(page.budgetKb)]));
    if (finalPath !== page.path) fail(`${page.name}: ended on ${finalPath}, not ${page.path}`);
    if (bytes > page.budgetKb * KB) {
      fail(`${page.name} receives ${kb(bytes)} kB of JavaScript (budget ${page.budgetKb} kB):`);
      for (const script of scripts) console.error(`  ${kb(script.bytes).padStart(7)} kB  ${script.path}`);
    }
    for (const script of scripts) {
      if (script.encoding === '' && Buffer.byteLength(scriptText(script.path)) >= COMPRESSED_FROM_BYTES) fail(`${page.name}: ${script.path} is sent uncompressed`);
      if (!LIGHT.test(page.path)) continue;
      for (const heavy of HEAVY) if (heavy.signature.test(scriptText(script.path))) fail(`${page.name} receives ${heavy.library} (${script.path})`);
    }
  }
  console.log('kB: every script response until the network is quiet, as Chromium received it (compressed body and headers).');
  if (failures > 0) process.exit(1);
  console.log('OK: budgets held; the sign-in pages receive no AG Grid, ECharts, zxcvbn or dnd-kit');
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
