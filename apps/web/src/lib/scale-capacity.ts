import type { ContainerType } from '@beerscale/contract/limits';

/**
 * About what a full container weighs: its profile's empty weight (bottle 200 g, can 15 g) plus
 * half a litre of beer (about 505 g), rounded up. An estimate for a warning, never a rule.
 */
export const FULL_CONTAINER_GRAMS: Record<ContainerType, number> = {
  BEER_BOTTLE: 710,
  BEER_CAN: 520,
};

/** Above this share of its maximum a scale may overload, or weigh less exactly. */
export const CAPACITY_SHARE = 0.9;

/** Whether a full container of this type may be too heavy for a scale weighing `capacityGrams`. */
export function overCapacity(container: ContainerType, capacityGrams: number | null): boolean {
  if (capacityGrams === null) return false;
  return FULL_CONTAINER_GRAMS[container] > CAPACITY_SHARE * capacityGrams;
}
