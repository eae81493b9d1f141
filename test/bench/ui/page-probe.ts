/**
 * The in-page probe of the UI benchmark, installed with `page.addInitScript` before any app
 * script runs. It is plain JavaScript text (not a serialized function: tsx would inject its own
 * helpers into a function's source, which do not exist in the page). It changes nothing the app
 * does; it only watches:
 *
 * - `WebSocket` is replaced by a subclass whose constructor adds a `message` listener first, so
 *   it runs before the app's `onmessage` (listeners fire in registration order): it timestamps
 *   the page's first request for its tasks (`tasks:head`, the first screen's rows, or
 *   `tasks:list`), the answers to both (matched by the request ids the subclass's `send` saw)
 *   and every `tasks:updated` event. It never parses a frame while measuring: it reads the frame's head
 *   and counts task summaries with `indexOf` (one `"serverId":` per summary); event texts are
 *   kept and parsed only after the window, by `analyzeWindow`.
 * - Long tasks (`longtask`) and long animation frames (`long-animation-frame`), buffered, from
 *   page start.
 * - After the first of those answers: a MutationObserver waits for the first commit where `inbox-count`
 *   reads "N tasks" and the rendered `task-row`s fill the `task-list` viewport. In that callback
 *   (after the commit, before the frame that paints it) it tags the count and every element of
 *   the rows in view with `elementtiming`; the first full paint is the newest Element Timing
 *   `renderTime` of those elements: when the frame that shows them was presented. (Until
 *   2026-12 the probe took the task posted from the next `requestAnimationFrame` instead; that
 *   runs only after the tasks queued during the long commit task, such as `tasks:updated`
 *   frames, so it read 10–45 ms late. It is still reported, as `nextTaskAfterPaintAt`.)
 */

/** What the probe reports about the first paint of the list (all `performance.now()` ms). */
export interface FirstPaintProbe {
  /** The page's first request for its tasks (`tasks:head` or `tasks:list`). */
  listSentAt: number | null;
  /** The first answer to one of them: the one the first paint is made from. */
  firstAnswerAt: number | null;
  /** The whole list's answer (`tasks:list`). */
  listArrivedAt: number | null;
  /** Its size, in characters. */
  listBytes: number;
  rowsCommittedAt: number | null;
  /** Presentation of the frame that first showed the count and the rows in view (Element Timing). */
  firstFullPaintAt: number | null;
  /** The task posted from the first animation frame after the commit (the earlier measure). */
  nextTaskAfterPaintAt: number | null;
  rowsAtPaint: number;
  countText: string;
  /** End of the long animation frame holding the rows' commit, if that frame was long (a cross-check). */
  loafEndAt: number | null;
  /** Bytes of JavaScript (decoded: the minified files as built) fetched before that paint. */
  scriptBytesBeforePaint: number;
  /** How many JavaScript files those were. */
  scriptsBeforePaint: number;
}

/** What the probe reports about the update window. */
export interface WindowProbe {
  windowStart: number;
  windowEnd: number;
  longTasks: { startTime: number; duration: number }[];
  longAnimationFrames: { startTime: number; duration: number; blockingDuration: number }[];
  /** Task summaries in `tasks:updated` frames that reached the page in the window. */
  updatesReceived: number;
  updateFrames: number;
  /** Distinct tasks among them. */
  distinctTasks: number;
  /** In-window summaries whose status message differs from the task's previous one the page got (list answer or event). */
  statusMessageChanges: number;
  /** requestAnimationFrame callbacks in the window (≈ frames the page produced). */
  animationFrames: number;
  /** Mutation records under `task-list` in the window (DOM writes of the visible rows). */
  rowMutations: number;
  /** Rows checked at the end, and those showing a status message older than the page received. */
  rowsChecked: number;
  staleRows: number;
  staleExamples: string[];
}

