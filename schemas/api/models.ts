// Stored models and their versions, as the model editor (低代码 › 模型管理) lists them (lowcode/designer/models...).

export interface ModelSummary {
  name: string;
  title: string;
  area: string;
  latestVersion: number;
  publishedVersion: number | null;
  publishedAt: string | null;
  updatedAt: string;
  /** The models/ file changed since it was last imported while the model was edited on the server: nothing was
   * imported, the administrator decides (export the server's version, or edit it to match the file). */
  fileConflict: boolean;
}

export interface ModelVersionEntry {
  version: number;
  source: string;
  comment: string;
  authorCode: string;
  authorName: string;
  createdAt: string;
}

/** One column of the table a model will have (the preview before publishing). */
export interface ModelColumnPreview {
  table: string;
  column: string;
  type: string;
  notNull: boolean;
  label: string;
}

/** What publishing a version would do to the database: the tables' columns, the changes, and why it cannot be done. */
export interface ModelPreview {
  columns: ModelColumnPreview[];
  changes: string[];
  refusals: string[];
}

export interface ModelPublishResult {
  name: string;
  version: number;
  changes: string[];
  /** The catalogue version every instance of the server now serves. */
  catalogueVersion: number;
}
