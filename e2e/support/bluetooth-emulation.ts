import type { Browser, BrowserContext, CDPSession, Page } from '@playwright/test';
import { uuid16, type ScaleModel, type ScaleProfile } from './scale-models';

export { uuid16, type ScaleProfile };

/**
 * An emulated Bluetooth LE scale in Debian's Chromium, over the CDP BluetoothEmulation (browser
 * session) and DeviceAccess (page session) domains. How this Chromium behaves, and its traps, are
 * recorded in the bridge's docs (docs/BLUETOOTH.md, "Testing without hardware").
 */

const CCCD = uuid16(0x2902);

/**
 * Chromium 156 has no CDP command for an unsolicited notification, but Blink fires
 * `characteristicvaluechanged` on every successful readValue(). The test remembers the
 * characteristics the app subscribed to (no app change) and reads the one it listens on.
 */
export function captureSubscriptions(): void {
  // The Web Bluetooth types declare the interface only; the class is the browser's.
  const characteristics = (
    globalThis as {
      BluetoothRemoteGATTCharacteristic?: { prototype: BluetoothRemoteGATTCharacteristic };
    }
  ).BluetoothRemoteGATTCharacteristic;
  if (!characteristics) return;
  const subscribed: BluetoothRemoteGATTCharacteristic[] = [];
  const start = characteristics.prototype.startNotifications;
  characteristics.prototype.startNotifications = async function (
    this: BluetoothRemoteGATTCharacteristic,
  ) {
    const result = await start.call(this);
    subscribed.push(this);
    return result;
  };
  (window as unknown as { __bleTest: unknown }).__bleTest = {
    pump: async (uuid: string) => {
      const characteristic = [...subscribed].reverse().find((c) => c.uuid === uuid);
      if (!characteristic) throw new Error(`the page has not subscribed to ${uuid}`);
      await characteristic.readValue();
    },
    /** The subscribed device: its id and whether the page still holds its GATT connection. */
    device: () => {
      const device = subscribed.at(-1)?.service.device;
      return device ? { id: device.id, connected: device.gatt?.connected ?? false } : null;
    },
  };
}

/**
 * An emulated peripheral that behaves as its model says: writes reach the model, a weight is
 * notified only when the model sends one, and the link is dropped when the model's deadline
 * passes (a heartbeat missed). After a drop the GATT table is added again (Chromium forgets it),
 * so the page can reconnect as it would to a real scale.
 */
export class EmulatedScale {
  readonly writes: number[][] = [];
  /** Links the model dropped (heartbeat missed). */
  drops = 0;
  /** Weights placed while the model sent nothing (handshake missing). */
  silent = 0;
  private readonly reads: string[] = [];
  private readonly prompts = new Set<string>();
  private notifyIds = new Set<string>();
  private writeIds = new Set<string>();
  /** Subscriptions left unanswered while held: the page's connect waits for them. */
  private holding = false;
  private readonly held: (() => void)[] = [];
  private watchdog: ReturnType<typeof setInterval> | null = null;
  private dropping = false;

  private constructor(
    private readonly browserCdp: CDPSession,
    private readonly pageCdp: CDPSession,
    private readonly page: Page,
    readonly model: ScaleModel,
  ) {}

  get profile(): ScaleProfile {
    return this.model.profile;
  }

  /** Before the page loads: the emulated adapter, the chooser, the subscription hook. */
  static async install(
    browser: Browser,
    context: BrowserContext,
    page: Page,
    model: ScaleModel,
  ): Promise<EmulatedScale> {
    const browserCdp = await browser.newBrowserCDPSession();
    await browserCdp.send('BluetoothEmulation.disable').catch(() => undefined);
    await browserCdp.send('BluetoothEmulation.enable', { state: 'powered-on', leSupported: true });
    await context.addInitScript(captureSubscriptions);
    const pageCdp = await context.newCDPSession(page);
    await pageCdp.send('DeviceAccess.enable');
    const scale = new EmulatedScale(browserCdp, pageCdp, page, model);
    scale.answer();
    return scale;
  }

  /** The peripheral and its whole GATT table, before the page connects. */
  async create(): Promise<void> {
    const { address, name, service } = this.profile;
    await this.browserCdp.send('BluetoothEmulation.simulatePreconnectedPeripheral', {
      address,
      name,
      manufacturerData: [],
      knownServiceUuids: [service],
    });
    await this.addGattTable();
    this.watchdog = setInterval(() => void this.checkDeadline(), 100);
  }

