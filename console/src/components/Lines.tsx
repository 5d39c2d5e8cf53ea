/** An order's or a round's items (quantity, name, spec, tastes, meal-set choices) and its note, as a card shows them. */
import type { OrderLine } from '../../../src/api/contract/order';
import type { MessageKey, Params } from '../i18n';

type Line = Pick<OrderLine, 'flag' | 'quantity' | 'name' | 'specName' | 'tastesName' | 'mealsetNames'>;

export function Lines(props: { lines: readonly Line[]; note?: string | null; t: (key: MessageKey, params?: Params) => string }) {
  const { t } = props;
  return (
    <>
      <ul className="card__lines">
        {props.lines.map((line, i) => (
          <li key={`${line.flag}-${i}`} className="line">
            <span className="line__qty">{t('card.quantity', { count: line.quantity })}</span>
            <span className="line__body">
              <span className="line__name">
                {line.name}
                {line.specName ? ` (${line.specName})` : ''}
              </span>
              {line.tastesName ? <span className="line__extra">{line.tastesName}</span> : null}
              {line.mealsetNames ? <span className="line__extra">{line.mealsetNames}</span> : null}
            </span>
          </li>
        ))}
      </ul>
      {props.note ? (
        <p className="card__note">
          <strong>{t('card.note')}:</strong> {props.note}
        </p>
      ) : null}
    </>
  );
}
