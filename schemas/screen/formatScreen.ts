/** A screen as the editor shows it and as it is exported: two-space indentation, a final newline. */
export const formatScreen = (definition: unknown): string => `${JSON.stringify(definition, null, 2)}\n`;
