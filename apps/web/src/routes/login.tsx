import { Link } from 'react-router';
import { LoginForm } from '../features/auth/components/login-form';
import { AuthLayout } from './auth-layout';

export default function Login() {
  return (
    <AuthLayout title="Welcome to beerscale!">
      <LoginForm />
      <p className="mt-6 text-center text-sm text-foam-200">
        No account yet?{' '}
        <Link
          to="/register"
          className="font-semibold text-amber-400 underline-offset-2 hover:underline"
        >
          Register here
        </Link>
      </p>
    </AuthLayout>
  );
}
