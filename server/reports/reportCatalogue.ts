// The reports the server runs: every reports/<area>/<name>.json, read once at start and checked against the models
// (schemas/report/reportChecks.ts). A report that fails the check stops the start with the file, JSON path and message.
import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { checkReports } from '../../schemas/report/reportChecks';
import type { Report } from '../../schemas/report/report.types';
import { jsonFilesUnder, type LoadedModel } from '../models/modelCatalogue';

export const REPORTS_DIR = fileURLToPath(new URL('../../reports', import.meta.url));

export interface LoadedReport {
  report: Report;
  file: string;
  model: LoadedModel;
}

export class ReportCatalogueError extends Error {}

/** Reads and checks every report under `dir` against `models`; throws naming the first problem. */
export function loadReports(models: readonly LoadedModel[], dir = REPORTS_DIR): LoadedReport[] {
  const files = jsonFilesUnder(dir).map((file) => {
    try {
      return { file, value: JSON.parse(readFileSync(file, 'utf8')) as unknown };
    } catch (error) {
      throw new ReportCatalogueError(`${relative(process.cwd(), file)}: 不是合法的 JSON：${(error as Error).message}`);
    }
  });
  const problem = checkReports(
    files,
    models.map((m) => m.model),
  )[0];
  if (problem) throw new ReportCatalogueError(`${relative(process.cwd(), problem.file)}: ${problem.path || '/'} ${problem.message}`);
  return files.map(({ file, value }) => {
    const report = value as Report;
    return { report, file, model: models.find((m) => m.model.name === report.model)! };
  });
}
