// Stored screens and their versions, as the screen editor lists them (lowcode/designer/...).

export interface ScreenSummary {
  id: string;
  title: string;
  latestVersion: number;
  publishedVersion: number | null;
  publishedAt: string | null;
  updatedAt: string;
  /** Titles of the menus that open this screen. */
  menus: string[];
  /** The repository file changed since its last import while the screen was edited on the server: not imported. */
  fileConflict: boolean;
}

export interface ScreenVersionEntry {
  version: number;
  source: string;
  comment: string;
  authorCode: string;
  authorName: string;
  createdAt: string;
}
