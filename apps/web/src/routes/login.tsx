import { Link } from 'react-router';
import { AuthShell } from '../app/auth-shell';
import { LoginForm } from '../features/auth/components/login-form';

export default function Login() {
  return (
    <AuthShell title="Welcome to beerscale!" subtitle="Sign in to step up to the scale.">
      <LoginForm />
      <p className="mt-6 text-center text-foam-200">
        No account yet?{' '}
        <Link to="/register" className="link">
          Register here
        </Link>
      </p>
    </AuthShell>
  );
}
