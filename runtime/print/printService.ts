// The print helper (building-blocks §2 item 7, §3, §8, §9): preview and print through the local print service (C-Lodop,
// a program the user installs that serves its script at localhost) when it is installed; beyond the spec, the browser's
// own print of the same template when it is not.
import { createElement } from 'react';
import { feedback } from '../app/feedback';
import { TEXT } from '../../schemas/text/zh';

/** What a print call takes (building-blocks §3). */
export interface PrintProps {
  /** Template name in the template registry (runtime/print/templates.ts). */
  template: string;
  /** Where the data comes from (an api reference), when `data` is not given. */
  path?: string;
  /** Rows of a table section, when the template prints one. */
  table?: Record<string, unknown>[];
  direction?: 'vertical' | 'horizontal';
  printCopies?: number;
  pageSize?: { width: string; height: string };
  /** Print straight away rather than preview first. */
  alwaysPrint?: boolean;
  data?: Record<string, unknown>;
  /** 'local': the template is rendered by the runtime; a service-side template name otherwise. */
  templateSource?: string;
}

export const PRINT_DEFAULTS = {
  printCopies: 1,
  pageSize: { width: '210mm', height: '297mm' },
  direction: 'vertical',
  /** The print state returns to stop this long after start. */
  resetMs: 500,
} as const;

/** The local print service: where its script is served, the versions below which it must be upgraded, the installer. */
export const PRINT_SERVICE = {
  scriptUrls: ['http://localhost:8000/CLodopfuncs.js', 'http://localhost:18000/CLodopfuncs.js'],
  minServiceVersion: '6.2.1.8',
  minControlVersion: '6.2.1.8',
  installUrl: 'https://www.lodop.net/download.html',
  /** How long the script may take to load before the service counts as missing. */
  loadTimeoutMs: 3000,
} as const;

/** The part of the service's object the helper uses. */
export interface Lodop {
  VERSION: string;
  CVERSION?: string;
  PRINT_INIT(title: string): void;
  SET_PRINT_PAGESIZE(orient: number, width: number, height: number, name: string): void;
  SET_PRINT_COPIES(copies: number): void;
  ADD_PRINT_HTM(top: number | string, left: number | string, width: number | string, height: number | string, html: string): void;
  PREVIEW(): number;
  PRINT(): boolean;
}

export type ServiceState = { status: 'ready'; lodop: Lodop } | { status: 'loading' | 'missing' } | { status: 'old'; version: string };

declare global {
  interface Window {
    getCLodop?: () => Lodop | undefined;
  }
}

let loading: 'idle' | 'loading' | 'loaded' | 'failed' = 'idle';

/** Whether the service's script is being loaded right now (a print asked meanwhile gets the not-loaded warning). */
export const printServiceLoading = (): boolean => loading === 'loading';

/** Loads the service's script once, trying each local address in turn; answers when the first one loads or all fail. */
export function loadPrintService(doc: Document = document): Promise<boolean> {
  if (loading === 'loaded') return Promise.resolve(true);
  if (loading === 'failed') return Promise.resolve(false);
  if (loading === 'loading') return Promise.resolve(false);
  loading = 'loading';
  const tryAt = (i: number): Promise<boolean> =>
    i >= PRINT_SERVICE.scriptUrls.length
      ? Promise.resolve(false)
      : new Promise<boolean>((resolve) => {
          const script = doc.createElement('script');
          const timer = setTimeout(() => done(false), PRINT_SERVICE.loadTimeoutMs);
          function done(ok: boolean) {
            clearTimeout(timer);
            script.onload = script.onerror = null;
            if (!ok) script.remove();
            resolve(ok);
          }
          script.src = PRINT_SERVICE.scriptUrls[i]!;
          script.onload = () => done(true);
          script.onerror = () => done(false);
          doc.head.appendChild(script);
        }).then((ok) => ok || tryAt(i + 1));
  return tryAt(0).then((ok) => {
    loading = ok ? 'loaded' : 'failed';
    return ok;
  });
}

/** For tests: forget what the last load found. */
export function resetPrintService(): void {
  loading = 'idle';
}

const versionBelow = (version: string | undefined, min: string) => {
  const a = (version ?? '0').split('.').map(Number);
  const b = min.split('.').map(Number);
  for (let i = 0; i < Math.max(a.length, b.length); i++) if ((a[i] ?? 0) !== (b[i] ?? 0)) return (a[i] ?? 0) < (b[i] ?? 0);
  return false;
};

/** What the service can do right now (the spec's getLodop): loading, missing, old, or ready with its object. */
export function getLodop(win: Window = window): ServiceState {
  if (loading === 'loading' || loading === 'idle') return { status: 'loading' };
  const lodop = loading === 'loaded' ? win.getCLodop?.() : undefined;
  if (!lodop) return { status: 'missing' };
  if (versionBelow(lodop.VERSION, PRINT_SERVICE.minServiceVersion)) return { status: 'old', version: lodop.VERSION };
  if (lodop.CVERSION !== undefined && versionBelow(lodop.CVERSION, PRINT_SERVICE.minControlVersion)) return { status: 'old', version: lodop.CVERSION };
  return { status: 'ready', lodop };
}

const installLink = () => createElement('a', { href: PRINT_SERVICE.installUrl, target: '_blank', rel: 'noopener noreferrer' }, TEXT.print.install);

/** The notices of §8: still loading (a warning), missing (a persistent notice with the install link and a reminder to
 * refresh), old (a persistent notice saying 需升级, with the link). */
export function announce(state: ServiceState): void {
  if (state.status === 'loading') {
    feedback().message.warning(TEXT.print.notLoaded);
    return;
  }
  if (state.status === 'missing' || state.status === 'old') {
    feedback().notification.warning({
      key: 'dms-print-service',
      title: TEXT.common.tipTitle,
      description: createElement('span', null, state.status === 'missing' ? TEXT.print.notInstalled : TEXT.print.needUpgrade, ' ', installLink()),
      duration: 0,
    });
  }
}

/** millimetres of a CSS length such as 210mm, in the service's tenths of a millimetre. */
const tenthsOfMm = (length: string) => Math.round(parseFloat(length) * 10);

/** Prints (or previews) HTML through the service; exceptions are shown as getLodop 出错: plus the error. */
export function printWithService(lodop: Lodop, html: string, props: PrintProps): boolean {
  try {
    const size = props.pageSize ?? PRINT_DEFAULTS.pageSize;
    lodop.PRINT_INIT(props.template);
    lodop.SET_PRINT_PAGESIZE((props.direction ?? PRINT_DEFAULTS.direction) === 'horizontal' ? 2 : 1, tenthsOfMm(size.width), tenthsOfMm(size.height), '');
    lodop.SET_PRINT_COPIES(props.printCopies ?? PRINT_DEFAULTS.printCopies);
    lodop.ADD_PRINT_HTM(0, 0, '100%', '100%', html);
    if (props.alwaysPrint) lodop.PRINT();
    else lodop.PREVIEW();
    return true;
  } catch (error) {
    feedback().message.error(`${TEXT.print.failed}${error instanceof Error ? error.message : String(error)}`);
    return false;
  }
}
