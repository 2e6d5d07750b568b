import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDialect } from './support/each-dialect';
import { createAccount } from './support/factories';
import { httpClient, type HttpCall } from './support/http-client';
import { rankedLobby, setUpRanked } from './support/ranked';
import { typeReadings } from './support/typed-readings';
import { startTestServer, type TestServer } from './support/test-server';

const INDEX = '<!doctype html><html><head><title>beerscale</title></head><body></body></html>';

/** The `content` of each Open Graph tag in a page, by property. */
function openGraph(html: string): Record<string, string> {
  const tags: Record<string, string> = {};
  for (const m of html.matchAll(/<meta (?:property|name)="([^"]+)" content="([^"]*)" \/>/g)) {
    tags[m[1]!] = m[2]!;
  }
  return tags;
}

// Chat apps run no scripts: the preview of a pasted watch link comes from the HTML as served.
describeEachDialect('the watch page as served', ({ dialect }) => {
  const dist = mkdtempSync(join(tmpdir(), 'beerscale-watch-page-'));
  let server: TestServer;
  let call: HttpCall;

  beforeAll(async () => {
    writeFileSync(join(dist, 'index.html'), INDEX);
    server = await startTestServer(dialect, { webDist: dist });
    call = httpClient(server.baseUrl);
  });
  afterAll(async () => {
    await server.stop();
    rmSync(dist, { recursive: true, force: true });
  });

  const page = async (path: string, headers: Record<string, string> = {}) => {
    const reply = await fetch(`${server.baseUrl}${path}`, { headers });
    expect(reply.status).toBe(200);
    expect(reply.headers.get('content-type')).toMatch(/^text\/html/);
    return reply.text();
  };

  it('carries og:title and og:image: a live card while the game runs, the result card after', async () => {
    const me = await createAccount(server);
    const created = await call('POST', '/api/fast-game', {
      token: me.token,
      body: {
        players: [me.playerName, 'Bob'],
        scaleAddress: 'C0DE0000D001',
        containerType: 'BEER_BOTTLE',
        rounds: 1,
      },
    });
    const gameId = created.body.gameId;
    await call('POST', `/api/fast-game/${gameId}/start`, { token: me.token });
    const { token } = (await call('POST', `/api/games/${gameId}/watch-link`, { token: me.token }))
      .body;

    const live = openGraph(await page(`/watch/${token}`, { 'accept-language': 'de-DE,de;q=0.9' }));
    expect(live['og:title']).toBe('Schnelles Spiel · beerscale');
    expect(live['og:description']).toBe('Live · gleich geht’s los');
    expect(live['og:image']).toBe(`${server.baseUrl}/api/watch/${token}/card.png?lang=de`);
    expect(live['og:image:width']).toBe('1200');
    expect(live['twitter:card']).toBe('summary_large_image');
    // The image it names is there.
    const image = await fetch(live['og:image']!);
    expect(image.headers.get('content-type')).toBe('image/png');
    // Read to its end: a reply left unread holds its connection, and the server's stop waits
    // for it (this suite's afterAll once timed out after 60 s).
    expect((await image.arrayBuffer()).byteLength).toBeGreaterThan(0);

    await typeReadings(call, me.token, gameId, 2, [[0, 7]]);
    const done = openGraph(await page(`/watch/${token}?lang=en`));
    expect(done['og:title']).toBe('Fast Game · beerscale');
    expect(done['og:description']).toBe(`Final results: ${me.playerName} 🏆`);
    expect(done['og:image']).toBe(`${server.baseUrl}/api/watch/${token}/card.png?lang=en`);
    // The table screen's own address (a TV's reload keeps it) has the same preview.
    const table = openGraph(await page(`/watch/${token}/table?lang=en`));
    expect(table['og:title']).toBe('Fast Game · beerscale');
  });

  it('escapes the game name and leaves an unknown link to the app', async () => {
    const me = await createAccount(server);
    const other = await createAccount(server);
    const lobby = await rankedLobby(call, me, [other], '"><script>x</script>');
    await setUpRanked(call, me, lobby, me.mac, { containerType: 'BEER_CAN' });
    const link = await call('POST', `/api/games/${lobby}/watch-link`, {
      token: me.token,
    });
    expect(link.status).toBe(200);
    const html = await page(`/watch/${link.body.token}`);
    expect(html).not.toContain('<script>x');
    expect(openGraph(html)['og:title']).toBe(
      '&#34;&#62;&#60;script&#62;x&#60;/script&#62; · beerscale',
    );

    expect(await page('/watch/AAAAAAAAAAAAAAAAAAAAAA')).toBe(INDEX);
  });
});
