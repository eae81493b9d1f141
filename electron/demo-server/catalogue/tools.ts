/**
 * The demo tools, written once for both servers: names, argument schemas (zod: arguments are
 * untrusted input), and the work each does. The servers only map this catalogue onto their
 * wire form; they never describe a tool themselves.
 */
import { z } from 'zod';
import { TASK_TTL_MS } from '../core/task-table.js';
import { DEFAULT_CHANGES, WORKSPACE_ROOTS, releaseNotesSampling } from './client-requests.js';
import {
  DEFAULT_DASHBOARD_URL,
  DEPLOY_ENVIRONMENTS,
  RELEASE_APPROVER_FORM,
  RELEASE_FORM,
  RELEASE_WINDOW_FORM,
  dashboardConfirmation,
  deployConfirmationForm,
  type FormAnswer,
} from './forms.js';
import { INTERNAL_ERROR, textResult, toolErrorResult, type ToolResult } from './tool-result.js';
import type { TaskJob, TaskJobContext, ToolOutcome } from './task-job.js';

/** The outcome of checking a call's arguments: something runnable, or why not. */
export type Prepared<T> = { ok: true; value: T } | { ok: false; message: string };

type ToolInfo<S extends z.ZodObject = z.ZodObject> = {
  name: string;
  title: string;
  description: string;
  /** Arguments schema; defaults are applied by parsing. Servers publish it as JSON Schema. */
  inputSchema: S;
};

/** What a plain call's work can do while its request is open (no task exists). */
export interface PlainCallContext {
  /** Aborted when the client cancels the request (`notifications/cancelled`, or the closed stream). */
  readonly signal: AbortSignal;
  /** Sends `notifications/progress` for the request, when the client gave a `progressToken`. */
  progress(progress: number, total: number, message: string): Promise<void>;
  /** Waits `ms` milliseconds; rejects as soon as `signal` aborts. */
  wait(ms: number): Promise<void>;
}

/** A tool that answers its request with a plain result (at once or after a while) and never creates a task. */
export type ImmediateTool = ToolInfo & { kind: 'immediate'; prepare(args: unknown): Prepared<(context: PlainCallContext) => Promise<ToolResult>> };

/**
 * A client feature a tool's questions need: form or URL elicitation, sampling, roots. A client
 * that did not declare one is refused before a task exists (a task must not later ask for input
 * the client cannot give, docs/protocol-notes.md#mrtr-tool-calls-that-need-input,
 * docs/protocol-notes.md#declaring-elicitation-modes).
 */
export type ClientFeature = 'elicitation.form' | 'elicitation.url' | 'sampling' | 'roots';

/** A tool whose work always runs as a task. */
export type TaskTool = ToolInfo & {
  kind: 'task';
  /** The client features the work's questions need. */
  needs: readonly ClientFeature[];
  prepare(args: unknown): Prepared<TaskJob>;
};

/** Any demo tool. */
export type DemoTool = ImmediateTool | TaskTool;

/** The tools one server offers. */
export interface ToolCatalogue {
  readonly tools: readonly DemoTool[];
  /** The tool called `name`, if any. */
  find(name: string): DemoTool | undefined;
}

/** The five steps of `build`, in order; `statusMessage` reads "Step i/5: <step>". */
export const BUILD_STEPS = ['Resolving dependencies', 'Compiling', 'Linking', 'Running tests', 'Packaging'] as const;

/** A duration argument in ms; at most the task TTL, so no work outlives its task. */
const duration = (defaultMs: number, minMs = 0) => z.number().int().min(minMs).max(TASK_TTL_MS).default(defaultMs);

function parseArguments<S extends z.ZodObject>(tool: ToolInfo<S>, args: unknown): Prepared<z.output<S>> {
  const parsed = tool.inputSchema.safeParse(args ?? {});
  return parsed.success
    ? { ok: true, value: parsed.data }
    : { ok: false, message: `Invalid arguments for tool ${tool.name}: ${z.prettifyError(parsed.error)}` };
}

function immediateTool<S extends z.ZodObject>(info: ToolInfo<S>, call: (args: z.output<S>) => ToolResult): ImmediateTool {
  return {
    ...info,
    kind: 'immediate',
    prepare(args) {
      const parsed = parseArguments(info, args);
      return parsed.ok ? { ok: true, value: () => Promise.resolve(call(parsed.value)) } : parsed;
    },
  };
}

