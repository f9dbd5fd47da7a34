import type { HealthResponse } from '@fuliaotong/contracts';

export interface ApiProbe {
  reachable: boolean;
  /** Median round trip of the samples, in ms. */
  medianMs?: number;
  samplesMs: number[];
  health?: HealthResponse;
  error?: string;
}

export function median(values: number[]): number | undefined {
  if (values.length === 0) return undefined;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}

/** Calls the health endpoint `samples` times in a row and measures each round trip. */
export async function probeApi(call: () => Promise<HealthResponse>, samples = 5, now = () => performance.now()): Promise<ApiProbe> {
  const samplesMs: number[] = [];
  let health: HealthResponse | undefined;
  for (let i = 0; i < samples; i++) {
    const start = now();
    try {
      health = await call();
    } catch (error) {
      return { reachable: false, samplesMs, error: error instanceof Error ? error.message : String(error) };
    }
    samplesMs.push(Math.round((now() - start) * 10) / 10);
  }
  return { reachable: true, samplesMs, medianMs: median(samplesMs), health };
}

export interface BrowserInfo {
  userAgent: string;
  inWeChat: boolean;
  language: string;
  timeZone: string;
  screen: string;
  viewport: string;
  pixelRatio: number;
  cookiesEnabled: boolean;
  localStorage: boolean;
  online: boolean;
}

export function readBrowserInfo(): BrowserInfo {
  let storage: boolean;
  try {
    window.localStorage.setItem('fuliaotong:probe', '1');
    window.localStorage.removeItem('fuliaotong:probe');
    storage = true;
  } catch {
    storage = false;
  }
  return {
    userAgent: navigator.userAgent,
    inWeChat: /MicroMessenger/i.test(navigator.userAgent),
    language: navigator.language,
    timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
    screen: `${window.screen.width} × ${window.screen.height}`,
    viewport: `${window.innerWidth} × ${window.innerHeight}`,
    pixelRatio: window.devicePixelRatio,
    cookiesEnabled: navigator.cookieEnabled,
    localStorage: storage,
    online: navigator.onLine,
  };
}
