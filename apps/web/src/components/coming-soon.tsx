import { Hourglass } from 'lucide-react';
import type { ReactNode } from 'react';
import { PageTitle } from './page-title';

/** A protected screen whose content is still being brewed. */
export function ComingSoon({
  title,
  subtitle,
  children,
}: {
  title: string;
  subtitle: string;
  children?: ReactNode;
}) {
  return (
    <section>
      <PageTitle subtitle={subtitle}>{title}</PageTitle>
      <div className="card flex flex-col items-center gap-3 py-12 text-center">
        <span className="grid size-14 place-items-center rounded-2xl bg-amber-400/15 text-amber-300">
          <Hourglass className="size-7" aria-hidden />
        </span>
        <p className="text-lg font-bold">Coming soon</p>
        <p className="max-w-sm text-foam-200">
          This screen is still brewing. It will be on tap in a later release.
        </p>
        {children}
      </div>
    </section>
  );
}
