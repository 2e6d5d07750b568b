import { BookOpen } from 'lucide-react';
import { Link } from 'wouter';
import type { Rules } from '@beerscale/contract/rules';
import { rulesLine } from '../../i18n/rules-text';
import { useT } from '../../i18n/use-t';

/** Where the instructions explain these very rules (the page reads them from its address). */
export const rulesHref = (rules: Rules) =>
  `/game/instructions?rules=${encodeURIComponent(JSON.stringify(rules))}#rules`;

/** The rules a game plays, in one line, with the way to their explanation. */
export function RulesLine({ rules }: { rules: Rules }) {
  const { t } = useT();
  return (
    // Text that flows: the link follows the rules' last word instead of taking a line of its own.
    <p className="text-sm text-foam-200">
      <span data-testid="rules-line">{rulesLine(rules)}</span>{' '}
      <Link
        to={rulesHref(rules)}
        target="_blank"
        rel="noopener"
        // A touch target on phones; a laptop's table screen has no room to spare.
        className="link ml-2 inline-flex min-h-11 items-center gap-1 align-middle lg:min-h-0"
      >
        <BookOpen className="size-4" aria-hidden />
        {t('rules.link')}
      </Link>
    </p>
  );
}
