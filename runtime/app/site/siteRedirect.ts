// The start-up site redirect (back-office §2, building-blocks §2 item 13): a split deployment runs one web site for the
import type { SiteSettings } from '../../../schemas/config/runtimeConfigFile';
// manufacturer side (organisation types 10461002 region and 10461003 manufacturer) and one for the dealer side
// (10461001 dealer and 10461004 dealer group). The stored organisation-type code decides; on the other side's site the
// browser goes to the home page of its own. With the two addresses not configured, or on an address that is neither
// (a developer's machine, a direct IP), nothing happens.

export type Site = 'manufacturer' | 'dealer';

export const SITE_OF_ORG_TYPE: Readonly<Record<string, Site>> = {
  '10461002': 'manufacturer',
  '10461003': 'manufacturer',
  '10461001': 'dealer',
  '10461004': 'dealer',
};

/** A site address as a prefix: origin and path, with a trailing slash, no query or fragment. */
function sitePrefix(address: string): string | undefined {
  try {
    const url = new URL(address);
    return `${url.origin}${url.pathname.endsWith('/') ? url.pathname : `${url.pathname}/`}`;
  } catch {
    return undefined;
  }
}

function onSite(href: string, prefix: string): boolean {
  const here = new URL(href);
  const path = here.pathname.endsWith('/') ? here.pathname : here.pathname.replace(/[^/]*$/, '');
  return `${here.origin}${path}`.startsWith(prefix);
}

/** The home page to go to, or undefined when the browser is where it belongs. */
export function siteRedirectTarget(sites: SiteSettings | undefined, orgType: string | undefined, href: string): string | undefined {
  const site = orgType ? SITE_OF_ORG_TYPE[orgType] : undefined;
  if (!site || !sites?.manufacturer || !sites.dealer) return undefined;
  const own = sitePrefix(sites[site]!);
  const other = sitePrefix(sites[site === 'manufacturer' ? 'dealer' : 'manufacturer']!);
  if (!own || !other || !onSite(href, other) || onSite(href, own)) return undefined;
  return `${own}#/home`;
}
