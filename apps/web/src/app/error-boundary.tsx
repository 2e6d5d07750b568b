import { Component, type ErrorInfo, type ReactNode } from 'react';
import { t } from '../i18n/use-t';

interface State {
  failed: boolean;
}

/**
 * The last line of defence: a screen that crashed (or a chunk that could not be fetched after
 * an update) shows a way out instead of a blank page.
 */
export class ErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { failed: false };

  static getDerivedStateFromError(): State {
    return { failed: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error('Screen failed', error, info.componentStack);
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <div className="flex min-h-dvh flex-col items-center justify-center gap-5 px-4 text-center">
        <h1 className="text-3xl font-black">{t('crash.title')}</h1>
        <p className="max-w-sm text-lg text-foam-200">{t('crash.text')}</p>
        <div className="flex flex-col gap-3 sm:flex-row">
          <button type="button" className="btn-primary" onClick={() => window.location.reload()}>
            {t('crash.reload')}
          </button>
          <a href="/" className="btn-secondary">
            {t('common.backToStart')}
          </a>
        </div>
      </div>
    );
  }
}
