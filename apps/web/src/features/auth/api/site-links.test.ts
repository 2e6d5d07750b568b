import { describe, expect, it } from 'vitest';
import { siteReplyCheck } from './site-links';

describe('the site links reply, checked by hand', () => {
  it('keeps http(s) links and turns anything else into no link', () => {
    expect(
      siteReplyCheck.safeParse({
        imprintUrl: 'https://example.org/imprint',
        privacyUrl: 'javascript:alert(1)',
        helpUrl: 'https://www.kenn-dein-limit.de',
      }),
    ).toEqual({
      success: true,
      data: {
        imprintUrl: 'https://example.org/imprint',
        privacyUrl: null,
        helpUrl: 'https://www.kenn-dein-limit.de',
      },
    });
    expect(
      siteReplyCheck.safeParse({ imprintUrl: null, privacyUrl: 42, helpUrl: 'data:text/html,x' }),
    ).toEqual({
      success: true,
      data: { imprintUrl: null, privacyUrl: null, helpUrl: null },
    });
    expect(siteReplyCheck.safeParse('nope')).toEqual({ success: false });
  });
});
