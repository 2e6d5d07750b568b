/**
 * The server the simulator connects to without `--server`: the one `npm start` runs in the same
 * shell, on its `PORT` (3000 when unset), so `PORT=3001 npm start` and `PORT=3001 npm run sim`
 * find each other.
 */
export function defaultServer(env: Record<string, string | undefined> = process.env): string {
  const port = env.PORT && /^\d+$/.test(env.PORT) ? env.PORT : '3000';
  return `http://127.0.0.1:${port}`;
}
