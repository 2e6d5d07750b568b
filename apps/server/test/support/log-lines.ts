/** The fields of pino's line for a request that completed, in pino's order (request-log.ts). */
export const REQUEST_LINE_FIELDS = [
  'level',
  'time',
  'pid',
  'hostname',
  'reqId',
  'req',
  'res',
  'responseTime',
  'msg',
];
