import { AuthShell } from '../app/auth-shell';
import { RegisterForm } from '../features/auth/components/register-form';
import { SiteLinks } from '../features/auth/components/site-links';
import { useT } from '../i18n/use-t';

export default function Register() {
  const { t } = useT();
  return (
    <AuthShell title={t('register.title')} subtitle={t('register.subtitle')}>
      <RegisterForm />
      <SiteLinks className="mt-4" />
    </AuthShell>
  );
}
