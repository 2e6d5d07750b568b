import type {
  AdminAccountsQuery,
  AdminAccountsReply,
  ResetLinkReply,
} from '@beerscale/contract/account';
import { ACCOUNT_REFUSALS, RESET_LINK_TTL_MS } from '@beerscale/contract/account-messages';
import { conflict, notFound } from '../http/http-error';
import type { AccountRepository } from './account.repository';
import type { AccountService } from './account.service';
import type { PasswordResetsRepository } from './password-resets.repository';

/**
 * An operator's duties towards accounts, for the /admin routes (which check is_admin first) and
 * the operator's CLI alike: the accounts page, reset links (no e-mail: the administrator hands
 * the link over), disabling and enabling.
 */
export class AccountAdminService {
  constructor(
    private readonly repo: AccountRepository,
    private readonly resets: PasswordResetsRepository,
    private readonly accounts: Pick<AccountService, 'endSessions'>,
  ) {}

  async list(query: AdminAccountsQuery): Promise<AdminAccountsReply> {
    const { rows, total } = await this.repo.adminPage(query.search, query.limit, query.offset);
    return {
      users: rows.map((row) => ({
        id: row.id,
        username: row.username,
        playerName: row.player_name,
        isAdmin: row.is_admin === 1,
        disabled: row.disabled_at !== null,
        createdAt: row.created_at,
      })),
      total,
      limit: query.limit,
      offset: query.offset,
    };
  }

  /** A link to `${baseUrl}/reset/{token}` that sets the password once within 30 minutes. */
  async resetLink(userId: number, baseUrl: string, now = new Date()): Promise<ResetLinkReply> {
    await this.requireAccount(userId);
    const { token, expiresAt } = await this.resets.create(userId, now, RESET_LINK_TTL_MS);
    return {
      url: `${baseUrl.replace(/\/+$/, '')}/reset/${token}`,
      expiresAt: expiresAt.toISOString(),
    };
  }

  /** The account cannot sign in any more and every session of it ends now. */
  async disable(userId: number, adminId: number | null): Promise<void> {
    if (userId === adminId) throw conflict(ACCOUNT_REFUSALS.cannotDisableSelf);
    const user = await this.requireAccount(userId);
    if (user.disabled_at === null) await this.repo.setDisabled(userId, new Date().toISOString());
    await this.accounts.endSessions(userId, null);
  }

  async enable(userId: number): Promise<void> {
    await this.requireAccount(userId);
    await this.repo.setDisabled(userId, null);
  }

  private async requireAccount(userId: number) {
    const user = await this.repo.accountOf(userId);
    if (!user) throw notFound(ACCOUNT_REFUSALS.accountNotFound);
    return user;
  }
}
