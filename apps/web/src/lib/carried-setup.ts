import { z } from 'zod';
import { CONTAINER_TYPES, ROUNDS } from '@beerscale/contract/limits';
import { rulesSchema } from '@beerscale/contract/rules';
import { read, STORAGE_KEYS, write } from './storage';

// "Play again" on a ranked game opens a new lobby that cannot be set up yet (the players must
// accept first). What the last game was played with waits here, for that lobby only, so the
// leader's set-up form starts from it instead of from the defaults.

const carriedSetupSchema = z.object({
  gameId: z.number().int().positive(),
  containerType: z.enum(CONTAINER_TYPES),
  rounds: z.number().int().min(ROUNDS.min).max(ROUNDS.max),
  rules: rulesSchema,
});

export type CarriedSetup = z.infer<typeof carriedSetupSchema>;

export function carrySetup(setup: CarriedSetup): void {
  write(STORAGE_KEYS.carriedSetup, JSON.stringify(setup));
}

/** The set-up carried over to this lobby, or null (another lobby's, or none, or unreadable). */
export function carriedSetup(gameId: number): Omit<CarriedSetup, 'gameId'> | null {
  const stored = read(STORAGE_KEYS.carriedSetup);
  if (stored === null) return null;
  try {
    const parsed = carriedSetupSchema.safeParse(JSON.parse(stored));
    if (!parsed.success || parsed.data.gameId !== gameId) return null;
    const { containerType, rounds, rules } = parsed.data;
    return { containerType, rounds, rules };
  } catch {
    return null;
  }
}
