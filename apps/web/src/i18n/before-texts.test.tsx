import { render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ErrorBoundary } from '../app/error-boundary';
import { i18n } from './i18n';
import { t } from './use-t';

// A German reader's reload of a signed-in page: until German's first-screen texts are in, no
// language is active (i18n.ts). Whatever renders then must not throw: Lingui's exception
// unmounted the whole page, which stayed blank. (The test setup has activated English; here no
// language is active, as on that reload.)

describe('before the reader’s first texts are in', () => {
  beforeEach(() => {
    vi.spyOn(i18n, 'locale', 'get').mockReturnValue(undefined as unknown as string);
  });
  afterEach(() => vi.restoreAllMocks());

  it('a text is English’s first-screen text, not an exception', () => {
    expect(i18n.locale).toBeFalsy();
    expect(t('crash.title')).toBe('Spilled it.');
    expect(t('common.backToStart')).toBe('Back to start');
  });

  it('the crash screen shows, not a blank page', () => {
    expect(i18n.locale).toBeFalsy();
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const Broken = () => {
      throw new Error('a screen that failed');
    };
    render(
      <ErrorBoundary>
        <Broken />
      </ErrorBoundary>,
    );
    expect(screen.getByRole('heading', { name: 'Spilled it.' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Reload' })).toBeTruthy();
  });
});
