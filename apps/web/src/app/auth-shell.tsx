import type { ReactNode } from 'react';
import { BackLink } from '../components/back-link';
import { Brand } from '../components/brand';
import { QueryProvider } from './query-provider';
import { useT } from '../i18n/use-t';
import { LanguageSwitch } from '../components/language-switch';

/** The frame of the sign-in and registration screens: brand, one card, a way back. */
export function AuthShell({
  title,
  subtitle,
  children,
}: {
  title: string;
  subtitle?: string;
  children: ReactNode;
}) {
  const { t } = useT();
  return (
    <QueryProvider>
      <div className="flex min-h-dvh flex-col">
        <header className="mx-auto flex w-full max-w-5xl items-center justify-between gap-2 px-4 py-4">
          <Brand />
          <div className="flex items-center gap-2 sm:gap-3">
            <LanguageSwitch />
            <BackLink to="/" label={t('common.backToStart')} />
          </div>
        </header>
        <main className="flex flex-1 justify-center px-4 pt-4 pb-12 md:pt-10">
          <div className="card w-full max-w-md self-start p-6 md:p-8">
            <h1 className="text-2xl font-black tracking-tight md:text-3xl">{title}</h1>
            {subtitle && <p className="mt-1.5 text-foam-200">{subtitle}</p>}
            <div className="mt-6">{children}</div>
          </div>
        </main>
      </div>
    </QueryProvider>
  );
}
