import { expect, test } from '@playwright/test';
import { registerUser, signInThroughForm } from '../support/api';
import { depthUnderBottomNav } from '../support/layout';
import { pairedSimulator } from '../support/scale';

// A leader runs the game from a 390 px phone: a control of /live that gets the focus (a tap, a
// Tab) while the fixed bottom navigation lies over it is brought out from under the bar.
test("a leader's control on a phone comes out from under the bottom navigation when focused", async ({
  page,
  request,
  baseURL,
}) => {
  const host = await registerUser(request);
  const scale = await pairedSimulator({ server: baseURL!, mac: host.mac, keyFile: null, seed: 5 });
  try {
    const headers = { authorization: `Bearer ${host.token}` };
    const created = await request.post('/api/fast-game', {
      headers,
      data: {
        players: [host.playerName, 'Bob', 'Cleo'],
        scaleAddress: host.mac,
        containerType: 'BEER_BOTTLE',
      },
    });
    const { gameId } = await created.json();
    expect((await request.post(`/api/fast-game/${gameId}/start`, { headers })).ok()).toBe(true);

    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/login');
    await signInThroughForm(page, host);
    await expect(page).toHaveURL(/\/home$/);
    await page.goto('/live');
    const controls = page.getByRole('region', { name: 'Leader controls' });
    await expect(controls).toBeVisible();
    const nav = page.getByRole('navigation', { name: 'Mobile' });
    const navTop = (await nav.boundingBox())!.y;

    for (const control of [
      controls.getByRole('textbox'),
      controls.getByRole('button', { name: 'Record' }),
      controls.getByRole('button', { name: 'Finish game' }),
      page.getByRole('button', { name: 'Share' }),
    ]) {
      // Scrolled so that the control sits at the very bottom of the screen, where the bar lies
      // over it: focusing it (a tap, a Tab) must bring it out from under the bar.
      await control.evaluate((element) => {
        const bottom = element.getBoundingClientRect().bottom + window.scrollY;
        window.scrollTo(0, bottom - window.innerHeight);
      });
      await control.focus();
      const box = (await control.boundingBox())!;
      expect(box.y + box.height).toBeLessThanOrEqual(navTop);
    }
    // Scrolled to the end of the page, the last controls lie above the bar, not under it.
    expect(await depthUnderBottomNav(page)).toBeLessThanOrEqual(0);
  } finally {
    scale.stop();
  }
});
