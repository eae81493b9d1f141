/**
 * Live-tail scrolling for a log box: it stays at the newest line as lines arrive, unless the user
 * scrolled up to read, and then it stays where it is until they come back to the bottom (or press
 * the "Show the newest" button, `follow`).
 */
import { useCallback, useLayoutEffect, useRef, useState } from 'react';

/** How close to the bottom (px) still counts as "at the newest line". */
const BOTTOM_SLACK_PX = 24;

/** `ref` and `onScroll` go on the scrolling element; `newest` changes whenever a line is added (e.g. the last seq). */
export function useFollowTail(newest: unknown) {
  const ref = useRef<HTMLDivElement>(null);
  const [isFollowing, setIsFollowing] = useState(true);
  const following = useRef(true);

  const onScroll = useCallback(() => {
    const box = ref.current;
    if (box === null) return;
    const atBottom = box.scrollHeight - box.scrollTop - box.clientHeight <= BOTTOM_SLACK_PX;
    following.current = atBottom;
    setIsFollowing(atBottom);
  }, []);

  useLayoutEffect(() => {
    const box = ref.current;
    if (box !== null && following.current) box.scrollTop = box.scrollHeight;
  }, [newest]);

  const follow = useCallback(() => {
    const box = ref.current;
    following.current = true;
    setIsFollowing(true);
    if (box !== null) box.scrollTop = box.scrollHeight;
  }, []);

  return { ref, onScroll, isFollowing, follow };
}
