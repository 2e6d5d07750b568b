import { HeartHandshake } from 'lucide-react';
import { useT } from '../../../i18n/use-t';

/**
 * The instructions' short "Play responsibly" (docs/RULES.md, "Drinks and responsible play"):
 * everyone's own drink and pace, water and alcohol-free play alike, Schnaps only for adults,
 * the evening's limit, and where to find help (HELP_URL, when known).
 */
export function PlayResponsibly({ helpUrl }: { helpUrl: string | null }) {
  const { t } = useT();
  return (
    <section className="card space-y-3" aria-labelledby="responsibly-title">
      <h2 id="responsibly-title" className="flex items-center gap-2 text-xl font-bold">
        <HeartHandshake className="size-5 text-amber-400" aria-hidden />
        {t('howto.responsibly.title')}
      </h2>
      <ul className="list-disc space-y-2 pl-5 text-foam-200">
        <li>{t('howto.responsibly.pace')}</li>
        <li>{t('howto.responsibly.drinks')}</li>
        <li>{t('howto.responsibly.adults')}</li>
        <li>{t('howto.responsibly.limit')}</li>
      </ul>
      {helpUrl && (
        <p>
          <a href={helpUrl} className="link" rel="noopener">
            {t('howto.responsibly.help')}
          </a>
        </p>
      )}
    </section>
  );
}
