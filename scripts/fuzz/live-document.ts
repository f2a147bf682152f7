// The demo app's live data document (docs/public-data-api.md) and the App ID and App Secret its
// calls authenticate with, for the run that fuzzes what an app's own document promises.
import { writeFileSync } from 'node:fs';

export async function liveDocumentOf({ baseUrl, appId, developerSession, path }: { baseUrl: string; appId: string; developerSession: string; path: string }): Promise<{ basicAuth: string }> {
  // Read just before the run: an earlier run may have rotated the secret.
  const app = await fetch(`${baseUrl}/integrations/developer/apps/${encodeURIComponent(appId)}`, { headers: { Cookie: `nindo.sid=${developerSession}` } });
  const secret = app.ok ? ((await app.json()) as { data: { secretKey?: string } }).data.secretKey : undefined;
  if (!secret) throw new Error(`could not read the App Secret of ${appId}: ${app.status}`);
  const basicAuth = `${appId}:${secret}`;
  const live = await fetch(`${baseUrl}/api/v1/data/${encodeURIComponent(appId)}/openapi.json`, { headers: { Authorization: `Basic ${Buffer.from(basicAuth).toString('base64')}` } });
  if (!live.ok) throw new Error(`could not read the live document of ${appId}: ${live.status} ${await live.text()}`);
  writeFileSync(path, await live.text());
  return { basicAuth };
}
