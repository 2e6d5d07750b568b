import { Download, Globe, UserPlus } from 'lucide-react';
import type { GroupDetail } from '@beerscale/contract/groups';
import { errorMessage } from '../../../lib/api-client';
import { useT } from '../../../i18n/use-t';
import { useGroupExport } from '../api/group-export';
import { useGroupInviteLink } from '../api/group-invite-link';
import { useGroupPublicLink, useRevokeGroupPublicLink } from '../api/group-public-link';
import { LinkBox } from './link-box';

/** The invite link with its QR (captain), the CSV export, and the public link's switch (captain). */
export function SharePanel({ group }: { group: GroupDetail }) {
  const { t } = useT();
  const invite = useGroupInviteLink(group.id);
  const publicLink = useGroupPublicLink(group.id);
  const revoke = useRevokeGroupPublicLink(group.id);
  const csv = useGroupExport(group.id);
  const failed = [invite, publicLink, revoke, csv].find((m) => m.isError);
  return (
    <section className="card space-y-4">
      {group.can.invite && (
        <div>
          <h2 className="flex items-center gap-2 text-xl font-black">
            <UserPlus className="size-5 text-amber-400" aria-hidden />
            {t('groups.invite')}
          </h2>
          <p className="mt-1 text-sm text-foam-200">{t('groups.inviteHint')}</p>
          {invite.data ? (
            <LinkBox url={invite.data.url} qrTitle={t('groups.inviteLink')} testId="invite-link" />
          ) : (
            <button
              type="button"
              className="btn-primary mt-3"
              disabled={invite.isPending}
              onClick={() => invite.mutate()}
            >
              {t('groups.makeInviteLink')}
            </button>
          )}
        </div>
      )}
      {group.can.publicLink && (
        <div className={group.can.invite ? 'border-t border-malt-800 pt-4' : ''}>
          <h2 className="flex items-center gap-2 text-xl font-black">
            <Globe className="size-5 text-amber-400" aria-hidden />
            {t('groups.publicLink')}
          </h2>
          <p className="mt-1 text-sm text-foam-200">
            {group.publicLinkOn ? t('groups.publicLinkOn') : t('groups.publicLinkOff')}
          </p>
          {publicLink.data && group.publicLinkOn && (
            <LinkBox
              url={publicLink.data.url}
              qrTitle={t('groups.publicLink')}
              testId="public-link"
            />
          )}
          <div className="mt-3 flex flex-wrap gap-2">
            <button
              type="button"
              className="btn-secondary"
              disabled={publicLink.isPending}
              onClick={() => publicLink.mutate()}
            >
              {group.publicLinkOn ? t('groups.publicLinkRenew') : t('groups.publicLinkTurnOn')}
            </button>
            {group.publicLinkOn && (
              <button
                type="button"
                className="btn-danger"
                disabled={revoke.isPending}
                onClick={() => revoke.mutate(undefined, { onSuccess: () => publicLink.reset() })}
              >
                {t('groups.publicLinkTurnOff')}
              </button>
            )}
          </div>
        </div>
      )}
      <div
        className={group.can.invite || group.can.publicLink ? 'border-t border-malt-800 pt-4' : ''}
      >
        <button
          type="button"
          className="btn-secondary"
          disabled={csv.isPending}
          onClick={() => csv.mutate()}
        >
          <Download className="size-5" aria-hidden />
          {t('groups.exportCsv')}
        </button>
      </div>
      {failed && (
        <p role="alert" className="banner-error">
          {errorMessage(failed.error, t('groups.actionFailed'))}
        </p>
      )}
    </section>
  );
}
