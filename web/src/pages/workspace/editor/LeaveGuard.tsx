// The prompt before leaving a widget with unsaved changes: the browser's own on reload or close
// (beforeunload), and a Discard / Keep editing popup on a link of the app and on the browser's
// Back. The app's router is the declarative one (web/src/element-routes.tsx), which has no
// navigation blocker, so links are caught as they are clicked (capture phase, before React
// Router's Link sees the click), and Back by a guard entry of the same address pushed while
// there are changes: Back leaves that entry, the page stays and asks.
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { ConfirmPopup } from '../../../components/ConfirmPopup';

export const LEAVE_TEXTS = {
  title: 'Leave without saving?',
  text: 'Your changes to this widget are not saved. If you leave now, they are lost.',
  discard: 'Discard changes',
  keep: 'Keep editing',
};

/** The app address a click on a link would open, when it is a plain click that leaves this page. */
function leavingTo(event: MouseEvent): string | undefined {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return undefined;
  const link = event.target instanceof Element ? event.target.closest('a[href]') : null;
  if (!(link instanceof HTMLAnchorElement) || (link.target && link.target !== '_self') || link.hasAttribute('download')) return undefined;
  const url = new URL(link.href, location.href);
  if (url.origin !== location.origin) return undefined;
  const to = url.pathname + url.search + url.hash;
  return to === location.pathname + location.search + location.hash ? undefined : to;
}

/** The pending leave that is the browser's Back, not a link. */
const BACK = Symbol('back');
/** Marks the history entry pushed to catch Back. */
const GUARD_STATE = 'nindoLeaveGuard';

const onGuardEntry = (): boolean => typeof history.state === 'object' && history.state !== null && GUARD_STATE in history.state;

export function LeaveGuard({ dirty }: { dirty: boolean }) {
  const navigate = useNavigate();
  const [pending, setPending] = useState<string | typeof BACK>();

  useEffect(() => {
    // Saved (or undone): the guard entry goes, so Back needs one press again.
    if (!dirty && onGuardEntry()) history.back();
    if (!dirty) return undefined;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers show the prompt only when returnValue is set.
      event.returnValue = '';
    };
    const onClick = (event: MouseEvent) => {
      const to = leavingTo(event);
      if (!to) return;
      event.preventDefault();
      setPending(to);
    };
    const guard = () => history.pushState({ ...(history.state as object | null), [GUARD_STATE]: true }, '', location.href);
    // Back left the guard entry: put it back, so the page stays, and ask.
    const onPopState = () => {
      guard();
      setPending(BACK);
    };
    if (!onGuardEntry()) guard();
    addEventListener('beforeunload', onBeforeUnload);
    addEventListener('popstate', onPopState);
    document.addEventListener('click', onClick, true);
    return () => {
      removeEventListener('beforeunload', onBeforeUnload);
      removeEventListener('popstate', onPopState);
      document.removeEventListener('click', onClick, true);
    };
  }, [dirty]);

  return (
    <ConfirmPopup
      open={pending !== undefined}
      title={LEAVE_TEXTS.title}
      text={LEAVE_TEXTS.text}
      confirmText={LEAVE_TEXTS.discard}
      cancelText={LEAVE_TEXTS.keep}
      danger
      onConfirm={() => {
        const to = pending;
        setPending(undefined);
        // Back past the guard entry and the page's own, to where Back was going.
        if (to === BACK) history.go(-2);
        else if (to) void navigate(to);
      }}
      onCancel={() => setPending(undefined)}
    />
  );
}
