/**
 * GATT allows one operation at a time per device: a second write while one is in flight fails
 * with "GATT operation already in progress". Every operation of a bridge goes through here.
 */
export class GattQueue {
  private tail: Promise<unknown> = Promise.resolve();

  run<T>(operation: () => Promise<T>): Promise<T> {
    const next = this.tail.then(operation, operation);
    // A failed operation must not stop the ones behind it.
    this.tail = next.catch(() => undefined);
    return next;
  }
}
