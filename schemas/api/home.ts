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

/** A 销售顾问's first figures (salesreport homePage/consultantSum): the consultant's own records, this dealer only. */
export interface ConsultantHomeSum {
  /** Clues assigned to the consultant (待跟进) that nobody has followed up yet. */
  cluesAwaitingFirstFollowUp: number;
  /** The consultant's potential customers in 跟进中. */
  prospectsInFollowUp: number;
  /** Appointments (邀约) set for today, cancelled ones left out; showroom arrivals (到店) the consultant received today. */
  appointmentsToday: number;
  arrivalsToday: number;
  /** Sales orders placed this month (退订 left out) and deliveries made this month. */
  ordersThisMonth: number;
  deliveriesThisMonth: number;
}

/** A finance clerk's first figures (finance homePage/financeSum), over the dealers of the clerk's data scope. */
export interface FinanceHomeSum {
  /** Receivables not fully written off (未核销, 部分核销) and what is still open on them: yuan, an exact decimal string. */
  openReceivables: number;
  openReceivableAmount: string;
  /** Receipts confirmed (已确认) and received today, and their amount: yuan, an exact decimal string. */
  receiptsToday: number;
  receiptAmountToday: string;
  /** Incoming bank flows not on any collection reconciliation yet. */
  unreconciledBankFlows: number;
  /** Refunds submitted and waiting in their approval process. */
  refundsAwaitingApproval: number;
}

/** A region manager's first figures (report homePage/regionSum), over the region's dealers. */
export interface RegionHomeSum {
  dealers: number;
  /** This month's repair orders opened, sales orders placed (退订 left out) and vehicles delivered. */
  repairOrdersThisMonth: number;
  salesOrdersThisMonth: number;
  deliveriesThisMonth: number;
}

/** One dealer's sales orders this month (report homePage/regionDealerOrders), every dealer of the region listed. */
export interface DealerOrderCount {
  ownerCode: string;
  dealerName: string;
  count: number;
}
