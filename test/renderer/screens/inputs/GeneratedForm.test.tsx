// @vitest-environment jsdom
/**
 * Issue 8 in the form: a zod-written schema, checked the way the host checks it, is drawn with
 * its notes (the dropped `javascript:` default) and a folded note of the keywords it ignores; the
 * pattern speaks as the user types; an address that is not http(s) gets a visible warning that
 * does not block sending; and nothing is sent without a click, defaults included.
 */
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { toFormModel, type FormModel } from '../../../../shared/elicitation/form-model';
import { checkRequestedSchema } from '../../../../shared/elicitation/schema-check';
import { createFakeBridge, ok, type FakeBridge } from '../../fake-bridge';
import { makeInputView } from '../../factories';
import { renderApp } from '../../render-app';

afterEach(cleanup);

/** The form a TypeScript server writes with zod, as the host's view carries it. */
function zodForm(): FormModel {
  const raw = z.toJSONSchema(z.object({
    code: z.string().regex(/^[A-Z]{3}-\d{2}$/).meta({ title: 'Site code', examples: ['ABC-12'] }),
    homepage: z.url().default('javascript:alert(1)').meta({ title: 'Homepage' }),
    mirror: z.url().optional().meta({ title: 'Mirror' }),
  }));
  const checked = checkRequestedSchema({ ...raw, $id: 'https://example.org/site' });
  if (!checked.ok) throw new Error(`refused: ${checked.problems.join(' | ')}`);
  return toFormModel(checked.schema);
}

function bridgeWith(form: FormModel): FakeBridge {
  return createFakeBridge({ 'inputs:list': () => ok([makeInputView({ form })]), 'inputs:answer': () => ok({}) });
}

async function openForm(bridge: FakeBridge): Promise<HTMLElement> {
  renderApp({ bridge });
  fireEvent.click(screen.getByTestId('nav-needs-input'));
  await screen.findByTestId('inputs-screen');
  return screen.findByTestId('input-form');
}

describe('a zod-written form', () => {
  it('is drawn with the dropped default\'s note, the ignored keywords folded away, and no default pre-filled', async () => {
    const bridge = bridgeWith(zodForm());
    const form = await openForm(bridge);
    expect(within(form).getByTestId('input-notes').textContent).toBe(
      'Field "homepage": the server\'s default address was ignored because it is not a web address (http or https).',
    );
    const ignored = within(form).getByTestId('input-ignored');
    expect(ignored.tagName).toBe('DETAILS');
    expect((ignored as HTMLDetailsElement).open).toBe(false);
    expect(ignored.querySelector('summary')?.textContent).toBe('2 schema keywords not used by this form (ignored)');
    expect([...ignored.querySelectorAll('li')].map((item) => item.textContent)).toStrictEqual(['The form: "$id"', 'Field "code": "examples"']);
    expect(within(form).getByTestId<HTMLInputElement>('input-field-homepage').value).toBe('');

    // Never auto-submit, not even defaults: Accept with the form as drawn sends nothing.
    fireEvent.click(within(form).getByTestId('input-accept'));
    expect(within(form).getByTestId('input-field-error-homepage').textContent).toMatch(/Fill in this field/);
    expect(bridge.requestsTo('inputs:answer')).toEqual([]);
  });

  it('says what the pattern wants as the user types, and sends only once it matches', async () => {
    const bridge = bridgeWith(zodForm());
    const form = await openForm(bridge);
    const code = within(form).getByTestId('input-field-code');
    fireEvent.change(code, { target: { value: 'ab' } });
    expect(within(form).getByTestId('input-field-error-code').textContent).toBe('Enter text in the form the server asks for (pattern "^[A-Z]{3}-\\d{2}$").');
    expect(code.getAttribute('aria-invalid')).toBe('true');
    fireEvent.change(within(form).getByTestId('input-field-homepage'), { target: { value: 'https://example.org' } });
    fireEvent.click(within(form).getByTestId('input-accept'));
    expect(bridge.requestsTo('inputs:answer')).toEqual([]);

    fireEvent.change(code, { target: { value: 'ABC-12' } });
    expect(within(form).queryByTestId('input-field-error-code')).toBeNull();
    fireEvent.click(within(form).getByTestId('input-accept'));
    await waitFor(() => expect(bridge.requestsTo('inputs:answer')).toHaveLength(1));
    expect(bridge.requestsTo('inputs:answer')[0]?.response).toEqual({ action: 'accept', content: { code: 'ABC-12', homepage: 'https://example.org' } });
  });

  it.each([
    ['javascript:', 'javascript:alert(1)'],
    ['data:', 'data:text/html,<script>alert(1)</script>'],
    ['file:', 'file:///etc/passwd'],
  ])('warns about a typed %s address, as text, without blocking the answer', async (scheme, address) => {
    const bridge = bridgeWith(zodForm());
    const form = await openForm(bridge);
    const homepage = within(form).getByTestId('input-field-homepage');
    fireEvent.change(homepage, { target: { value: address } });
    const warning = within(form).getByTestId('input-field-warning-homepage');
    expect(warning.textContent).toBe(
      `This address starts with "${scheme}", so it is not a web page (http or https). It is sent to the server exactly as typed: send it only if you mean it.`,
    );
    expect(warning.getAttribute('role')).toBe('status');
    expect(homepage.getAttribute('aria-describedby')).toContain(warning.id);
    expect(within(form).queryByTestId('input-field-error-homepage')).toBeNull();
    expect(form.querySelector('a, script')).toBeNull();

    fireEvent.change(within(form).getByTestId('input-field-code'), { target: { value: 'ABC-12' } });
    fireEvent.click(within(form).getByTestId('input-accept'));
    await waitFor(() => expect(bridge.requestsTo('inputs:answer')).toHaveLength(1));
    expect(bridge.requestsTo('inputs:answer')[0]?.response).toEqual({ action: 'accept', content: { code: 'ABC-12', homepage: address } });
  });

  it('shows no warning for a web address, and none until something is typed', async () => {
    const form = await openForm(bridgeWith(zodForm()));
    expect(within(form).queryByTestId('input-field-warning-mirror')).toBeNull();
    fireEvent.change(within(form).getByTestId('input-field-mirror'), { target: { value: 'https://mirror.example.org' } });
    expect(within(form).queryByTestId('input-field-warning-mirror')).toBeNull();
    fireEvent.change(within(form).getByTestId('input-field-mirror'), { target: { value: 'javascript:void(0)' } });
    expect(within(form).getByTestId('input-field-warning-mirror')).toBeTruthy();
  });

  it('shows no ignored-keywords note when nothing was ignored', async () => {
    const form = await openForm(createFakeBridge({ 'inputs:list': () => ok([makeInputView()]), 'inputs:answer': () => ok({}) }));
    expect(within(form).queryByTestId('input-ignored')).toBeNull();
    expect(within(form).queryByTestId('input-notes')).toBeNull();
  });
});
