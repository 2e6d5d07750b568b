import { AuthShell } from '../app/auth-shell';
import { RegisterForm } from '../features/auth/components/register-form';

export default function Register() {
  return (
    <AuthShell
      title="Register New Account"
      subtitle="One account per player, linked to the scale on your table."
    >
      <RegisterForm />
    </AuthShell>
  );
}
