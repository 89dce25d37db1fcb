// Messages and service reminders, as message/... and repair/reminders answer them.

export interface MessageView {
  msgId: number;
  remindType: string;
  title: string;
  content: string;
  roNo: string | null;
  createdAt: string;
  /** '1' read, '0' unread. */
  readFlag: '0' | '1';
  /** The same as a code of dictionary 8974 (89741001 unread, 89741002 read), for tables that show codes as text. */
  readStatus: string;
}

/** What a reminder says: whose vehicle, why, and by when. */
export interface ReminderFacts {
  ownerCode: string;
  remindType: string;
  vin: string;
  plateNo: string;
  customerName: string;
  phone: string;
  roNo: string | null;
  content: string;
  dueDate: string;
  createdAt: string;
}

export interface ReminderView extends ReminderFacts {
  id: number;
  readFlag: '0' | '1';
  /** The same as a code of dictionary 8974 (89741001 unread, 89741002 read). */
  readStatus: string;
}
