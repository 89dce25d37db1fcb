import { waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Screen } from '../../schemas/screen/screen.types';
import { fakeServer, ok } from './fakeServer';
import { renderForm } from './formHarness';
import { cellText, loaded, renderTable } from './tableHarness';

// Dates as the user reads them, in a table and in a form, whatever text the server sent: YYYY-MM-DD for a date,
// YYYY-MM-DD HH:mm:ss for a date-time.

const screen: Screen = {
  id: 'test.dates',
  title: '测试',
  service: 'repair',
  table: {
    api: 'repair:GET test/dates',
    pagination: false,
    columns: [
      { title: '进厂日期', dataIndex: 'inDate', type: 'date' },
      { title: '开单时间', dataIndex: 'openedAt', type: 'datetime' },
    ],
  },
};

describe('dates as shown', () => {
  beforeEach(() => {
    localStorage.clear();
    fakeServer({
      // One row in the server's own text, one in ISO form with a zone (as another service may answer).
      'GET /api/repair/test/dates': ok({ total: 2, items: [
        { id: 1, inDate: '2026-06-30 15:20:05', openedAt: '2026-06-30 15:20:05' },
        { id: 2, inDate: '2026-07-01T08:05:09', openedAt: '2026-07-01T08:05:09' },
      ] }),
      'GET /api/lowcode/tableLayouts': ok(null),
    });
  });

  it('[BO-DATE-01] [BO-DATE-02] a table shows a date column as YYYY-MM-DD and a date-time column as YYYY-MM-DD HH:mm:ss', async () => {
    const { store } = renderTable(screen);
    await loaded(store);
    await waitFor(() => expect(cellText(0, 'inDate')).toBe('2026-06-30'));
    expect(cellText(0, 'openedAt')).toBe('2026-06-30 15:20:05');
    expect(cellText(1, 'inDate')).toBe('2026-07-01');
    expect(cellText(1, 'openedAt')).toBe('2026-07-01 08:05:09');
  });

  it('[BO-DATE-01] [BO-DATE-02] a form shows a date field as YYYY-MM-DD and a date-time field as YYYY-MM-DD HH:mm:ss', async () => {
    const form = renderForm(
      [
        { fieldName: 'inDate', label: '进厂日期', type: 'date' },
        { fieldName: 'openedAt', label: '开单时间', type: 'datetime' },
      ],
      { mode: 'edit', record: { inDate: '2026-06-30 00:00:00', openedAt: '2026-06-30 15:20:05' } },
    );
    await waitFor(() => expect(form.input('inDate').value).toBe('2026-06-30'));
    expect(form.input('openedAt').value).toBe('2026-06-30 15:20:05');
  });
});
