import { CheckCircle2 } from 'lucide-react';
import { useEffect } from 'react';
import { Link, useLocation } from 'wouter';
import { REDIRECT_AFTER_REGISTER_MS } from '@beerscale/contract/limits';
import { useT } from '../../../i18n/use-t';

/**
 * After registering, the form gives way to this and the sign-in page follows after 2 s. The
 * server's message in English, the catalogue's in other languages.
 */
export function RegisterSuccess({ message, username }: { message: string; username: string }) {
  const [, navigate] = useLocation();
  const { t, language } = useT();
  useEffect(() => {
    const timer = setTimeout(
      () => navigate('/login', { state: { username } }),
      REDIRECT_AFTER_REGISTER_MS,
    );
    return () => clearTimeout(timer);
  }, [navigate, username]);

  return (
    <div role="status" className="space-y-4 py-2 text-center">
      <CheckCircle2 className="mx-auto size-16 text-hop-400" aria-hidden />
      <p className="text-xl font-bold">{language === 'en' ? message : t('register.success')}</p>
      <p className="text-foam-200">{t('register.taking')}</p>
      <Link to="/login" state={{ username }} className="btn-primary w-full">
        {t('register.signInNow')}
      </Link>
    </div>
  );
}
