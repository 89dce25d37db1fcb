// @vitest-environment jsdom
// JSON print templates: every template under runtime/print/templates passes schemas/print.schema.json, and the one
// renderer gives the header, field grid, child-line tables, totals and signature lines, escaped, money exact.
import { Ajv2020 } from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import printSchema from '../../schemas/print.schema.json' with { type: 'json' };
import { renderTemplate } from '../../runtime/print/printDocument';
import { renderPrintTemplate } from '../../runtime/print/renderPrintTemplate';
import { printTemplates } from '../../runtime/print/templates';
import type { PrintTemplate } from '../../schemas/print/print.types';

const ORDER = {
  dealerName: '北京一店',
  roNo: 'RO11001260630001',
  createdAt: '2026-06-30 09:12:00',
  promisedAt: '2026-06-30 17:30:00',
  customerName: '张三',
  senderName: '李四',
  senderPhone: '13800138000',
  plateNo: '京A12345',
  vin: 'LSVAM4187C2184847',
  labourAmount: '1200.5',
  partAmount: '0.10',
  addItemAmount: '0',
  totalAmount: '1200.60',
  taxAmount: '138.12',
  labourLines: [{ labourCode: 'BY01', labourName: '更换机油', stdHours: 1.5, price: '120', chargeTypeName: '客户付费', amount: '180.00' }],
  partLines: [{ partNo: 'P-5W30', partName: '机油<5W-30>', qty: 4, unitPrice: '88.5', chargeTypeName: '客户付费', amount: '354.00' }],
  addItems: [],
};

describe('print templates in JSON', () => {
  it('every template passes the print template schema, names itself once, and the repair order is one of them', () => {
    const validate = new Ajv2020({ allErrors: true, strict: true }).compile(printSchema);
    for (const template of Object.values(printTemplates)) expect(validate(template), JSON.stringify(validate.errors)).toBe(true);
    expect(Object.keys(printTemplates)).toContain('repair-order');
  });

  it('[BB-PRINT-01] renders the repair order: dealer header, order meta, field grid, labour and part lines, totals, signatures', () => {
    const html = renderTemplate('repair-order', ORDER);
    const page = document.createElement('section');
    page.innerHTML = html;
    expect(page.querySelector('h1.dms-print-title')?.textContent).toBe('北京一店');
    expect(page.querySelector('h2.dms-print-subtitle')?.textContent).toBe('维修委托书');
    expect(page.querySelector('.dms-print-meta')?.textContent).toBe('工单号：RO11001260630001开单时间：2026-06-30 09:12:00预计交车：2026-06-30 17:30:00');
    const grid = [...page.querySelectorAll('table.dms-print-table:not(.dms-print-totals) tr')].map((tr) => [...tr.children].map((c) => c.textContent));
    expect(grid[0]).toEqual(['车主', '张三', '车主电话', '']);
    expect(grid[1]).toEqual(['送修人', '李四', '送修人电话', '13800138000']);
    expect(grid[2]).toEqual(['车牌号', '京A12345', 'VIN', 'LSVAM4187C2184847']);
    // The additional items' table has no lines and no empty text: left out.
    const lines = [...page.querySelectorAll('table.dms-print-lines')];
    expect(lines.map((t) => t.querySelector('caption')?.textContent)).toEqual(['维修项目', '维修材料']);
    expect([...lines[0]!.querySelectorAll('tbody td')].map((td) => td.textContent)).toEqual(['BY01', '更换机油', '1.5', '120.00', '客户付费', '180.00']);
    expect([...lines[1]!.querySelectorAll('tbody td')].map((td) => td.textContent)).toEqual(['P-5W30', '机油<5W-30>', '4', '88.50', '客户付费', '354.00']);
    expect(lines[1]!.querySelector('tbody td:last-child')?.className).toBe('dms-print-right');
    const totals = [...page.querySelectorAll('.dms-print-totals td')].map((td) => td.textContent);
    expect(totals).toEqual(['1,200.50', '0.10', '0.00', '1,200.60', '138.12', '']);
    expect([...page.querySelectorAll('.dms-print-sign span')].map((s) => s.textContent)).toEqual(['服务顾问签字：', '客户签字：']);
  });

  it('escapes every value, leaves out a child-line table without lines unless it has an empty text, and spans fields', () => {
    const template: PrintTemplate = {
      name: 'probe',
      sections: [
        { kind: 'header', title: '<b>标题</b>' },
        { kind: 'fields', cols: 2, values: [{ label: '备注', field: 'remark', span: 2 }, { label: '日期', field: 'at', format: 'date' }, { label: '深', field: 'a.b' }] },
        { kind: 'table', source: 'none', columns: [{ label: '列', field: 'x' }] },
        { kind: 'table', source: 'none', emptyText: '无明细', columns: [{ label: '列', field: 'x' }] },
      ],
    };
    const html = renderPrintTemplate(template, { remark: '<script>alert(1)</script>', at: '2026-06-30 10:00:00', a: { b: '里' } });
    expect(html).not.toContain('<script>');
    expect(html).not.toContain('<b>');
    expect(html).toContain('&lt;script&gt;');
    expect(html).toContain('<td colspan="3">');
    expect(html).toContain('<td>2026-06-30</td>');
    expect(html).toContain('<td>里</td>');
    expect(html.match(/dms-print-lines/g)).toHaveLength(1);
    expect(html).toContain('无明细');
  });
});
