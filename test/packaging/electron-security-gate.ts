/**
 * The Electron security gate (docs/security.md#the-security-gate). `@doyensec/electronegativity`
 * scans the sources, but its CLI exits 0 whatever it finds and it rates an explicit
 * `nodeIntegration: true` as informational, so this gate reads its findings and decides itself, by
 * check id. Two checks of our own cover what the scanner cannot see:
 * - WEB_PREFERENCES_STATED: every window states each setting of docs/security.md#window-settings
 *   as a literal. The scanner skips `nodeIntegration: true` whenever `sandbox: true` sits beside
 *   it (it reasons that the sandbox wins), so a flipped `nodeIntegration` in our window would pass
 *   it unnoticed.
 * - CSP_EVALUATED: our CSP goes on `protocol.handle` responses, where the scanner does not look
 *   (it only knows `onHeadersReceived` patterns and reports "no CSP"), so the policy string is run
 *   through the scanner's own evaluator (@doyensec/csp-evaluator) here.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, relative } from 'node:path';
import ts from 'typescript';

/** One finding, from the scanner or from our checks. */
export interface GateFinding {
  id: string;
  file: string;
  line: number;
  severity: string;
  description: string;
}

/** What the gate decided: `blocking` fails the build; `review` is listed for a human, not failed on. */
export interface GateReport {
  blocking: GateFinding[];
  review: GateFinding[];
}

/**
 * Scanner check ids that fail the gate, and why. Any severity counts: the scanner rates some
 * real problems low (an explicit `nodeIntegration: true` is "informational").
 */
export const BLOCKING_CHECKS: Readonly<Record<string, string>> = {
  NODE_INTEGRATION_JS_CHECK: 'nodeIntegration (or in workers / sub-frames) enabled: the page gets Node',
  NODE_INTEGRATION_HTML_CHECK: 'a <webview> with nodeintegration',
  NODE_INTEGRATION_ATTACH_EVENT_JS_CHECK: 'will-attach-webview handler that may enable Node in a <webview>',
  CONTEXT_ISOLATION_JS_CHECK: 'contextIsolation missing or off: the page reaches the preload world',
  SANDBOX_JS_CHECK: 'sandbox missing or off',
  WEB_SECURITY_JS_CHECK: 'webSecurity off (same-origin policy disabled)',
  WEB_SECURITY_HTML_CHECK: 'a <webview> with disablewebsecurity',
  INSECURE_CONTENT_JS_CHECK: 'allowRunningInsecureContent on',
  INSECURE_CONTENT_HTML_CHECK: 'a <webview> allowing insecure content',
  EXPERIMENTAL_FEATURES_JS_CHECK: 'experimentalFeatures on',
  EXPERIMENTAL_FEATURES_HTML_CHECK: 'a <webview> with experimental features',
  BLINK_FEATURES_JS_CHECK: 'enableBlinkFeatures set',
  BLINK_FEATURES_HTML_CHECK: 'a <webview> with Blink features',
  AUXCLICK_JS_CHECK: 'middle-click link opening not disabled (disableBlinkFeatures: Auxclick)',
  AUXCLICK_HTML_CHECK: 'a <webview> with middle-click link opening',
  ALLOWPOPUPS_HTML_CHECK: 'a <webview> allowing pop-ups',
  REMOTE_MODULE_JS_CHECK: 'the remote module',
  HTTP_RESOURCES_JS_CHECK: 'content loaded over plain http',
  HTTP_RESOURCES_HTML_CHECK: 'content loaded over plain http',
  HTTP_RESOURCES_WITH_NODE_INTEGRATION_GLOBAL_CHECK: 'http content with Node',
  LIMIT_NAVIGATION_GLOBAL_CHECK: 'no will-navigate handler or no window-open handler',
  PERMISSION_REQUEST_HANDLER_GLOBAL_CHECK: 'no permission request handler (every permission would be granted)',
  OPEN_EXTERNAL_JS_CHECK: 'shell.openExternal outside openExternalSafe',
  DANGEROUS_FUNCTIONS_JS_CHECK: 'eval / executeJavaScript / insertCSS with a non-constant argument',
  CERTIFICATE_ERROR_EVENT_JS_CHECK: 'a certificate-error handler that may accept bad certificates',
  CERTIFICATE_VERIFY_PROC_JS_CHECK: 'a custom certificate verifier',
  SECURITY_WARNINGS_DISABLED_JS_CHECK: "Electron's security warnings silenced",
  CUSTOM_ARGUMENTS_JS_CHECK: 'extra Chromium switches (each needs a reviewed exception here)',
  PROTOCOL_HANDLER_JS_CHECK: 'a legacy protocol registration or default protocol client',
  CSP_GLOBAL_CHECK: 'a CSP found in source that the evaluator rates weak or invalid',
  WEB_PREFERENCES_STATED: 'a window that does not state every setting of docs/security.md#window-settings as a literal',
  CSP_EVALUATED: 'the app:// CSP rated weak, or allowing unsafe-inline / unsafe-eval for scripts',
  SCAN_ERROR: 'a file the scanner could not parse, so it was not checked',
};

