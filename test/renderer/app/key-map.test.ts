// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { commandForKey, type KeyCommand } from '../../../renderer/app/key-map';

function press(key: string, modifiers: Partial<{ ctrlKey: boolean; metaKey: boolean; altKey: boolean }> = {}, target: EventTarget | null = document.body) {
  return { key, ctrlKey: false, metaKey: false, altKey: false, target, ...modifiers };
}

function element(html: string): HTMLElement {
  const host = document.createElement('div');
  host.innerHTML = html;
  document.body.append(host);
  return host.querySelector('[data-target]') ?? host.firstElementChild as HTMLElement;
}

describe('commandForKey', () => {
  it.each<[string, KeyCommand | undefined]>([
    ['j', 'next'],
    ['k', 'previous'],
    ['Escape', 'back'],
    ['/', 'search'],
    ['c', 'cancel'],
    ['?', 'help'],
    ['J', undefined],
    ['x', undefined],
    ['Enter', undefined],
    ['toString', undefined],
  ])('%s on the page → %s', (key, command) => {
    expect(commandForKey(press(key))).toBe(command);
  });

  it.each([['ctrlKey'], ['metaKey'], ['altKey']])('does nothing with %s held', (modifier) => {
    expect(commandForKey(press('c', { [modifier]: true }))).toBeUndefined();
  });

  it.each([
    ['<input data-target>', 'a text field'],
    ['<textarea data-target></textarea>', 'a text area'],
    ['<select data-target><option>a</option></select>', 'a select'],
    ['<div contenteditable="true"><span data-target>x</span></div>', 'inside editable content'],
  ])('ignores every key typed in %s (%s)', (html) => {
    const target = element(html);
    for (const key of ['j', 'k', 'Escape', '/', 'c', '?']) expect(commandForKey(press(key, {}, target))).toBeUndefined();
  });

  it('acts on a focused button (a list row)', () => {
    expect(commandForKey(press('j', {}, element('<button data-target>row</button>')))).toBe('next');
  });
});
