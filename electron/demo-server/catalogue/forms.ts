/**
 * The forms the demo tools ask, each written once: the wire schema a client renders and,
 * derived from it, the check an answer must pass.
 */
import type { z } from 'zod';
import { formContentSchema, type FormContent, type RequestedSchema } from './form-schema.js';

/** A form a task asks the user to fill in. */
export type FormSpec = {
  /**
   * The extension's `inputRequests` key (unique over the task's life,
   * docs/protocol-notes.md#answering-input-requests). The 2025-11-25 form has no keys: there the
   * form travels as a real `elicitation/create`.
   */
  key: string;
  /** Short label for status messages ("Waiting for input: <title>"). */
  title: string;
  message: string;
  requestedSchema: RequestedSchema;
  /** The rule an accepted answer's `content` must satisfy. */
  content: z.ZodType<FormContent>;
};

/** `elicitation/create` params in form mode, identical in both protocol revisions (docs/protocol-notes.md#elicitation-request-shapes). */
export type FormElicitationParams = { mode: 'form'; message: string; requestedSchema: RequestedSchema };

/**
 * A web page a task asks the user to open (URL mode,
 * docs/protocol-notes.md#elicitation-request-shapes, docs/protocol-notes.md#url-mode). The answer
 * is only consent (accept / decline / cancel, never content); what happens on the page is not
 * learned here.
 */
export type UrlSpec = { mode: 'url'; key: string; title: string; message: string; url: string };

/** `elicitation/create` params in URL mode; 2025-11-25 also requires an opaque `elicitationId` (2026-07-28 removed it). */
export type UrlElicitationParams = { mode: 'url'; message: string; url: string; elicitationId?: string };

/** Anything a task can ask: a form or a web page to open. */
export type Question = FormSpec | UrlSpec;

/** The user's answer to a URL-mode question. */
export type UrlAnswer = { action: 'accept' | 'decline' | 'cancel' };

/** The user's checked answer to a form. */
export type FormAnswer = { action: 'accept'; content: FormContent } | { action: 'decline' | 'cancel' };

function defineForm(spec: Omit<FormSpec, 'content'>): FormSpec {
  return { ...spec, content: formContentSchema(spec.requestedSchema) };
}

/** True when `question` is a URL-mode question. */
export function isUrlQuestion(question: Question): question is UrlSpec {
  return 'mode' in question && question.mode === 'url';
}

/**
 * The `elicitation/create` params that present `question`. `elicitationId` is given by the
 * 2025-11-25 server only (required there for URL mode, absent in 2026-07-28).
 */
export function elicitationParams(question: Question, elicitationId?: string): FormElicitationParams | UrlElicitationParams {
  if (isUrlQuestion(question)) {
    return { mode: 'url', message: question.message, url: question.url, ...(elicitationId !== undefined && { elicitationId }) };
  }
  return { mode: 'form', message: question.message, requestedSchema: question.requestedSchema };
}

/** The address `open_dashboard` asks to open by default (example.com: reserved, harmless). */
export const DEFAULT_DASHBOARD_URL = 'https://example.com/dashboard';

/** The URL-mode confirmation `open_dashboard` asks for. */
export function dashboardConfirmation(service: string, url: string): UrlSpec {
  return { mode: 'url', key: 'open_dashboard', title: 'Open dashboard', message: `Open the dashboard of "${service}" to confirm the rollout?`, url };
}

/** Environments `deploy` can target. */
export const DEPLOY_ENVIRONMENTS = ['staging', 'production'] as const;

/** The confirmation `deploy` asks for before it touches anything. */
export function deployConfirmationForm(service: string): FormSpec {
  return defineForm({
    key: 'confirm_deploy',
    title: 'Confirm deployment',
    message: `Deploy service "${service}"?`,
    requestedSchema: {
      type: 'object',
      properties: {
        confirm: { type: 'boolean', title: 'Deploy now?' },
        environment: { type: 'string', title: 'Environment', enum: [...DEPLOY_ENVIRONMENTS], default: 'staging' },
        note: { type: 'string', title: 'Note', description: 'Shown in the deployment log.', maxLength: 200 },
      },
      required: ['confirm', 'environment'],
    },
  });
}

