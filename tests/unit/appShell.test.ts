// The app shell's pure rules: the site decision, the code flow's request and answer, what a menu item opens, the page
// title, the image preview.
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { authorizeUrl, moveProviderAnswerIntoRoute, pkceChallenge, redirectUriOf, safeReturnTo, tokenExpiresAt } from '../../runtime/app/login/codeFlow';
import { pageTitle } from '../../runtime/app/layout/PageTitle';
import { menuTarget, withToken } from '../../runtime/app/pages/menuTarget';
import { previewableUrl, rotate } from '../../runtime/app/pages/previewImage';
import { SITE_OF_ORG_TYPE, siteRedirectTarget } from '../../runtime/app/site/siteRedirect';

const SITES = { manufacturer: 'https://oem.dms.example.com/', dealer: 'https://dealer.dms.example.com/dms/' };

describe('the start-up site redirect', () => {
  it('[BO-SITE-02] [BB-SITE-03] puts organisation types 10461002 and 10461003 on one site', () => {
    expect([SITE_OF_ORG_TYPE['10461002'], SITE_OF_ORG_TYPE['10461003']]).toEqual(['manufacturer', 'manufacturer']);
  });

  it('[BO-SITE-03] [BB-SITE-04] puts organisation types 10461001 and 10461004 on the other', () => {
    expect([SITE_OF_ORG_TYPE['10461001'], SITE_OF_ORG_TYPE['10461004']]).toEqual(['dealer', 'dealer']);
  });

  it('[BO-SITE-01] [BO-SITE-04] [BB-SITE-02] [BB-SITE-05] decides by the stored code: on the wrong site, the home page of the right one', () => {
    expect(siteRedirectTarget(SITES, '10461001', 'https://oem.dms.example.com/#/repair/x')).toBe('https://dealer.dms.example.com/dms/#/home');
    expect(siteRedirectTarget(SITES, '10461004', 'https://oem.dms.example.com/index.html#/home')).toBe('https://dealer.dms.example.com/dms/#/home');
    expect(siteRedirectTarget(SITES, '10461003', 'https://dealer.dms.example.com/dms/#/home')).toBe('https://oem.dms.example.com/#/home');
    expect(siteRedirectTarget(SITES, '10461002', 'https://dealer.dms.example.com/dms/index.html')).toBe('https://oem.dms.example.com/#/home');
  });

  it('stays where it is on the right site, with no stored code, with an unknown code, on neither site, or without two sites configured', () => {
    expect(siteRedirectTarget(SITES, '10461001', 'https://dealer.dms.example.com/dms/#/home')).toBeUndefined();
    expect(siteRedirectTarget(SITES, undefined, 'https://oem.dms.example.com/')).toBeUndefined();
    expect(siteRedirectTarget(SITES, '99999999', 'https://oem.dms.example.com/')).toBeUndefined();
    expect(siteRedirectTarget(SITES, '10461001', 'http://10.1.2.3:3000/')).toBeUndefined();
    expect(siteRedirectTarget({ manufacturer: SITES.manufacturer, dealer: '' }, '10461001', 'https://oem.dms.example.com/')).toBeUndefined();
    expect(siteRedirectTarget(undefined, '10461001', 'https://oem.dms.example.com/')).toBeUndefined();
  });
});

