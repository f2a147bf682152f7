import { isSafeRedirect } from '../../rules/safe-redirect';

describe('isSafeRedirect', () => {
  it.each([
    ['/dashboard'],
    ['/developer/apps'],
    ['/projects/abc?tab=settings#top'],
    ['/a/b/../c'],
    ['/%2F%2Fevil.com'],
  ])('accepts the same-origin path %j', (url) => {
    expect(isSafeRedirect(url)).toBe(true);
  });

  it.each([
    ['an absolute URL', 'https://evil.com'],
    ['a protocol-relative URL', '//evil.com'],
    ['a backslash after the slash', '/\\evil.com'],
    ['a backslash later on', '/foo\\..\\\\evil.com'],
    ['a javascript: URL', 'javascript:alert(1)'],
    ['a data: URL', 'data:text/html,<script>alert(1)</script>'],
    ['a scheme without slashes', 'http:evil.com'],
    ['a tab that browsers drop', '/\t/evil.com'],
    ['a newline', '/\n/evil.com'],
    ['a NUL byte', '/dash\u0000board'],
    ['a DEL character', '/\u007f/evil.com'],
    ['a relative path', 'dashboard'],
    ['a leading space', ' /dashboard'],
    ['an empty string', ''],
    ['a triple slash', '///evil.com'],
    ['a very long path', `/${'a'.repeat(2000)}`],
    ['a number', 42],
    ['undefined', undefined],
    ['null', null],
  ])('rejects %s', (_label, url) => {
    expect(isSafeRedirect(url)).toBe(false);
  });
});
