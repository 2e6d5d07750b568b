import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AdminScale } from '@beerscale/contract/admin';
import { adminScales, adminUsers } from '@beerscale/contract/api/admin';
import { callsTo, serve } from '../../../testing/contract-server';
import { FakeSocket, sessionWrapper } from '../../../testing/fake-session';
import { AdminScalesView } from './admin-scales-view';

// The administrator's scale list comes in pages from the server, and shows every account that
// registered an address so the administrator chooses the owner.

const TOTAL = 45;
const scale = (n: number): AdminScale => ({
  mac: `AABBCC0000${String(n).padStart(2, '0')}`,
  scaleName: n === 2 ? 'Kitchen' : null,
  modelName: n === 2 ? 'Bluetooth chipsea' : n === 3 ? 'BS-Pro' : null,
  bridged: n === 2,
  approved: false,
  connected: false,
  lastSeenAt: null,
  owner: null,
  requestedBy: n === 1 ? { id: 1, username: 'first.one', playerName: 'First' } : null,
  registrants:
    n === 1
      ? [
          { id: 1, username: 'first.one', playerName: 'First' },
          { id: 2, username: 'real.owner', playerName: 'Owner' },
        ]
      : [],
});
beforeEach(() => {
  serve(adminScales, ({ query }) => {
    const limit = Number(query.limit);
    const offset = Number(query.offset);
    const scales = Array.from({ length: TOTAL }, (_, i) => scale(i + 1)).slice(
      offset,
      offset + limit,
    );
    return { scales, total: TOTAL, limit, offset };
  });
  serve(adminUsers, () => ({ users: [] }));
});
afterEach(() => {
  cleanup();
});

const cards = () => screen.getAllByRole('listitem', { name: /^Scale / });

describe('AdminScalesView', () => {
  it('pages through the scales with Next and Previous', async () => {
    render(<AdminScalesView />, { wrapper: sessionWrapper(new FakeSocket()) });
    expect((await screen.findAllByText('Scales 1–20 of 45')).length).toBe(2);
    expect(cards()).toHaveLength(20);
    const [previous] = screen.getAllByRole('button', { name: 'Previous' });
    expect((previous as HTMLButtonElement).disabled).toBe(true);

    fireEvent.click(screen.getAllByRole('button', { name: 'Next' })[0]!);
    await screen.findAllByText('Scales 21–40 of 45');
    expect(cards()[0]!.getAttribute('aria-label')).toBe('Scale AABBCC000021');
    fireEvent.click(screen.getAllByRole('button', { name: 'Next' })[0]!);
    await screen.findAllByText('Scales 41–45 of 45');
    expect(cards()).toHaveLength(5);
    const [next] = screen.getAllByRole('button', { name: 'Next' });
    expect((next as HTMLButtonElement).disabled).toBe(true);

    fireEvent.click(screen.getAllByRole('button', { name: 'Previous' })[0]!);
    await screen.findAllByText('Scales 21–40 of 45');
    // Pages come from the server (a page seen before may be fetched again, fresh).
    const pages = callsTo(adminScales).map((c) => JSON.stringify(c.query));
    expect([...new Set(pages)].map((page) => JSON.parse(page))).toEqual([
      { limit: 20, offset: 0 },
      { limit: 20, offset: 20 },
      { limit: 20, offset: 40 },
    ]);
  });

  it('shows every account that registered an address, and offers each as the owner', async () => {
    render(<AdminScalesView />, { wrapper: sessionWrapper(new FakeSocket()) });
    await screen.findAllByText('Scales 1–20 of 45');
    const card = cards()[0]!;
    const registered = within(card).getByRole('list', {
      name: 'Accounts that registered AABBCC000001',
    });
    expect(
      within(registered)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['First (first.one)', 'Owner (real.owner)']);
    fireEvent.click(within(card).getByRole('button', { name: 'Assign' }));
    expect(
      within(card).getByRole('button', { name: 'Assign AABBCC000001 to First (first.one)' }),
    ).toBeTruthy();
    expect(
      within(card).getByRole('button', { name: 'Assign AABBCC000001 to Owner (real.owner)' }),
    ).toBeTruthy();
    // Nobody is preselected: the search starts empty.
    expect((within(card).getByRole('textbox') as HTMLInputElement).value).toBe('');
  });

  it('names each scale and its device, and tells a bridged Bluetooth scale apart', async () => {
    render(<AdminScalesView />, { wrapper: sessionWrapper(new FakeSocket()) });
    await screen.findAllByText('Scales 1–20 of 45');
    const described = (n: number) => {
      const terms = within(cards()[n]!).getAllByRole('term');
      return Object.fromEntries(
        terms.map((term) => [term.textContent, term.nextElementSibling?.textContent]),
      );
    };
    expect(described(0)).toMatchObject({ Name: '–', Device: '–' });
    expect(described(1)).toMatchObject({
      Name: 'Kitchen',
      Device: 'Bluetooth chipsea · bridged by a browser',
    });
    expect(described(2)).toMatchObject({ Name: '–', Device: 'BS-Pro' });
  });
});
