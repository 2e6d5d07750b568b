import { Link } from 'wouter';
import { AuthShell } from '../app/auth-shell';
import { LoginForm } from '../features/auth/components/login-form';
import { useT } from '../i18n/use-t';

export default function Login() {
  const { t } = useT();
  return (
    <AuthShell title={t('login.title')} subtitle={t('login.subtitle')}>
      <LoginForm />
      <p className="mt-6 text-center text-foam-200">
        {t('login.noAccount')}{' '}
        <Link to="/register" className="link">
          {t('login.registerHere')}
        </Link>
      </p>
    </AuthShell>
  );
}
