import type { ContainerType } from '@beerscale/contract/limits';

/** docs/RULES.md: what an empty container weighs and what a full one must weigh at least. */
export interface ContainerProfile {
  emptyGrams: number;
  minFullGrams: number;
  label: string;
}

export const CONTAINER_PROFILES: Record<ContainerType, ContainerProfile> = {
  BEER_BOTTLE: { emptyGrams: 200, minFullGrams: 450, label: 'bottle' },
  BEER_CAN: { emptyGrams: 15, minFullGrams: 300, label: 'can' },
};

/** A target below this leaves too little beer to play another round. */
export function lowestPlayableTarget(profile: ContainerProfile): number {
  return profile.emptyGrams + 10;
}
