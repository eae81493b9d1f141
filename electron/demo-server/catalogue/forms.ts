/**
 * The two forms the demo tools ask, each written once: the wire schema a client renders and,
 * derived from it, the check an answer must pass.
 */
import type { z } from 'zod';
import { formContentSchema, type FormContent, type RequestedSchema } from './form-schema.js';

/** A form a task asks the user to fill in. */
export type FormSpec = {
  /**
   * The extension's `inputRequests` key (unique over the task's life, PROTOCOL.md §3.6.3).
   * The 2025-11-25 form has no keys: there the form travels as a real `elicitation/create`.
   */
  key: string;
  /** Short label for status messages ("Waiting for input: <title>"). */
  title: string;
  message: string;
  requestedSchema: RequestedSchema;
  /** The rule an accepted answer's `content` must satisfy. */
  content: z.ZodType<FormContent>;
};

/** `elicitation/create` params in form mode, identical in both protocol revisions (PROTOCOL.md §6.2). */
export type FormElicitationParams = { mode: 'form'; message: string; requestedSchema: RequestedSchema };

/** The user's checked answer to a form. */
export type FormAnswer = { action: 'accept'; content: FormContent } | { action: 'decline' | 'cancel' };

function defineForm(spec: Omit<FormSpec, 'content'>): FormSpec {
  return { ...spec, content: formContentSchema(spec.requestedSchema) };
}

/** The `elicitation/create` params that present `form`. */
export function elicitationParams(form: FormSpec): FormElicitationParams {
  return { mode: 'form', message: form.message, requestedSchema: form.requestedSchema };
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
 * (PROTOCOL.md §6.3), with defaults on several and some required, to exercise form renderers.
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
