import { act, cleanup, render, screen } from '@testing-library/react';
import { toast } from 'react-toastify';
import { afterEach, describe, expect, it } from 'vitest';
import { activate } from '../i18n/i18n';
import ToastHost from './toast-host';

afterEach(async () => {
  cleanup();
  await activate('en');
});

describe('the toasts as a screen reader hears them', () => {
  it('names the region and the close button in German for a German reader', async () => {
    await activate('de');
    render(<ToastHost />);
    act(() => void toast.info('Hallo'));
    expect(await screen.findByRole('region', { name: 'Benachrichtigungen Alt+T' })).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'Schließen' })).toBeTruthy();
    expect(screen.queryByLabelText('close')).toBeNull();
    // The library's English-named timer bar is hidden from screen readers.
    for (const bar of screen.queryAllByLabelText('notification timer')) {
      expect(bar.getAttribute('aria-hidden')).toBe('true');
    }
  });
});

describe('where the toasts sit', () => {
  /** A field the height of a phone's text box, its top `top` px down a 800 px window. */
  function fieldAt(top: number) {
    const input = document.createElement('input');
    input.getBoundingClientRect = () => new DOMRect(16, top, 300, 48);
    document.body.append(input);
    return input;
  }

  it('leave the top while a field in the top half is typed in, and come back after', async () => {
    window.innerHeight = 800;
    render(<ToastHost />);
    act(() => void toast.info('Ein Spieler ist dazugekommen'));
    await screen.findByText('Ein Spieler ist dazugekommen');
    const container = () => document.querySelector('.Toastify__toast-container')!;
    expect(container().classList.contains('beerscale-toasts-low')).toBe(false);

    // The caller's amount near the top of the leader's phone: the toasts go to the bottom.
    const top = fieldAt(120);
    act(() => top.focus());
    expect(container().classList.contains('beerscale-toasts-low')).toBe(true);

    // A field in the bottom half is clear of the toasts at the top: they stay there.
    const bottom = fieldAt(600);
    act(() => bottom.focus());
    await act(async () => {});
    expect(container().classList.contains('beerscale-toasts-low')).toBe(false);

    act(() => bottom.blur());
    await act(async () => {});
    expect(container().classList.contains('beerscale-toasts-low')).toBe(false);
    top.remove();
    bottom.remove();
  });
});
