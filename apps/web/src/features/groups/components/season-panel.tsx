import { CalendarDays } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import type { GroupDetail } from '@beerscale/contract/groups';
import { errorMessage } from '../../../lib/api-client';
import { formatDate } from '../../../i18n/format';
import { useT } from '../../../i18n/use-t';
import { useNewGroupSeason } from '../api/new-group-season';
import { seasonDay, seasonName } from './season-name';

/** The running season and its days; the captain ends it (confirmed, the next one's name optional). */
export function SeasonPanel({ group }: { group: GroupDetail }) {
  const { t } = useT();
  const [confirming, setConfirming] = useState(false);
  const [name, setName] = useState('');
  const newSeason = useNewGroupSeason(group.id);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    newSeason.mutate(name, {
      onSuccess: () => {
        setConfirming(false);
        setName('');
      },
    });
  };
  return (
    <section className="card">
      <h2 className="flex items-center gap-2 text-xl font-black">
        <CalendarDays className="size-5 text-amber-400" aria-hidden />
        {seasonName(t, group.season)}
      </h2>
      <p className="mt-1 text-foam-200">
        {t('groups.seasonSince', {
          date: formatDate(group.season.startedAt),
          days: seasonDay(group.season.startedAt),
        })}
      </p>
      {group.can.newSeason && !confirming && (
        <button type="button" className="btn-secondary mt-3" onClick={() => setConfirming(true)}>
          {t('groups.endSeason')}
        </button>
      )}
      {group.can.newSeason && confirming && (
        <form className="mt-3 space-y-3" onSubmit={submit}>
          <p className="font-semibold">{t('groups.endSeasonConfirm')}</p>
          <label className="block">
            <span className="field-label">{t('groups.nextSeasonName')}</span>
            <input
              className="field-input"
              value={name}
              maxLength={40}
              placeholder={t('groups.seasonN', { number: group.season.number + 1 })}
              onChange={(event) => setName(event.target.value)}
            />
          </label>
          {newSeason.isError && (
            <p role="alert" className="banner-error">
              {errorMessage(newSeason.error, t('groups.actionFailed'))}
            </p>
          )}
          <div className="flex flex-wrap gap-2">
            <button type="submit" className="btn-danger" disabled={newSeason.isPending}>
              {t('groups.endSeasonYes')}
            </button>
            <button type="button" className="btn-secondary" onClick={() => setConfirming(false)}>
              {t('groups.cancel')}
            </button>
          </div>
        </form>
      )}
    </section>
  );
}
