/** @jest-environment ./test/web/jsdom-environment.ts */
// One <main> landmark per screen (axe: landmark-one-main, landmark-no-duplicate-main): the shells
// draw it (test/e2e/accessibility.e2e.ts checks every screen in a browser), and the pricing page,
// which also stands alone, draws its own only where no shell drew one.
import { render, screen } from '@testing-library/react';
import { MainLandmark, PageMain } from '../../web/src/layouts/main-landmark';

describe('the main landmark', () => {
  it('is the shell\'s only, when the page inside also stands alone (pricing in the dashboard)', () => {
    render(<MainLandmark><PageMain className="pricing"><h1>Find Your Perfect Plan</h1></PageMain></MainLandmark>);
    expect(screen.getAllByRole('main')).toHaveLength(1);
    expect(document.querySelector('.pricing')?.tagName).toBe('DIV');
  });

  it('is the page\'s own where no shell drew one (/pricing/...)', () => {
    render(<PageMain className="pricing"><h1>Pricing</h1></PageMain>);
    expect(screen.getAllByRole('main')).toHaveLength(1);
    expect(document.querySelector('.pricing')?.tagName).toBe('MAIN');
  });
});
