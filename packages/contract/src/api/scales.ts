import {
  awaitingScalesReplySchema,
  checkScalesReplySchema,
  pairBodySchema,
  pairReplySchema,
  scalesReplySchema,
  settingsBodySchema,
  settingsReplySchema,
  wifiBodySchema,
} from '../scales';
import { messageReplySchema } from '../replies';
import type { Endpoint } from './endpoint';
import { macParams } from './params';

export const checkScales = {
  method: 'GET',
  path: '/api/scale-settings/check-scales',
  access: 'authenticated',
  summary: 'Whether the caller has a scale',
  replies: { 200: checkScalesReplySchema },
} as const satisfies Endpoint;

export const scales = {
  method: 'GET',
  path: '/api/scale-settings/scales',
  access: 'authenticated',
  summary: "The caller's scales",
  replies: { 200: scalesReplySchema },
} as const satisfies Endpoint;

export const awaitingScales = {
  method: 'GET',
  path: '/api/scale-settings/awaiting',
  access: 'authenticated',
  summary:
    'Scales the caller registered with that are not theirs yet: paired by their code, or approved by an administrator',
  replies: { 200: awaitingScalesReplySchema },
} as const satisfies Endpoint;

export const scaleSettings = {
  method: 'GET',
  path: '/api/scale-settings/scales/{mac}/settings',
  access: 'authenticated',
  summary: "An approved scale's settings (the WiFi password as [SET])",
  params: macParams,
  replies: { 200: settingsReplySchema },
  refusals: [404],
} as const satisfies Endpoint;

export const updateWifi = {
  method: 'PUT',
  path: '/api/scale-settings/scales/{mac}/wifi',
  access: 'authenticated',
  summary: "Change an approved scale's WiFi network (409 for a bridged Bluetooth scale)",
  params: macParams,
  body: wifiBodySchema,
  replies: { 200: messageReplySchema },
  refusals: [404, 409],
} as const satisfies Endpoint;

export const updateSettings = {
  method: 'PUT',
  path: '/api/scale-settings/scales/{mac}/settings',
  access: 'authenticated',
  summary:
    "Change an approved scale's general settings (a bridged Bluetooth scale: its name only, 409 otherwise)",
  params: macParams,
  body: settingsBodySchema,
  replies: { 200: messageReplySchema },
  refusals: [404, 409],
} as const satisfies Endpoint;

export const pairScale = {
  method: 'POST',
  path: '/api/scale-settings/scales/{mac}/pair',
  access: 'authenticated',
  summary: 'Confirm the code a scale shows, pairing it',
  params: macParams,
  body: pairBodySchema,
  replies: { 200: pairReplySchema },
  refusals: [403, 404, 409, 429],
} as const satisfies Endpoint;

/**
 * The owner forgets the scale's key, whoever holds a copy (issue 42): a connection with the key
 * is ended, and the scale pairs again by the code it shows. A bridged Bluetooth scale has no key.
 */
export const resetOwnScaleKey = {
  method: 'POST',
  path: '/api/scale-settings/scales/{mac}/reset-key',
  access: 'authenticated',
  summary:
    "Forget your scale's pairing key and end a connection that holds it; it pairs again by its code",
  params: macParams,
  replies: { 200: messageReplySchema },
  refusals: [404, 409],
} as const satisfies Endpoint;
