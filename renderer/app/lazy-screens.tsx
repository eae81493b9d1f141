/**
 * The screens the first paint does not need, each in its own chunk: the launcher, the servers,
 * the needs-input queue and a task's detail (with the input forms and their pattern engine),
 * and the keyboard help dialog.
 * The inbox list is in the entry; these load on first use, and `preloadScreensWhenIdle` fetches
 * them all once the first paint is done and the page is idle, so a click never waits on the network.
 *
 * Built on `use()` rather than `React.lazy` so that a screen already loaded renders at once
 * (without a Suspense round), which also lets tests render synchronously after preloading.
 */
import { Suspense, use, type ComponentType, type ReactNode } from 'react';
import { afterPaintWhenIdle } from '../lib/after-paint';
import type { TaskDetailScreenProps } from '../screens/task-detail/TaskDetailScreen';
import type { KeyboardHelpProps } from './KeyboardHelp';

interface ScreenModule<Props> {
  promise: Promise<ComponentType<Props>>;
  loaded?: ComponentType<Props>;
}

function screenModule<Props>(load: () => Promise<ComponentType<Props>>): () => ScreenModule<Props> {
  let module: ScreenModule<Props> | undefined;
  return () => {
    if (module === undefined) {
      const entry: ScreenModule<Props> = { promise: load() };
      entry.promise.then((component) => { entry.loaded = component; }, () => undefined);
      module = entry;
    }
    return module;
  };
}

/**
 * A screen that reads on demand, inside the query cache's provider: TanStack Query loads with the
 * first such screen, not before the first paint (queries/query-holder.tsx).
 */
function withQueries<Props extends object>(load: () => Promise<ComponentType<Props>>): () => Promise<ComponentType<Props>> {
  return async () => {
    const [Screen, { QueryRoot }] = await Promise.all([load(), import('../queries/QueryRoot')]);
    return function ScreenWithQueries(props: Props) {
      return (
        <QueryRoot>
          <Screen {...props} />
        </QueryRoot>
      );
    };
  };
}

const screens = {
  launcher: screenModule<object>(withQueries(() => import('../screens/launcher/LauncherScreen').then((m) => m.LauncherScreen))),
  servers: screenModule<object>(withQueries(() => import('../screens/servers/ServersScreen').then((m) => m.ServersScreen))),
  inputs: screenModule<object>(withQueries(() => import('../screens/inputs/InputsScreen').then((m) => m.InputsScreen))),
  task: screenModule<TaskDetailScreenProps>(withQueries(() => import('../screens/task-detail/TaskDetailScreen').then((m) => m.TaskDetailScreen))),
  keyboardHelp: screenModule<KeyboardHelpProps>(() => import('./KeyboardHelp').then((m) => m.KeyboardHelp)),
};

/** Starts loading every lazy screen; resolves once all are loaded (rejects if one cannot be). */
export async function preloadScreens(): Promise<void> {
  await Promise.all(Object.values(screens).map((module) => module().promise));
}

/** The longest the preload waits for idle time, so a page that is never idle still gets its screens. */
const PRELOAD_IDLE_TIMEOUT_MS = 2000;

/**
 * Preloads every lazy screen after the next frame is painted, in the page's first idle period
 * (or after PRELOAD_IDLE_TIMEOUT_MS). Returns a function that cancels the preload if it has
 * not started. A failed load is left for the screen's own render to report.
 */
export function preloadScreensWhenIdle(): () => void {
  return afterPaintWhenIdle(() => void preloadScreens().catch(() => undefined), PRELOAD_IDLE_TIMEOUT_MS);
}

function Loaded<Props extends object>({ module, props }: { module: () => ScreenModule<Props>; props: Props }) {
  const entry = module();
  const Component = entry.loaded ?? use(entry.promise);
  return <Component {...props} />;
}

function Lazy<Props extends object>({ module, props }: { module: () => ScreenModule<Props>; props: Props }): ReactNode {
  return (
    <Suspense fallback={<p className="screen-loading" role="status">Loading…</p>}>
      <Loaded module={module} props={props} />
    </Suspense>
  );
}

/** The launcher screen, loaded on first use. */
export function LazyLauncherScreen() {
  return <Lazy module={screens.launcher} props={{}} />;
}

/** The servers screen, loaded on first use. */
export function LazyServersScreen() {
  return <Lazy module={screens.servers} props={{}} />;
}

/** The needs-input queue, loaded on first use. */
export function LazyInputsScreen() {
  return <Lazy module={screens.inputs} props={{}} />;
}

/** One task's detail, loaded on first use. */
export function LazyTaskDetailScreen(props: TaskDetailScreenProps) {
  return <Lazy module={screens.task} props={props} />;
}

/** The keyboard help dialog, loaded on first use. */
export function LazyKeyboardHelp(props: KeyboardHelpProps) {
  return <Lazy module={screens.keyboardHelp} props={props} />;
}
