import { REFUSALS } from '@beerscale/contract/messages';
import {
  PASSWORD_SET,
  SETTING_DEFAULTS,
  isCalibrationFactor,
  type ScaleSummary,
  type SettingsBody,
  type SettingsReply,
  type WifiBody,
  type AwaitingScale,
} from '@beerscale/contract/scales';
import type { AuthContext } from '../auth/auth.service';
import type { OnlineCheck } from '../devices/device-presence';
import { conflict, notFound } from '../http/http-error';
import type { EventBus } from '../realtime/event-bus';
import type { ScaleSettingsRepository } from './scale-settings.repository';
import type { SettingsCipher } from './settings-cipher';

export const SCALE_NOT_FOUND = REFUSALS.scaleNotFound;

/** What scale settings need of the device pairing service (docs/DEVICE-PROTOCOL.md, Pairing). */
export interface PairingPort {
  isRequested(mac: string): boolean;
  confirm(mac: string, code: string, now?: Date, claimant?: number): Promise<void>;
}

/** PAIRING_APPROVAL (README, Configuration): who approves a scale paired by its code. */
export type PairingApproval = 'owner' | 'administrator';

/**
 * Scale settings: only for scales assigned to and approved for the caller; anyone else gets 404,
 * as for an unknown scale (docs/ARCHITECTURE.md, Rules and their homes).
 */
export class ScalesService {
  constructor(
    private readonly settings: ScaleSettingsRepository,
    private readonly cipher: SettingsCipher,
    private readonly bus: EventBus,
    private readonly isOnline: OnlineCheck,
    private readonly pairing: PairingPort,
    private readonly approval: PairingApproval = 'owner',
  ) {}

  async list(me: AuthContext): Promise<ScaleSummary[]> {
    const rows = await this.settings.ownedApproved(me.user.id);
    return rows.map((row) => ({
      mac_address: row.mac,
      scale_name: row.scale_name,
      model_name: row.model_name,
      connection_status: this.isOnline(row) ? 'connected' : 'disconnected',
      pairing_requested: this.pairing.isRequested(row.mac),
      bridged: row.bridged === 1,
    }));
  }

  async hasScales(me: AuthContext): Promise<boolean> {
    return (await this.settings.ownedApproved(me.user.id)).length > 0;
  }

  async read(mac: string, me: AuthContext): Promise<SettingsReply> {
    await this.requireOwn(mac, me);
    const [saved, failed] = await Promise.all([
      this.settings.read(mac),
      this.settings.wifiFailed(mac),
    ]);
    const stored = { ...SETTING_DEFAULTS, ...saved };
    return {
      settings: { ...stored, wifi_password: stored.wifi_password ? PASSWORD_SET : '' },
      wifi_failed_ssid: failedNetwork(stored.wifi_ssid, failed),
    };
  }

  async updateWifi(mac: string, body: WifiBody, me: AuthContext): Promise<void> {
    // A bridged Bluetooth scale has no WiFi: its browser is its link to the server.
    if ((await this.requireOwn(mac, me)).bridged) throw conflict(REFUSALS.bridgedScaleNoWifi);
    await this.settings.write(mac, {
      wifi_ssid: body.ssid,
      wifi_password: this.cipher.encrypt(body.password),
    });
    // The owner set WiFi again: the scale is sent the network once more, even the same one.
    await this.settings.setWifiFailed(mac, null);
    this.bus.publish('scale.settings-changed', { mac });
  }

  async updateGeneral(mac: string, body: SettingsBody, me: AuthContext): Promise<void> {
    const scale = await this.requireOwn(mac, me);
    const s = body.settings;
    // Calibration, auto-tare, sleep and LED are the firmware's; a bridged scale has none of it,
    // only a name that the lists show.
    const deviceOnly = [
      s.calibration_offset,
      s.calibration_factor,
      s.auto_tare,
      s.sleep_timeout,
      s.led_brightness,
    ];
    if (scale.bridged && deviceOnly.some((value) => value !== undefined)) {
      throw conflict(REFUSALS.bridgedScaleDeviceSettings);
    }
    const entries: Record<string, string> = {};
    if (s.device_name !== undefined) entries.device_name = s.device_name;
    // Stored to the setting's 0.1 step (docs/DEVICE-PROTOCOL.md, Settings on the device), so
    // 0.30000000000000004 never reaches a device.
    if (s.calibration_offset !== undefined)
      entries.calibration_offset = String(Math.round(s.calibration_offset * 10) / 10);
    if (s.calibration_factor !== undefined)
      entries.calibration_factor =
        s.calibration_factor === null ? '' : String(s.calibration_factor);
    if (s.auto_tare !== undefined) entries.auto_tare = String(s.auto_tare);
    if (s.sleep_timeout !== undefined) entries.sleep_timeout = String(s.sleep_timeout);
    if (s.led_brightness !== undefined) entries.led_brightness = String(s.led_brightness);
    if (Object.keys(entries).length === 0) return;
    const scaleName = s.device_name === undefined ? undefined : s.device_name || null;
    await this.settings.write(mac, entries, scaleName);
    this.bus.publish('scale.settings-changed', { mac });
  }

