// The model editor's check of the typed text: JSON syntax here, then the server's one model check (the schema and the
// semantic checks of schemas/model/modelChecks.ts against its dictionaries, tables and services), whose problems become
// markers at their JSON paths, with the table the model would have.
import type { ModelPreview } from '../schemas/api/models';
import { jsonLocations, spanOf } from './jsonLocations';
import type { MarkedProblem } from './MonacoPane';
import type { ModelCheckProblem } from './modelApi';

export type ModelTextCheck =
  | { kind: 'json'; message: string }
  | { kind: 'failed'; message: string }
  | { kind: 'checked'; problems: ModelCheckProblem[]; marked: MarkedProblem[]; preview: ModelPreview | null };

/** The parsed definition, or the syntax error's message. */
export function parseDefinition(text: string): { value: unknown } | { error: string } {
  try {
    return { value: JSON.parse(text) as unknown };
  } catch (error) {
    return { error: (error as Error).message };
  }
}

/** The server's problems placed in the text (a problem whose path is not in the text marks its nearest ancestor). */
export function markProblems(text: string, problems: readonly ModelCheckProblem[]): MarkedProblem[] {
  const spans = jsonLocations(text);
  return problems.flatMap((problem) => {
    const span = spanOf(spans, problem.path);
    return span ? [{ problem, span }] : [];
  });
}
