// One print: the template filled with the data, then the local print service when it is ready, or the browser's print
// when the service is missing or too old (after its notice). While the service is still loading only its warning shows.
import { makeAutoObservable } from 'mobx';
import { TEXT } from '../../schemas/text/zh';
import { browserPrint } from './browserPrint';
import { announce, getLodop, loadPrintService, PRINT_DEFAULTS, printServiceLoading, printWithService, type PrintProps } from './printService';
import { renderPrintTemplate } from './renderPrintTemplate';
import { printTemplates, type PrintData } from './templates';

/** The print state of §4: start while a print is handed over, back to stop 500 ms later. */
class PrintState {
  state: 'start' | 'stop' = 'stop';
  constructor() {
    makeAutoObservable(this);
  }
  start(): void {
    this.state = 'start';
    setTimeout(() => this.stop(), PRINT_DEFAULTS.resetMs);
  }
  stop(): void {
    this.state = 'stop';
  }
}

export const printState = new PrintState();

export function renderTemplate(name: string, data: PrintData): string {
  const template = printTemplates[name];
  if (!template) throw new Error(TEXT.printTemplates.unknown(name));
  return renderPrintTemplate(template, data);
}

export type PrintRoute = 'service' | 'browser' | 'none';

/** Prints the data with the props' template; answers which way it went. */
export async function printDocument(props: PrintProps & { data: PrintData }): Promise<PrintRoute> {
  const html = renderTemplate(props.template, props.data);
  // The action's page size and direction when it names them, else the template's own.
  const template = printTemplates[props.template];
  props = { ...props, pageSize: props.pageSize ?? template?.pageSize, direction: props.direction ?? template?.direction };
  printState.start();
  // The first print loads the service's script; a print asked while it loads is told to wait.
  const service = printServiceLoading() ? getLodop() : (await loadPrintService(), getLodop());
  if (service.status === 'ready') return printWithService(service.lodop, html, props) ? 'service' : 'none';
  announce(service);
  if (service.status === 'loading') return 'none';
  browserPrint(html, props);
  return 'browser';
}
