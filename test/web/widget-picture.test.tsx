/** @jest-environment ./test/web/jsdom-environment.ts */
// WidgetPicture: the type's renderer drawing the settings over the type's defaults into a shadow
// root, inert (no focus, hidden from screen readers), with the owner's CSS after the type's.
import { render, waitFor } from '@testing-library/react';
import { WidgetPicture } from '../../web/src/components/widget-picture';

const drawn = (container: HTMLElement) => container.querySelector('.widget-picture__stage > div')?.shadowRoot;

describe('WidgetPicture', () => {
  it('draws the settings laid over the type defaults in a shadow root', async () => {
    const { container } = render(<WidgetPicture type="poll" settings={{ question: 'Tea or coffee?' }} />);
    await waitFor(() => expect(drawn(container)?.textContent).toContain('Tea or coffee?'));
    // The other properties come from PollSettings' defaults.
    expect(drawn(container)?.textContent).toContain('Dark mode');
  });

  it('places a fixed-position widget (a cookie banner) inside a page-shaped box, and an in-flow one in its own height', async () => {
    const { container } = render(<WidgetPicture type="cookie-banner" settings={{}} width={800} />);
    await waitFor(() => expect(drawn(container)?.textContent).toContain('Accept'));
    const stage = container.querySelector('.widget-picture__stage') as HTMLElement;
    expect(stage.classList.contains('widget-picture__stage--page')).toBe(true);
    expect(stage.style.minHeight).toBe('450px');
    const poll = render(<WidgetPicture type="poll" settings={{}} />).container.querySelector('.widget-picture__stage') as HTMLElement;
    expect([poll.classList.contains('widget-picture__stage--page'), poll.style.minHeight]).toEqual([false, '']);
  });

  it('is inert and hidden from screen readers: nothing in it takes focus or clicks', async () => {
    const { container } = render(<WidgetPicture type="poll" settings={{}} />);
    await waitFor(() => expect(drawn(container)?.querySelector('button')).toBeTruthy());
    const box = container.querySelector('.widget-picture') as HTMLElement;
    expect(box.hasAttribute('inert')).toBe(true);
    expect(box.getAttribute('aria-hidden')).toBe('true');
  });

  it('adds the custom CSS after the type CSS inside the shadow root only', async () => {
    const { container } = render(<WidgetPicture type="faq" settings={{ customCss: ".root{color:#ff0000}" }} />);
    await waitFor(() => expect(drawn(container)?.querySelector('style')?.textContent?.endsWith('.root{color:#ff0000}')).toBe(true));
    expect(document.head.textContent).not.toContain('#ff0000');
  });

  it('empties its drawing when it leaves the page', async () => {
    const { container, unmount } = render(<WidgetPicture type="faq" settings={{}} />);
    await waitFor(() => expect(drawn(container)?.childElementCount).toBe(2));
    const root = drawn(container);
    unmount();
    expect(root?.childElementCount).toBe(0);
  });
});
