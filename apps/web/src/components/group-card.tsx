import type { ReactNode } from 'react';
import { Link } from 'wouter';
import type { MyGroup } from '@beerscale/contract/groups';
import { formatNumber } from '../i18n/format';
import { useT } from '../i18n/use-t';

/** What a group without an emoji of its own shows, wherever it is named. */
export const DEFAULT_GROUP_EMOJI = '🍺';

const SIZES = {
  /** Home's small cards, three to a row on a laptop. */
  small: { card: 'gap-3 p-4', emoji: 'text-3xl', place: 'text-xl' },
  /** /groups' list, one to a row with room for the role and the member count. */
  large: { card: 'gap-4', emoji: 'text-4xl', place: 'text-2xl' },
};

/**
 * One of the reader's groups as a card that opens its page: its emoji, `children` (its name and
 * whatever the page adds to it) and the reader's place in its running season ("–" without one).
 */
export function GroupCard({
  group,
  size,
  testId,
  children,
}: {
  group: Pick<MyGroup, 'id' | 'emoji' | 'place'>;
  size: keyof typeof SIZES;
  testId: string;
  children: ReactNode;
}) {
  const { t } = useT();
  const sized = SIZES[size];
  return (
    <Link
      to={`/groups/${group.id}`}
      className={`card flex items-center ${sized.card} hover:border-amber-400`}
      data-testid={testId}
    >
      <span className={sized.emoji} aria-hidden>
        {group.emoji ?? DEFAULT_GROUP_EMOJI}
      </span>
      {children}
      <span className="shrink-0 text-right">
        <span className={`block ${sized.place} font-black tabular-nums`}>
          {group.place === null ? '–' : `${formatNumber(group.place)}.`}
        </span>
        <span className="block text-xs text-foam-400">{t('groups.myPlace')}</span>
      </span>
    </Link>
  );
}
