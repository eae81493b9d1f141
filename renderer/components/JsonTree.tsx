/**
 * Untrusted JSON as a collapsible tree of native `<details>` (keyboard-operable as they are). Branches render their children only while open, and each
 * shows at most `MAX_CHILDREN`, so a huge `structuredContent` cannot freeze the window.
 */
import { useState } from 'react';
import { VisibleText } from './VisibleText';

/** Children shown per branch; the rest is counted and left to the raw JSON view. */
const MAX_CHILDREN = 200;
/** Deeper than this, a branch is not expanded (hostile nesting). */
const MAX_DEPTH = 40;

export interface JsonTreeProps {
  value: unknown;
  /** Label of the root. */
  label: string;
  /** Branches shallower than this start open. */
  openDepth?: number;
}

/** A collapsible view of `value`. */
export function JsonTree({ value, label, openDepth = 1 }: JsonTreeProps) {
  return (
    <ul className="json-tree" aria-label={label}>
      <JsonNode name={label} value={value} depth={0} openDepth={openDepth} />
    </ul>
  );
}

function JsonNode({ name, value, depth, openDepth }: { name: string; value: unknown; depth: number; openDepth: number }) {
  if (typeof value !== 'object' || value === null) {
    return (
      <li className="json-tree__leaf">
        <VisibleText className="json-tree__key" text={name} />: <JsonPrimitive value={value} />
      </li>
    );
  }
  return <JsonBranch name={name} value={value} depth={depth} openDepth={openDepth} />;
}

function JsonBranch({ name, value, depth, openDepth }: { name: string; value: object; depth: number; openDepth: number }) {
  const [isOpen, setIsOpen] = useState(depth < openDepth);
  const entries: (readonly [string, unknown])[] = Array.isArray(value)
    ? (value as unknown[]).map((item, index) => [String(index), item] as const)
    : Object.entries(value);
  const summary = Array.isArray(value) ? `[${entries.length} ${entries.length === 1 ? 'item' : 'items'}]` : `{${entries.length} ${entries.length === 1 ? 'key' : 'keys'}}`;
  return (
    <li>
      <details open={isOpen} onToggle={(event) => setIsOpen(event.currentTarget.open)}>
        <summary>
          <VisibleText className="json-tree__key" text={name} /> <span className="json-tree__summary">{summary}</span>
        </summary>
        {isOpen && depth >= MAX_DEPTH && <p className="json-tree__note">Nested too deeply to show here; see the raw JSON.</p>}
        {isOpen && depth < MAX_DEPTH && (
          <ul>
            {entries.slice(0, MAX_CHILDREN).map(([key, child]) => (
              <JsonNode key={key} name={key} value={child} depth={depth + 1} openDepth={openDepth} />
            ))}
            {entries.length > MAX_CHILDREN && (
              <li className="json-tree__note">…and {entries.length - MAX_CHILDREN} more (see the raw JSON)</li>
            )}
          </ul>
        )}
      </details>
    </li>
  );
}

function JsonPrimitive({ value }: { value: unknown }) {
  const kind = value === null ? 'null' : typeof value;
  // JSON.stringify quotes strings and escapes control characters; VisibleText shows the rest.
  return <VisibleText className={`json-tree__value json-tree__value--${kind}`} text={JSON.stringify(value) ?? String(value)} />;
}
