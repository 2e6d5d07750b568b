import { REFUSALS } from '@beerscale/contract/messages';
import type { AdminScalesQuery, AdminScalesReply } from '@beerscale/contract/admin';
import type { PendingPairing } from '@beerscale/contract/scales';
import type { OnlineCheck } from '../devices/device-presence';
import { badRequest, notFound } from '../http/http-error';
import type { EventBus } from '../realtime/event-bus';
import type { ScalesRepository } from '../scales/scales.repository';
import type { UsersRepository } from '../users/users.repository';

export const UNKNOWN_SCALE = REFUSALS.scaleNotFound;

export interface AdminPairingPort {
  list(): PendingPairing[];
  confirm(mac: string, code: string): Promise<void>;
}
export const UNKNOWN_USER = REFUSALS.noSuchUser;

/**
 * The administrator's scale assignment (README.md, Administration), for the /admin routes (which
 * check is_admin first) and the operator's CLI alike.
 */
export class AdminService {
  constructor(
    private readonly scales: ScalesRepository,
    private readonly users: UsersRepository,
    private readonly bus: EventBus,
    private readonly isOnline: OnlineCheck,
    private readonly pairing: AdminPairingPort,
  ) {}

  /** Devices showing a code (also for addresses no account registered). */
  pendingPairings(): PendingPairing[] {
    return this.pairing.list();
  }

  /**
   * An administrator confirms the code shown on any scale, assigned or not
   * (docs/DEVICE-PROTOCOL.md, Pairing).
   */
  pair(mac: string, code: string): Promise<void> {
    return this.pairing.confirm(mac, code);
  }

  /** One page of scales, each with every account that registered its address. */
  async listScales(page: AdminScalesQuery): Promise<AdminScalesReply> {
    const { rows, total } = await this.scales.listForAdmin(page);
    const registrants = await this.scales.registrantsOf(rows.map((row) => row.mac));
    const scales = rows.map((row) => ({
      mac: row.mac,
      scaleName: row.scale_name,
      modelName: row.model_name,
      bridged: row.bridged === 1,
      approved: row.approved === 1,
      connected: this.isOnline(row),
      lastSeenAt: row.last_seen_at,
      owner:
        row.owner_id !== null
          ? {
              id: row.owner_id,
              username: row.owner_username ?? '',
              playerName: row.owner_player_name ?? '',
            }
          : null,
      requestedBy:
        row.requested_by !== null
          ? {
              id: row.requested_by,
              username: row.requested_by_username ?? '',
              playerName: row.requested_by_player_name ?? '',
            }
          : null,
      registrants: registrants
        .filter((r) => r.mac === row.mac)
        .map((r) => ({ id: r.id, username: r.username, playerName: r.player_name })),
    }));
    return { scales, total, ...page };
  }

  async searchUsers(text: string) {
    const rows = await this.users.searchForAdmin(text, 10);
    return rows.map((row) => ({ id: row.id, username: row.username, playerName: row.player_name }));
  }

  findUserByUsername(username: string) {
    return this.users.findByUsername(username);
  }

  /**
   * Assigns and approves. The web page picks from registered scales (unknown: 404); the
   * operator's CLI may provision an address no device or account has named yet.
   */
  async assign(mac: string, userId: number, options: { provision?: boolean } = {}): Promise<void> {
    if (!options.provision) await this.requireScale(mac);
    if (!(await this.users.findById(userId))) throw badRequest(UNKNOWN_USER);
    await this.scales.assign(mac, userId, new Date());
    this.bus.publish('scale.owner-changed', { mac });
  }

  async unassign(mac: string): Promise<void> {
    await this.requireScale(mac);
    await this.scales.unassign(mac);
    this.bus.publish('scale.owner-changed', { mac });
  }

  /** The device must pair again: its key is forgotten and its connection dropped, wherever. */
  async resetKey(mac: string): Promise<void> {
    await this.requireScale(mac);
    await this.scales.resetKey(mac);
    this.bus.publish('scale.key-reset', { mac });
  }

  private async requireScale(mac: string): Promise<void> {
    if (!(await this.scales.findByMac(mac))) throw notFound(UNKNOWN_SCALE);
  }
}
