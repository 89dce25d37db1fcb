// The server's check of a screen it is asked to store, with the server's own knowledge (its routes and dictionary).
import type { ScreenCheckResult, ServerKnowledge } from '../../runtime/screen/screenChecks';

// The checker loads the widgets' modules: on the first check, not at every server start.
export async function checkScreenOnServer(value: unknown, server: ServerKnowledge): Promise<ScreenCheckResult> {
  const { checkScreenInNode } = await import('./nodeScreenCheck');
  return checkScreenInNode(value, server);
}
