import { z } from 'zod';
import { macSchema } from '../mac';
import { idParamSchema } from '../users';
import { watchTokenSchema } from '../watch';

/** Path parameters; each is parsed on its own, so a refusal names the first bad one only. */
export const idParams = z.object({ id: idParamSchema });
export const macParams = z.object({ mac: macSchema });
export const inviteParams = z.object({ inviteId: idParamSchema });
export const gameInviteParams = z.object({ id: idParamSchema, inviteId: idParamSchema });
export const gamePlayerParams = z.object({ id: idParamSchema, playerId: idParamSchema });
export const watchTokenParams = z.object({ token: watchTokenSchema });
