/**
 * How long two heavy screens take to draw on a phone: the company's indicators (/company/statistic, a line chart
 * per criterion) and the admin's home-content editor (rich-text editors in three languages). Headless Chromium
 * with a 390 × 844 phone viewport and Lighthouse's mobile CPU slowdown (4×), no network throttling (the time
 * here is the phone's CPU). For each screen, the median of RUNS loads of:
 * - first screen: from the navigation's start until every chart or editor in the viewport is drawn;
 * - all: scrolling down a screen at a time once the visible ones are drawn, until every one is drawn;
 * - blocking: the long tasks' time over 50 ms until then (the Total Blocking Time of that span).
 * Printed, never asserted.
 */
import type { Browser } from '@playwright/test';

export interface DrawScreen {
  name: string;
  path: string;
  cookie: string;
  /** What is drawn: a chart's SVG or an editor's editable area. */
  drawn: string;
  /** The boxes that will hold one each (drawn or waiting to be). */
  boxes: string;
}

export interface DrawFigures {
  firstScreenMs: number;
  allMs: number;
  drawn: number;
  blockingMs: number;
}

/** The part of the bench that runs in the page: the long tasks, observed from the very start. */
const OBSERVE_LONG_TASKS = `
  window.__longTasks = [];
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) window.__longTasks.push([entry.startTime, entry.duration]);
  }).observe({ type: 'longtask', buffered: true });
`;

/**
 * Run in the page (as text: the scripts are type-checked without the DOM's types): the time (ms since the
 * navigation's start) the viewport's boxes were all drawn, then, scrolling a screen at a time, the time the last
 * box was drawn, and the long tasks' blocking until then.
 */
const MEASURE_IN_PAGE = `async ({ drawn, boxes }) => {
  const inView = (element) => {
    const rect = element.getBoundingClientRect();
    return rect.bottom > 0 && rect.top < window.innerHeight;
  };
  const isDrawn = (box) => box.matches(drawn) || box.querySelector(drawn) !== null;
  const tick = () => new Promise((resolve) => setTimeout(resolve, 50));
  let firstScreen = Number.NaN;
  let all = Number.NaN;
  const deadline = performance.now() + 120_000;
  while (performance.now() < deadline) {
    const list = [...document.querySelectorAll(boxes)];
    const visible = list.filter(inView);
    if (visible.length === 0) list.find((box) => !isDrawn(box))?.scrollIntoView({ block: 'start' });
    else if (visible.every(isDrawn)) {
      if (Number.isNaN(firstScreen)) firstScreen = performance.now();
      if (list.every(isDrawn)) {
        all = performance.now();
        break;
      }
      const next = list.find((box) => !isDrawn(box));
      next?.scrollIntoView({ block: 'start' });
    }
    await tick();
  }
  const tasks = window.__longTasks;
  const blocking = tasks
    .filter(([start]) => start <= all)
    .reduce((sum, [, duration]) => sum + Math.max(0, duration - 50), 0);
  return {
    firstScreenMs: firstScreen,
    allMs: all,
    drawn: [...document.querySelectorAll(boxes)].filter(isDrawn).length,
    blockingMs: blocking,
  };
}`;

async function drawOnce(browser: Browser, base: string, screen: DrawScreen): Promise<DrawFigures> {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 3,
    isMobile: true,
    hasTouch: true,
  });
  try {
    const url = new URL(base);
    await context.addCookies(
      screen.cookie.split('; ').map((pair) => {
        const [name = '', ...value] = pair.split('=');
        return { name, value: value.join('='), domain: url.hostname, path: '/' };
      }),
    );
    await context.addInitScript(OBSERVE_LONG_TASKS);
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await page.goto(`${base}${screen.path}`, { waitUntil: 'commit' });
    await page.waitForSelector(screen.boxes, { timeout: 60_000 });
    // Polled in the page: the time (ms since the navigation's start) the viewport's boxes were all drawn, then,
    // scrolling a screen at a time, the time the last box was drawn.
    return (await page.evaluate(
      `(${MEASURE_IN_PAGE})(${JSON.stringify({ drawn: screen.drawn, boxes: screen.boxes })})`,
    )) as DrawFigures;
  } finally {
    await context.close();
  }
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

export async function benchDrawing(
  browser: Browser,
  base: string,
  screens: readonly DrawScreen[],
  runs: number,
): Promise<void> {
  console.log(
    `\nDrawing on a phone (390 × 844, CPU 4× slower, median of ${runs} loads): first screen, all (scrolling), long tasks' blocking\n`,
  );
  console.log(
    [
      'screen'.padEnd(34),
      'first'.padStart(8),
      'all'.padStart(8),
      'drawn'.padStart(6),
      'blocking'.padStart(9),
    ].join(' '),
  );
  for (const screen of screens) {
    const results: DrawFigures[] = [];
    for (let run = 0; run < runs; run++) results.push(await drawOnce(browser, base, screen));
    const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
    console.log(
      [
        screen.name.padEnd(34),
        seconds(median(results.map((r) => r.firstScreenMs))).padStart(8),
        seconds(median(results.map((r) => r.allMs))).padStart(8),
        String(median(results.map((r) => r.drawn))).padStart(6),
        `${median(results.map((r) => r.blockingMs)).toFixed(0)} ms`.padStart(9),
      ].join(' '),
    );
  }
}
