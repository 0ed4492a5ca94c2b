import { Trans, useLingui } from '@lingui/react/macro';
import type { Declaration, Product } from '../../../shared/contract/catalog';

function DeclarationList({ title, items }: { title: string; items: Declaration[] }) {
  if (items.length === 0) return null;
  return (
    <>
      <h3>{title}</h3>
      <dl>
        {items.map((a) => (
          <div key={a.id}>
            <dt>
              <abbr className="code">{a.code}</abbr> {a.name}
            </dt>
            <dd>{a.description}</dd>
          </div>
        ))}
      </dl>
    </>
  );
}

/** Allergens and additives with their descriptions (EU FIC / German LMIV declarations). */
export function Declarations({ product }: { product: Pick<Product, 'allergens' | 'additives'> }) {
  const { t } = useLingui();
  if (product.allergens.length === 0 && product.additives.length === 0) return null;
  return (
    <details className="declarations">
      <summary>
        <Trans>Allergens and additives</Trans>
      </summary>
      <DeclarationList title={t`Allergens`} items={product.allergens} />
      <DeclarationList title={t`Additives`} items={product.additives} />
    </details>
  );
}