/** A plain tool whose answer takes a while: its work gets the request's context. */
function plainTool<S extends z.ZodObject>(info: ToolInfo<S>, run: (args: z.output<S>, context: PlainCallContext) => Promise<ToolResult>): ImmediateTool {
  return {
    ...info,
    kind: 'immediate',
    prepare(args) {
      const parsed = parseArguments(info, args);
      return parsed.ok ? { ok: true, value: (context) => run(parsed.value, context) } : parsed;
    },
  };
}

function taskTool<S extends z.ZodObject>(
  info: ToolInfo<S> & { needs?: readonly ClientFeature[] },
  run: (args: z.output<S>, context: TaskJobContext) => Promise<ToolOutcome>,
): TaskTool {
  return {
    ...info,
    kind: 'task',
    needs: info.needs ?? [],
    prepare(args) {
      const parsed = parseArguments(info, args);
      return parsed.ok ? { ok: true, value: (context) => run(parsed.value, context) } : parsed;
    },
  };
}

const done = (result: ToolResult): ToolOutcome => ({ kind: 'result', result });

const build = taskTool(
  {
    name: 'build',
    title: 'Build project',
    description: `Builds a project in ${BUILD_STEPS.length} steps spread evenly over durationMs, reporting "Step i/${BUILD_STEPS.length}: <step>" (and, on 2025-11-25, progress i/${BUILD_STEPS.length}). Always runs as a task.`,
    inputSchema: z.object({
      durationMs: duration(20_000, 100).describe('Total build time in milliseconds.'),
      project: z.string().min(1).max(200).default('demo-app').describe('Project name.'),
    }),
  },
  async ({ durationMs, project }, context) => {
    for (const [index, step] of BUILD_STEPS.entries()) {
      const message = `Step ${index + 1}/${BUILD_STEPS.length}: ${step}`;
      await context.report(message);
      // Steps done so far: 0/5 while the first runs, 5/5 once the last is done.
      await context.progress(index, BUILD_STEPS.length, message);
      await context.wait(durationMs / BUILD_STEPS.length);
    }
    await context.progress(BUILD_STEPS.length, BUILD_STEPS.length, 'Built');
    const artifact = `dist/${project}.tar.gz`;
    return done(
      textResult(`Built ${project} in ${durationMs} ms (${BUILD_STEPS.length} steps): ${artifact}`, {
        project,
        steps: [...BUILD_STEPS],
        artifact,
        durationMs,
      }),
    );
  },
);

const deploy = taskTool(
  {
    name: 'deploy',
    title: 'Deploy service',
    description: 'Prepares a deployment, asks for confirmation through a form (input_required), then deploys. Always runs as a task.',
    needs: ['elicitation.form'],
    inputSchema: z.object({
      service: z.string().min(1).max(200).default('web').describe('Service to deploy.'),
      durationMs: duration(4_000).describe('Total working time in milliseconds, split before and after the question.'),
      answerWithinMs: z.number().int().min(1).max(TASK_TTL_MS).optional()
        .describe('Withdraw the question when it is not answered within this many milliseconds (default: wait as long as the task lives).'),
    }),
  },
  async ({ service, durationMs, answerWithinMs }, context) => {
    await context.report('Preparing deployment');
    await context.wait(durationMs / 2);
    const form = deployConfirmationForm(service);
    const answer = answerWithinMs === undefined ? await context.ask(form) : await context.askWithin(form, answerWithinMs);
    if (answer === undefined) {
      // The task goes on after the withdrawal: a client must drop the question, not wait for the task's end.
      await context.report(`No answer within ${answerWithinMs} ms: undoing the preparation`);
      await context.wait(durationMs / 2);
      // Nothing was deployed and the user did not decide: the tool reports a failure, not a success.
      return done({ ...textResult(`Deployment of ${service} was not started: no answer within ${answerWithinMs} ms.`, { service, started: false, action: 'withdrawn' }), isError: true });
    }
    if (answer.action !== 'accept' || answer.content['confirm'] !== true) {
      const reason = answer.action === 'accept' ? 'the user did not confirm' : `the user chose "${answer.action}"`;
      return done(textResult(`Deployment of ${service} was not started: ${reason}.`, { service, started: false, action: answer.action }));
    }
    // The form check guarantees an allowed environment; the fallback only satisfies the type.
    const environment = DEPLOY_ENVIRONMENTS.find((name) => name === answer.content['environment']) ?? 'staging';
    await context.report(`Deploying to ${environment}`);
    await context.wait(durationMs / 2);
    const note = answer.content['note'];
    return done(
      textResult(`Deployed ${service} to ${environment}.`, {
        service,
        started: true,
        environment,
        ...(typeof note === 'string' && { note }),
      }),
    );
  },
);

