// A stream's client id names the instance holding it (docs/public-data-api.md, "Two instances"):
// an anonymous GET .../live writes nothing to the store, so a subscription POST that reaches
// another instance learns the holder from the id itself. Signed with a key derived from the
// session secret every instance shares, so an id nobody was given is refused on any instance (a
// made-up holder would otherwise have the POST store a client and a notice nobody reads). The
// signature covers the app: another app's id is not found there.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

const signatureOf = ({ secret, appId, body }: { secret: string; appId: string; body: string }): Buffer =>
  createHmac('sha256', secret).update(`nindo-live-client:${appId}:${body}`).digest().subarray(0, 16);

/** `<random>.<holder>.<signature>`: 144 random bits, as before, so the id alone is hard to guess. */
export function makeClientId({ secret, appId, holder }: { secret: string; appId: string; holder: string }): string {
  const body = `${randomBytes(18).toString('base64url')}.${holder}`;
  return `${body}.${signatureOf({ secret, appId, body }).toString('base64url')}`;
}

/** The holder named by an id this deployment gave for this app; undefined for any other text. */
export function holderOf({ secret, appId, clientId }: { secret: string; appId: string; clientId: string }): string | undefined {
  const [random, holder, signed, extra] = clientId.split('.');
  if (!random || !holder || !signed || extra !== undefined) return undefined;
  const expected = signatureOf({ secret, appId, body: `${random}.${holder}` });
  const given = Buffer.from(signed, 'base64url');
  return given.length === expected.length && timingSafeEqual(given, expected) ? holder : undefined;
}
