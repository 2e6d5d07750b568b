import { describe, expect, it } from 'vitest';
import { siteReplyCheck } from './site-links';

describe('the site links reply, checked by hand', () => {
  it('keeps http(s) links and turns anything else into no link', () => {
    expect(
      siteReplyCheck.safeParse({
        imprintUrl: 'https://example.org/imprint',
        privacyUrl: 'javascript:alert(1)',
      }),
    ).toEqual({
      success: true,
      data: { imprintUrl: 'https://example.org/imprint', privacyUrl: null },
    });
    expect(siteReplyCheck.safeParse({ imprintUrl: null, privacyUrl: 42 })).toEqual({
      success: true,
      data: { imprintUrl: null, privacyUrl: null },
    });
    expect(siteReplyCheck.safeParse('nope')).toEqual({ success: false });
  });
});
