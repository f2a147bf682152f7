// Frames tell their parent how tall they are and when sign-in succeeded (spec 003:
// "Frames post height updates to the parent"; "posts a success message to its parent frame").
import { useEffect } from 'react';

export const FRAME_HEIGHT_MESSAGE = 'nindo-frame-height';
export const AUTH_SUCCESS_MESSAGE = 'nindo-auth-success';
export const LOGOUT_MESSAGE = 'nindo-logout';

const inFrame = (): boolean => window.parent !== window;

export function useFrameHeight(enabled: boolean): void {
  useEffect(() => {
    if (!enabled || !inFrame()) return;
    const post = (): void => {
      window.parent.postMessage({ type: FRAME_HEIGHT_MESSAGE, height: document.documentElement.scrollHeight }, '*');
    };
    const observer = new ResizeObserver(post);
    observer.observe(document.body);
    post();
    return () => observer.disconnect();
  }, [enabled]);
}

export function postAuthSuccess(detail: { isNew?: boolean; developer?: boolean }): void {
  if (inFrame()) window.parent.postMessage({ type: AUTH_SUCCESS_MESSAGE, ...detail }, '*');
}
