// Process definitions as the workflow designer saves and reads them (workflow/...).

export interface ProcessVersionInfo {
  version: number;
  name: string;
  createdAt: string;
  createdByName: string | null;
}

export interface ProcessDefinitionDetail {
  processId: string;
  name: string;
  /** The version answered (the latest unless another was asked for). */
  version: number;
  latestVersion: number;
  xml: string;
  versions: ProcessVersionInfo[];
}

export interface SaveProcessInput {
  xml: string;
  /** The latest version the client opened; null for a new process. */
  baseVersion: number | null;
}

export interface SaveProcessResult {
  processId: string;
  name: string;
  version: number;
  /** False when the XML equals the latest version's: nothing new was stored. */
  created: boolean;
}
