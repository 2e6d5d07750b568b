import { useT } from '../../../i18n/use-t';
import { useSiteLinks } from '../api/site-links';

/**
 * "Imprint" and "Privacy", when the operator configured them (IMPRINT_URL, PRIVACY_URL), and
 * "Help with alcohol" (HELP_URL, by default the national help service).
 */
export function SiteLinks({ className = '' }: { className?: string }) {
  const { t } = useT();
  const { imprintUrl, privacyUrl, helpUrl } = useSiteLinks();
  if (!imprintUrl && !privacyUrl && !helpUrl) return null;
  return (
    <nav
      aria-label={t('site.legal')}
      className={`flex flex-wrap justify-center gap-x-6 text-sm ${className}`}
    >
      {imprintUrl && (
        <a href={imprintUrl} className="link inline-flex min-h-11 items-center" rel="noopener">
          {t('site.imprint')}
        </a>
      )}
      {privacyUrl && (
        <a href={privacyUrl} className="link inline-flex min-h-11 items-center" rel="noopener">
          {t('site.privacy')}
        </a>
      )}
      {helpUrl && (
        <a href={helpUrl} className="link inline-flex min-h-11 items-center" rel="noopener">
          {t('site.help')}
        </a>
      )}
    </nav>
  );
}