/** The only file allowed to call `shell.openExternal` (relative to the scanned folder). */
export const OPEN_EXTERNAL_HOME = 'main/open-external.ts';

/** Each window setting docs/security.md#window-settings requires, with its only allowed value. */
export const REQUIRED_WEB_PREFERENCES: Readonly<Record<string, boolean>> = {
  sandbox: true,
  contextIsolation: true,
  nodeIntegration: false,
  nodeIntegrationInWorker: false,
  nodeIntegrationInSubFrames: false,
  webSecurity: true,
  allowRunningInsecureContent: false,
  experimentalFeatures: false,
  webviewTag: false,
};
const FORBIDDEN_WEB_PREFERENCES = ['enableBlinkFeatures'];
const WINDOW_CLASSES = new Set(['BrowserWindow', 'BrowserView', 'WebContentsView']);

const requireHere = createRequire(import.meta.url);
/** Resolve the scanner's own dependencies through it, as it does. */
const requireFromScanner = createRequire(requireHere.resolve('@doyensec/electronegativity/package.json'));

interface ScannerIssue {
  id: string;
  file: string;
  location: { line: number };
  severity: { name: string };
  description: string;
}
interface ScannerResult {
  issues: ScannerIssue[];
  errors: { file: string; message: string; tolerable: boolean }[];
}
type RunScanner = (options: {
  input: string;
  electronVersionOverride: string;
  excludeFromScan: string[];
  isRelative: boolean;
}) => Promise<ScannerResult>;

interface CspFinding {
  severity: number;
  directive: string;
  description: string;
}
interface CspEvaluatorModule {
  CspParser: new (policy: string) => { csp: unknown };
  CspEvaluator: new (csp: unknown, version: unknown) => { evaluate(): CspFinding[] };
  Version: { CSP3: unknown };
  severities: Record<string, number>;
}

/**
 * Scans `dir` (a copy of electron/main and electron/preload) with electronegativity and our
 * window check, and sorts every finding into blocking or review.
 */
export async function scanElectronSources(dir: string): Promise<GateReport> {
  keepScannerOffline();
  const runScanner = requireHere('@doyensec/electronegativity') as RunScanner;
  const electronVersion = (requireHere('electron/package.json') as { version: string }).version;
  const result = await runScanner({
    input: dir,
    electronVersionOverride: electronVersion,
    // It downloads Electron's release list to flag outdated versions: dependency versions are npm audit's job.
    excludeFromScan: ['AvailableSecurityFixesGlobalCheck'],
    isRelative: true,
  });
  const findings: GateFinding[] = result.issues.map((issue) => ({
    id: issue.id,
    file: issue.file.split('\\').join('/'),
    line: issue.location.line,
    severity: issue.severity.name,
    description: issue.description,
  }));
  for (const error of result.errors.filter((entry) => !entry.tolerable)) {
    findings.push({ id: 'SCAN_ERROR', file: relative(dir, error.file), line: 0, severity: 'HIGH', description: error.message });
  }
  findings.push(...checkWebPreferences(dir));
  const report: GateReport = { blocking: [], review: [] };
  for (const finding of findings) (isBlocking(finding) ? report.blocking : report.review).push(finding);
  return report;
}

/**
 * The scanner fetches translations from the internet on every run (then falls back to its
 * bundled English), which costs seconds where there is no network and is no business of a test.
 * Its HTTP client is answered with a refusal before the scanner first loads it.
 */
function keepScannerOffline(): void {
  const gotPath = requireFromScanner.resolve('got');
  if (requireHere.cache[gotPath] !== undefined) return;
  const refuse = (): Promise<never> => Promise.reject(new Error('The security gate does not go online.'));
  const offline = Object.assign(refuse, { head: refuse, get: refuse });
  requireHere.cache[gotPath] = { id: gotPath, filename: gotPath, loaded: true, exports: offline } as unknown as NodeJS.Module;
}

function isBlocking(finding: GateFinding): boolean {
  if (!(finding.id in BLOCKING_CHECKS)) return false;
  if (finding.id === 'OPEN_EXTERNAL_JS_CHECK') return finding.file !== OPEN_EXTERNAL_HOME;
  // "No CSP detected" (file N/A) is expected: ours is on protocol.handle responses, evaluated by checkContentSecurityPolicy.
  if (finding.id === 'CSP_GLOBAL_CHECK') return finding.file !== 'N/A';
  return true;
}

/**
 * Every `new BrowserWindow/BrowserView/WebContentsView` under `dir` must pass an object literal
 * whose `webPreferences` literal states each required setting with its required value, has no
 * spread (which could override them) and no forbidden key.
 */