  /**
   * Scales the caller registered with that are not theirs yet and that a code could make theirs
   * (or, with PAIRING_APPROVAL=administrator, that wait for an administrator). A scale another
   * account holds the key of is not listed: it stays theirs until its key is reset.
   */
  async awaiting(me: AuthContext): Promise<AwaitingScale[]> {
    const rows = await this.settings.claimable(me.user.id);
    return rows.map((row) => ({
      mac_address: row.mac,
      pairing_requested: this.pairing.isRequested(row.mac),
      approval: this.approval === 'owner' ? 'code' : 'administrator',
    }));
  }

  /**
   * The code shown on a scale (docs/DEVICE-PROTOCOL.md, Pairing), typed by its approved owner,
   * or by an account that registered with its address: the code proves they hold the scale, so
   * it becomes theirs, approved, with no administrator (unless PAIRING_APPROVAL=administrator).
   * Anyone else, and a scale whose key another account holds: 404, as for an unknown scale.
   */
  async pair(mac: string, code: string, me: AuthContext): Promise<void> {
    const own = await this.settings.findOwnedApproved(mac, me.user.id);
    if (own) return this.pairing.confirm(mac, code);
    const claimable =
      this.approval === 'owner' &&
      (await this.settings.claimable(me.user.id)).some((row) => row.mac === mac);
    if (!claimable) throw notFound(SCALE_NOT_FOUND);
    await this.pairing.confirm(mac, code, new Date(), me.user.id);
  }

  /**
   * The owner forgets the scale's key (issue 42): always, even while a socket that copied the key
   * holds the scale; the key-reset fact ends that socket on whichever instance holds it, as an
   * administrator's reset does. A bridged Bluetooth scale has no key: its browser is its link.
   */
  async resetKey(mac: string, me: AuthContext): Promise<void> {
    if ((await this.requireOwn(mac, me)).bridged) throw conflict(REFUSALS.bridgedScaleNoKey);
    await this.settings.resetKey(mac);
    this.bus.publish('scale.key-reset', { mac });
  }

  /**
   * What the device itself gets: the defaults, the stored values, the password in clear. A
   * network the scale reported it could not join is not sent again (an empty SSID means "keep
   * what you have") until the owner sets WiFi again.
   */
  async forDevice(mac: string): Promise<Record<string, string>> {
    const [saved, failed] = await Promise.all([
      this.settings.read(mac),
      this.settings.wifiFailed(mac),
    ]);
    const stored = { ...SETTING_DEFAULTS, ...saved };
    if (failedNetwork(stored.wifi_ssid, failed) !== null) {
      return { ...stored, wifi_ssid: '', wifi_password: '' };
    }
    return {
      ...stored,
      wifi_password: stored.wifi_password ? this.cipher.decrypt(stored.wifi_password) : '',
    };
  }

  /**
   * STATUS { wifi: 'failed', ssid } (protocol 1.1): remembered only when it is the network the
   * server is sending; a report about an older network changes nothing.
   */
  async wifiFailed(mac: string, ssid: string): Promise<boolean> {
    const stored = await this.settings.read(mac);
    if (!stored.wifi_ssid || stored.wifi_ssid !== ssid) return false;
    await this.settings.setWifiFailed(mac, ssid);
    return true;
  }

  /** STATUS { calibrated } (protocol 1.1): the scale's own calibration becomes the setting. */
  async calibrated(mac: string, factor: number): Promise<boolean> {
    if (!isCalibrationFactor(factor)) return false;
    await this.settings.write(mac, { calibration_factor: String(factor) });
    return true;
  }

  private async requireOwn(mac: string, me: AuthContext): Promise<{ bridged: boolean }> {
    // Unknown, someone else's and unapproved scales answer alike: nothing is revealed.
    const scale = await this.settings.findOwnedApproved(mac, me.user.id);
    if (!scale) throw notFound(SCALE_NOT_FOUND);
    return { bridged: scale.bridged === 1 };
  }
}

/** The failed network while it is still the stored one; a newer SSID supersedes the report. */
function failedNetwork(ssid: string, failed: string | null): string | null {
  return failed !== null && failed === ssid ? failed : null;
}
