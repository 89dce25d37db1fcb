// The editor's check of the text being typed: JSON syntax, then the one screen check (schemas/screen/screenChecks.ts)
// with the server's lists; semantic problems become markers at their JSON path (the JSON language service marks
// syntax and schema problems itself).
import type { ScreenProblem, ServerKnowledge } from '../schemas/screen/screenChecks';
import type { Screen } from '../schemas/screen/screen.types';
import { validateScreen } from '../runtime/screen/validateScreen';
import { jsonLocations, spanOf, type Span } from './jsonLocations';

export type TextCheck =
  | { kind: 'json'; message: string }
  | { kind: 'problems'; problems: ScreenProblem[]; marked: { problem: ScreenProblem; span: Span }[] }
  | { kind: 'screen'; screen: Screen; canonical: string };

export function checkText(text: string, knowledge: ServerKnowledge | undefined): TextCheck {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return { kind: 'json', message: (error as Error).message };
  }
  const result = validateScreen(value, knowledge);
  if (result.ok) return { kind: 'screen', screen: result.screen, canonical: JSON.stringify(value) };
  if (result.stage === 'schema') return { kind: 'problems', problems: result.problems, marked: [] };
  const spans = jsonLocations(text);
  const marked = result.problems.flatMap((problem) => {
    const span = spanOf(spans, problem.path);
    return span ? [{ problem, span }] : [];
  });
  return { kind: 'problems', problems: result.problems, marked };
}
