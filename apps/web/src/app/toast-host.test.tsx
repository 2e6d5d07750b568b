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
