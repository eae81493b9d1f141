/**
 * Untrusted markdown from a tool result, rendered safely: raw HTML dropped (`skipHtml`), link
 * addresses kept only when `safeLinkAddress` allows them (others read as plain text), images
 * never loaded (their description and address shown as text), and a link is a button that asks
 * first: in the app, Open goes through a new-window request, which the main process hands to its
 * safe external opener (https, or http to this machine); the browser version shows the address
 * to copy instead, as it does for web-page questions. Loaded lazily: import it with React.lazy.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import Markdown, { type Components, type UrlTransform } from 'react-markdown';
import { safeLinkAddress } from '../lib/markdown-content';
import { useAppInfo } from '../live/live-context';
import { CopyButton } from './CopyButton';
import { VisibleText } from './VisibleText';

/** Images keep their address as written (it is only ever shown as text); links only a safe one. */
const keepSafeAddresses: UrlTransform = (url, _key, node) => (node.tagName === 'img' ? url : (safeLinkAddress(url) ?? ''));

/** Renders `text` as markdown. */
export function MarkdownText({ text }: { text: string }) {
  const [asked, setAsked] = useState<string | null>(null);
  const components = useMemo<Components>(
    () => ({
      a: ({ href, children }) =>
        href === undefined || href === '' ? (
          <span className="markdown-text__dead-link">{children}</span>
        ) : (
          <button type="button" className="markdown-text__link" title={href} onClick={() => setAsked(href)} data-testid="markdown-link">
            {children}
          </button>
        ),
      img: ({ alt, src }) => (
        <span className="markdown-text__image" data-testid="markdown-image">
          [Image not loaded{alt !== undefined && alt !== '' ? `: ${alt}` : ''}]{typeof src === 'string' && src !== '' && <> (<VisibleText className="code" text={src} />)</>}
        </span>
      ),
    }),
    [],
  );
  return (
    <div className="markdown-text" data-testid="markdown-text">
      <Markdown skipHtml urlTransform={keepSafeAddresses} components={components}>
        {text}
      </Markdown>
      {asked !== null && <OpenLinkQuestion address={asked} onClose={() => setAsked(null)} />}
    </div>
  );
}

/** Asks before a link leaves the app; focus moves into the question so keyboard users see it. */
function OpenLinkQuestion({ address, onClose }: { address: string; onClose: () => void }) {
  // Only once the app is known to be the desktop app: the browser version has no safe opener.
  const canOpen = useAppInfo().data?.mode === 'electron' && /^https?:/.test(address);
  const firstButton = useRef<HTMLButtonElement>(null);
  useEffect(() => firstButton.current?.focus(), [address, canOpen]);
  const open = (): void => {
    // The main process denies every new window and opens its address through its safe opener.
    window.open(address, '_blank', 'noopener,noreferrer');
    onClose();
  };
  return (
    <div className="notice notice--attention markdown-text__question" role="group" aria-label="Open link" data-testid="markdown-link-question">
      <p>
        {canOpen ? 'Open this address in your browser?' : 'The app does not open this address for you; copy it and open it yourself if you trust it.'}{' '}
        <code data-testid="markdown-link-address">
          <VisibleText text={address} />
        </code>
      </p>
      <div className="confirm">
        {canOpen && (
          <button ref={firstButton} type="button" className="button button--primary button--small" onClick={open} data-testid="markdown-link-open">
            Open in browser
          </button>
        )}
        <CopyButton value={address} what="link address" />
        <button ref={canOpen ? undefined : firstButton} type="button" className="button button--small" onClick={onClose} data-testid="markdown-link-close">
          {canOpen ? 'Cancel' : 'Close'}
        </button>
      </div>
    </div>
  );
}
