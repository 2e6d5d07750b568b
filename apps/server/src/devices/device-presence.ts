import { SOCKET_IDLE_MS } from '@beerscale/contract/limits';

/**
 * What the tables know about a scale's device socket (several instances share them: any may ask).
 */
export interface ConnectionRecord {
  mac: string;
  connection_id: string | null;
  last_seen_at: string | null;
}

/**
 * A claim older than this without a heartbeat belongs to an instance that died without
 * releasing it; the gateway refreshes `last_seen_at` well within it.
 */
export const CONNECTION_STALE_MS = SOCKET_IDLE_MS;

/** Online by the tables alone: claimed by a socket, and that claim is still being refreshed. */
export function recordSaysOnline(record: ConnectionRecord, now = Date.now()): boolean {
  if (!record.connection_id || !record.last_seen_at) return false;
  return now - Date.parse(record.last_seen_at) <= CONNECTION_STALE_MS;
}

/** Answers connection_status for services that must not know about sockets. */
export type OnlineCheck = (record: ConnectionRecord) => boolean;
