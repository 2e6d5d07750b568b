/**
 * A stand-in for `navigator.bluetooth` in unit tests: devices with a GATT table, notifications
 * the test pushes, writes it records (and may hold, to see that none overlap), disconnects.
 */
type Uuid = BluetoothServiceUUID | BluetoothCharacteristicUUID;
const key = (uuid: Uuid) => String(uuid).toLowerCase();

export class FakeCharacteristic extends EventTarget {
  value: DataView | undefined;
  subscribed = false;
  readonly writes: { bytes: number[]; withResponse: boolean }[] = [];
  inFlight = 0;
  maxInFlight = 0;
  failSubscribe: Error | null = null;
  /** When set, writes wait for `releaseWrites()`. */
  holdWrites = false;
  private held: (() => void)[] = [];

  constructor(
    readonly uuid: Uuid,
    readonly properties: { write: boolean; writeWithoutResponse: boolean; notify: boolean },
  ) {
    super();
  }

  async startNotifications(): Promise<this> {
    if (this.failSubscribe) throw this.failSubscribe;
    this.subscribed = true;
    return this;
  }

  writeValueWithResponse(data: BufferSource): Promise<void> {
    return this.write(data, true);
  }

  writeValueWithoutResponse(data: BufferSource): Promise<void> {
    return this.write(data, false);
  }

  releaseWrites(): void {
    for (const release of this.held.splice(0)) release();
  }

  /** The scale notifies a packet. */
  notify(bytes: number[]): void {
    this.value = new DataView(Uint8Array.from(bytes).buffer);
    this.dispatchEvent(new Event('characteristicvaluechanged'));
  }

  private async write(data: BufferSource, withResponse: boolean): Promise<void> {
    this.inFlight += 1;
    this.maxInFlight = Math.max(this.maxInFlight, this.inFlight);
    const bytes = [...new Uint8Array(data instanceof ArrayBuffer ? data : data.buffer)];
    this.writes.push({ bytes, withResponse });
    if (this.holdWrites) await new Promise<void>((resolve) => this.held.push(resolve));
    this.inFlight -= 1;
  }
}

export interface FakeServiceSpec {
  uuid: Uuid;
  characteristics: { uuid: Uuid; write?: boolean; writeWithoutResponse?: boolean }[];
}

export class FakeDevice extends EventTarget {
  /** The characteristics of the current connection (new objects after every reconnect). */
  characteristics = new Map<string, FakeCharacteristic>();
  connects = 0;
  failConnect: Error | null = null;
  readonly gatt: {
    connected: boolean;
    connect: () => Promise<unknown>;
    disconnect: () => void;
    getPrimaryService: (uuid: Uuid) => Promise<unknown>;
    getPrimaryServices: () => Promise<unknown[]>;
  };

  constructor(
    readonly id: string,
    readonly name: string | undefined,
    private readonly services: FakeServiceSpec[],
  ) {
    super();
    const gatt = {
      connected: false,
      connect: async () => {
        if (this.failConnect) throw this.failConnect;
        this.connects += 1;
        gatt.connected = true;
        this.characteristics = new Map();
        return gatt;
      },
      disconnect: () => {
        gatt.connected = false;
      },
      getPrimaryServices: async () =>
        Promise.all(this.services.map((spec) => gatt.getPrimaryService(spec.uuid))),
      getPrimaryService: async (uuid: Uuid) => {
        const spec = this.services.find((s) => key(s.uuid) === key(uuid));
        if (!spec || !gatt.connected) throw new DOMException('No service', 'NotFoundError');
        const service = {
          uuid: String(spec.uuid),
          getCharacteristics: async () =>
            Promise.all(spec.characteristics.map((c) => service.getCharacteristic(c.uuid))),
          getCharacteristic: async (c: Uuid) => {
            const found = spec.characteristics.find((x) => key(x.uuid) === key(c));
            if (!found) throw new DOMException('No characteristic', 'NotFoundError');
            let characteristic = this.characteristics.get(key(c));
            if (!characteristic) {
              characteristic = new FakeCharacteristic(c, {
                write: !!found.write,
                writeWithoutResponse: !!found.writeWithoutResponse,
                notify: true,
              });
              this.characteristics.set(key(c), characteristic);
            }
            return characteristic;
          },
        };
        return service;
      },
    };
    this.gatt = gatt;
  }

  characteristic(uuid: Uuid): FakeCharacteristic {
    const found = this.characteristics.get(key(uuid));
    if (!found) throw new Error(`not subscribed to ${String(uuid)}`);
    return found;
  }

  /** Switched off or out of range. */
  drop(): void {
    this.gatt.connected = false;
    this.dispatchEvent(new Event('gattserverdisconnected'));
  }
}

export class FakeBluetooth {
  readonly requests: RequestDeviceOptions[] = [];
  next: FakeDevice | Error | null = null;

  async requestDevice(options: RequestDeviceOptions): Promise<FakeDevice> {
    this.requests.push(options);
    const next = this.next;
    if (!next)
      throw new DOMException('User cancelled the requestDevice() chooser.', 'NotFoundError');
    if (next instanceof Error) throw next;
    return next;
  }

  get asBluetooth(): Bluetooth {
    return this as unknown as Bluetooth;
  }
}
