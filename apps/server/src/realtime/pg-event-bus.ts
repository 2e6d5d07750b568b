import type pg from 'pg';
import type { BusEvents, BusEventType } from './bus-events';
import { LocalEventBus, type BusHandler, type EventBus } from './event-bus';

const CHANNEL = 'beerscale_events';
/** PostgreSQL refuses NOTIFY payloads of 8000 bytes or more; keep a margin for the envelope. */
const MAX_PAYLOAD = 7500;
const SAMPLE_FLUSH_MS = 100;
const HEALTH_EVERY_MS = 10_000;

interface Envelope {
  /** The publishing instance: it delivered locally already and ignores its own echo. */
  o: string;
  t: BusEventType | 'scale.samples';
  p: unknown;
}

export interface PgEventBusOptions {
  instanceId: string;
  /** Opens the dedicated LISTEN connection (a pg.Client that is not from the pool). */
  connect: () => Promise<pg.Client>;
  /** Runs NOTIFY on a pooled connection. */
  notify: (channel: string, payload: string) => Promise<unknown>;
  onError: (err: unknown, what: string) => void;
}

/**
 * The event bus across instances (docs/ARCHITECTURE.md, How a live event flows): local subscribers
 * hear an event at once, and every other instance hears it through PostgreSQL LISTEN/NOTIFY.
 * Payloads stay small; live weight samples are batched (the newest per scale, one NOTIFY per
 * instance per 100 ms); one dedicated listening connection is health-checked and reconnected with
 * back-off.
 */
export class PgEventBus implements EventBus {
  private readonly local: LocalEventBus;
  private client: pg.Client | null = null;
  private readonly samples = new Map<string, BusEvents['scale.sample']>();
  private sending: Promise<unknown> = Promise.resolve();
  private flushTimer: NodeJS.Timeout | null = null;
  private healthTimer: NodeJS.Timeout | null = null;
  private retryTimer: NodeJS.Timeout | null = null;
  private retries = 0;
  private closed = false;
  private readonly resyncListeners = new Set<() => void>();

  constructor(private readonly options: PgEventBusOptions) {
    this.local = new LocalEventBus((err, type) => options.onError(err, `handler of ${type}`));
  }

  /** Resolves once the instance listens; until then it only hears its own events. */
  async start(): Promise<void> {
    await this.listen();
    this.healthTimer = setInterval(() => void this.checkHealth(), HEALTH_EVERY_MS);
    this.healthTimer.unref();
  }

  get listening(): boolean {
    return this.client !== null;
  }

  get inSync(): boolean {
    return this.client !== null;
  }

  onResync(listener: () => void): () => void {
    this.resyncListeners.add(listener);
    return () => this.resyncListeners.delete(listener);
  }

  publish<K extends BusEventType>(type: K, payload: BusEvents[K]): void {
    this.local.publish(type, payload);
    if (type === 'scale.sample') {
      const sample = payload as BusEvents['scale.sample'];
      this.samples.set(sample.mac, sample);
      this.flushTimer ??= setTimeout(() => this.flushSamples(), SAMPLE_FLUSH_MS);
      return;
    }
    this.send({ o: this.options.instanceId, t: type, p: payload });
  }

  subscribe<K extends BusEventType>(type: K, handler: BusHandler<K>): () => void {
    return this.local.subscribe(type, handler);
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const timer of [this.flushTimer, this.healthTimer, this.retryTimer])
      if (timer) clearTimeout(timer);
    await this.sending; // what was published before the close still goes out
    const client = this.client;
    this.client = null;
    await client?.end().catch(() => {});
    await this.local.close();
  }

  private flushSamples(): void {
    this.flushTimer = null;
    const batch = [...this.samples.values()];
    this.samples.clear();
    // Several NOTIFYs when one would be too big; each stays under the payload limit.
    let chunk: BusEvents['scale.sample'][] = [];
    for (const sample of batch) {
      chunk.push(sample);
      if (JSON.stringify(chunk).length > MAX_PAYLOAD - 200) {
        const last = chunk.pop()!;
        this.send({ o: this.options.instanceId, t: 'scale.samples', p: chunk });
        chunk = [last];
      }
    }
    if (chunk.length) this.send({ o: this.options.instanceId, t: 'scale.samples', p: chunk });
  }

  private send(envelope: Envelope): void {
    const text = JSON.stringify(envelope);
    if (text.length > MAX_PAYLOAD) {
      this.options.onError(
        new Error(`${envelope.t} is too big for NOTIFY (${text.length} bytes)`),
        'publish',
      );
      return;
    }
    // One NOTIFY at a time: pool connections commit in any order, and a later event (the next
    // DISPLAY of a game) must not reach the other instances before an earlier one.
    this.sending = this.sending
      .then(() => this.options.notify(CHANNEL, text))
      .catch((err) => this.options.onError(err, 'notify'));
  }

  private receive(text: string | undefined): void {
    if (!text) return;
    let envelope: Envelope;
    try {
      envelope = JSON.parse(text) as Envelope;
    } catch {
      return;
    }
    if (envelope.o === this.options.instanceId) return;
    if (envelope.t === 'scale.samples') {
      for (const sample of envelope.p as BusEvents['scale.sample'][])
        this.local.deliver('scale.sample', sample);
    } else {
      this.local.deliver(envelope.t, envelope.p);
    }
  }

  private async listen(): Promise<void> {
    const client = await this.options.connect();
    client.on('notification', (message) => this.receive(message.payload));
    client.on('error', (err) => this.lost(client, err));
    client.on('end', () => this.lost(client, new Error('listen connection ended')));
    await client.query(`LISTEN ${CHANNEL}`);
    this.client = client;
    const resumed = this.retries > 0;
    this.retries = 0;
    // Events of other instances sent while it was down are gone: memory fed by them is not
    // to be trusted (it was not while down either: `inSync` was false).
    if (resumed) {
      for (const listener of this.resyncListeners) {
        try {
          listener();
        } catch (err) {
          this.options.onError(err, 'resync');
        }
      }
    }
  }

  private async checkHealth(): Promise<void> {
    const client = this.client;
    if (!client) return;
    try {
      await client.query('select 1');
    } catch (err) {
      this.lost(client, err);
    }
  }

  private lost(client: pg.Client, err: unknown): void {
    if (this.client !== client || this.closed) return;
    this.client = null;
    this.options.onError(err, 'listen connection lost');
    client.end().catch(() => {});
    this.scheduleReconnect();
  }

  private scheduleReconnect(): void {
    if (this.closed || this.retryTimer) return;
    const delay = Math.min(10_000, 250 * 2 ** this.retries);
    this.retries += 1;
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      this.listen().catch((err) => {
        this.options.onError(err, 'listen reconnect');
        this.scheduleReconnect();
      });
    }, delay);
    this.retryTimer.unref();
  }
}
