import { describe, expect, it } from 'vitest';
import { MAX_ID_LENGTH } from '../../../shared/ipc/contract';
import { formatRoute, parseRoute, type Route } from '../../../renderer/app/routes';
import { routeOfState } from '../../../renderer/app/use-hash-route';

describe('parseRoute', () => {
  it.each<[string, Route]>([
    ['#/inbox', { screen: 'inbox' }],
    ['#/inputs', { screen: 'inputs' }],
    ['#/launcher', { screen: 'launcher' }],
    ['#/servers', { screen: 'servers', serverId: null }],
    ['#/servers/demo-extension', { screen: 'servers', serverId: 'demo-extension' }],
    ['#/tasks/t-1', { screen: 'task', localId: 't-1' }],
    ['#/tasks/a%2Fb%20c', { screen: 'task', localId: 'a/b c' }],
    [`#/tasks/${'x'.repeat(MAX_ID_LENGTH)}`, { screen: 'task', localId: 'x'.repeat(MAX_ID_LENGTH) }],
  ])('%s is %o', (hash, route) => {
    expect(parseRoute(hash)).toEqual(route);
  });

  it.each([
    ['', 'no address'],
    ['#', 'an empty hash'],
    ['#inbox', 'no leading slash'],
    ['#/', 'no screen'],
    ['#/task', 'an unknown screen'],
    ['#/tasks', 'a task without id'],
    ['#/tasks/', 'an empty id'],
    ['#/tasks/a/b', 'an extra segment'],
    ['#/inbox/x', 'an id where none belongs'],
    ['#/launcher/x', 'an id where none belongs'],
    ['#/tasks/%E0%A4%A', 'a malformed escape'],
    [`#/tasks/${'x'.repeat(MAX_ID_LENGTH + 1)}`, 'an id longer than the host accepts'],
    ['#/constructor', 'an inherited property name'],
  ])('%s (%s) is no route', (hash) => {
    expect(parseRoute(hash)).toBeUndefined();
  });
});

describe('formatRoute', () => {
  it.each<[Route, string]>([
    [{ screen: 'inbox' }, '#/inbox'],
    [{ screen: 'inputs' }, '#/inputs'],
    [{ screen: 'launcher' }, '#/launcher'],
    [{ screen: 'servers', serverId: null }, '#/servers'],
    [{ screen: 'servers', serverId: 'a b' }, '#/servers/a%20b'],
    [{ screen: 'task', localId: 'a/b#c' }, '#/tasks/a%2Fb%23c'],
  ])('%o is %s, and reads back the same', (route, hash) => {
    expect(formatRoute(route)).toBe(hash);
    expect(parseRoute(hash)).toEqual(route);
  });
});

describe('routeOfState', () => {
  const base = { selectedTaskId: null, selectedServerId: null };
  it.each<[Parameters<typeof routeOfState>[0], Route]>([
    [{ ...base, screen: 'inbox', selectedTaskId: 't' }, { screen: 'inbox' }],
    [{ ...base, screen: 'task', selectedTaskId: 't' }, { screen: 'task', localId: 't' }],
    [{ ...base, screen: 'task' }, { screen: 'inbox' }],
    [{ ...base, screen: 'servers', selectedServerId: 's' }, { screen: 'servers', serverId: 's' }],
    [{ ...base, screen: 'inputs' }, { screen: 'inputs' }],
    [{ ...base, screen: 'launcher' }, { screen: 'launcher' }],
  ])('%o shows %o', (state, route) => {
    expect(routeOfState(state)).toEqual(route);
  });
});
