import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FakeSocket, sessionWrapper } from '../../../testing/fake-session';
import { PlayResponsibly } from './play-responsibly';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('Play responsibly on the instructions page', () => {
  it('says how to play responsibly and links the help service when it is known', () => {
    render(<PlayResponsibly helpUrl="https://www.kenn-dein-limit.de" />, {
      wrapper: sessionWrapper(new FakeSocket()),
    });
    const section = screen.getByRole('region', { name: 'Play responsibly' });
    expect(section.querySelectorAll('li')).toHaveLength(4);
    expect(section.textContent).toContain('Water and alcohol-free players play and rank');
    expect(
      screen.getByRole('link', { name: 'Help with alcohol questions' }).getAttribute('href'),
    ).toBe('https://www.kenn-dein-limit.de');
  });

  it('shows no link while none is known', () => {
    render(<PlayResponsibly helpUrl={null} />, { wrapper: sessionWrapper(new FakeSocket()) });
    expect(screen.queryByRole('link')).toBeNull();
  });
});
