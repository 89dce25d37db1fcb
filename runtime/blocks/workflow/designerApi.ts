// The designer's calls to the process service (building-blocks §7). The three lookups that fill choices (roles,
// branch variables, dictionaries) fail silently (§8: API failures in the designer are swallowed): a lookup that fails
// leaves its choices empty and says nothing. Opening and saving a definition tell the user why a save was refused.
import { callApi } from '../../http/client';
import type { BranchVariable } from '../../../schemas/workflow/conditionExpression';
import type { RoleOption } from '../../../schemas/workflow/workflowModel';
import type { ProcessDefinitionDetail, ProcessVersionInfo, SaveProcessInput, SaveProcessResult } from '../../../schemas/api/processes';

export type { ProcessDefinitionDetail, ProcessVersionInfo, SaveProcessResult };

/** A dictionary entry as definition/dictionary answers it. */
export interface DictionaryOption {
  value: string;
  text: string;
}

async function lookup<T>(ref: string, values: Record<string, unknown>): Promise<T[]> {
  try {
    const data = await callApi<unknown>(ref, { values, silent: true });
    return Array.isArray(data) ? (data as T[]) : [];
  } catch {
    return [];
  }
}

export function createDesignerApi(service: string) {
  return {
    roles: (processId: string) => lookup<RoleOption>(`${service}:GET definition/roles/{processId}`, { processId }),
    variables: (processId: string) => lookup<BranchVariable>(`${service}:GET definition/variables/{processId}`, { processId }),
    dictionary: (key: string) => lookup<DictionaryOption>(`${service}:GET definition/dictionary/{key}`, { key }),
    get: (processId: string, version?: number) =>
      callApi<ProcessDefinitionDetail>(`${service}:GET definition/get/{processId}`, { values: { processId }, params: version ? { version } : {} }),
    save: (input: SaveProcessInput) => callApi<SaveProcessResult>(`${service}:POST definition/save`, { data: input }),
  };
}

export type DesignerApi = ReturnType<typeof createDesignerApi>;
