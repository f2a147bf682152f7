// The shell's shape while its code or the session loads: the same markup and styles as
// index.html's first paint (its <style> stays in the page), so the placeholder does not jump
// between the HTML's paint and React's.
import { useLocation } from 'react-router';
import { firstPaintKind } from './first-paint';

export function FirstPaint() {
  const { pathname } = useLocation();
  return (
    <div className="first-paint" data-kind={firstPaintKind(pathname)} role="status" aria-label="Loading" aria-busy="true">
      <div className="first-paint__bar" />
      <div className="first-paint__side">
        {Array.from({ length: 6 }, (_, index) => <i key={index} />)}
      </div>
      <div className="first-paint__page">
        <i className="first-paint__title" />
        <i className="first-paint__card" />
        <i className="first-paint__table" />
      </div>
    </div>
  );
}
