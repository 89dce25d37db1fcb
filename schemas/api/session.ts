// What the session calls answer (auth/...): the tokens, the signed-in user, the menu tree, starred menus.

/** What the runtime stores after a sign-in (back-office §3: token, idToken, refreshToken). */
export interface TokenSet {
  token: string;
  idToken: string;
  refreshToken: string;
  tokenType: 'Bearer';
  /** Seconds the access token lasts. */
  expiresIn: number;
}

export interface RoleEntry {
  roleCode: string;
  roleName: string;
}

/** Session user info of back-office §3, the shape the runtime stores after login. */
export interface UserInfo {
  /** The access token the userinfo call was made with (back-office §3, BO-ENT-02); the runtime keeps its own copy. */
  token?: string;
  userId: number;
  userCode: string;
  employeeName: string;
  employeeNo: string;
  /** The company (organisation) the user works for. */
  companyId: number;
  orgId: number;
  orgName: string;
  /** Organisation-type code: 10461001 dealer, 10461002 region, 10461003 manufacturer, 10461004 dealer group. */
  orgType: string;
  /** The organisation type the user currently works as (the same until organisation switching exists). */
  currentOrgType: string;
  /** The data side: 10461003 manufacturer, otherwise dealer (back-office §6). */
  dataType: string;
  ownerCode: string;
  /** The top of the user's organisation tree (the manufacturer) and its name. */
  topOrgId: number;
  topOrgName: string;
  /** The organisation the user's roles are granted on. */
  roleOrgId: number;
  /** The dealer group a dealer belongs to (or the group itself); null otherwise. */
  groupCompanyId: number | null;
  /** Company type code of the user's organisation (15061003 dealer, 15061002 group company, 15061001 region). */
  dealerType: string | null;
  positions: string[];
  /** Role list entries (back-office §3): the role type is derived from their codes. */
  roles: RoleEntry[];
  /** Control entries: a control bound to a code is available only when the code is held. */
  controls: { ctrlCode: string }[];
  /** Stored menu-action strings, `menuId-actionA,actionB`. */
  menuActions: string[];
  /** Menu ranges of the org picker, `menuId-rangeCode` (10371001-10371003). */
  menuRanges: string[];
}

/** A starred menu as the runtime shows it: key is the menu path, the identity the runtime removes by. */
export interface StarredMenu {
  menuId: string;
  key: string;
  path: string;
  title: string;
  icon: string | null;
}

/** A menu item as back-office §3 describes it; children nest the three levels. */
export interface MenuNode {
  id: string;
  path: string;
  key: string;
  level: number;
  component: string | null;
  icon: string | null;
  meta: { title: string; icon: string | null; keepAlive: boolean };
  nextPath: string | null;
  permission: string[];
  pyt: string | null;
  children: MenuNode[];
}
