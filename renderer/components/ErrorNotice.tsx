/** An error to read (and optionally retry), announced to screen readers. */
export interface ErrorNoticeProps {
  title: string;
  message: string;
  onRetry?: () => void;
  testId?: string;
}

/** Shows an error message; server-supplied messages render as plain text. */
export function ErrorNotice({ title, message, onRetry, testId }: ErrorNoticeProps) {
  return (
    <div className="notice notice--error" role="alert" data-testid={testId}>
      <strong>{title}</strong>
      <p className="notice__text">{message}</p>
      {onRetry !== undefined && (
        <button type="button" className="button" onClick={onRetry}>
          Try again
        </button>
      )}
    </div>
  );
}
