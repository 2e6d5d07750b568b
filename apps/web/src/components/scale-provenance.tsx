import { Bluetooth, Wifi } from 'lucide-react';
import type { GameState } from '@beerscale/contract/game-state';
import { useT } from '../i18n/use-t';

/** How the game's weights are obtained: "Bluetooth scale via Alice", or a WiFi scale paired by code. */
export function ScaleProvenance({ game }: { game: Pick<GameState, 'scaleKind' | 'bridgedBy'> }) {
  const { t } = useT();
  if (game.scaleKind === null) return null;
  const bridged = game.scaleKind === 'bluetooth';
  const Icon = bridged ? Bluetooth : Wifi;
  return (
    <p
      className="flex items-center justify-center gap-1.5 text-sm text-foam-400"
      data-testid="scale-provenance"
    >
      <Icon className="size-4 shrink-0" aria-hidden />
      {bridged ? t('scale.bridgedBy', { name: game.bridgedBy ?? '?' }) : t('scale.wifiPaired')}
    </p>
  );
}
