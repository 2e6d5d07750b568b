import { Download, Share2 } from 'lucide-react';
import { useState } from 'react';
import { gameCard } from '@beerscale/contract/api/cards';
import type { GameState } from '@beerscale/contract/game-state';
import { call } from '../../../lib/api-client';
import { saveFile, sharesFiles } from '../../../lib/share-file';
import { gameName } from '../../../i18n/game-name';
import { useT } from '../../../i18n/use-t';

/** "Share result": the game's result card (GET /api/games/{id}/card.png) in the reader's language. */
export function ShareResultButton({ game }: { game: GameState }) {
  const { t, language } = useT();
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  const share = async () => {
    setBusy(true);
    setFailed(false);
    try {
      const png = await call(gameCard, { params: { id: game.id }, query: { lang: language } });
      const name = gameName(game.name);
      const file = new File([png as BlobPart], `beerscale-${game.id}.png`, { type: 'image/png' });
      if (sharesFiles(file, { phoneOnly: true })) {
        await navigator.share({ files: [file], title: name, text: t('share.text', { name }) });
      } else {
        saveFile(file);
      }
    } catch (error) {
      // Closing the phone's share sheet is not a failure.
      if (!(error instanceof DOMException && error.name === 'AbortError')) setFailed(true);
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="flex flex-col items-center gap-2">
      <button
        type="button"
        className="btn-primary min-h-11"
        onClick={() => void share()}
        disabled={busy}
        aria-busy={busy}
      >
        {busy ? (
          <Download className="size-5 motion-safe:animate-pulse" aria-hidden />
        ) : (
          <Share2 className="size-5" aria-hidden />
        )}
        {t('share.result')}
      </button>
      {failed && (
        <p role="alert" className="text-sm text-red-300">
          {t('share.failed')}
        </p>
      )}
    </div>
  );
}
