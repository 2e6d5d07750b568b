import { act, cleanup, render } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useWakeLock } from './use-wake-lock';

/** navigator.wakeLock as a browser has it: the lock is dropped whenever the page is hidden. */
class FakeWakeLock {
  readonly held: FakeSentinel[] = [];
  requests = 0;
  refuse = false;
  async request(type: string): Promise<FakeSentinel> {
    expect(type).toBe('screen');
    this.requests += 1;
    if (this.refuse) throw new DOMException('Not allowed', 'NotAllowedError');
    const sentinel = new FakeSentinel(this);
    this.held.push(sentinel);
    return sentinel;
  }
}

class FakeSentinel {
  released = false;
  constructor(private readonly lock: FakeWakeLock) {}
  async release(): Promise<void> {
    this.released = true;
    this.lock.held.splice(this.lock.held.indexOf(this), 1);
  }
}

let lock: FakeWakeLock;
let visibility: DocumentVisibilityState;

function setVisibility(state: DocumentVisibilityState) {
  visibility = state;
  // The browser releases a screen lock itself when the page is hidden.
  if (state === 'hidden') for (const sentinel of [...lock.held]) void sentinel.release();
  document.dispatchEvent(new Event('visibilitychange'));
}

function Screen({ active }: { active: boolean }) {
  useWakeLock(active);
  return null;
}

const settle = () => act(async () => {});

beforeEach(() => {
  lock = new FakeWakeLock();
  visibility = 'visible';
  vi.stubGlobal('navigator', { ...navigator, wakeLock: lock });
  vi.spyOn(document, 'visibilityState', 'get').mockImplementation(() => visibility);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('useWakeLock', () => {
  it('holds the screen on while a game runs and lets go when it ends', async () => {
    const { rerender } = render(<Screen active={false} />);
    await settle();
    expect(lock.requests).toBe(0);
    rerender(<Screen active />);
    await settle();
    expect(lock.held).toHaveLength(1);
    rerender(<Screen active={false} />);
    await settle();
    expect(lock.held).toHaveLength(0);
  });

  it('asks again when the page comes back into view, once', async () => {
    render(<Screen active />);
    await settle();
    setVisibility('hidden');
    await settle();
    expect(lock.held).toHaveLength(0);
    expect(lock.requests).toBe(1);
    setVisibility('visible');
    await settle();
    expect(lock.held).toHaveLength(1);
    // Another visibility event while the lock is held asks for nothing more.
    setVisibility('visible');
    await settle();
    expect(lock.requests).toBe(2);
    expect(lock.held).toHaveLength(1);
  });

  it('releases a lock granted after the game ended, and survives a refusal', async () => {
    lock.refuse = true;
    const { rerender, unmount } = render(<Screen active />);
    await settle();
    expect(lock.held).toHaveLength(0);
    lock.refuse = false;
    setVisibility('visible');
    await settle();
    expect(lock.held).toHaveLength(1);
    rerender(<Screen active={false} />);
    unmount();
    await settle();
    expect(lock.held).toHaveLength(0);
  });

  it('does nothing where the browser has no wake lock', async () => {
    vi.stubGlobal('navigator', { ...navigator, wakeLock: undefined });
    render(<Screen active />);
    await settle();
    expect(lock.requests).toBe(0);
  });
});
