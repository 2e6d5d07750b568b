import { TriangleAlert } from 'lucide-react';
import type { ContainerType } from '@beerscale/contract/limits';
import { formatNumber } from '../i18n/format';
import { useT } from '../i18n/use-t';
import { FULL_CONTAINER_GRAMS, overCapacity } from '../lib/scale-capacity';

/**
 * On a game set-up: a full container would weigh more than 90 % of what the chosen scale weighs
 * (a bridged Bluetooth scale's driver knows its maximum). Shown before the game starts, so the
 * table can change scale or container instead of meeting an overload at the first weighing.
 */
export function CapacityWarning({
  container,
  capacityGrams,
}: {
  container: ContainerType;
  capacityGrams: number | null;
}) {
  const { t } = useT();
  if (capacityGrams === null || !overCapacity(container, capacityGrams)) return null;
  return (
    <p
      role="status"
      className="flex gap-2 rounded-2xl border border-amber-400/40 bg-amber-400/10 px-4 py-3 text-sm text-amber-100"
      data-testid="capacity-warning"
    >
      <TriangleAlert className="mt-0.5 size-4 shrink-0 text-amber-300" aria-hidden />
      <span>
        {t(`capacity.${container}`, {
          full: formatNumber(FULL_CONTAINER_GRAMS[container]),
          capacity: formatNumber(capacityGrams),
        })}
      </span>
    </p>
  );
}
