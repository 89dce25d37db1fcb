// Table shapes of migration 0006 (the app shell). They stay beside their migration rather than in schema.ts: modules that
// use them widen the database type with `withAppShellTables(db)`, as the nonce store does for its own table.
import type { ColumnType, Generated, Kysely } from 'kysely';
import type { Database } from './schema';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;

export interface AuthSessionTable {
  id: string;
  userId: number;
  clientId: string;
  address: string | null;
  createdAt: Timestamp;
  expiresAt: Timestamp;
  revokedAt: NullableTimestamp;
}

export interface RefreshTokenTable {
  /** SHA-256 of the token: a stolen database copy holds no usable token. */
  tokenHash: string;
  sessionId: string;
  expiresAt: Timestamp;
  usedAt: NullableTimestamp;
}

export interface OAuthCodeTable {
  codeHash: string;
  clientId: string;
  redirectUri: string;
  /** BASE64URL(SHA-256(code_verifier)): PKCE, method S256 only. */
  codeChallenge: string;
  userId: number;
  nonce: string | null;
  expiresAt: Timestamp;
  usedAt: NullableTimestamp;
  /** The session the code was exchanged for: revoked when the code is presented again. */
  sessionId: string | null;
}

export interface LoginFailureTable {
  id: Generated<number>;
  /** The account name as typed (lower case), whether or not it exists. */
  account: string;
  address: string;
  failedAt: Timestamp;
}

export interface MenuFavoriteTable {
  userId: number;
  menuId: string;
  /** 1 starred. */
  type: number;
  createdAt: Timestamp;
}

export interface MessageTable {
  msgId: Generated<number>;
  /** The application a message is pushed to (the client id of the web app). */
  appId: string;
  userId: number;
  /** Dictionary 8971: 89710001 system notice, 89710002 price reminder, 89710003 repair-order reminder. */
  remindType: string;
  title: string;
  content: string;
  roNo: string | null;
  createdAt: Timestamp;
  readAt: NullableTimestamp;
}

export interface ReminderTable {
  id: Generated<number>;
  ownerCode: string;
  advisorId: number | null;
  /** Dictionary 8973: 89731001 vehicle health check due, 89731002 customer follow-up call. */
  remindType: string;
  vin: string;
  plateNo: string;
  customerName: string;
  phone: string;
  roNo: string | null;
  content: string;
  dueDate: string;
  createdAt: Timestamp;
  readAt: NullableTimestamp;
}

export interface RegionTable {
  regionCode: string;
  regionName: string;
  parentCode: string | null;
  /** 1 province, 2 city, 3 county. */
  level: number;
}

export type AppShellTables = {
  authSessions: AuthSessionTable;
  refreshTokens: RefreshTokenTable;
  oauthCodes: OAuthCodeTable;
  loginFailures: LoginFailureTable;
  menuFavorites: MenuFavoriteTable;
  messages: MessageTable;
  reminders: ReminderTable;
  regions: RegionTable;
};

export type ShellDatabase = Database & AppShellTables;

export function withAppShellTables(db: Kysely<Database>): Kysely<ShellDatabase> {
  return db.withTables<AppShellTables>();
}

/** The same connection seen with the base tables only, for functions written against them (a widened database holds
 * every base table, so nothing is lost). */
export function asBaseDatabase(db: Kysely<ShellDatabase>): Kysely<Database> {
  return db as unknown as Kysely<Database>;
}
