import { AuthShell } from '../app/auth-shell';
import { RegisterForm } from '../features/auth/components/register-form';
import { useT } from '../i18n/use-t';

export default function Register() {
  const { t } = useT();
  return (
    <AuthShell title={t('register.title')} subtitle={t('register.subtitle')}>
      <RegisterForm />
    </AuthShell>
  );
}
