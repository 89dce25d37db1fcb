// A throwaway database for the server tests and the benchmarks.
import pg from 'pg';

/** A fresh database on the PostgreSQL of TEST_DATABASE_URL (the benchmarks use it too), dropped by `drop`. */
export async function createPostgresDatabase(adminUrl = process.env.TEST_DATABASE_URL): Promise<{ url: string; drop(): Promise<void> }> {
  if (!adminUrl) throw new Error('TEST_DB=postgres 需要 TEST_DATABASE_URL');
  const name = `dms_test_${process.pid}_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}
