import { afterEach, describe, expect, it, vi } from 'vitest';
import { QueueRefusal, WorkQueue } from './work-queue';

/** A task that finishes when the test says so. */
function gate<T>(value: T) {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  let started = false;
  return {
    task: async () => {
      started = true;
      await opened;
      return value;
    },
    open,
    get started() {
      return started;
    },
  };
}

describe('WorkQueue', () => {
  afterEach(() => vi.useRealTimers());

  it('runs at most its concurrency at a time, the others in order as places free up', async () => {
    const queue = new WorkQueue(2, 10, 60_000);
    const gates = [gate('a'), gate('b'), gate('c'), gate('d')];
    const results = gates.map((g) => queue.run(g.task));
    await Promise.resolve();
    expect(gates.map((g) => g.started)).toEqual([true, true, false, false]);
    expect(queue.size).toEqual({ running: 2, waiting: 2 });
    gates[1]!.open();
    expect(await results[1]).toBe('b');
    expect(gates.map((g) => g.started)).toEqual([true, true, true, false]);
    gates[0]!.open();
    gates[2]!.open();
    gates[3]!.open();
    expect(await Promise.all(results)).toEqual(['a', 'b', 'c', 'd']);
    expect(queue.size).toEqual({ running: 0, waiting: 0 });
  });

  it('refuses a task at once when as many are waiting as it keeps', async () => {
    const queue = new WorkQueue(1, 1, 60_000);
    const first = gate(1);
    const second = gate(2);
    const running = queue.run(first.task);
    const waiting = queue.run(second.task);
    const refused = await queue.run(gate(3).task).catch((err: unknown) => err);
    expect(refused).toBeInstanceOf(QueueRefusal);
    expect((refused as QueueRefusal).reason).toBe('full');
    first.open();
    second.open();
    expect(await Promise.all([running, waiting])).toEqual([1, 2]);
  });

  it('refuses a task that could not start within the longest wait, and runs the next', async () => {
    vi.useFakeTimers();
    const queue = new WorkQueue(1, 10, 3_000);
    const first = gate(1);
    const late = gate(2);
    const running = queue.run(first.task);
    const waiting = queue.run(late.task).catch((err: unknown) => err);
    await vi.advanceTimersByTimeAsync(3_000);
    const refused = await waiting;
    expect(refused).toBeInstanceOf(QueueRefusal);
    expect((refused as QueueRefusal).reason).toBe('waited');
    expect(late.started).toBe(false);
    expect(queue.size).toEqual({ running: 1, waiting: 0 });
    first.open();
    expect(await running).toBe(1);
    const next = gate(3);
    next.open();
    expect(await queue.run(next.task)).toBe(3);
  });

  it('frees the place of a task that failed', async () => {
    const queue = new WorkQueue(1, 10, 60_000);
    await expect(queue.run(async () => Promise.reject(new Error('broken')))).rejects.toThrow();
    expect(await queue.run(async () => 'next')).toBe('next');
  });
});
