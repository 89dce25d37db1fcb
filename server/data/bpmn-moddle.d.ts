// bpmn-moddle ships types for its model (bpmn-moddle/types) but none for the package entry; this declares the part the
// server uses.
declare module 'bpmn-moddle' {
  export interface ModdleElement {
    $type: string;
    get(name: string): unknown;
    [property: string]: unknown;
  }

  export interface ParseResult {
    rootElement: ModdleElement;
    warnings: Error[];
    elementsById: Record<string, ModdleElement>;
  }

  export class BpmnModdle {
    constructor(packages?: Record<string, object>, options?: Record<string, unknown>);
    fromXML(xml: string, typeName?: string): Promise<ParseResult>;
    toXML(element: ModdleElement, options?: { format?: boolean }): Promise<{ xml: string }>;
    create(type: string, attrs?: Record<string, unknown>): ModdleElement;
  }
}
