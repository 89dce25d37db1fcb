// After-sales state (building-blocks §3): the unread price reminders, and the repair-order reminders (messages of
// remindType 89710003, each naming its order), from the message service.
import { makeAutoObservable, runInAction } from 'mobx';
import { callApi } from '../http/client';
import type { MessageView } from '../../server/data/messages';
import type { Page } from '../../server/http/envelope';

export const REMIND_TYPE_PRICE = '89710002';
export const REMIND_TYPE_REPAIR_ORDER = '89710003';
const UNREAD = '0';
const REMINDER_PAGE = 50;

export class AfterSalesStore {
  unreadPriceReminders: MessageView[] = [];
  repairOrderReminders: MessageView[] = [];

  constructor() {
    makeAutoObservable(this);
  }

  async load(): Promise<void> {
    const list = (remindType: string) =>
      callApi<Page<MessageView>>('message:POST push/apps/list', { params: { remindType, readFlag: UNREAD, page: 1, size: REMINDER_PAGE } });
    const [price, orders] = await Promise.all([list(REMIND_TYPE_PRICE), list(REMIND_TYPE_REPAIR_ORDER)]);
    runInAction(() => {
      this.unreadPriceReminders = price.items;
      this.repairOrderReminders = orders.items;
    });
  }

  /** The unread reminders of one repair order. */
  remindersOf(roNo: string): MessageView[] {
    return this.repairOrderReminders.filter((message) => message.roNo === roNo);
  }

  clear(): void {
    this.unreadPriceReminders = [];
    this.repairOrderReminders = [];
  }
}

export const afterSales = new AfterSalesStore();
