import { BLUETOOTH_TEXTS } from '@beerscale/contract/bluetooth-bridge';
import { t } from '../../i18n/use-t';

type BluetoothText = keyof typeof BLUETOOTH_TEXTS;

/** A Bluetooth text in the reader's language (the contract holds the English). */
export const bluetoothText = (key: BluetoothText) => t(`bt.${key}`);

/** A message the bridge raised with the contract's English text, in the reader's language. */
export function bluetoothMessage(english: string): string {
  const key = (Object.keys(BLUETOOTH_TEXTS) as BluetoothText[]).find(
    (k) => BLUETOOTH_TEXTS[k] === english,
  );
  return key ? bluetoothText(key) : english;
}
