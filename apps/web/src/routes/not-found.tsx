import { Link } from 'wouter';
import { Brand } from '../components/brand';
import { useSession } from '../lib/session-context';
import { useT } from '../i18n/use-t';

export default function NotFound() {
  const { status } = useSession();
  const { t } = useT();
  const home = status === 'logged_in' ? '/home' : '/';
  return (
    <div className="flex min-h-dvh flex-col items-center justify-center gap-5 px-4 text-center">
      <Brand to={home} />
      <p className="text-7xl font-black text-amber-400/80 tabular-nums" aria-hidden>
        404
      </p>
      <h1 className="text-3xl font-black text-balance">{t('notFound.title')}</h1>
      <p className="max-w-sm text-lg text-foam-200">{t('notFound.text')}</p>
      <Link to={home} className="btn-primary">
        {status === 'logged_in' ? t('common.backToHome') : t('common.backToStart')}
      </Link>
    </div>
  );
}
