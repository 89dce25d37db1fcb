import validate from 'virtual:screen-validator';
import { actionTypes } from '../registries/actions';
import { blockTypes } from '../registries/blocks';
import { serviceNames } from '../registries/services';
import { widgetTypes } from '../registries/widgets';
import { checkScreen, type ScreenCheckResult, type ServerKnowledge } from './screenChecks';

/**
 * Validates a screen in the browser against the schema (precompiled) and the registries of this build; the screen
 * editor also passes what the server knows (its routes and dictionary types).
 */
export function validateScreen(value: unknown, server?: ServerKnowledge): ScreenCheckResult {
  return checkScreen(value, validate, { widgetTypes: widgetTypes(), actionTypes: actionTypes(), blockTypes: blockTypes(), services: new Set(serviceNames()), server });
}