export function checkWebPreferences(dir: string): GateFinding[] {
  const findings: GateFinding[] = [];
  for (const file of listSourceFiles(dir)) {
    const text = readFileSync(file, 'utf8');
    const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
    const report = (node: ts.Node, description: string): void => {
      const { line } = source.getLineAndCharacterOfPosition(node.getStart(source));
      findings.push({ id: 'WEB_PREFERENCES_STATED', file: relative(dir, file).split('\\').join('/'), line: line + 1, severity: 'HIGH', description });
    };
    const visit = (node: ts.Node): void => {
      if (ts.isNewExpression(node) && WINDOW_CLASSES.has(calleeName(node.expression))) checkWindowOptions(node, report);
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return findings;
}

function checkWindowOptions(node: ts.NewExpression, report: (node: ts.Node, description: string) => void): void {
  const options = node.arguments?.[0];
  if (options === undefined || !ts.isObjectLiteralExpression(options)) {
    report(node, 'window options must be an object literal, so the settings can be read');
    return;
  }
  const preferences = propertyValue(options, 'webPreferences');
  if (preferences === undefined || !ts.isObjectLiteralExpression(preferences)) {
    report(node, 'webPreferences must be an object literal inside the window options');
    return;
  }
  if (preferences.properties.some((property) => ts.isSpreadAssignment(property))) report(preferences, 'webPreferences must not spread other objects');
  for (const [key, required] of Object.entries(REQUIRED_WEB_PREFERENCES)) {
    const value = propertyValue(preferences, key);
    const expected = required ? ts.SyntaxKind.TrueKeyword : ts.SyntaxKind.FalseKeyword;
    if (value?.kind !== expected) report(value ?? preferences, `webPreferences.${key} must be written as ${String(required)}`);
  }
  for (const key of FORBIDDEN_WEB_PREFERENCES) {
    const value = propertyValue(preferences, key);
    if (value !== undefined) report(value, `webPreferences.${key} must not be set`);
  }
}

function calleeName(expression: ts.Expression): string {
  if (ts.isIdentifier(expression)) return expression.text;
  if (ts.isPropertyAccessExpression(expression)) return expression.name.text;
  return '';
}

/** The value of property `key` in an object literal (shorthand `{ key }` yields the identifier). */
function propertyValue(object: ts.ObjectLiteralExpression, key: string): ts.Expression | undefined {
  for (const property of object.properties) {
    if (ts.isPropertyAssignment(property) && propertyKey(property.name) === key) return property.initializer;
    if (ts.isShorthandPropertyAssignment(property) && property.name.text === key) return property.name;
  }
  return undefined;
}

function propertyKey(name: ts.PropertyName): string | undefined {
  if (ts.isIdentifier(name) || ts.isStringLiteral(name)) return name.text;
  return undefined;
}

function listSourceFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && /\.(ts|tsx|js|cjs|mjs)$/.test(entry.name))
    .map((entry) => join(entry.parentPath, entry.name));
}

/**
 * Rates `policy` with the scanner's CSP evaluator. Blocking: anything from HIGH_MAYBE up (syntax
 * errors included), and `unsafe-inline` / `unsafe-eval` for scripts, which the evaluator rates
 * only "maybe" when the page could still be fine. Accepted: its "'self' can be problematic if you
 * host JSONP or uploads" note, since app:// serves only our own build.
 */
export function checkContentSecurityPolicy(policy: string): GateFinding[] {
  const csp = requireFromScanner('@doyensec/csp-evaluator') as CspEvaluatorModule;
  const evaluated = new csp.CspEvaluator(new csp.CspParser(policy).csp, csp.Version.CSP3).evaluate();
  const worst = csp.severities.HIGH_MAYBE ?? 40;
  const findings: GateFinding[] = evaluated
    .filter((finding) => finding.severity <= worst)
    .map((finding) => ({ id: 'CSP_EVALUATED', file: 'content-security-policy.ts', line: 0, severity: String(finding.severity), description: `${finding.directive}: ${finding.description}` }));
  const scriptSources = directiveSources(policy, 'script-src') ?? directiveSources(policy, 'default-src') ?? [];
  for (const unsafe of ["'unsafe-inline'", "'unsafe-eval'"]) {
    if (scriptSources.includes(unsafe)) findings.push({ id: 'CSP_EVALUATED', file: 'content-security-policy.ts', line: 0, severity: 'HIGH', description: `scripts allow ${unsafe}` });
  }
  return findings;
}

function directiveSources(policy: string, name: string): string[] | undefined {
  for (const directive of policy.split(';')) {
    const [directiveName, ...sources] = directive.trim().split(/\s+/);
    if (directiveName?.toLowerCase() === name) return sources.map((source) => source.toLowerCase());
  }
  return undefined;
}

/** One line per finding, for failure messages and the console. */
export function formatFindings(findings: readonly GateFinding[]): string {
  return findings.map((finding) => `${finding.id} ${finding.file}:${finding.line} [${finding.severity}] ${finding.description}`).join('\n');
}
