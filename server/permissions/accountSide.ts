// Some writes belong to one side of the network whatever role a user holds: a repair order is opened by a dealer's
// staff (it needs the dealer's code for its number and scope), a sales target is set by the manufacturer. A route says
// so in its config (`onlyFor`); the access check refuses the other side with the rule's own words, and the menu tree
// leaves the route's key out for that side, so a screen never offers a button whose every press would be refused.
import type { SessionUser } from '../http/session';

/** A dealer's staff (a user with a dealer code), or everyone above the dealers (manufacturer, regions, groups). Not the
 * data side of schemas/permissions/dataSide.ts (by organisation type, where a region counts as the dealer side): what
 * these writes need is a dealer code of one's own. */
export type AccountSide = 'dealer' | 'manufacturer';

export interface SideRule {
  side: AccountSide;
  /** What the other side is told when it calls anyway. */
  refusal: string;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The side of the network the route serves; the other side is refused with `refusal`. */
    onlyFor?: SideRule;
  }
}

export function sideOf(user: Pick<SessionUser, 'ownerCode'>): AccountSide {
  return user.ownerCode ? 'dealer' : 'manufacturer';
}

/** The refusal `user` gets from a route with this rule, or undefined when the user is on the rule's side. */
export function sideRefusal(rule: SideRule | undefined, user: Pick<SessionUser, 'ownerCode'>): string | undefined {
  return rule && rule.side !== sideOf(user) ? rule.refusal : undefined;
}

/** The keys of routes a user of `side` is always refused: the menu tree leaves them out of that user's lists. */
export function keysRefusedToSide(routes: readonly { key: string | null; onlyFor?: SideRule }[], side: AccountSide): Set<string> {
  const refused = new Set<string>();
  for (const route of routes) if (route.key && route.onlyFor && route.onlyFor.side !== side) refused.add(route.key);
  // A key shared by a route that does serve this side stays usable.
  for (const route of routes) if (route.key && (!route.onlyFor || route.onlyFor.side === side)) refused.delete(route.key);
  return refused;
}