describe('the code flow', () => {
  it('computes the S256 challenge of RFC 7636 (its appendix B example)', () => {
    expect(pkceChallenge('dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk')).toBe('E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM');
    const verifier = 'x'.repeat(64);
    expect(pkceChallenge(verifier)).toBe(createHash('sha256').update(verifier).digest('base64url'));
  });

  it('[BO-NAV-11] asks the configured provider for a code response, redirecting to the app’s address without a fragment', () => {
    const redirectUri = redirectUriOf({ origin: 'https://dealer.dms.example.com', pathname: '/dms/' });
    expect(redirectUri).toBe('https://dealer.dms.example.com/dms/');
    const url = new URL(
      authorizeUrl({ authorizeUrl: 'https://sso.group.example/oauth2/authorize', clientId: 'dms', scope: 'openid' }, { state: 's1', verifier: 'v'.repeat(43), redirectUri, returnTo: '/home' }, 'https://dealer.dms.example.com/dms/'),
    );
    expect(url.origin).toBe('https://sso.group.example');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      response_type: 'code',
      client_id: 'dms',
      redirect_uri: redirectUri,
      scope: 'openid',
      state: 's1',
      code_challenge: pkceChallenge('v'.repeat(43)),
      code_challenge_method: 'S256',
    });
  });

  it('comes back only to a route of the app, never to the login route or another address', () => {
    expect(safeReturnTo('/repair/x?vin=1')).toBe('/repair/x?vin=1');
    for (const bad of ['//evil.example/', 'https://evil.example/', '/login', '/login?code=1', '', null]) expect(safeReturnTo(bad)).toBe('/home');
  });

  it('moves the provider’s answer from the query into the login route', () => {
    const replaced: string[] = [];
    const history = { replaceState: (_s: unknown, _t: string, url: string) => replaced.push(url) } as unknown as History;
    const location = { search: '?code=c1&state=s1&session_state=x', pathname: '/dms/' } as Location;
    expect(moveProviderAnswerIntoRoute(location, history)).toBe(true);
    expect(replaced).toEqual(['/dms/#/login?code=c1&state=s1']);
    expect(moveProviderAnswerIntoRoute({ search: '', pathname: '/' } as Location, history)).toBe(false);
  });

  it('reads the access token’s expiry, and nothing from a token that is not a JWT', () => {
    const payload = Buffer.from(JSON.stringify({ exp: 4102444800 })).toString('base64url');
    expect(tokenExpiresAt(`h.${payload}.s`)).toBe(4102444800_000);
    expect(tokenExpiresAt('expired.session.token')).toBeUndefined();
    expect(tokenExpiresAt(undefined)).toBeUndefined();
  });
});

describe('what a menu item opens', () => {
  it('[BO-MENU-04] a screen named by its component', () => {
    expect(menuTarget('screen:repair.orders')).toEqual({ kind: 'screen', screenId: 'repair.orders' });
  });

  it('[BO-MENU-05] an external link, embedded as a third-party page', () => {
    expect(menuTarget('link:https://partner.example/a?b=1')).toEqual({ kind: 'link', url: 'https://partner.example/a?b=1' });
    expect(menuTarget('link:javascript:alert(1)')).toEqual({ kind: 'unknown', component: 'link:javascript:alert(1)' });
  });

  it('[BO-MENU-06] a third-party iframe, with the token appended before any fragment', () => {
    expect(menuTarget('iframe:https://bi.example/board#top')).toEqual({ kind: 'iframe', url: 'https://bi.example/board#top' });
    expect(withToken('https://bi.example/board?x=1#top', 'tok en')).toBe('https://bi.example/board?x=1&token=tok+en#top');
    expect(withToken('https://bi.example/board', undefined)).toBe('https://bi.example/board');
  });
});

describe('page title and image preview', () => {
  it('[BO-MENU-08] the page title is the system name, a dash, then the route title', () => {
    expect(pageTitle('DMS经销商管理系统', '维修工单')).toBe('DMS经销商管理系统 - 维修工单');
    expect(pageTitle('DMS经销商管理系统', undefined)).toBe('DMS经销商管理系统');
  });

  it('[BO-ROUTE-07] the preview turns in quarter turns, wrapping at 360, and shows only this system’s images', () => {
    expect(rotate(270, 1)).toBe(0);
    expect(rotate(0, -1)).toBe(270);
    expect(rotate(90, 1)).toBe(180);
    expect(previewableUrl('/api/file/preview/u1', 'https://dms.example')).toBe('https://dms.example/api/file/preview/u1');
    expect(previewableUrl('https://elsewhere.example/a.png', 'https://dms.example')).toBeUndefined();
    expect(previewableUrl('javascript:alert(1)', 'https://dms.example')).toBeUndefined();
    expect(previewableUrl(null, 'https://dms.example')).toBeUndefined();
  });
});
