import { openSecret, sealSecret } from '../../server/services/crypto/secret-box';

describe('secret-box', () => {
  it('opens what it sealed, and seals the same text differently each time', () => {
    const a = sealSecret({ key: 'k1', plaintext: 'JBSWY3DPEHPK3PXP' });
    const b = sealSecret({ key: 'k1', plaintext: 'JBSWY3DPEHPK3PXP' });
    expect(a).not.toBe(b);
    expect(a).not.toContain('JBSWY3DPEHPK3PXP');
    expect(openSecret({ key: 'k1', sealed: a })).toBe('JBSWY3DPEHPK3PXP');
  });

  it('refuses another key', () => {
    const sealed = sealSecret({ key: 'k1', plaintext: 'secret' });
    expect(() => openSecret({ key: 'k2', sealed })).toThrow();
  });

  it('refuses a tampered value', () => {
    const sealed = sealSecret({ key: 'k1', plaintext: 'secret' });
    // Flip a bit of the decoded bytes: swapping the last base64 character can touch only
    // padding bits and leave the bytes as they were.
    const [version, payload] = sealed.split('.');
    const bytes = Buffer.from(payload, 'base64url');
    bytes[bytes.length - 1] ^= 1;
    expect(() => openSecret({ key: 'k1', sealed: `${version}.${bytes.toString('base64url')}` })).toThrow();
  });

  it('refuses an unknown format', () => {
    expect(() => openSecret({ key: 'k1', sealed: 'plain text' })).toThrow('Unknown sealed secret format');
  });
});
