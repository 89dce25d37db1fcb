import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { busy } from '../../http/busy';

/** The bar stays at least this long, so a quick navigation is still seen to happen. */
export const PROGRESS_MIN_MS = 200;
/** ... and at most this long, whatever else is loading. */
export const PROGRESS_MAX_MS = 10_000;

/**
 * The progress bar of back-office §2: a thin bar at the top from the moment the address changes until the new page
 * has rendered and the calls it started have answered.
 */
export const NavigationProgress = observer(function NavigationProgress() {
  const location = useLocation();
  const [since, setSince] = useState<number | null>(null);
  const [now, setNow] = useState(0);

  // An address typed or changed outside the router has no key of its own: the path tells the navigation apart.
  useEffect(() => {
    setSince(Date.now());
  }, [location.key, location.pathname, location.search]);

  const running = since !== null && (now - since < PROGRESS_MIN_MS || (busy.running > 0 && now - since < PROGRESS_MAX_MS));
  useEffect(() => {
    if (since === null) return undefined;
    const timer = setInterval(() => setNow(Date.now()), 50);
    setNow(Date.now());
    return () => clearInterval(timer);
  }, [since]);
  useEffect(() => {
    if (since !== null && !running && now > 0) setSince(null);
  }, [since, running, now]);

  if (since === null || !running) return null;
  return <div className="dms-nav-progress" role="progressbar" aria-label="页面加载中" />;
});
