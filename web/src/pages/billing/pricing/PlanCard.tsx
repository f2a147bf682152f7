// One plan card: name, slogan, the price of the chosen cycle, the saving, up to 6 highlighted
// features, the button its state gives, and on the second plan the '200+ widget types' line.
import type { PlanCardModel } from './plan-card-model';
import type { PlanButton } from './plan-button';

export const WIDGET_TYPES_LINE = '200+ widget types';

export function PlanCard({ card, button, featured, second, onSelect }: {
  card: PlanCardModel;
  button: PlanButton;
  featured: boolean;
  second: boolean;
  onSelect: () => void;
}) {
  const current = button.label === 'Current Plan';
  return (
    <article className={`plan-card${featured ? ' plan-card--featured' : ''}${current ? ' plan-card--current' : ''}`} aria-label={card.name}>
      {featured ? <span className="plan-card__ribbon">Most popular</span> : null}
      <h2>{card.name}</h2>
      <p className="plan-card__slogan">{card.slogan}</p>
      <div className="plan-card__price">
        <span className="plan-card__amount">{card.perMonth}</span>
        <span className="plan-card__per">/ month</span>
      </div>
      <p className="plan-card__billed">
        {card.billed}
        {card.save ? <> · <span className="plan-card__save">{card.save}</span></> : null}
      </p>
      <button type="button" className={`btn ${featured ? 'btn-primary' : 'btn-secondary'} btn-block`} disabled={button.disabled} onClick={onSelect}>
        {button.label}
      </button>
      {second ? <p className="plan-card__more">{WIDGET_TYPES_LINE}</p> : null}
      <ul className="plan-card__features">
        {card.features.map((feature) => (
          <li key={feature}>{feature}</li>
        ))}
      </ul>
      <div className="plan-card__spacer" />
    </article>
  );
}