/**
 * The release form of `configure_release`: one field of every kind of the spec subset
 * (docs/protocol-notes.md#the-form-schema-subset), with defaults on several and some required, to
 * exercise form renderers.
 */
export const RELEASE_FORM: FormSpec = defineForm({
  key: 'release_details',
  title: 'Release details',
  message: 'Configure the next release.',
  requestedSchema: {
    type: 'object',
    properties: {
      version: { type: 'string', title: 'Version', description: 'Semantic version, e.g. 1.4.0.', minLength: 5, maxLength: 20, default: '1.0.0' },
      contact: { type: 'string', title: 'Release manager e-mail', format: 'email' },
      changelogUrl: { type: 'string', title: 'Changelog URL', format: 'uri' },
      releaseDate: { type: 'string', title: 'Release date', format: 'date' },
      freezeAt: { type: 'string', title: 'Code freeze', format: 'date-time' },
      rolloutPercent: { type: 'number', title: 'Initial rollout (%)', minimum: 0, maximum: 100, default: 10 },
      replicas: { type: 'integer', title: 'Replicas', minimum: 1, maximum: 20, default: 3 },
      notifySubscribers: { type: 'boolean', title: 'Notify subscribers', default: true },
      channel: { type: 'string', title: 'Channel', enum: ['stable', 'beta', 'nightly'], default: 'beta' },
      region: {
        type: 'string',
        title: 'Primary region',
        oneOf: [
          { const: 'eu-west', title: 'Europe (West)' },
          { const: 'us-east', title: 'US (East)' },
          { const: 'ap-south', title: 'Asia Pacific (South)' },
        ],
        default: 'eu-west',
      },
      priority: { type: 'string', title: 'Priority', enum: ['p1', 'p2', 'p3'], enumNames: ['Critical', 'High', 'Normal'], default: 'p3' },
      platforms: {
        type: 'array',
        title: 'Platforms',
        items: { type: 'string', enum: ['linux', 'macos', 'windows'] },
        minItems: 1,
        maxItems: 3,
        default: ['linux'],
      },
      reviewers: {
        type: 'array',
        title: 'Reviewers',
        items: {
          anyOf: [
            { const: 'alice', title: 'Alice (release manager)' },
            { const: 'bob', title: 'Bob (QA)' },
            { const: 'carol', title: 'Carol (security)' },
          ],
        },
        maxItems: 2,
      },
    },
    required: ['version', 'contact', 'replicas', 'channel', 'platforms'],
  },
});

/** When `plan_release` may ship: the parts of the day a release window can take. */
export const RELEASE_WINDOWS = ['morning', 'afternoon', 'evening'] as const;

/** The first of the two questions `plan_release` asks at once: when to release. */
export const RELEASE_WINDOW_FORM: FormSpec = defineForm({
  key: 'release_window',
  title: 'Release window',
  message: 'When should the release go out?',
  requestedSchema: {
    type: 'object',
    properties: {
      date: { type: 'string', title: 'Release date', format: 'date' },
      window: { type: 'string', title: 'Time of day', enum: [...RELEASE_WINDOWS], default: 'morning' },
    },
    required: ['date', 'window'],
  },
});

/** The second of the two questions `plan_release` asks at once: who approves. */
export const RELEASE_APPROVER_FORM: FormSpec = defineForm({
  key: 'release_approver',
  title: 'Release approver',
  message: 'Who approves the release?',
  requestedSchema: {
    type: 'object',
    properties: {
      approver: { type: 'string', title: 'Approver e-mail', format: 'email' },
      notify: { type: 'boolean', title: 'Notify the approver', default: true },
    },
    required: ['approver'],
  },
});
