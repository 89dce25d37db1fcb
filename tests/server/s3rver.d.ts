// The part of @20minutes/s3rver (a fake S3 server that checks SigV4 signatures) the tests use; it ships no types.
declare module '@20minutes/s3rver' {
  import type { IncomingMessage, ServerResponse } from 'node:http';

  interface S3rverOptions {
    silent?: boolean;
    directory?: string;
    configureBuckets?: { name: string }[];
    vhostBuckets?: boolean;
    allowMismatchedSignatures?: boolean;
  }

  export default class S3rver {
    constructor(options: S3rverOptions);
    configureBuckets(): Promise<void>;
    callback(): (request: IncomingMessage, response: ServerResponse) => void;
    logger: { close(): void };
  }
}
