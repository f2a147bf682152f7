#!/usr/bin/env node
// nindo-data types: fetches an app's live OpenAPI document and writes its collections' types.
import { realpathSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { typesFromOpenApi } from './types-from-openapi.ts';

/** The document is built per request from the app's collections; far over this is not the server's. */
const MAX_DOCUMENT_BYTES = 20 * 1024 * 1024;
const USAGE = 'Usage: nindo-data types --url <server> --app <appId> (--secret <appSecret> | --token <token>) [--out src/nindo-types.ts]\n(or NINDO_URL, NINDO_APP_ID, NINDO_APP_SECRET)';

export async function runTypes({ url, appId, secret, token }: { url: string; appId: string; secret?: string; token?: string }): Promise<string> {
  const source = `${url.replace(/\/+$/, '')}/api/v1/data/${encodeURIComponent(appId)}/openapi.json`;
  const authorization = secret ? `Basic ${btoa(`${appId}:${secret}`)}` : `Bearer ${token ?? ''}`;
  const response = await fetch(source, { headers: { authorization, accept: 'application/json' } });
  if (!response.ok) throw new Error(`${source} answered ${response.status}.`);
  const text = await response.text();
  if (text.length > MAX_DOCUMENT_BYTES) throw new Error(`${source} answered more than ${MAX_DOCUMENT_BYTES} bytes.`);
  return typesFromOpenApi({ document: JSON.parse(text), source });
}

async function main(): Promise<void> {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: { url: { type: 'string' }, app: { type: 'string' }, secret: { type: 'string' }, token: { type: 'string' }, out: { type: 'string' } },
  });
  const url = values.url ?? process.env.NINDO_URL;
  const appId = values.app ?? process.env.NINDO_APP_ID;
  const secret = values.secret ?? process.env.NINDO_APP_SECRET;
  if (positionals[0] !== 'types' || !url || !appId || (!secret && !values.token)) throw new Error(USAGE);
  const output = await runTypes({ url, appId, secret, token: values.token });
  if (values.out) await writeFile(values.out, output);
  else process.stdout.write(output);
}

// Run as the command (npm's bin is a link to this file), not when imported by a test.
if (process.argv[1] && import.meta.url === pathToFileURL(realpathSync(process.argv[1])).href) {
  main().catch((error: unknown) => {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = 1;
  });
}
