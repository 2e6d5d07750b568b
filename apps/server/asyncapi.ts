import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { format, resolveConfig } from 'prettier';
import { asyncApiDocument } from './src/http/asyncapi-document';
import { API_VERSION } from './src/http/openapi-document';

/** docs/asyncapi.json: checked in, kept equal to the contract by test/asyncapi.test.ts. */
export const ASYNCAPI_FILE = fileURLToPath(new URL('../../docs/asyncapi.json', import.meta.url));

/** The document as the file holds it (formatted like every other file of the repository). */
export async function asyncApiText(): Promise<string> {
  const options = await resolveConfig(ASYNCAPI_FILE);
  return format(JSON.stringify(asyncApiDocument(API_VERSION)), { ...options, parser: 'json' });
}

// `npm run asyncapi -w apps/server` rewrites the file.
if (process.argv[1] === fileURLToPath(import.meta.url)) {
  writeFileSync(ASYNCAPI_FILE, await asyncApiText());
}