const openDashboard = taskTool(
  {
    name: 'open_dashboard',
    title: 'Open rollout dashboard',
    description:
      'Asks the user to open a web page (URL-mode elicitation) to confirm a rollout, then completes with started true, or false with the action. Always runs as a task.',
    needs: ['elicitation.url'],
    inputSchema: z.object({
      service: z.string().min(1).max(200).default('web').describe('Service whose dashboard to open.'),
      // Any string, unchecked: the demo lets tests send hostile URLs (user info, punycode...) to clients.
      url: z.string().min(1).max(4_096).default(DEFAULT_DASHBOARD_URL).describe('The address to ask the user to open.'),
      durationMs: duration(1_000).describe('Working time in milliseconds after consent.'),
    }),
  },
  async ({ service, url, durationMs }, context) => {
    await context.report('Preparing rollout');
    const answer = await context.askToOpen(dashboardConfirmation(service, url));
    if (answer.action !== 'accept') {
      return done(textResult(`Rollout of ${service} was not started: the user chose "${answer.action}".`, { service, started: false, action: answer.action }));
    }
    await context.report('Rolling out');
    await context.wait(durationMs);
    return done(textResult(`Rollout of ${service} started after the user opened the dashboard.`, { service, started: true, action: 'accept' }));
  },
);

const configureRelease = taskTool(
  {
    name: 'configure_release',
    title: 'Configure release',
    description: 'Asks for release details with a form using every field kind, then echoes the submitted content. Always runs as a task.',
    needs: ['elicitation.form'],
    inputSchema: z.object({}),
  },
  async (_args, context) => {
    await context.report('Waiting for release details');
    const answer = await context.ask(RELEASE_FORM);
    if (answer.action !== 'accept') {
      return done(textResult(`Release configuration was not saved: the user chose "${answer.action}".`));
    }
    return done(textResult(`Release ${String(answer.content['version'])} configured.`, answer.content));
  },
);

const summarizeChanges = taskTool(
  {
    name: 'summarize_changes',
    title: 'Summarize changes',
    description:
      'Collects changes, then asks the client for a model completion (sampling/createMessage) summarizing them for the release notes. Always runs as a task.',
    needs: ['sampling'],
    inputSchema: z.object({
      changes: z.string().min(1).max(10_000).default(DEFAULT_CHANGES).describe('The changelog lines to summarize.'),
      durationMs: duration(1_000).describe('Working time in milliseconds, split before and after the completion.'),
    }),
  },
  async ({ changes, durationMs }, context) => {
    await context.report('Collecting changes');
    await context.wait(durationMs / 2);
    const answer = await context.sample(releaseNotesSampling(changes));
    if (answer.action !== 'accept') {
      return done(textResult(`The changes were not summarized: ${answer.reason}`, { summarized: false, reason: answer.reason }));
    }
    await context.report('Writing release notes');
    await context.wait(durationMs / 2);
    return done(textResult(answer.text, { summarized: true, summary: answer.text, model: answer.model }));
  },
);

const indexWorkspace = taskTool(
  {
    name: 'index_workspace',
    title: 'Index workspace',
    description: 'Asks the client for its workspace roots (roots/list), then indexes them. Always runs as a task.',
    needs: ['roots'],
    inputSchema: z.object({ durationMs: duration(1_000).describe('Indexing time in milliseconds.') }),
  },
  async ({ durationMs }, context) => {
    await context.report('Asking for the workspace roots');
    const roots = await context.listRoots(WORKSPACE_ROOTS);
    await context.report(`Indexing ${roots.length} root(s)`);
    await context.wait(durationMs);
    const text = roots.length === 0 ? 'No workspace roots were shared; nothing was indexed.' : `Indexed ${roots.length} root(s):\n${roots.join('\n')}`;
    return done(textResult(text, { roots, count: roots.length }));
  },
);

