import type { ReactNode } from 'react';

export function PageTitle({ children, subtitle }: { children: ReactNode; subtitle?: ReactNode }) {
  return (
    <div className="mb-6">
      <h1 className="text-2xl font-black tracking-tight md:text-3xl">{children}</h1>
      {subtitle && <p className="mt-1 text-foam-200">{subtitle}</p>}
    </div>
  );
}
