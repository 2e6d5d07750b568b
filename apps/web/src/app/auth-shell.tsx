import type { ReactNode } from 'react';
import { Brand } from '../app/brand';

/** The frame of the sign-in and registration screens. */
export function AuthLayout({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="flex min-h-dvh flex-col items-center px-4 py-8">
      <Brand />
      <main className="card mt-8 w-full max-w-md">
        <h1 className="mb-6 text-2xl font-extrabold tracking-tight">{title}</h1>
        {children}
      </main>
    </div>
  );
}
