import type { GroupTableRow } from '@beerscale/contract/groups';
import { ProvisionalMark } from '../../../components/provisional-mark';
import { formatElo, formatNumber } from '../../../i18n/format';
import { useT } from '../../../i18n/use-t';

/** A season's table: place, name, ELO ("?" when provisional), counts, mean difference, form. */
export function GroupTable({ rows }: { rows: GroupTableRow[] }) {
  const { t } = useT();
  if (rows.length === 0) {
    return <p className="p-4 text-foam-200">{t('groups.tableEmpty')}</p>;
  }
  const num = 'px-1.5 py-2.5 text-right tabular-nums whitespace-nowrap';
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-left text-sm">
        <thead className="border-b border-malt-700 text-xs tracking-wide text-foam-400 uppercase">
          <tr>
            <th className="py-2.5 pr-1 pl-3">{t('groups.place')}</th>
            <th className="w-full px-1.5 py-2.5">{t('board.player')}</th>
            <th className={num}>{t('board.elo')}</th>
            <th className={num}>{t('board.games')}</th>
            <th className={num}>{t('groups.wins')}</th>
            <th className={num}>
              <abbr title={t('groups.exactHits')} className="no-underline">
                {t('groups.exactHitsShort')}
              </abbr>
            </th>
            <th className={num}>
              <abbr title={t('board.avg')} className="no-underline">
                {t('groups.meanShort')}
              </abbr>
            </th>
            <th className={num}>
              <abbr title={t('groups.penalties')} className="no-underline">
                {t('groups.penaltiesShort')}
              </abbr>
            </th>
            <th className="py-2.5 pr-3 pl-1.5">{t('groups.form')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row, index) => (
            <tr key={row.memberId} className="border-b border-malt-800 last:border-0">
              <td className="py-2.5 pr-1 pl-3 font-bold">{index + 1}</td>
              <td className="max-w-0 min-w-24 px-1.5 py-2.5 font-semibold">
                <span className="block truncate" title={row.name}>
                  {row.name}
                </span>
              </td>
              <td className={`${num} font-bold`}>
                {formatElo(row.elo)}
                {row.provisional && <ProvisionalMark />}
              </td>
              <td className={num}>{formatNumber(row.games)}</td>
              <td className={num}>{formatNumber(row.wins)}</td>
              <td className={num}>{formatNumber(row.exactHits)}</td>
              <td className={num}>
                {row.meanDifference === null ? '–' : `${formatNumber(row.meanDifference, 1)} g`}
              </td>
              <td className={num}>{formatNumber(row.penalties)}</td>
              <td className="py-2.5 pr-3 pl-1.5">
                <Form form={row.form} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The last results, newest first: W for a win, the rank otherwise. */
function Form({ form }: { form: GroupTableRow['form'] }) {
  const { t } = useT();
  if (form.length === 0) return <span className="text-foam-400">–</span>;
  return (
    <span className="flex gap-1" aria-label={t('groups.formLabel')}>
      {form.map((result) => (
        <span
          key={result.gameId}
          title={result.won ? t('groups.won') : t('groups.rankN', { rank: result.rank })}
          className={`grid size-6 place-items-center rounded text-xs font-bold ${
            result.won ? 'bg-hop-500 text-malt-950' : 'bg-malt-700 text-foam-200'
          }`}
        >
          {result.won ? t('groups.winMark') : result.rank}
        </span>
      ))}
    </span>
  );
}
