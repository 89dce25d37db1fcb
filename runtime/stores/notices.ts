// The unread-notice count and the message list of the header bell (building-blocks §4 and §7): the latest messages, a
// paged list of 10, one message (reading it marks it read), and mark all read.
import { makeAutoObservable, runInAction } from 'mobx';
import { runtimeConfig } from '../config/runtimeConfig';
import { callApi, type CallOptions } from '../http/client';
import type { MessageView } from '../../schemas/api/messages';
import type { Page } from '../../schemas/api/page';

export type { MessageView };

export const MESSAGE_PAGE_SIZE = 10;
const LATEST_COUNT = 5;

/** The message service keeps each application's messages apart by the app id header (building-blocks §7): this one's
 * is its client id. */
const messageCall = <T>(ref: string, options: CallOptions = {}) => callApi<T>(`message:${ref}`, { ...options, headers: { appId: runtimeConfig().clientId } });

export class NoticeStore {
  unreadCount = 0;
  latest: MessageView[] = [];
  page: Page<MessageView> = { total: 0, items: [] };
  pageNumber = 1;

  constructor() {
    makeAutoObservable(this);
  }

  /** `silent`: a background check, whose failure nobody asked to hear about. */
  async refreshCount(silent = false): Promise<void> {
    const count = await messageCall<number>('GET notice/readNum', { silent });
    runInAction(() => (this.unreadCount = count));
  }

  async loadLatest(): Promise<void> {
    const [latest] = await Promise.all([messageCall<MessageView[]>('POST push/apps/latest', { params: { size: LATEST_COUNT } }), this.refreshCount()]);
    runInAction(() => (this.latest = latest));
  }

  async loadPage(pageNumber: number): Promise<void> {
    const page = await messageCall<Page<MessageView>>('POST push/apps/list', { params: { page: pageNumber, size: MESSAGE_PAGE_SIZE } });
    runInAction(() => {
      this.page = page;
      this.pageNumber = pageNumber;
    });
  }

  /** Opens a message; the server marks it read. */
  async open(msgId: number): Promise<MessageView> {
    const message = await messageCall<MessageView>('GET push/apps/{msgId}', { values: { msgId } });
    runInAction(() => {
      const mark = (list: MessageView[]) => list.map((m) => (m.msgId === msgId ? message : m));
      this.latest = mark(this.latest);
      this.page = { ...this.page, items: mark(this.page.items) };
    });
    await this.refreshCount();
    return message;
  }

  async markAllRead(): Promise<void> {
    await messageCall('POST push/apps/allRead');
    runInAction(() => {
      const read = (list: MessageView[]) => list.map((m) => ({ ...m, readFlag: '1' as const, readStatus: '89741002' }));
      this.latest = read(this.latest);
      this.page = { ...this.page, items: read(this.page.items) };
      this.unreadCount = 0;
    });
  }

  clear(): void {
    this.unreadCount = 0;
    this.latest = [];
    this.page = { total: 0, items: [] };
    this.pageNumber = 1;
  }
}

export const notices = new NoticeStore();
