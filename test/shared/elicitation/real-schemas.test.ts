/**
 * Forms real servers send must be accepted and modelled exactly: server-everything's research
 * query (PROTOCOL.md §10.1, a titled `oneOf`) and the demo server's release form (every kind).
 */
import { describe, expect, it } from 'vitest';
import { deployConfirmationForm, RELEASE_FORM } from '../../../electron/demo-server/catalogue/forms.js';
import { toFormModel, validateForm, type FormModel } from '../../../shared/elicitation/form-model.js';
import { checkRequestedSchema } from '../../../shared/elicitation/schema-check.js';

function model(raw: unknown): FormModel {
  const result = checkRequestedSchema(raw);
  if (!result.ok) throw new Error(`refused: ${result.problems.join(' | ')}`);
  return toFormModel(result.schema);
}

/** As sent by @modelcontextprotocol/server-everything 2026.8.31, dist/tools/simulate-research-query.js (topic "python"). */
const RESEARCH_QUERY = {
  type: 'object',
  properties: {
    interpretation: {
      type: 'string',
      title: 'Clarification',
      description: 'Which interpretation of the topic do you mean?',
      oneOf: [
        { const: 'programming', title: 'Python programming language' },
        { const: 'snake', title: 'Python snake species' },
        { const: 'comedy', title: 'Monty Python comedy group' },
      ],
    },
  },
  required: ['interpretation'],
};

describe('server-everything simulate-research-query', () => {
  it('is accepted as one required titled select', () => {
    expect(model(RESEARCH_QUERY)).toStrictEqual({
      fields: [{
        name: 'interpretation',
        label: 'Clarification',
        description: 'Which interpretation of the topic do you mean?',
        required: true,
        kind: 'select',
        options: [
          { value: 'programming', label: 'Python programming language' },
          { value: 'snake', label: 'Python snake species' },
          { value: 'comedy', label: 'Monty Python comedy group' },
        ],
      }],
      notes: [],
    });
  });

  it('answers with the option value, not its title', () => {
    expect(validateForm(model(RESEARCH_QUERY), { interpretation: 'snake' })).toStrictEqual({ ok: true, content: { interpretation: 'snake' } });
    expect(validateForm(model(RESEARCH_QUERY), { interpretation: 'Python snake species' }))
      .toStrictEqual({ ok: false, errors: { interpretation: 'Choose one of the listed options.' } });
  });
});

describe('demo server configure_release (RELEASE_FORM)', () => {
  const release = model(RELEASE_FORM.requestedSchema);

  it('is accepted with every field kind, in order, with all defaults kept', () => {
    expect(release).toStrictEqual({
      fields: [
        { name: 'version', label: 'Version', description: 'Semantic version, e.g. 1.4.0.', required: true, kind: 'text', minLength: 5, maxLength: 20, initial: '1.0.0' },
        { name: 'contact', label: 'Release manager e-mail', required: true, kind: 'email' },
        { name: 'changelogUrl', label: 'Changelog URL', required: false, kind: 'uri' },
        { name: 'releaseDate', label: 'Release date', required: false, kind: 'date' },
        { name: 'freezeAt', label: 'Code freeze', required: false, kind: 'datetime' },
        { name: 'rolloutPercent', label: 'Initial rollout (%)', required: false, kind: 'number', minimum: 0, maximum: 100, initial: 10 },
        { name: 'replicas', label: 'Replicas', required: true, kind: 'integer', minimum: 1, maximum: 20, initial: 3 },
        { name: 'notifySubscribers', label: 'Notify subscribers', required: false, kind: 'boolean', initial: true },
        {
          name: 'channel', label: 'Channel', required: true, kind: 'select',
          options: [{ value: 'stable', label: 'stable' }, { value: 'beta', label: 'beta' }, { value: 'nightly', label: 'nightly' }],
          initial: 'beta',
        },
        {
          name: 'region', label: 'Primary region', required: false, kind: 'select',
          options: [{ value: 'eu-west', label: 'Europe (West)' }, { value: 'us-east', label: 'US (East)' }, { value: 'ap-south', label: 'Asia Pacific (South)' }],
          initial: 'eu-west',
        },
        {
          name: 'priority', label: 'Priority', required: false, kind: 'select',
          options: [{ value: 'p1', label: 'Critical' }, { value: 'p2', label: 'High' }, { value: 'p3', label: 'Normal' }],
          initial: 'p3',
        },
        {
          name: 'platforms', label: 'Platforms', required: true, kind: 'multiselect',
          options: [{ value: 'linux', label: 'linux' }, { value: 'macos', label: 'macos' }, { value: 'windows', label: 'windows' }],
          minItems: 1, maxItems: 3, initial: ['linux'],
        },
        {
          name: 'reviewers', label: 'Reviewers', required: false, kind: 'multiselect',
          options: [{ value: 'alice', label: 'Alice (release manager)' }, { value: 'bob', label: 'Bob (QA)' }, { value: 'carol', label: 'Carol (security)' }],
          maxItems: 2,
        },
      ],
      notes: [],
    });
  });

  it('the initial values plus the missing required e-mail make an answer the demo server accepts', () => {
    const values = Object.fromEntries(release.fields.map((field) => [field.name, field.initial]));
    expect(validateForm(release, values)).toStrictEqual({ ok: false, errors: { contact: 'Fill in this field.' } });

    const filled = validateForm(release, { ...values, contact: 'rm@example.org', replicas: '5', reviewers: ['carol', 'alice'] });
    const content = {
      version: '1.0.0', contact: 'rm@example.org', rolloutPercent: 10, replicas: 5, notifySubscribers: true,
      channel: 'beta', region: 'eu-west', priority: 'p3', platforms: ['linux'], reviewers: ['alice', 'carol'],
    };
    expect(filled).toStrictEqual({ ok: true, content });
    // The server-side rule derived from the same form (electron/demo-server/catalogue/form-schema.ts).
    expect(RELEASE_FORM.content.safeParse(content).success).toBe(true);
  });

  it('a fully filled answer, every format included, passes the demo server\'s own check', () => {
    const result = validateForm(release, {
      version: '2.10.3', contact: 'rm@example.org', changelogUrl: 'https://example.org/changes', releaseDate: '2026-03-31',
      freezeAt: '2026-03-24T17:00:00+01:00', rolloutPercent: '12.5', replicas: 20, notifySubscribers: false, channel: 'stable',
      region: 'ap-south', priority: 'p1', platforms: ['windows', 'linux', 'macos'], reviewers: ['bob'],
    });
    expect(result.ok).toBe(true);
    if (result.ok) {
      expect(result.content.rolloutPercent).toBe(12.5);
      expect(result.content.platforms).toStrictEqual(['linux', 'macos', 'windows']);
      expect(RELEASE_FORM.content.safeParse(result.content).success).toBe(true);
    }
  });
});

describe('demo server deploy confirmation', () => {
  it('is accepted', () => {
    expect(model(deployConfirmationForm('api').requestedSchema).fields.map((field) => [field.name, field.kind, field.required])).toStrictEqual([
      ['confirm', 'boolean', true],
      ['environment', 'select', true],
      ['note', 'text', false],
    ]);
  });
});
