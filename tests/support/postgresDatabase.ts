// A throwaway database for the server tests and the benchmarks.
import pg from 'pg';

/**
 * A fresh database on the PostgreSQL of TEST_DATABASE_URL (the benchmarks use it too), dropped by `drop`; a copy of
 * `template` when given (PostgreSQL copies its files: much faster than migrating and seeding again).
 */
export async function createPostgresDatabase(adminUrl = process.env.TEST_DATABASE_URL, template?: string): Promise<{ url: string; name: string; drop(): Promise<void> }> {
  if (!adminUrl) throw new Error('TEST_DB=postgres 需要 TEST_DATABASE_URL');
  const name = `dms_test_${process.pid}_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 6)}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await createDatabase(admin, name, template);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    name,
    drop: async () => {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

/** Two copies of one template at the same moment can be refused ("being accessed by other users"): each waits its turn. */
async function createDatabase(admin: pg.Client, name: string, template: string | undefined): Promise<void> {
  for (let attempt = 0; ; attempt += 1) {
    try {
      await admin.query(template ? `create database ${name} template ${template}` : `create database ${name}`);
      return;
    } catch (error) {
      const busy = (error as { code?: string }).code === '55006';
      if (!template || !busy || attempt >= 50) throw error;
      await new Promise((done) => setTimeout(done, 100 + Math.random() * 200));
    }
  }
}
