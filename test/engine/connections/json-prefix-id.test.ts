import { describe, expect, it } from 'vitest';
import { topLevelIdIn } from '../../../electron/engine/connections/json-prefix-id.js';

describe('topLevelIdIn (the id of a message too large to read whole)', () => {
  it('finds a string or number id at the top level, before or after other members', () => {
    expect(topLevelIdIn('{"jsonrpc":"2.0","id":"mtm-7","result":{"status":"xxxxx')).toBe('mtm-7');
    expect(topLevelIdIn('{ "id" : 12 , "result": {')).toBe(12);
    expect(topLevelIdIn('{"jsonrpc":"2.0","error":{"code":1,"message":"a \\"quoted\\" }"},"id":"mtm-3"}')).toBe('mtm-3');
  });

  it('ignores an id nested in the result, and one the prefix cuts', () => {
    expect(topLevelIdIn('{"jsonrpc":"2.0","result":{"id":"mtm-1","status":"xxxx')).toBeUndefined();
    expect(topLevelIdIn('{"jsonrpc":"2.0","result":[{"id":"mtm-1"}],"id":"mtm-2"')).toBe('mtm-2');
    expect(topLevelIdIn('{"jsonrpc":"2.0","id":12')).toBeUndefined();
    expect(topLevelIdIn('{"jsonrpc":"2.0","id":"mtm-')).toBeUndefined();
  });

  it('says nothing of what is not a JSON object', () => {
    expect(topLevelIdIn('[{"id":"mtm-1"}]')).toBeUndefined();
    expect(topLevelIdIn('not json')).toBeUndefined();
    expect(topLevelIdIn('')).toBeUndefined();
  });
});