const PROBE_SCRIPT = String.raw`
(() => {
  const probe = {
    listIds: new Set(), headIds: new Set(), listSentAt: null, firstAnswerAt: null, listArrivedAt: null, listBytes: 0, listText: null,
    rowsCommittedAt: null, firstFullPaintAt: null, nextTaskAfterPaintAt: null, paintTargets: null, paintEntries: [], rowsAtPaint: 0, countText: '',
    longTasks: [], loafs: [],
    updateCount: 0, updateFrameCount: 0, frames: [], recording: true,
    windowStart: null, windowEnd: null, rafCount: 0, rafRunning: false, rowMutations: 0, rowObserver: null,
    expectedTasks: 0,
  };
  window.__uiBench = probe;

  const observe = (type, into) => {
    try {
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) into.push({ startTime: entry.startTime, duration: entry.duration, blockingDuration: entry.blockingDuration ?? 0 });
      }).observe({ type, buffered: true });
    } catch { /* entry type not supported */ }
  };
  observe('longtask', probe.longTasks);
  observe('long-animation-frame', probe.loafs);
  try {
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) {
        if (entry.identifier === 'ui-bench-rows') probe.paintEntries.push({ renderTime: entry.renderTime, element: entry.element });
      }
      markFullPaint();
    }).observe({ type: 'element', buffered: true });
  } catch { /* no Element Timing: the bench checks for it before it waits for the paint */ }

  // The rows first reached the screen in the frame of the newest Element Timing entry of the
  // elements tagged at the commit (committed together, they are painted in one frame).
  const markFullPaint = () => {
    if (probe.paintTargets === null) return;
    const painted = probe.paintEntries.filter((entry) => probe.paintTargets.has(entry.element));
    if (painted.length === 0) return;
    probe.firstFullPaintAt = Math.max(...painted.map((entry) => entry.renderTime));
  };

  const countSummaries = (text) => {
    let count = 0;
    for (let at = text.indexOf('"serverId":'); at !== -1; at = text.indexOf('"serverId":', at + 11)) count += 1;
    return count;
  };

  const isListFull = () => {
    const count = document.querySelector('[data-testid="inbox-count"]');
    if (count === null || count.textContent !== probe.expectedTasks + ' tasks') return false;
    const list = document.querySelector('[data-testid="task-list"]');
    if (list === null) return false;
    const rows = list.querySelectorAll('[data-testid="task-row"]').length;
    const needed = Math.min(probe.expectedTasks, Math.ceil(list.clientHeight / 64));
    return list.clientHeight > 0 && rows >= needed;
  };

  const watchFirstPaint = () => {
    const done = () => {
      probe.rowsCommittedAt = performance.now();
      probe.rowsAtPaint = document.querySelectorAll('[data-testid="task-row"]').length;
      probe.countText = document.querySelector('[data-testid="inbox-count"]').textContent;
      // Tag the text the user must see (the count and the rows in view) for Element Timing: set
      // before the frame that paints it, in this observer callback right after the commit.
      const list = document.querySelector('[data-testid="task-list"]');
      const view = list.getBoundingClientRect();
      const inView = [...list.querySelectorAll('[data-testid="task-row"]')].filter((row) => {
        const box = row.getBoundingClientRect();
        return box.bottom > view.top && box.top < view.bottom;
      });
      probe.paintTargets = new Set();
      for (const root of [document.querySelector('[data-testid="inbox-count"]'), ...inView]) {
        for (const element of [root, ...root.querySelectorAll('*')]) {
          element.setAttribute('elementtiming', 'ui-bench-rows');
          probe.paintTargets.add(element);
        }
      }
      requestAnimationFrame(() => {
        const channel = new MessageChannel();
        channel.port1.onmessage = () => { probe.nextTaskAfterPaintAt = performance.now(); };
        channel.port2.postMessage(0);
      });
    };
    if (isListFull()) return done();
    const observer = new MutationObserver(() => {
      if (!isListFull()) return;
      observer.disconnect();
      done();
    });
    observer.observe(document.documentElement, { childList: true, subtree: true, characterData: true });
  };

  const Native = window.WebSocket;
  class ProbedWebSocket extends Native {
    constructor(url, protocols) {
      super(url, protocols);
      this.addEventListener('message', (event) => {
        const at = performance.now();
        const data = event.data;
        if (typeof data !== 'string') return;
        if (data.startsWith('{"type":"event","channel":"tasks:updated"')) {
          probe.updateFrameCount += 1;
          probe.updateCount += countSummaries(data);
          if (probe.recording) probe.frames.push({ at, text: data });
        } else if (probe.listArrivedAt === null && data.startsWith('{"type":"result"')) {
          const match = /^\{"type":"result","id":(\d+)/.exec(data.slice(0, 64));
          const id = match === null ? null : Number(match[1]);
          const isList = probe.listIds.has(id);
          if (isList || probe.headIds.has(id)) {
            if (probe.firstAnswerAt === null) {
              probe.firstAnswerAt = at;
              watchFirstPaint();
            }
            if (isList) {
              probe.listArrivedAt = at;
              probe.listBytes = data.length;
              probe.listText = data;
            }
          }
        }
      });
    }
    send(data) {
      if (typeof data === 'string') {
        const match = /^\{"type":"invoke","id":(\d+),"channel":"tasks:(list|head)"/.exec(data.slice(0, 80));
        if (match !== null) {
          (match[2] === 'list' ? probe.listIds : probe.headIds).add(Number(match[1]));
          if (probe.listSentAt === null) probe.listSentAt = performance.now();
        }
      }
      super.send(data);
    }
  }
  window.WebSocket = ProbedWebSocket;

  probe.firstPaint = () => {
    const commit = probe.rowsCommittedAt;
    const loaf = commit === null ? undefined : probe.loafs.find((entry) => entry.startTime <= commit && commit <= entry.startTime + entry.duration);
    // Every script the page had fetched before the list's first full paint: the entry, its
    // preloaded chunks and any lazy chunk the first screen needed.
    const scripts = performance.getEntriesByType('resource').filter((entry) =>
      /\.m?js$/.test(new URL(entry.name).pathname) && probe.firstFullPaintAt !== null && entry.responseEnd <= probe.firstFullPaintAt);
    return {
      scriptBytesBeforePaint: scripts.reduce((sum, entry) => sum + entry.decodedBodySize, 0),
      scriptsBeforePaint: scripts.length,
      listSentAt: probe.listSentAt, firstAnswerAt: probe.firstAnswerAt, listArrivedAt: probe.listArrivedAt, listBytes: probe.listBytes,
      rowsCommittedAt: probe.rowsCommittedAt, firstFullPaintAt: probe.firstFullPaintAt, nextTaskAfterPaintAt: probe.nextTaskAfterPaintAt,
      rowsAtPaint: probe.rowsAtPaint, countText: probe.countText,
      loafEndAt: loaf === undefined ? null : loaf.startTime + loaf.duration,
    };
  };

  probe.startWindow = () => {
    probe.rafCount = 0;
    probe.rowMutations = 0;
    probe.windowStart = performance.now();
    probe.windowEnd = null;
    probe.rafRunning = true;
    const tick = () => {
      if (!probe.rafRunning) return;
      probe.rafCount += 1;
      requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
    const list = document.querySelector('[data-testid="task-list"]');
    probe.rowObserver = new MutationObserver((records) => { probe.rowMutations += records.length; });
    if (list !== null) probe.rowObserver.observe(list, { childList: true, subtree: true, characterData: true });
  };

  probe.stopWindow = () => {
    probe.windowEnd = performance.now();
    probe.rafRunning = false;
    probe.rowObserver?.disconnect();
  };

  // Runs after the window, once the page had a few frames to apply what arrived: parses the
  // recorded frames (off the measurement) and compares each rendered row with the newest
  // summary the page had received for it more than 'graceMs' ago.
  probe.analyzeWindow = (graceMs) => {
    probe.recording = false;
    const checkAt = performance.now();
    const { windowStart, windowEnd } = probe;
    let updatesReceived = 0, updateFrames = 0, statusMessageChanges = 0;
    const distinct = new Set();
    const lastMessage = new Map();
    const newest = new Map();
    if (probe.listText !== null) {
      for (const task of JSON.parse(probe.listText).result.value) lastMessage.set(task.localId, task.snapshot?.statusMessage ?? '');
    }
    for (const frame of probe.frames) {
      const tasks = JSON.parse(frame.text).payload.tasks;
      const inWindow = frame.at >= windowStart && frame.at <= windowEnd;
      if (inWindow) updateFrames += 1;
      for (const task of tasks) {
        const message = task.snapshot?.statusMessage ?? '';
        if (inWindow) {
          updatesReceived += 1;
          distinct.add(task.localId);
          if (lastMessage.has(task.localId) && lastMessage.get(task.localId) !== message) statusMessageChanges += 1;
        }
        lastMessage.set(task.localId, message);
        newest.set(task.localId, { at: frame.at, message });
      }
    }
    let rowsChecked = 0, staleRows = 0;
    const staleExamples = [];
    for (const row of document.querySelectorAll('[data-testid="task-row"]')) {
      const seen = newest.get(row.getAttribute('data-task-id'));
      if (seen === undefined) continue;
      rowsChecked += 1;
      const shown = row.querySelector('[data-testid="task-row-message"]')?.textContent ?? '';
      // A row whose newest summary arrived within the grace may still wait for its frame.
      if (shown !== seen.message && seen.at <= checkAt - graceMs) {
        staleRows += 1;
        if (staleExamples.length < 3) staleExamples.push(row.getAttribute('data-task-id') + ': shows "' + shown + '", received "' + seen.message + '"');
      }
    }
    const inWindow = (entry) => entry.startTime >= windowStart && entry.startTime < windowEnd;
    return {
      windowStart, windowEnd,
      longTasks: probe.longTasks.filter(inWindow).map(({ startTime, duration }) => ({ startTime, duration })),
      longAnimationFrames: probe.loafs.filter(inWindow),
      updatesReceived, updateFrames, distinctTasks: distinct.size, statusMessageChanges,
      animationFrames: probe.rafCount, rowMutations: probe.rowMutations,
      rowsChecked, staleRows, staleExamples,
    };
  };
})();
`;

/** The probe's script for a page that should show `expectedTasks` tasks. */
export function probeScript(expectedTasks: number): string {
  return PROBE_SCRIPT.replace('expectedTasks: 0,', `expectedTasks: ${Math.trunc(expectedTasks)},`);
}
