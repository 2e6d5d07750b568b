import { Trophy, Zap } from 'lucide-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { GameMode } from '@beerscale/contract/limits';
import { BluetoothScaleLink } from '../features/bluetooth-scale/components/bluetooth-scale-link';
import {
  useBridgedScaleCapacity,
  useBridgedScaleMac,
} from '../features/bluetooth-scale/hooks/use-bluetooth-scale';
import { FastGameSetup } from '../features/fast-game/components/fast-game-setup';
import { activeRankedGameQueryOptions } from '../features/ranked/api/queries';
import { RankedLobby } from '../features/ranked/components/ranked-lobby';
import { storedGameMode, STORAGE_KEYS, write } from '../lib/storage';
import { PageTitle } from '../components/page-title';
import type { TextKey } from '../i18n/use-t';
import { useT } from '../i18n/use-t';
import { ConnectionBanner } from '../components/connection-banner';
import { useSession } from '../lib/session-context';
import { useCaughtUp, useSocketStatus } from '../lib/use-connection';

const INSTRUCTIONS: Record<GameMode, TextKey[]> = {
  fast: ['game.fast.1', 'game.fast.2', 'game.fast.3'],
  ranked: ['game.ranked.1', 'game.ranked.2', 'game.ranked.3'],
};

const MODES = [
  ['fast', 'game.casual', Zap],
  ['ranked', 'game.ranked', Trophy],
] as const;

export default function Game() {
  const [chosen, setChosen] = useState<GameMode | null>(storedGameMode);
  // A device that never chose a mode opens on the player's open ranked lobby, if there is one.
  const openRanked = useQuery({ ...activeRankedGameQueryOptions(), enabled: chosen === null });
  const mode: GameMode = chosen ?? (openRanked.data ? 'ranked' : 'fast');
  const bridgedMac = useBridgedScaleMac();
  const bridgedCapacity = useBridgedScaleCapacity();
  const { t } = useT();
  // The lobby follows the leader's changes over the socket: say when it cannot.
  const connection = useSocketStatus(useSession().socket);
  const caughtUp = useCaughtUp(connection);
  const choose = (next: GameMode) => {
    setChosen(next);
    write(STORAGE_KEYS.selectedGameMode, next);
  };
  return (
    <div className="space-y-5">
      <PageTitle subtitle={t('game.subtitle')}>{t('game.title')}</PageTitle>
      <ConnectionBanner status={connection} caughtUp={caughtUp} />
      <div
        role="tablist"
        aria-label={t('game.mode')}
        className="grid grid-cols-2 gap-1 rounded-2xl bg-malt-900 p-1"
      >
        {MODES.map(([value, label, Icon]) => (
          <button
            key={value}
            role="tab"
            type="button"
            aria-selected={mode === value}
            onClick={() => choose(value)}
            className={`btn min-h-11 ${mode === value ? 'bg-amber-400 text-malt-950' : 'text-foam-200 hover:bg-malt-800'}`}
          >
            <Icon className="size-4" aria-hidden /> {t(label)}
          </button>
        ))}
      </div>
      <aside className="card text-sm text-foam-200">
        <ol className="list-decimal space-y-1 pl-5">
          {INSTRUCTIONS[mode].map((line) => (
            <li key={line}>{t(line)}</li>
          ))}
        </ol>
      </aside>
      <BluetoothScaleLink />
      <section className="card">
        {mode === 'fast' ? (
          <FastGameSetup suggestedMac={bridgedMac} suggestedCapacityGrams={bridgedCapacity} />
        ) : (
          <RankedLobby suggestedMac={bridgedMac} suggestedCapacityGrams={bridgedCapacity} />
        )}
      </section>
    </div>
  );
}
