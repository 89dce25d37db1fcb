import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ButtonLock } from '../../runtime/blocks/buttonLock';
import { BusyState } from '../../runtime/http/busy';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('the busy indicator', () => {
  it('[BO-BUSY-01] appears only once a request has run for the delay, and goes when the last request ends', () => {
    const busy = new BusyState();
    busy.start();
    vi.advanceTimersByTime(99);
    expect(busy.visible).toBe(false);
    vi.advanceTimersByTime(1);
    expect(busy.visible).toBe(true);
    busy.start();
    busy.end();
    expect(busy.visible).toBe(true);
    busy.end();
    expect(busy.visible).toBe(false);
  });

  it('[BO-BUSY-01] never flashes for a request quicker than the delay', () => {
    const busy = new BusyState();
    busy.start();
    vi.advanceTimersByTime(60);
    busy.end();
    vi.advanceTimersByTime(500);
    expect(busy.visible).toBe(false);
    expect(busy.running).toBe(0);
  });
});

describe('button locks', () => {
  const deferred = () => {
    let resolve!: () => void;
    let reject!: (error: Error) => void;
    const promise = new Promise<void>((res, rej) => ((resolve = res), (reject = rej)));
    return { promise, resolve, reject };
  };

  it('[BO-BTN-01] lock while the action runs: a second click does not run it again', async () => {
    const changes: boolean[] = [];
    const lock = new ButtonLock((locked) => changes.push(locked));
    const action = deferred();
    const run = vi.fn(() => action.promise);
    const first = lock.click(run);
    expect(lock.isLocked).toBe(true);
    vi.advanceTimersByTime(5000);
    expect(await lock.click(run)).toBe(false);
    expect(run).toHaveBeenCalledTimes(1);
    action.resolve();
    expect(await first).toBe(true);
    expect(changes).toEqual([true]);
  });

  it('[BO-BTN-02] unlock 100 ms after the action ends', async () => {
    const lock = new ButtonLock(() => undefined);
    await lock.click(async () => vi.advanceTimersByTime(2000));
    expect(lock.isLocked).toBe(true);
    vi.advanceTimersByTime(99);
    expect(lock.isLocked).toBe(true);
    vi.advanceTimersByTime(1);
    expect(lock.isLocked).toBe(false);
  });

  it('[BO-BTN-03] ignore a click within 1000 ms of the previous one, even when the action was quicker', async () => {
    const lock = new ButtonLock(() => undefined);
    const run = vi.fn(async () => undefined);
    await lock.click(run);
    vi.advanceTimersByTime(500);
    expect(lock.isLocked).toBe(false);
    expect(await lock.click(run)).toBe(false);
    vi.advanceTimersByTime(500);
    expect(await lock.click(run)).toBe(true);
    expect(run).toHaveBeenCalledTimes(2);
  });

  it('[BO-BTN-04] swallow an error of the handler, logging it for developers, and unlock as usual', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const lock = new ButtonLock(() => undefined);
    const failure = new Error('handler failed');
    await expect(lock.click(() => Promise.reject(failure))).resolves.toBe(true);
    expect(logged).toHaveBeenCalledWith(expect.any(String), failure);
    vi.advanceTimersByTime(100);
    expect(lock.isLocked).toBe(false);
    logged.mockRestore();
  });
});
