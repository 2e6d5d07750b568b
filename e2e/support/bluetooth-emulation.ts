import type { Browser, BrowserContext, CDPSession, Page } from '@playwright/test';

/**
 * An emulated Bluetooth LE scale in Debian's Chromium, over the CDP BluetoothEmulation (browser
 * session) and DeviceAccess (page session) domains. How this Chromium behaves, and its traps, are
 * recorded in the bridge's docs (docs/BLUETOOTH.md, "Testing without hardware").
 */

export const uuid16 = (n: number) =>
  `0000${n.toString(16).padStart(4, '0')}-0000-1000-8000-00805f9b34fb`;
const CCCD = uuid16(0x2902);

export interface ScaleProfile {
  address: string;
  name: string;
  service: number;
  notify: number;
  write?: number;
}

/**
 * Chromium 156 has no CDP command for an unsolicited notification, but Blink fires
 * `characteristicvaluechanged` on every successful readValue(). The test remembers the
 * characteristics the app subscribed to (no app change) and reads the one it listens on.
 */
export function captureSubscriptions(): void {
  if (typeof BluetoothRemoteGATTCharacteristic === 'undefined') return;
  const subscribed: BluetoothRemoteGATTCharacteristic[] = [];
  const start = BluetoothRemoteGATTCharacteristic.prototype.startNotifications;
  BluetoothRemoteGATTCharacteristic.prototype.startNotifications = async function (
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

export class EmulatedScale {
  readonly writes: number[][] = [];
  private readonly reads: string[] = [];
  private readonly prompts = new Set<string>();
  private notifyId = '';
  /** Subscriptions left unanswered while held: the page's connect waits for them. */
  private holding = false;
  private readonly held: (() => void)[] = [];

  private constructor(
    private readonly browserCdp: CDPSession,
    private readonly pageCdp: CDPSession,
    private readonly page: Page,
    readonly profile: ScaleProfile,
  ) {}

  /** Before the page loads: the emulated adapter, the chooser, the subscription hook. */
  static async install(
    browser: Browser,
    context: BrowserContext,
    page: Page,
    profile: ScaleProfile,
  ): Promise<EmulatedScale> {
    const browserCdp = await browser.newBrowserCDPSession();
    await browserCdp.send('BluetoothEmulation.disable').catch(() => undefined);
    await browserCdp.send('BluetoothEmulation.enable', { state: 'powered-on', leSupported: true });
    await context.addInitScript(captureSubscriptions);
    const pageCdp = await context.newCDPSession(page);
    await pageCdp.send('DeviceAccess.enable');
    const scale = new EmulatedScale(browserCdp, pageCdp, page, profile);
    scale.answer();
    return scale;
  }

  /** The peripheral and its whole GATT table, before the page connects. */
  async create(): Promise<void> {
    const { address, name, service, notify, write } = this.profile;
    await this.browserCdp.send('BluetoothEmulation.simulatePreconnectedPeripheral', {
      address,
      name,
      manufacturerData: [],
      knownServiceUuids: [uuid16(service)],
    });
    const { serviceId } = await this.browserCdp.send('BluetoothEmulation.addService', {
      address,
      serviceUuid: uuid16(service),
    });
    const { characteristicId } = await this.browserCdp.send(
      'BluetoothEmulation.addCharacteristic',
      {
        serviceId,
        characteristicUuid: uuid16(notify),
        properties: { notify: true, indicate: true, read: true },
      },
    );
    // Without a CCCD startNotifications() fails with "GATT Error: Not supported."
    await this.browserCdp.send('BluetoothEmulation.addDescriptor', {
      characteristicId,
      descriptorUuid: CCCD,
    });
    this.notifyId = characteristicId;
    if (write !== undefined) {
      await this.browserCdp.send('BluetoothEmulation.addCharacteristic', {
        serviceId,
        characteristicUuid: uuid16(write),
        properties: { write: true, writeWithoutResponse: true },
      });
    }
  }

  /** The scale notifies one packet (the page reads it; the bridge's listener runs as is). */
  async push(bytes: number[]): Promise<void> {
    this.reads.push(Buffer.from(bytes).toString('base64'));
    await this.page.evaluate((uuid) => {
      const test = (window as unknown as { __bleTest: { pump: (u: string) => Promise<void> } })
        .__bleTest;
      return test.pump(uuid);
    }, uuid16(this.profile.notify));
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
    await this.browserCdp.send('BluetoothEmulation.disable').catch(() => undefined);
    await this.browserCdp.detach().catch(() => undefined);
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
        const data = event.characteristicId === this.notifyId ? this.reads.shift() : undefined;
        if (data) respond(data);
        return;
      }
      if (event.type === 'write') {
        this.writes.push([...Buffer.from(event.data ?? '', 'base64')]);
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
