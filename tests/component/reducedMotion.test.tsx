import { act, render, screen as view } from '@testing-library/react';
import { theme } from 'antd';
import { afterEach, describe, expect, it } from 'vitest';
import { AppProviders } from '../../runtime/app/AppProviders';

/** A system setting the test can change while the app runs, as the user does in the OS. */
function systemSetting(initial: boolean) {
  const listeners = new Set<() => void>();
  const query = { matches: initial, addEventListener: (_: string, fn: () => void) => listeners.add(fn), removeEventListener: (_: string, fn: () => void) => listeners.delete(fn) };
  const original = window.matchMedia;
  window.matchMedia = ((media: string) => (media === '(prefers-reduced-motion: reduce)' ? query : original(media))) as typeof window.matchMedia;
  return {
    change(reduce: boolean) {
      query.matches = reduce;
      for (const fn of listeners) fn();
    },
    restore: () => (window.matchMedia = original),
  };
}

function MotionShown() {
  const { token } = theme.useToken();
  return <span data-testid="motion">{String(token.motion)}</span>;
}

describe('motion follows the user’s system setting', () => {
  let setting: ReturnType<typeof systemSetting> | undefined;
  afterEach(() => setting?.restore());

  it('turns antd’s dialog and drawer animations off for a user who prefers reduced motion, and back on', () => {
    setting = systemSetting(true);
    render(
      <AppProviders>
        <MotionShown />
      </AppProviders>,
    );
    expect(view.getByTestId('motion').textContent).toBe('false');
    act(() => setting!.change(false));
    expect(view.getByTestId('motion').textContent).toBe('true');
  });

  it('animates by default', () => {
    render(
      <AppProviders>
        <MotionShown />
      </AppProviders>,
    );
    expect(view.getByTestId('motion').textContent).toBe('true');
  });
});
