import { useParams } from 'wouter';
import { AuthShell } from '../app/auth-shell';
import { ResetPasswordForm } from '../features/auth/components/reset-password-form';
import { useT } from '../i18n/use-t';

export default function ResetPassword() {
  const { t } = useT();
  const { token = '' } = useParams();
  return (
    <AuthShell title={t('reset.title')}>
      <ResetPasswordForm key={token} token={token} />
    </AuthShell>
  );
}
