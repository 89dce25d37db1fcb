// The server's check of a screen it is asked to store, with the server's own knowledge (its routes and dictionary).
import type { ScreenCheckContext, ScreenCheckResult } from '../../schemas/screen/screenChecks';

// The checker compiles the screen schema: on the first check, not at every server start.
export async function checkScreenOnServer(value: unknown, context: ScreenCheckContext): Promise<ScreenCheckResult> {
  const { checkScreenInNode } = await import('./nodeScreenCheck');
  return checkScreenInNode(value, context);
}
