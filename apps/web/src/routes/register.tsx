import { RegisterForm } from '../features/auth/components/register-form';
import { AuthLayout } from './auth-layout';

export default function Register() {
  return (
    <AuthLayout title="Register New Account">
      <RegisterForm />
    </AuthLayout>
  );
}
