// Rotating testimonials on the auth pages' side panel (spec 003, "Auth pages show
// rotating testimonials"). Rotation pauses while the pointer is over the quote.
import { useEffect, useState } from 'react';

export const TESTIMONIAL_MS = 6000;

interface Testimonial {
  quote: string;
  name: string;
  role: string;
}

const testimonials = (brand: string): Testimonial[] => [
  { quote: `${brand} let us add reviews, galleries and a pricing table to our store in one afternoon. No developer needed.`, name: 'Maya Cohen', role: 'Founder, Olive & Thread' },
  { quote: 'The widgets look native on every site we build. Our clients think we coded them by hand.', name: 'Daniel Park', role: 'Web designer, Northlight Studio' },
  { quote: `We shipped our app on the ${brand} developer platform and had paying users within the first week.`, name: 'Priya Raman', role: 'Indie developer' },
  { quote: 'Analytics per widget showed us which call-to-action actually converts. We doubled sign-ups.', name: 'Lucas Meyer', role: 'Growth lead, Fieldnote' },
];

export function Testimonials({ brand }: { brand: string }) {
  const items = testimonials(brand);
  const [index, setIndex] = useState(0);
  const [paused, setPaused] = useState(false);

  useEffect(() => {
    if (paused) return;
    const timer = window.setInterval(() => setIndex((i) => (i + 1) % items.length), TESTIMONIAL_MS);
    return () => window.clearInterval(timer);
  }, [paused, items.length]);

  const current = items[index];
  return (
    <figure className="testimonial" onMouseEnter={() => setPaused(true)} onMouseLeave={() => setPaused(false)} aria-live="polite">
      <blockquote key={index} className="testimonial__quote">
        “{current.quote}”
      </blockquote>
      <figcaption className="testimonial__author">
        <span className="testimonial__avatar" aria-hidden="true">
          {current.name.charAt(0)}
        </span>
        <span>
          <strong>{current.name}</strong>
          <small>{current.role}</small>
        </span>
      </figcaption>
      <div className="testimonial__dots" role="tablist" aria-label="Testimonials">
        {items.map((item, i) => (
          <button
            key={item.name}
            type="button"
            role="tab"
            aria-selected={i === index}
            aria-label={`Testimonial ${i + 1}`}
            className={i === index ? 'is-active' : undefined}
            onClick={() => setIndex(i)}
          />
        ))}
      </div>
    </figure>
  );
}
