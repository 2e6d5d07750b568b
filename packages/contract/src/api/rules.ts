import { rulePresetListSchema } from '../rules';
import type { Endpoint } from './endpoint';

/** The six house-rule presets, for set-up screens before anyone signs in. */
export const rulePresets = {
  method: 'GET',
  path: '/api/rules/presets',
  access: 'public',
  summary: 'The house-rule presets with their values',
  replies: { 200: rulePresetListSchema },
} as const satisfies Endpoint;
