import { Brand } from '../../../components/brand';
import { FullPageSpinner } from '../../../components/full-page-spinner';
import { LanguageSwitch } from '../../../components/language-switch';
import { errorMessage } from '../../../lib/api-client';
import { useSession } from '../../../lib/session-context';
import { useT } from '../../../i18n/use-t';
import { usePublicGroup } from '../api/public-group';
import { GroupRecordsView } from './group-records-view';
import { GroupTable } from './group-table';
import { DEFAULT_GROUP_EMOJI } from '../../../components/group-card';
import { seasonDay, seasonName } from './season-name';

/** /g/{token}: a group's table and records, read-only, for anyone holding the link. */
export function PublicGroupView({ token }: { token: string }) {
  const { t } = useT();
  const { status } = useSession();
  const group = usePublicGroup(token);
  if (group.isPending) return <FullPageSpinner />;
  return (
    <main className="mx-auto max-w-4xl space-y-4 px-3 py-4">
      <header className="flex items-center justify-between gap-3">
        <Brand to={status === 'logged_in' ? '/home' : '/'} />
        <LanguageSwitch />
      </header>
      {group.data ? (
        <>
          <div>
            <h1 className="text-2xl font-black md:text-3xl">
              <span aria-hidden className="mr-2">
                {group.data.emoji ?? DEFAULT_GROUP_EMOJI}
              </span>
              {group.data.name}
            </h1>
            <p className="mt-1 text-foam-200">
              {seasonName(t, group.data.season)} ·{' '}
              {t('groups.dayN', { days: seasonDay(group.data.season.startedAt) })}
            </p>
          </div>
          <section className="card p-0" aria-label={t('groups.table')}>
            <GroupTable rows={group.data.table} />
          </section>
          <GroupRecordsView records={group.data.records} linkGames={false} />
        </>
      ) : (
        <section className="card text-center">
          <h1 className="text-2xl font-black">{t('groups.linkInvalidTitle')}</h1>
          <p role="alert" className="mt-2 text-foam-200">
            {errorMessage(group.error, t('error.INVALID_GROUP_LINK'))}
          </p>
        </section>
      )}
    </main>
  );
}
