import { useEffect, useRef, useState } from 'react';
import { useNavigation } from 'react-router';

/** The navigation progress bar's timing, as the site has always had it. */
export const LOADING_INDICATOR = {
  duration: 2000,
  throttle: 200,
  height: 3,
  hideDelay: 500,
  resetDelay: 400,
} as const;

/** Progress that approaches 100 % asymptotically: about 70 % after `duration`. */
export function estimatedProgress(duration: number, elapsed: number): number {
  return (2 / Math.PI) * 100 * Math.atan(((elapsed / duration) * 100) / 50);
}

/**
 * A thin bar at the top of the page while a navigation loads. It appears only when the navigation
 * takes longer than the throttle, completes to 100 % when it ends, fades after the hide delay and
 * resets after the reset delay.
 */
export function LoadingIndicator({ color = '#1677ff' }: { color?: string }) {
  const navigation = useNavigation();
  const busy = navigation.state !== 'idle';
  const [progress, setProgress] = useState(0);
  const [visible, setVisible] = useState(false);
  const timers = useRef<{ throttle?: number; hide?: number; reset?: number; frame?: number; started?: number }>({});

  useEffect(() => {
    const t = timers.current;
    const clearAll = () => {
      window.clearTimeout(t.throttle);
      window.clearTimeout(t.hide);
      window.clearTimeout(t.reset);
      if (t.frame) cancelAnimationFrame(t.frame);
    };
    if (busy) {
      clearAll();
      t.throttle = window.setTimeout(() => {
        setVisible(true);
        t.started = performance.now();
        const step = (now: number) => {
          setProgress(Math.min(100, estimatedProgress(LOADING_INDICATOR.duration, now - (t.started ?? now))));
          t.frame = requestAnimationFrame(step);
        };
        t.frame = requestAnimationFrame(step);
      }, LOADING_INDICATOR.throttle);
      return;
    }
    // Finished (or never shown because it was faster than the throttle).
    window.clearTimeout(t.throttle);
    if (t.frame) cancelAnimationFrame(t.frame);
    if (t.started === undefined) return;
    t.started = undefined;
    setProgress(100);
    t.hide = window.setTimeout(() => {
      setVisible(false);
      t.reset = window.setTimeout(() => setProgress(0), LOADING_INDICATOR.resetDelay);
    }, LOADING_INDICATOR.hideDelay);
  }, [busy]);

  useEffect(() => {
    const t = timers.current;
    return () => {
      window.clearTimeout(t.throttle);
      window.clearTimeout(t.hide);
      window.clearTimeout(t.reset);
      if (t.frame) cancelAnimationFrame(t.frame);
    };
  }, []);

  return (
    <div
      className="loading-indicator"
      role="progressbar"
      aria-label="页面加载进度"
      aria-hidden={!visible}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={Math.round(progress)}
      data-visible={visible}
      style={{
        position: 'fixed',
        top: 0,
        left: 0,
        right: 0,
        height: LOADING_INDICATOR.height,
        width: `${progress}%`,
        background: color,
        opacity: visible ? 1 : 0,
        transition: 'width 0.1s, opacity 0.4s',
        pointerEvents: 'none',
        zIndex: 9999,
      }}
    />
  );
}
