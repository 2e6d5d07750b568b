import {
  adminAccounts,
  adminResetLink,
  changePassword,
  deleteAccount,
  disableAccount,
  enableAccount,
  endOtherSessions,
  endSession,
  exportAccount,
  mySessions,
  passwordResetInfo,
  resetPassword,
  site,
} from '@beerscale/contract/api/account';
import type { FastifyRequest } from 'fastify';
import { DEFAULT_HELP_URL } from '../config';
import type { EndpointRoutes } from '../http/register-endpoint';
import type { AccountAdminService } from './account-admin.service';
import type { AccountService } from './account.service';

export interface SiteLinks {
  imprintUrl: string | null;
  privacyUrl: string | null;
  /** Help with alcohol (HELP_URL); unset, the national help service (DEFAULT_HELP_URL). */
  helpUrl?: string | null;
  /** Where the app is reached, for reset links; else the request's own origin. */
  publicUrl: string | null;
}

/** The export's file name: the date, never the username (it may be an e-mail address). */
const exportFileName = (now: Date) => `beerscale-my-data-${now.toISOString().slice(0, 10)}.json`;

export function registerAccountRoutes(
  routes: EndpointRoutes,
  account: AccountService,
  admin: AccountAdminService,
  links: SiteLinks,
): void {
  const origin = (request: FastifyRequest) =>
    links.publicUrl ?? `${request.protocol}://${request.host}`;

  routes.add(changePassword, async ({ body, me, request }) => {
    const ended = await account.changePassword(body, me, request.ip);
    return {
      message:
        ended === 0 ? 'Password changed' : 'Password changed; your other devices are signed out',
    };
  });
  routes.add(mySessions, async ({ me }) => account.list(me));
  routes.add(endSession, async ({ params, me }) => {
    await account.endSession(params.id, me);
    return { message: 'Session ended' };
  });
  routes.add(endOtherSessions, async ({ me }) => {
    const ended = await account.endOtherSessions(me);
    return { message: 'Other sessions ended', ended };
  });
  routes.add(deleteAccount, async ({ body, me, request }) => {
    await account.deleteAccount(body, me, request.ip);
    return { message: 'Account deleted' };
  });
  routes.add(
    exportAccount,
    async ({ me, reply }) => {
      const now = new Date();
      reply.header('content-disposition', `attachment; filename="${exportFileName(now)}"`);
      reply.header('cache-control', 'no-store');
      return account.exportData(me, now);
    },
    { compressible: true },
  );
  routes.add(passwordResetInfo, async ({ params, request }) =>
    account.resetInfo(params.token, request.ip),
  );
  routes.add(resetPassword, async ({ params, body, request }) => {
    await account.resetPassword(params.token, body, request.ip);
    return { message: 'Password set. You can now sign in.' };
  });
  routes.add(site, async () => ({
    imprintUrl: links.imprintUrl,
    privacyUrl: links.privacyUrl,
    helpUrl: links.helpUrl ?? DEFAULT_HELP_URL,
  }));

  routes.add(adminAccounts, async ({ query }) => admin.list(query), { compressible: true });
  routes.add(adminResetLink, async ({ params, request }) =>
    admin.resetLink(params.id, origin(request)),
  );
  routes.add(disableAccount, async ({ params, me }) => {
    await admin.disable(params.id, me.user.id);
    return { message: 'Account disabled' };
  });
  routes.add(enableAccount, async ({ params }) => {
    await admin.enable(params.id);
    return { message: 'Account enabled' };
  });
}
