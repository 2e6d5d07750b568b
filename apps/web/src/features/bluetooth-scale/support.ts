export type BluetoothSupport = 'ok' | 'insecure' | 'unsupported';

/** Web Bluetooth needs a secure context (HTTPS or localhost) and a browser that has it. */
export function bluetoothSupport(
  win: { isSecureContext: boolean } = window,
  nav: Navigator = navigator,
): BluetoothSupport {
  if (!win.isSecureContext) return 'insecure';
  if (!('bluetooth' in nav) || !nav.bluetooth) return 'unsupported';
  return 'ok';
}
