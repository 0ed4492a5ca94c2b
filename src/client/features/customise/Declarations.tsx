import { Trans } from '@lingui/react/macro';
import type { Product } from '../../../shared/contract/catalog';

/** Allergens and additives with their descriptions (EU FIC / German LMIV declarations). */
export function Declarations({ product }: { product: Pick<Product, 'allergens' | 'additives'> }) {
  if (product.allergens.length === 0 && product.additives.length === 0) return null;
  return (
    <details className="declarations">
      <summary>
        <Trans>Allergens and additives</Trans>
      </summary>
      {product.allergens.length ? (
        <>
          <h3>
            <Trans>Allergens</Trans>
          </h3>
          <dl>
            {product.allergens.map((a) => (
              <div key={a.id}>
                <dt>
                  <abbr className="code">{a.code}</abbr> {a.name}
                </dt>
                <dd>{a.description}</dd>
              </div>
            ))}
          </dl>
        </>
      ) : null}
      {product.additives.length ? (
        <>
          <h3>
            <Trans>Additives</Trans>
          </h3>
          <dl>
            {product.additives.map((a) => (
              <div key={a.id}>
                <dt>
                  <abbr className="code">{a.code}</abbr> {a.name}
                </dt>
                <dd>{a.description}</dd>
              </div>
            ))}
          </dl>
        </>
      ) : null}
    </details>
  );
}
