// The home page's counts (概览).

export interface DailyOrderCount {
  day: string;
  count: number;
}

export interface HomePageSum {
  /** Orders waiting to be dispatched, in repair, and finished but not yet settled: the workshop right now. */
  waitingDispatch: number;
  inRepair: number;
  finishedUnsettled: number;
  /** Orders opened today and this month, and the labour and parts amount of this month's settled orders. */
  openedToday: number;
  openedThisMonth: number;
  settledAmountThisMonth: number;
  /** Unread reminders: vehicles due for a health check, customers to call back. */
  healthCheckReminders: number;
  followUpReminders: number;
}
