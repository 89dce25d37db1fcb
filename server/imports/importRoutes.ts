// The three routes of an Excel import, the same for every importable screen: POST {path} (the upload as multipart field
// `file`; answers at once with importStatus 0), GET {path}/last (the target/import/last shape the dialog polls) and
// GET {path}/template (an xlsx whose header row is the import definition).
import multipart from '@fastify/multipart';
import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../appContext';
import { ownerScope } from '../data/scope';
import { SHEET_NAME } from '../exports/exportFile';
import { xlsxStream } from '../exports/xlsxStream';
import { ok } from '../http/envelope';
import { ApiError } from '../http/errors';
import { contentDisposition } from '../routes/files';
import { IMPORTERS } from './importers';
import { lastImport, startImport } from './importJobs';

export interface ImportRouteOptions extends AppContext {
  kind: string;
  /** The upload's path; /last and /template hang beneath it. */
  path: string;
  templateName: string;
}

const MB = 1024 * 1024;

/** The workbook of a header row only. */
export async function templateBytes(headers: string[]): Promise<Buffer> {
  const sheet = xlsxStream(SHEET_NAME, headers.map((header) => ({ header })));
  const chunks: Buffer[] = [];
  sheet.output.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise((resolve) => sheet.output.on('end', resolve));
  await sheet.finish();
  await ended;
  return Buffer.concat(chunks);
}

export const importRoutes: FastifyPluginAsync<ImportRouteOptions> = async (app, { db, config, kind, path, templateName }) => {
  const importer = IMPORTERS[kind]!;
  await app.register(multipart, { limits: { fileSize: config.files.maxMb * MB, files: 1, fields: 5, fieldSize: 1024 }, throwFileSizeLimit: true });

  app.post(path, async (request) => {
    const part = await request.file();
    if (!part || part.fieldname !== 'file') throw new ApiError('invalidInput', '请先上传正确的文件！');
    let bytes: Buffer;
    try {
      bytes = await part.toBuffer();
    } catch {
      throw new ApiError('payloadTooLarge', `文件大小不能超过${config.files.maxMb}M`);
    }
    return ok(await startImport(db, request.user, kind, part.filename, bytes));
  });

  app.get(`${path}/last`, async (request) => ok(await lastImport(db, request.user.id, kind)));

  app.get(`${path}/template`, async (request, reply) => {
    const fields = await importer.fields(db, await ownerScope(db, request.user));
    reply.header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    reply.header('content-disposition', contentDisposition('attachment', templateName));
    return reply.send(await templateBytes(fields.map((f) => f.header)));
  });
};
