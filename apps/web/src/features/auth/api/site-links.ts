import { useEffect, useState } from 'react';
import type { site as siteEndpoint } from '@beerscale/contract/api/account';
import type { SiteReply } from '@beerscale/contract/account';
import { request, type ReplySchema } from '../../../lib/api-client';

// The table entry's method and path, checked against it by the compiler: the entry names zod
// schemas, which the landing and register pages do without (so does TanStack Query).
const SITE = { method: 'GET', path: '/api/site' } as const satisfies Pick<
  typeof siteEndpoint,
  'method' | 'path'
>;

const link = (value: unknown) =>
  typeof value === 'string' && /^https?:\/\//.test(value) ? value : null;

/** The reply checked by hand, keeping only an http(s) link (never a javascript: one). */
export const siteReplyCheck: ReplySchema<SiteReply> = {
  safeParse(data) {
    if (typeof data !== 'object' || data === null) return { success: false };
    const { imprintUrl, privacyUrl } = data as Record<string, unknown>;
    return { success: true, data: { imprintUrl: link(imprintUrl), privacyUrl: link(privacyUrl) } };
  },
};

let asked: Promise<SiteReply> | null = null;

/** The operator's imprint and privacy links (asked once per page load); none until known. */
export function useSiteLinks(): SiteReply {
  const [links, setLinks] = useState<SiteReply>({ imprintUrl: null, privacyUrl: null });
  useEffect(() => {
    let current = true;
    asked ??= request(SITE.method, SITE.path, {
      anonymous: true,
      sessionCheck: false,
      schema: siteReplyCheck,
    }).catch(() => {
      asked = null;
      return { imprintUrl: null, privacyUrl: null };
    });
    void asked.then((reply) => {
      if (current) setLinks(reply);
    });
    return () => {
      current = false;
    };
  }, []);
  return links;
}
