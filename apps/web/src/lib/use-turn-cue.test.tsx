import { cleanup, render } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TURN_VIBRATION_MS, useTurnCue } from './use-turn-cue';

function Player({ turn }: { turn: string | null }) {
  useTurnCue(turn);
  return null;
}

let vibrate: ReturnType<typeof vi.fn>;

beforeEach(() => {
  vibrate = vi.fn(() => true);
  vi.stubGlobal('navigator', { ...navigator, vibrate });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('useTurnCue', () => {
  it('vibrates once when it becomes this player’s turn, not on opening the page', () => {
    const { rerender } = render(<Player turn="1:SCORING:3" />);
    expect(vibrate).not.toHaveBeenCalled();
    rerender(<Player turn={null} />);
    rerender(<Player turn="2:SCORING:3" />);
    expect(vibrate).toHaveBeenCalledExactlyOnceWith(TURN_VIBRATION_MS);
    rerender(<Player turn="2:SCORING:3" />);
    expect(vibrate).toHaveBeenCalledTimes(1);
  });

  it('stays silent where the browser cannot vibrate', () => {
    vi.stubGlobal('navigator', { ...navigator, vibrate: undefined });
    const { rerender } = render(<Player turn={null} />);
    expect(() => rerender(<Player turn="1:SCORING:1" />)).not.toThrow();
  });
});