  private async addGattTable(): Promise<void> {
    const { address, service, notify, write } = this.profile;
    const { serviceId } = await this.browserCdp.send('BluetoothEmulation.addService', {
      address,
      serviceUuid: service,
    });
    const both = write === notify;
    const { characteristicId } = await this.browserCdp.send(
      'BluetoothEmulation.addCharacteristic',
      {
        serviceId,
        characteristicUuid: notify,
        properties: {
          notify: true,
          indicate: true,
          read: true,
          ...(both ? { write: true, writeWithoutResponse: true } : {}),
        },
      },
    );
    // Without a CCCD startNotifications() fails with "GATT Error: Not supported."
    await this.browserCdp.send('BluetoothEmulation.addDescriptor', {
      characteristicId,
      descriptorUuid: CCCD,
    });
    this.notifyIds.add(characteristicId);
    if (both) this.writeIds.add(characteristicId);
    if (write !== undefined && !both) {
      const written = await this.browserCdp.send('BluetoothEmulation.addCharacteristic', {
        serviceId,
        characteristicUuid: write,
        properties: { write: true, writeWithoutResponse: true },
      });
      this.writeIds.add(written.characteristicId);
    }
  }

  /**
   * `grams` now stand on the platform: the model notifies its frame for them (in as many
   * notifications as the scale splits it into), or nothing while it sends nothing (counted in
   * `silent`).
   */
  async place(grams: number): Promise<void> {
    const notifications = this.model.notifications(grams);
    if (!notifications) {
      this.silent += 1;
      return;
    }
    for (const bytes of notifications) await this.push(bytes);
  }

  /** The scale notifies these exact bytes (the page reads them; its listener runs as is). */
  async push(bytes: number[]): Promise<void> {
    this.reads.push(Buffer.from(bytes).toString('base64'));
    await this.page.evaluate((uuid) => {
      const test = (window as unknown as { __bleTest: { pump: (u: string) => Promise<void> } })
        .__bleTest;
      return test.pump(uuid);
    }, this.profile.notify);
  }

  /**
   * From now on the page's subscriptions wait for `releaseSubscriptions`: its connect stays
   * under way (the bridge says Connecting…) for as long as the test needs.
   */
  holdSubscriptions(): void {
    this.holding = true;
  }

  /** How many subscriptions wait for an answer. */
  get heldSubscriptions(): number {
    return this.held.length;
  }

  releaseSubscriptions(): void {
    this.holding = false;
    for (const respond of this.held.splice(0)) respond();
  }

  /** The device the page subscribed to last, as the page sees it. */
  device(): Promise<{ id: string; connected: boolean } | null> {
    return this.page.evaluate(() =>
      (
        window as unknown as {
          __bleTest: { device: () => { id: string; connected: boolean } | null };
        }
      ).__bleTest.device(),
    );
  }

  async close(): Promise<void> {
    if (this.watchdog) clearInterval(this.watchdog);
    await this.browserCdp.send('BluetoothEmulation.disable').catch(() => undefined);
    await this.browserCdp.detach().catch(() => undefined);
  }

  /** The model's heartbeat rule: past its deadline the scale drops the link. */
  private async checkDeadline(): Promise<void> {
    const deadline = this.model.deadline();
    if (deadline === null || Date.now() <= deadline || this.dropping) return;
    this.dropping = true;
    this.drops += 1;
    this.model.disconnected();
    try {
      await this.browserCdp.send('BluetoothEmulation.simulateGATTDisconnection', {
        address: this.profile.address,
      });
      // Chromium forgets the services on a disconnection; the scale still has them.
      this.notifyIds = new Set();
      this.writeIds = new Set();
      await this.addGattTable();
    } catch {
      // The emulation is being torn down.
    } finally {
      this.dropping = false;
    }
  }

  private answer(): void {
    // The prompt event comes twice with the same id; a second selectPrompt crashes the browser.
    this.pageCdp.on('DeviceAccess.deviceRequestPrompted', (event) => {
      const device = event.devices.find((d) => d.id === this.profile.address);
      if (!device || this.prompts.has(event.id)) return;
      this.prompts.add(event.id);
      void this.pageCdp.send('DeviceAccess.selectPrompt', { id: event.id, deviceId: device.id });
    });
    this.browserCdp.on('BluetoothEmulation.gattOperationReceived', (event) => {
      if (event.type === 'connection') this.model.connected(Date.now());
      void this.browserCdp.send('BluetoothEmulation.simulateGATTOperationResponse', {
        address: event.address,
        type: event.type,
        code: 0,
      });
    });
    this.browserCdp.on('BluetoothEmulation.characteristicOperationReceived', (event) => {
      const respond = (data?: string) =>
        void this.browserCdp.send('BluetoothEmulation.simulateCharacteristicOperationResponse', {
          characteristicId: event.characteristicId,
          type: event.type,
          code: 0,
          ...(data ? { data } : {}),
        });
      if (event.type === 'read') {
        const data = this.notifyIds.has(event.characteristicId) ? this.reads.shift() : undefined;
        if (data) respond(data);
        return;
      }
      if (event.type === 'write') {
        const bytes = [...Buffer.from(event.data ?? '', 'base64')];
        this.writes.push(bytes);
        if (this.writeIds.has(event.characteristicId)) this.model.written(bytes, Date.now());
        if (event.writeType !== 'write-with-response') return;
      }
      if (event.type === 'subscribe-to-notifications' && this.holding) {
        this.held.push(() => respond());
        return;
      }
      respond();
    });
  }
}
