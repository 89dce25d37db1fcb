// The server's check of a screen it is asked to store: the one implementation (runtime/screen/screenChecks.ts) with
// the schema compiled by the Node ajv configuration, the registries' names and the server's own knowledge.
import type { ValidateFunction } from 'ajv';
import runtimeConfigJson from '../../runtime/public/config.json' with { type: 'json' };
import { checkScreen, type ScreenCheckContext, type ScreenCheckResult, type ServerKnowledge } from '../../runtime/screen/screenChecks';
import { createScreenAjv, screenSchema } from '../../schemas/screenAjv';

interface Checker {
  validate: ValidateFunction;
  context: Omit<ScreenCheckContext, 'server'>;
}

let checker: Promise<Checker> | null = null;

// The registries import the widgets' modules (React, antd): loaded on the first check, not at every server start.
function loadChecker(): Promise<Checker> {
  checker ??= (async () => {
    const [widgets, actions, blocks] = await Promise.all([
      import('../../runtime/registries/widgets'),
      import('../../runtime/registries/actions'),
      import('../../runtime/registries/blocks'),
    ]);
    return {
      validate: createScreenAjv().compile(screenSchema),
      context: {
        widgetTypes: widgets.widgetTypes(),
        actionTypes: actions.actionTypes(),
        blockTypes: blocks.blockTypes(),
        services: new Set(Object.keys(runtimeConfigJson.services)),
      },
    };
  })();
  return checker;
}

export async function checkScreenOnServer(value: unknown, server: ServerKnowledge): Promise<ScreenCheckResult> {
  const { validate, context } = await loadChecker();
  return checkScreen(value, validate, { ...context, server });
}
