// A grid of records as cards (My Apps, My Projects, media): each card's parts come from the
// record schema and its hints (forms/resource/card.ts); the screen adds only where a card leads
// (`href`) and the buttons around it (`actions`), never the fields it shows.
import { useMemo } from 'react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { cardParts } from '../../../../forms/resource/card';
import { formatCell } from '../../../../forms/resource/cell-format';
import { schemaOf } from '../../../../forms/schemas';
import type { SchemaEntry } from '../../../../forms/schemas';
import { CellValue } from './cells';
import './resource-cards.css';

type Row = Readonly<Record<string, unknown>>;

export type ResourceCardsProps<R> = {
  entry: SchemaEntry;
  records: ReadonlyArray<R>;
  idOf: (record: R) => string;
  label: string;
  /** Where a card leads (the whole card is the link when there are no actions). */
  href?: (record: R) => string;
  /** Buttons or links in the card's foot. */
  actions?: (record: R) => ReactNode;
  /** Drawn at the card's foot beside the actions (an avatar stack). */
  extra?: (record: R) => ReactNode;
  /** Drawn first or last in the grid, as a card of its own (a Create card). */
  lead?: ReactNode;
  trail?: ReactNode;
  /** The card titles' heading level, under the page's own headings (default h3). */
  titleAs?: 'h2' | 'h3';
  className?: string;
};

const initialOf = (text: string) => text.trim().charAt(0).toUpperCase() || '?';
/** A value by its dotted path ('meta.icon'), as the hints and columns name it. */
const valueAt = (row: Row, field: string): unknown => field.split('.').reduce<unknown>((value, key) => (typeof value === 'object' && value !== null ? (value as Row)[key] : undefined), row);

export function ResourceCards<R>({ entry, records, idOf, label, href, actions, extra, lead, trail, titleAs: Title = 'h3', className = '' }: ResourceCardsProps<R>) {
  const parts = useMemo(() => cardParts({ schema: schemaOf(entry) }), [entry]);
  return (
    <ul className={`resource-cards ${className}`} aria-label={label}>
      {lead ? <li className="resource-cards__lead">{lead}</li> : null}
      {records.map((record) => {
        const row = record as Row;
        const title = parts.title ? formatCell({ format: parts.title.format, value: valueAt(row, parts.title.field), row }) : '';
        const image = parts.image ? valueAt(row, parts.image.field) : undefined;
        const picture = typeof image === 'string' && image ? image : undefined;
        const body = (
          <>
            <div className="resource-card__top">
              {parts.image?.format.kind === 'widget-picture' ? (
                <span className="resource-card__thumb resource-card__thumb--widget" aria-hidden="true"><CellValue format={parts.image.format} value={image} row={row} /></span>
              ) : (
                <span className="resource-card__thumb" aria-hidden="true">{picture ? <img src={picture} alt="" loading="lazy" /> : initialOf(title)}</span>
              )}
              {parts.badge ? <CellValue format={parts.badge.format} value={valueAt(row, parts.badge.field)} row={row} /> : null}
            </div>
            <Title className="resource-card__title">{title}</Title>
            {parts.text ? (
              <p className="resource-card__text">
                <CellValue format={parts.text.format} value={valueAt(row, parts.text.field)} row={row} />
              </p>
            ) : null}
            <dl className="resource-card__lines">
              {parts.lines.map((line) => (
                <div key={line.field} className="resource-card__line" data-field={line.field}>
                  <dt>{line.header}</dt>
                  <dd><CellValue format={line.format} value={valueAt(row, line.field)} row={row} /></dd>
                </div>
              ))}
            </dl>
          </>
        );
        const whole = href && !actions;
        return (
          <li key={idOf(record)} className="card resource-card" data-record={idOf(record)} aria-label={title || undefined}>
            {whole ? <Link className="resource-card__link" to={href(record)}>{body}</Link> : body}
            {actions || extra ? (
              <div className="resource-card__foot">
                {extra?.(record)}
                {actions?.(record)}
              </div>
            ) : null}
          </li>
        );
      })}
      {trail ? <li className="resource-cards__lead">{trail}</li> : null}
    </ul>
  );
}
