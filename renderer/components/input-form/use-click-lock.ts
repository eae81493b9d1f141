/**
 * The lock on a question's buttons: `lock()` succeeds once (false while locked), and the buttons
 * show `locked` until `unlock()` — called when the host refused or failed, so the user can correct
 * and try again. The ref drops a second click in the same frame, before React has re-rendered
 * the disabled buttons.
 */
import { useRef, useState } from 'react';

/** `locked` for rendering, `lock()` to take the lock, `unlock()` to give it back. */
export function useClickLock() {
  const isLocked = useRef(false);
  const [locked, setLocked] = useState(false);
  const lock = (): boolean => {
    if (isLocked.current) return false;
    isLocked.current = true;
    setLocked(true);
    return true;
  };
  const unlock = () => {
    isLocked.current = false;
    setLocked(false);
  };
  return { locked, lock, unlock };
}
