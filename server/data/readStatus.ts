/** Whether a message or reminder was read, both as the flag clients filter by and as a code of dictionary 8974. */
export function readState(readAt: Date | string | null | undefined): { readFlag: '0' | '1'; readStatus: string } {
  return readAt ? { readFlag: '1', readStatus: '89741002' } : { readFlag: '0', readStatus: '89741001' };
}
