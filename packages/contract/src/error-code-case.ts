/**
 * A refusal's code from its text's key (gameNotFound -> GAME_NOT_FOUND). On its own so that a
 * client can name the codes of one group without bundling every group's texts (error-codes.ts).
 */
export const toCode = (key: string) => key.replace(/[A-Z]/g, (c) => `_${c}`).toUpperCase();
