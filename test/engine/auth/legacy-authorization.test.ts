/** The 2025-03-26 rules for servers without resource metadata: only ever the server's own origin. */
import { IssuerMismatchError } from '@modelcontextprotocol/client';
import { describe, expect, it } from 'vitest';
import { isLegacyDefaultAuthorizationPage, isLegacySameOriginIssuer } from '../../../electron/engine/auth/legacy-authorization.js';

const SERVER = 'http://localhost:4000/mcp';

describe('isLegacySameOriginIssuer', () => {
  it.each([
    ['metadata at the origin root naming a path of the same origin', new IssuerMismatchError('metadata', 'http://localhost:4000/', 'http://localhost:4000/oauth'), true],
    ['an issuer on another origin', new IssuerMismatchError('metadata', 'http://localhost:4000/', 'http://evil.example/oauth'), false],
    ['an issuer on another port', new IssuerMismatchError('metadata', 'http://localhost:4000/', 'http://localhost:4001/oauth'), false],
    ['an authorization server named by resource metadata (not the synthesized base URL)', new IssuerMismatchError('metadata', 'http://localhost:4000/tenant', 'http://localhost:4000/other'), false],
    ['a mismatched iss in the sign-in answer', new IssuerMismatchError('authorization_response', 'http://localhost:4000/', 'http://localhost:4000/oauth'), false],
    ['another error', new Error('nope'), false],
  ])('%s → %s', (_what, error, expected) => {
    expect(isLegacySameOriginIssuer(error, SERVER)).toBe(expected);
  });
});

describe('isLegacyDefaultAuthorizationPage', () => {
  const none = { authorizationServerUrl: 'http://localhost:4000/' };
  it.each([
    ['/authorize at the base URL, no metadata at all', 'http://localhost:4000/authorize?state=x', none, true],
    ['another path', 'http://localhost:4000/login', none, false],
    ['another origin', 'http://evil.example/authorize', none, false],
    ['with authorization server metadata (its endpoint rules instead)', 'http://localhost:4000/authorize', { ...none, authorizationServerMetadata: { issuer: 'http://localhost:4000/', authorization_endpoint: 'http://localhost:4000/a', token_endpoint: 'http://localhost:4000/t', response_types_supported: ['code'] } }, false],
    ['with resource metadata', 'http://localhost:4000/authorize', { ...none, resourceMetadata: { resource: 'http://localhost:4000/mcp' } }, false],
    ['no discovery', 'http://localhost:4000/authorize', undefined, false],
  ])('%s → %s', (_what, url, discovery, expected) => {
    expect(isLegacyDefaultAuthorizationPage(new URL(url), discovery)).toBe(expected);
  });
});
