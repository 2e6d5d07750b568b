import { useState } from 'react';
import type { GroupDetail } from '@beerscale/contract/groups';
import { errorMessage } from '../../../lib/api-client';
import { formatNumber } from '../../../i18n/format';
import { useT } from '../../../i18n/use-t';
import { useGroupHeadToHead } from '../api/group-head-to-head';

/** Any two members against each other: games together, wins each, mean difference each. */
export function HeadToHeadPanel({ group }: { group: GroupDetail }) {
  const { t } = useT();
  const [a, setA] = useState<number | null>(group.members[0]?.memberId ?? null);
  const [b, setB] = useState<number | null>(group.members[1]?.memberId ?? null);
  const duel = useGroupHeadToHead(group.id, a, b);
  const select = (label: string, value: number | null, onChange: (id: number) => void) => (
    <label className="min-w-0 flex-1">
      <span className="field-label">{label}</span>
      <select
        className="field-input"
        value={value ?? ''}
        onChange={(event) => onChange(Number(event.target.value))}
      >
        {group.members.map((m) => (
          <option key={m.memberId} value={m.memberId}>
            {m.name}
          </option>
        ))}
      </select>
    </label>
  );
  const mean = (value: number | null) => (value === null ? '–' : `${formatNumber(value, 1)} g`);
  return (
    <section className="card" aria-labelledby="head-to-head-title">
      <h2 id="head-to-head-title" className="text-xl font-black">
        {t('groups.headToHead')}
      </h2>
      <div className="mt-3 flex gap-3">
        {select(t('groups.playerA'), a, setA)}
        {select(t('groups.playerB'), b, setB)}
      </div>
      {a !== null && a === b && <p className="mt-3 text-foam-200">{t('error.SAME_MEMBER')}</p>}
      {duel.isError && (
        <p role="alert" className="banner-error mt-3">
          {errorMessage(duel.error, t('groups.loadFailed'))}
        </p>
      )}
      {duel.data && a !== b && (
        <div className="mt-4" data-testid="head-to-head">
          <p className="text-center text-sm text-foam-200">
            {t('groups.gamesTogether', { count: duel.data.games })}
            {duel.data.draws > 0 && ` · ${t('groups.draws', { count: duel.data.draws })}`}
          </p>
          <div className="mt-2 grid grid-cols-2 gap-3 text-center">
            {[duel.data.a, duel.data.b].map((side) => (
              <div key={side.memberId} className="rounded-lg bg-malt-800/60 p-3">
                <p className="truncate font-bold">{side.name}</p>
                <p className="text-3xl font-black tabular-nums">{formatNumber(side.wins)}</p>
                <p className="text-xs text-foam-400">{t('groups.wins')}</p>
                <p className="mt-1 text-sm tabular-nums">{mean(side.meanDifference)}</p>
              </div>
            ))}
          </div>
        </div>
      )}
    </section>
  );
}
