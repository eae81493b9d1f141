/**
 * Everything a task can ask the client for, as one union: a form or a web page (elicitation,
 * see forms.ts), a model completion (`sampling/createMessage`) or the workspace roots
 * (`roots/list`). Each is written once; `wireRequest` gives the `{method, params}` both wire
 * forms carry (extension: an `inputRequests` entry; 2025-11-25: a real server request).
 */
import { elicitationParams, type Question } from './forms.js';

/** `sampling/createMessage` params as this demo sends them (identical in both protocol revisions). */
export type SamplingParams = {
  messages: { role: 'user' | 'assistant'; content: { type: 'text'; text: string } }[];
  systemPrompt: string;
  maxTokens: number;
  temperature: number;
  modelPreferences: { hints: { name: string }[]; costPriority: number; speedPriority: number; intelligencePriority: number };
  includeContext: 'none';
};

/** A model completion a task asks the client for. */
export type SamplingSpec = { method: 'sampling/createMessage'; key: string; title: string; params: SamplingParams };

/** A request for the client's workspace roots. */
export type RootsSpec = { method: 'roots/list'; key: string; title: string };

/**
 * Anything a task can ask the client. `key` is the extension's `inputRequests` key (unique over
 * the task's life); `title` labels the status message "Waiting for input: <title>".
 */
export type ClientRequestSpec = Question | SamplingSpec | RootsSpec;

/** A request as both wire forms carry it. */
export type WireRequest = { method: string; params: Record<string, unknown> };

/**
 * The `{method, params}` that presents `spec`. `elicitationId` is given by the 2025-11-25
 * server only (required there for URL-mode elicitation, absent in 2026-07-28).
 */
export function wireRequest(spec: ClientRequestSpec, elicitationId?: string): WireRequest {
  if ('method' in spec) return spec.method === 'roots/list' ? { method: spec.method, params: {} } : { method: spec.method, params: spec.params };
  return { method: 'elicitation/create', params: elicitationParams(spec, elicitationId) };
}

/** The changelog `summarize_changes` summarizes when the call gives none. */
export const DEFAULT_CHANGES = [
  '- Fix a crash when opening an empty project',
  '- Add a dark theme to the settings screen',
  '- Speed up search indexing by about 40%',
  '- Drop support for the deprecated v1 export format',
].join('\n');

/** The completion `summarize_changes` asks for: release notes for `changes`. */
export function releaseNotesSampling(changes: string): SamplingSpec {
  return {
    method: 'sampling/createMessage',
    key: 'summary',
    title: 'Summarize the changes',
    params: {
      messages: [{ role: 'user', content: { type: 'text', text: `Summarize these changes in two or three sentences for the release notes:\n\n${changes}` } }],
      systemPrompt: 'You write short, plain release notes for end users. No marketing language.',
      maxTokens: 300,
      temperature: 0.3,
      modelPreferences: { hints: [{ name: 'claude-haiku' }], costPriority: 0.6, speedPriority: 0.8, intelligencePriority: 0.3 },
      includeContext: 'none',
    },
  };
}

/** The roots request of `index_workspace`. */
export const WORKSPACE_ROOTS: RootsSpec = { method: 'roots/list', key: 'workspace_roots', title: 'Workspace roots' };
