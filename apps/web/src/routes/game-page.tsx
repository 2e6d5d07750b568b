import { useParams } from 'wouter';
import { GamePageView } from '../features/game-page/components/game-page-view';
import { useT } from '../i18n/use-t';

/** /games/{id}: a game's own page, for those who may read it (its players, its scale's owner). */
export default function GamePage() {
  const { id } = useParams<{ id: string }>();
  const { t } = useT();
  // A path that is no game id names no game: said without asking the server.
  if (!/^[1-9]\d{0,8}$/.test(id ?? '')) {
    return (
      <p role="alert" className="card text-lg font-bold">
        {t('error.GAME_NOT_FOUND')}
      </p>
    );
  }
  return <GamePageView id={Number(id)} />;
}
