import { describe, expect, it } from 'vitest';
import { TokenSigner } from './tokens';

const SECRET = 'a-test-secret-that-is-long-enough-for-hs256';

describe('TokenSigner', () => {
  it('verifies its own tokens again and again (the second time from memory)', async () => {
    const signer = new TokenSigner(SECRET, 60);
    const { token, jti } = await signer.sign(7);
    expect(await signer.verify(token)).toMatchObject({ userId: 7, jti });
    expect(await signer.verify(token)).toMatchObject({ userId: 7, jti });
  });

  it('refuses a remembered token once it has expired', async () => {
    const signer = new TokenSigner(SECRET, 60);
    const now = new Date();
    const { token } = await signer.sign(7, now);
    expect(await signer.verify(token, now.getTime())).not.toBeNull();
    expect(await signer.verify(token, now.getTime() + 61_000)).toBeNull();
  });

  it('refuses tokens of another secret and altered tokens, however often they are tried', async () => {
    const mine = new TokenSigner(SECRET, 60);
    const theirs = new TokenSigner(`${SECRET}-other`, 60);
    const { token } = await theirs.sign(7);
    expect(await mine.verify(token)).toBeNull();
    const { token: good } = await mine.sign(7);
    const altered = `${good.slice(0, -2)}${good.endsWith('A') ? 'BB' : 'AA'}`;
    expect(await mine.verify(good)).not.toBeNull();
    expect(await mine.verify(altered)).toBeNull();
    expect(await mine.verify(altered)).toBeNull();
  });
});
