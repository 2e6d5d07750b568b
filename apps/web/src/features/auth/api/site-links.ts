import { useEffect, useState } from 'react';
import type { site as siteEndpoint } from '@beerscale/contract/api/account';
import type { SiteReply } from '@beerscale/contract/account';
import type { ReplySchema } from '../../../lib/api-client';

// The table entry's method and path, checked against it by the compiler: the entry names zod
// schemas, which the landing and register pages do without (so does TanStack Query). A plain
// fetch rather than the API client: a public GET with no token and no refusal to show, and the
// client would take the landing page's first load over its 100 KB (docs/PERFORMANCE.md).
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
    const { imprintUrl, privacyUrl, helpUrl } = data as Record<string, unknown>;
    return {
      success: true,
      data: { imprintUrl: link(imprintUrl), privacyUrl: link(privacyUrl), helpUrl: link(helpUrl) },
    };
  },
};

const NONE: SiteReply = { imprintUrl: null, privacyUrl: null, helpUrl: null };

async function fetchSiteLinks(): Promise<SiteReply> {
  const reply = await fetch(SITE.path, {
    method: SITE.method,
    headers: { accept: 'application/json' },
  });
  if (!reply.ok) return NONE;
  const checked = siteReplyCheck.safeParse(await reply.json());
  return checked.success ? checked.data : NONE;
}

let asked: Promise<SiteReply> | null = null;

/** The operator's imprint and privacy links and help with alcohol (asked once per page load); none until known. */
export function useSiteLinks(): SiteReply {
  const [links, setLinks] = useState<SiteReply>(NONE);
  useEffect(() => {
    let current = true;
    asked ??= fetchSiteLinks().catch(() => {
      asked = null;
      return NONE;
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
