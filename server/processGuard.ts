// The last line of defence of "no request, however malformed, can stop the process": an exception that escaped every
// handler (an 'error' event nobody listened to, a rejected promise nobody awaited) is logged with its stack and the
// process keeps serving. Each one is a bug to fix at its cause; the request it belonged to has already answered or is
// cut off by the HTTP server's own timeout, and the others go on. Requests themselves fail through Fastify's error
// handler (server/app.ts), which answers 500 only for what is not the client's fault.
import type { FastifyBaseLogger } from 'fastify';

type GuardLog = Pick<FastifyBaseLogger, 'error'>;

/** Installs the guard once per process; answers a function that removes it (tests). */
export function guardProcess(log: GuardLog): () => void {
  const onException = (error: Error, origin: string) => log.error({ err: error, origin }, 'uncaught exception: a bug, the process keeps serving');
  const onRejection = (reason: unknown) => log.error({ err: reason }, 'unhandled promise rejection: a bug, the process keeps serving');
  process.on('uncaughtException', onException);
  process.on('unhandledRejection', onRejection);
  return () => {
    process.off('uncaughtException', onException);
    process.off('unhandledRejection', onRejection);
  };
}
