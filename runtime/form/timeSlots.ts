// The time-select: a list of clock times from start to end in steps (building-blocks §5 and §9).

export const TIME_SELECT_DEFAULTS = { start: '00:00', end: '23:45', step: '00:15' } as const;

const minutes = (hhmm: string): number => {
  const [h = 0, m = 0] = hhmm.split(':').map(Number);
  return h * 60 + m;
};
const clock = (total: number): string => `${String(Math.floor(total / 60)).padStart(2, '0')}:${String(total % 60).padStart(2, '0')}`;

export function timeSlots(start: string = TIME_SELECT_DEFAULTS.start, end: string = TIME_SELECT_DEFAULTS.end, step: string = TIME_SELECT_DEFAULTS.step): string[] {
  const stepMinutes = Math.max(1, minutes(step));
  const slots: string[] = [];
  for (let t = minutes(start); t <= minutes(end); t += stepMinutes) slots.push(clock(t));
  return slots;
}

/** The end of a time-select range is at least one step after its start. */
export function endSlots(slots: string[], start: string | null | undefined, step: string = TIME_SELECT_DEFAULTS.step): string[] {
  if (!start) return slots;
  const earliest = minutes(start) + Math.max(1, minutes(step));
  return slots.filter((slot) => minutes(slot) >= earliest);
}