/** An answer as `plan_release` reports it: the action, and the content when accepted. */
const reported = (answer: FormAnswer) => (answer.action === 'accept' ? { action: answer.action, content: answer.content } : { action: answer.action });

const planRelease = taskTool(
  {
    name: 'plan_release',
    title: 'Plan release',
    description:
      'Asks two questions at once (a release window and an approver, two forms outstanding together), then completes with both answers. Always runs as a task.',
    needs: ['elicitation.form'],
    inputSchema: z.object({ durationMs: duration(1_000).describe('Working time in milliseconds, split before and after the questions.') }),
  },
  async ({ durationMs }, context) => {
    await context.report('Drafting the release plan');
    await context.wait(durationMs / 2);
    const [window, approver] = await Promise.all([context.ask(RELEASE_WINDOW_FORM), context.ask(RELEASE_APPROVER_FORM)]);
    await context.report('Scheduling the release');
    await context.wait(durationMs / 2);
    const planned = window.action === 'accept' && approver.action === 'accept';
    const text = planned
      ? `Release planned for ${String(window.content['date'])} (${String(window.content['window'])}), approved by ${String(approver.content['approver'])}.`
      : 'The release was not planned: a question was declined or cancelled.';
    return done(textResult(text, { planned, window: reported(window), approver: reported(approver) }));
  },
);

function flakyTool(): TaskTool {
  let attempt = 0;
  return taskTool(
    {
      name: 'flaky',
      title: 'Flaky build agent',
      description:
        'Fails after delayMs. mode "error": the task fails with a JSON-RPC error; mode "isError": it ends with a tool result marked isError. Always runs as a task.',
      inputSchema: z.object({
        mode: z.enum(['error', 'isError']).default('error').describe('How the failure is reported.'),
        delayMs: duration(1_000).describe('Milliseconds before the failure.'),
      }),
    },
    async ({ mode, delayMs }, context) => {
      await context.report('Running on a flaky build agent');
      await context.wait(delayMs);
      attempt += 1;
      return mode === 'error'
        ? { kind: 'error', error: { code: INTERNAL_ERROR, message: 'Flaky build agent lost', data: { attempt } } }
        : done(toolErrorResult(`Flaky build agent lost (attempt ${attempt}).`));
    },
  );
}

const sleep = taskTool(
  {
    name: 'sleep',
    title: 'Sleep',
    description: 'Does nothing for durationMs; meant to be cancelled. Always runs as a task.',
    inputSchema: z.object({ durationMs: duration(600_000).describe('Milliseconds to sleep.') }),
  },
  async ({ durationMs }, context) => {
    await context.report(`Sleeping for ${Math.round(durationMs / 1000)} s`);
    await context.wait(durationMs);
    return done(textResult(`Slept for ${durationMs} ms.`));
  },
);

const quick = immediateTool(
  {
    name: 'quick',
    title: 'Quick echo',
    description: 'Answers at once with a plain result; never creates a task.',
    inputSchema: z.object({ text: z.string().max(10_000).optional().describe('Text to echo.') }),
  },
  ({ text }) => textResult(text ?? 'pong'),
);

const scan = plainTool(
  {
    name: 'scan',
    title: 'Scan files (plain call)',
    description: 'Scans files one by one over durationMs and answers the request itself: a plain call, never a task. Reports notifications/progress i/files when the client sent a progressToken; stops when the request is cancelled.',
    inputSchema: z.object({
      durationMs: duration(10_000).describe('Total scanning time in milliseconds.'),
      files: z.number().int().min(1).max(1_000).default(10).describe('How many files to scan.'),
    }),
  },
  async ({ durationMs, files }, context) => {
    for (let file = 1; file <= files; file++) {
      await context.wait(durationMs / files);
      await context.progress(file, files, `Scanned file ${file}/${files}`);
    }
    return textResult(`Scanned ${files} files in ${durationMs} ms.`, { files, durationMs });
  },
);

/** Builds the catalogue for one server process (the `flaky` attempt counter is per catalogue). */
export function createToolCatalogue(): ToolCatalogue {
  const tools: DemoTool[] = [build, deploy, openDashboard, configureRelease, summarizeChanges, indexWorkspace, planRelease, flakyTool(), sleep, quick, scan];
  const byName = new Map(tools.map((tool) => [tool.name, tool]));
  return { tools, find: (name) => byName.get(name) };
}
