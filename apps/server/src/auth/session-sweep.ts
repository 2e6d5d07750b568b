import type { SessionsRepository } from './sessions.repository';

/**
 * Every sign-in leaves a session row; expired ones are deleted once at start (awaited, so a
 * started app has swept) and then every `intervalMs`, so the table holds live sessions and the
 * recently expired only. The returned stop waits for a sweep in flight, so the database can
 * close after it.
 */
export async function startSessionSweep(
  sessions: SessionsRepository,
  intervalMs: number,
  onError: (err: unknown) => void,
): Promise<() => Promise<unknown>> {
  let running: Promise<unknown> = Promise.resolve();
  const sweep = () => {
    running = sessions.deleteExpired(new Date()).catch(onError);
    return running;
  };
  await sweep();
  const timer = setInterval(sweep, intervalMs);
  timer.unref();
  return () => {
    clearInterval(timer);
    return running;
  };
}
