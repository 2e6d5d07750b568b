import { Check, Copy, RefreshCw, Share2 } from 'lucide-react';
import { QRCodeSVG } from 'qrcode.react';
import { useEffect, useRef, useState } from 'react';
import type { GameState } from '@beerscale/contract/game-state';
import { errorMessage } from '../../../lib/api-client';
import { useWatchLink } from '../api/watch-link';
import { useWatchTexts } from '../texts';
import { EndEvening } from './end-evening';

const SHAREABLE = new Set<GameState['status']>(['configured', 'active']);

/**
 * The leader's Share button on /live: reveals the game's watch link and its QR code, large
 * enough to scan across a table. "New link" replaces it (the old one stops working).
 */
export function SharePanel({ game }: { game: GameState }) {
  const T = useWatchTexts();
  const [open, setOpen] = useState(false);
  const [copied, setCopied] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const qr = useRef<HTMLDivElement>(null);
  const link = useWatchLink(game.id);
  const path = link.data?.path ?? null;
  // The panel opens at the bottom of /live: bring the code up where the table can scan it.
  useEffect(() => {
    if (!open || !path) return;
    const still = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
    qr.current?.scrollIntoView?.({ block: 'center', behavior: still ? 'auto' : 'smooth' });
  }, [open, path]);
  // After the game the link follows Play again: the leader may end the evening instead.
  if (!SHAREABLE.has(game.status)) {
    return game.status === 'completed' || game.status === 'cancelled' ? (
      <EndEvening game={game} />
    ) : null;
  }

  const reveal = () => {
    setOpen(true);
    if (!link.data) link.mutate(false);
  };
  const url = link.data ? new URL(link.data.path, window.location.origin).href : null;
  const copy = () => {
    if (!url) return;
    void navigator.clipboard
      ?.writeText(url)
      .then(() => setCopied(true))
      .catch(() => {});
  };

  if (!open) {
    return (
      <button type="button" className="btn-secondary w-full sm:w-auto" onClick={reveal}>
        <Share2 className="size-5" aria-hidden />
        {T.share}
      </button>
    );
  }
  return (
    <section aria-label={T.shareTitle} className="card">
      <div className="flex items-start justify-between gap-3">
        <div>
          <h2 className="text-xl font-black">{T.shareTitle}</h2>
          <p className="mt-1 text-sm text-foam-200">{T.shareHint}</p>
        </div>
        <button
          type="button"
          className="btn-secondary min-h-11 px-3 py-2 text-sm"
          onClick={() => setOpen(false)}
        >
          {T.hide}
        </button>
      </div>
      {link.isError && (
        <p role="alert" className="mt-3 font-semibold text-red-300">
          {errorMessage(link.error, T.shareFailed)}
        </p>
      )}
      {url ? (
        <div className="mt-4 flex flex-col items-center gap-4 sm:flex-row sm:items-start">
          {/* A white quiet zone: phone cameras need the contrast on this dark page. */}
          <div ref={qr} className="rounded-2xl bg-white p-3">
            <QRCodeSVG value={url} size={224} level="M" title={T.shareQr} data-testid="watch-qr" />
          </div>
          <div className="w-full min-w-0 flex-1 space-y-3">
            <a
              href={url}
              target="_blank"
              rel="noreferrer"
              className="block rounded-xl bg-malt-800 px-3 py-2 font-mono text-sm break-all text-amber-300"
              data-testid="watch-link"
            >
              {url}
            </a>
            <div className="flex flex-wrap gap-2">
              <button type="button" className="btn-primary" onClick={copy}>
                {copied ? (
                  <Check className="size-5" aria-hidden />
                ) : (
                  <Copy className="size-5" aria-hidden />
                )}
                {copied ? T.copied : T.copy}
              </button>
              {!confirming && (
                <button
                  type="button"
                  className="btn-secondary"
                  disabled={link.isPending}
                  onClick={() => setConfirming(true)}
                >
                  <RefreshCw className="size-5" aria-hidden />
                  {T.renew}
                </button>
              )}
            </div>
            {/* A new link ends every open one: everyone watching must scan again. */}
            {confirming ? (
              <div
                role="group"
                aria-label={T.renew}
                className="space-y-2 rounded-xl bg-malt-800 p-3"
              >
                <p className="text-sm font-semibold">{T.renewConfirm}</p>
                <div className="flex flex-wrap gap-2">
                  <button
                    type="button"
                    className="btn-primary"
                    onClick={() => {
                      setConfirming(false);
                      setCopied(false);
                      link.mutate(true);
                    }}
                  >
                    {T.renewYes}
                  </button>
                  <button
                    type="button"
                    className="btn-secondary"
                    onClick={() => setConfirming(false)}
                  >
                    {T.renewNo}
                  </button>
                </div>
              </div>
            ) : (
              <p className="text-xs text-foam-400">{T.renewHint}</p>
            )}
          </div>
        </div>
      ) : (
        !link.isError && <div className="mt-4 h-56 animate-pulse rounded-2xl bg-malt-800" />
      )}
    </section>
  );
}
