import { GamePageView } from '../features/game-page/components/game-page-view';
import { useT } from '../i18n/use-t';
import { PathNotFound, usePathId } from '../lib/path-id';

/** /games/{id}: a game's own page, for those who may read it (its players, its scale's owner). */
export default function GamePage() {
  const id = usePathId();
  const { t } = useT();
  // A path that is no game id names no game: said without asking the server.
  if (id === null) return <PathNotFound>{t('error.GAME_NOT_FOUND')}</PathNotFound>;
  return <GamePageView id={id} />;
}
