import { Trophy, Zap } from 'lucide-react';
import { useState } from 'react';
import type { GameMode } from '@beerscale/contract/limits';
import { BluetoothScaleLink } from '../features/bluetooth-scale/components/bluetooth-scale-link';
import { useBridgedScaleMac } from '../features/bluetooth-scale/hooks/use-bluetooth-scale';
import { FastGameSetup } from '../features/fast-game/components/fast-game-setup';
import { RankedLobby } from '../features/ranked/components/ranked-lobby';
import { readGameMode, STORAGE_KEYS, write } from '../lib/storage';
import { PageTitle } from '../components/page-title';

const INSTRUCTIONS: Record<GameMode, string[]> = {
  fast: [
    'Enter your friends’ names: they do not need accounts.',
    'Pick bottle or can and the scale’s MAC address, then set up the game.',
    'Start the remote game: the scale takes over and everyone follows on the live view.',
  ],
  ranked: [
    'Create a ranked game and invite registered players.',
    'Drag the players into turn order, set up the scale, then start.',
    'Results move everyone’s ELO on the leaderboard.',
  ],
};

export default function Game() {
  const [mode, setMode] = useState<GameMode>(readGameMode);
  const bridgedMac = useBridgedScaleMac();
  const choose = (next: GameMode) => {
    setMode(next);
    write(STORAGE_KEYS.selectedGameMode, next);
  };
  return (
    <div className="space-y-5">
      <PageTitle subtitle="Set up a game for the table.">Game Setup</PageTitle>
      <div
        role="tablist"
        aria-label="Game mode"
        className="grid grid-cols-2 gap-1 rounded-2xl bg-malt-900 p-1"
      >
        {(
          [
            ['fast', 'Casual', Zap],
            ['ranked', 'Ranked', Trophy],
          ] as const
        ).map(([value, label, Icon]) => (
          <button
            key={value}
            role="tab"
            type="button"
            aria-selected={mode === value}
            onClick={() => choose(value)}
            className={`btn min-h-11 ${mode === value ? 'bg-amber-400 text-malt-950' : 'text-foam-200 hover:bg-malt-800'}`}
          >
            <Icon className="size-4" aria-hidden /> {label}
          </button>
        ))}
      </div>
      <aside className="card text-sm text-foam-200">
        <ol className="list-decimal space-y-1 pl-5">
          {INSTRUCTIONS[mode].map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ol>
      </aside>
      <BluetoothScaleLink />
      <section className="card">
        {mode === 'fast' ? <FastGameSetup suggestedMac={bridgedMac} /> : <RankedLobby />}
      </section>
    </div>
  );
}
