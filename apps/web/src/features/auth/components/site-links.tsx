import { useT } from '../../../i18n/use-t';
import { useSiteLinks } from '../api/site-links';

/** "Imprint" and "Privacy", when the operator configured them (IMPRINT_URL, PRIVACY_URL). */
export function SiteLinks({ className = '' }: { className?: string }) {
  const { t } = useT();
  const { imprintUrl, privacyUrl } = useSiteLinks();
  if (!imprintUrl && !privacyUrl) return null;
  return (
    <nav aria-label={t('site.legal')} className={`flex justify-center gap-6 text-sm ${className}`}>
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
    </nav>
  );
}
