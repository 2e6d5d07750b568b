import { Link } from 'react-router';
import { Brand } from '../components/brand';

export default function NotFound() {
  return (
    <div className="flex min-h-dvh flex-col items-center justify-center gap-6 px-4 text-center">
      <Brand />
      <h1 className="text-3xl font-black">Nothing on the scale here</h1>
      <p className="text-foam-200">This page does not exist.</p>
      <Link to="/" className="btn-primary">
        Back to start
      </Link>
    </div>
  );
}
