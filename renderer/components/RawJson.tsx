/** A value's raw JSON, collapsed until asked for. */
import { VisibleText } from './VisibleText';

/** `<details>` with the pretty-printed JSON of `value` (hidden characters shown). */
export function RawJson({ value, label, testId }: { value: unknown; label: string; testId?: string }) {
  return (
    <details className="raw-json" data-testid={testId}>
      <summary>{label}</summary>
      <pre className="raw-json__text">
        <VisibleText text={JSON.stringify(value, null, 2) ?? 'undefined'} multiline />
      </pre>
    </details>
  );
}
