import validate from 'virtual:screen-validator';
import { serviceNames } from '../config/services';
import { checkScreen, type ScreenCheckResult, type ServerKnowledge } from '../../schemas/screen/screenChecks';

/**
 * Validates a screen in the browser against the schema (precompiled), the contract's type names and this deployment's
 * services; the screen
 * editor also passes what the server knows (its routes and dictionary types).
 */
export function validateScreen(value: unknown, server?: ServerKnowledge): ScreenCheckResult {
  return checkScreen(value, validate, { services: new Set(serviceNames()), server });
}
