import type { ReactNode } from 'react';
import { Link, useLocation } from 'wouter';
import { Brand } from '../../../components/brand';
import { FullPageSpinner } from '../../../components/full-page-spinner';
import { LanguageSwitch } from '../../../components/language-switch';
import { errorMessage } from '../../../lib/api-client';
import { rememberTarget } from '../../../lib/redirect';
import { useUrl } from '../../../lib/router';
import { useSession } from '../../../lib/session-context';
import { useT } from '../../../i18n/use-t';
import { useClaimGroupGuest } from '../api/claim-group-guest';
import { useGroupLinkInfo } from '../api/group-link-info';
import { useJoinGroup } from '../api/join-group';
import { DEFAULT_GROUP_EMOJI } from '../../../components/group-card';

/**
 * /groups/join/{token} and /groups/claim/{token}: what the link opens, for anyone holding it.
 * A visitor signs up or in and comes back here (the link is remembered as the target, as a
 * protected page's is); a player joins or claims and lands in the group.
 */
export function GroupLinkView({ token }: { token: string }) {
  const { t } = useT();
  const { status } = useSession();
  const info = useGroupLinkInfo(token);
  const location = useUrl();
  const [, navigate] = useLocation();
  const join = useJoinGroup();
  const claim = useClaimGroupGuest();
  const use = info.data?.kind === 'claim' ? claim : join;

  const shell = (body: ReactNode) => (
    <main className="mx-auto max-w-md space-y-6 px-4 py-4">
      <header className="flex items-center justify-between gap-3">
        <Brand to={status === 'logged_in' ? '/home' : '/'} />
        <LanguageSwitch />
      </header>
      {body}
    </main>
  );
  if (info.isPending || status === 'checking') return <FullPageSpinner />;
  if (!info.data) {
    return shell(
      <section className="card text-center">
        <h1 className="text-2xl font-black">{t('groups.linkInvalidTitle')}</h1>
        <p role="alert" className="mt-2 text-foam-200">
          {errorMessage(info.error, t('error.INVALID_GROUP_LINK'))}
        </p>
      </section>,
    );
  }
  const { kind, groupName, emoji, guestName } = info.data;
  const go = () =>
    use.mutate(token, { onSuccess: ({ groupId }) => navigate(`/groups/${groupId}`) });
  return shell(
    <section className="card text-center" data-testid="group-link">
      <p className="text-6xl" aria-hidden>
        {emoji ?? DEFAULT_GROUP_EMOJI}
      </p>
      <h1 className="mt-2 text-2xl font-black text-balance">
        {kind === 'claim'
          ? t('groups.claimTitle', { name: guestName ?? '' })
          : t('groups.inviteTitle', { group: groupName })}
      </h1>
      <p className="mt-2 text-foam-200">
        {kind === 'claim'
          ? t('groups.claimExplained', { name: guestName ?? '', group: groupName })
          : t('groups.inviteExplained', { group: groupName })}
      </p>
      {status === 'logged_in' ? (
        <>
          {use.isError && (
            <p role="alert" className="banner-error mt-4">
              {errorMessage(use.error, t('groups.actionFailed'))}
            </p>
          )}
          <button
            type="button"
            className="btn-primary mt-5 w-full"
            disabled={use.isPending}
            onClick={go}
          >
            {kind === 'claim' ? t('groups.claimButton') : t('groups.joinButton')}
          </button>
        </>
      ) : (
        <>
          <p className="mt-4 text-sm text-foam-200">{t('groups.needAccount')}</p>
          <div className="mt-4 grid gap-2 sm:grid-cols-2">
            <Link to="/register" className="btn-primary" onClick={() => rememberTarget(location)}>
              {t('groups.signUp')}
            </Link>
            <Link to="/login" className="btn-secondary" onClick={() => rememberTarget(location)}>
              {t('groups.signIn')}
            </Link>
          </div>
        </>
      )}
    </section>,
  );
}
