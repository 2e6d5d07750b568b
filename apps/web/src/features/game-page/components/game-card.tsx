import { Share2 } from 'lucide-react';
import { useEffect, useState } from 'react';
import type { GameState } from '@beerscale/contract/game-state';
import { gameName } from '../../../i18n/game-name';
import { useT } from '../../../i18n/use-t';
import { useGameCard } from '../api/game';
import { saveFile, sharesFiles } from '../../../lib/share-file';

/** The game's result card as a picture, and the way to share it. */
export function GameCard({ game }: { game: GameState }) {
  const { t, language } = useT();
  const card = useGameCard(game.id, language, game.status === 'completed');
  const [src, setSrc] = useState<string | null>(null);
  const [saved, setSaved] = useState<string | null>(null);
  const file = card.data;
  // A data: address, not a blob: one: the app's Content-Security-Policy allows images from
  // itself and data: only.
  useEffect(() => {
    if (!file) return;
    let current = true;
    const reader = new FileReader();
    reader.onload = () => {
      if (current && typeof reader.result === 'string') setSrc(reader.result);
    };
    reader.readAsDataURL(file);
    return () => {
      current = false;
    };
  }, [file]);
  if (game.status !== 'completed') return null;
  const name = gameName(game.name);
  const share = async () => {
    if (!file) return;
    if (sharesFiles(file)) {
      try {
        await navigator.share({ files: [file], title: name, text: t('share.text', { name }) });
      } catch {
        // Closing the share sheet is not a failure; a refusal leaves the picture on the page.
      }
      return;
    }
    saveFile(file);
    setSaved(file.name);
  };
  return (
    <section className="card space-y-3" aria-labelledby="game-card-title">
      <h2 id="game-card-title" className="text-lg font-bold">
        {t('gamePage.card')}
      </h2>
      {src ? (
        <img
          src={src}
          alt={t('gamePage.cardAlt', { name })}
          width={1200}
          height={630}
          className="h-auto w-full rounded-xl"
        />
      ) : card.isError ? (
        <p role="alert" className="text-sm text-red-300">
          {t('share.failed')}
        </p>
      ) : (
        <div className="aspect-[1200/630] w-full animate-pulse rounded-xl bg-malt-800/60" />
      )}
      <button
        type="button"
        className="btn-primary min-h-11"
        onClick={() => void share()}
        disabled={!file}
      >
        <Share2 className="size-5" aria-hidden />
        {t('share.result')}
      </button>
      {saved && (
        <p role="status" className="text-sm text-foam-200">
          {t('gamePage.saved', { file: saved })}
        </p>
      )}
    </section>
  );
}
