import { z } from 'zod';
import { hasHiddenCharacters, withoutHiddenCharacters } from './names';
import { isStorableText } from './text';

/**
 * A Bluetooth LE scale bridged by a signed-in player's browser (Web Bluetooth) over the browser
 * socket. The server makes it a scale like a WiFi one: a derived 12-hex address, assigned to and
 * approved for the player, connected while bridged, its WEIGHT readings fed to the engine.
 */

const storable = (max: number) => z.string().max(max).refine(isStorableText, 'Malformed text');

export const bridgeToServerSchemas = [
  /** The scale is connected and subscribed: it becomes (or is again) the player's scale. */
  z.strictObject({
    type: z.literal('BRIDGE_OPEN'),
    /** `BluetoothDevice.id`: stable per browser profile and site; never the Bluetooth address. */
    deviceId: storable(256).pipe(z.string().min(1)),
    /**
     * The advertised name (may be empty), the scale's name until the player renames it: shown
     * to people, so control, invisible and text-direction characters are taken out (cleaned,
     * not refused: the player cannot change what their scale advertises).
     */
    name: storable(100).overwrite(withoutHiddenCharacters),
    /** The bridge's driver id (chipsea, decent...): stored in the model name, so a name's rules. */
    driver: storable(50)
      .pipe(z.string().trim().min(1))
      .refine((value) => !hasHiddenCharacters(value), 'Malformed text'),
  }),
  /** One reading, as a WiFi scale's WEIGHT: at up to 10 per second. */
  z.strictObject({
    type: z.literal('BRIDGE_WEIGHT'),
    grams: z.number().finite().min(-100_000).max(100_000),
    stable: z.boolean(),
  }),
  /** The scale is gone (switched off, out of range, disconnected by the player). */
  z.strictObject({ type: z.literal('BRIDGE_CLOSE') }),
] as const;

export const bridgeToBrowserSchemas = [
  /** Where the bridge stands: `bridged` with the scale's address, or not (with the reason). */
  z.object({
    type: z.literal('BRIDGE_STATUS'),
    macAddress: z.string().nullable(),
    bridged: z.boolean(),
    error: z.string().optional(),
  }),
] as const;

export { BRIDGE_REFUSALS } from './refusal-messages';

/** What the player reads in the "Bluetooth scale" section. */
export const BLUETOOTH_TEXTS = {
  title: 'Bluetooth scale',
  intro:
    'Play on a Bluetooth kitchen or coffee scale: this browser connects to it and sends its readings to the game. Keep this page open (the screen stays on) while you play.',
  connect: 'Connect Bluetooth scale',
  connecting: 'Connecting…',
  reconnecting: 'Reconnecting…',
  connected: 'Connected',
  tare: 'Tare',
  disconnect: 'Disconnect',
  insecure:
    'Web Bluetooth needs a secure page. Open beerscale over HTTPS (or at http://localhost on the computer that runs it).',
  unsupported:
    'This browser has no Web Bluetooth, so it cannot connect to a Bluetooth scale (browsers on iPhone and iPad, Firefox and Safari have none).',
  cancelled: 'No scale was chosen.',
  notSupportedScale:
    'This scale is not supported yet: Acaia, Felicita, Decent, Chipsea/OKOK, Etekcity ESN00, Bookoo Themis, Timemore Black Mirror and standard Bluetooth weight scales work. Record it below for a bug report.',
  failed: 'Could not connect to the scale',
  serverWaiting: 'Waiting for the server…',
  useInGame: 'It is filled in when you set up a game.',
  manage: 'Manage',
} as const;
