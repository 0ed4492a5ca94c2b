import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { useState } from 'react';
import { catalogQueries } from '../features/catalog';
import { STORAGE_KEYS } from '../lib/storage-keys';

function SelectBranch() {
  const { t } = useLingui();
  const branches = useQuery(catalogQueries.branches()).data ?? [];
  const [chosen, setChosen] = useState<number | ''>('');
  return (
    <section className="container narrow card-page" aria-labelledby="page-title">
      <h1 id="page-title">
        <Trans>Choose your branch</Trans>
      </h1>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          const branch = branches.find((b) => b.id === chosen);
          if (!branch) return;
          localStorage.setItem(STORAGE_KEYS.branch, String(branch.id));
          // Each branch runs on its own host (spec §1): go there, or reload here.
          const target = new URL(branch.url, window.location.href);
          if (target.origin !== window.location.origin) window.location.assign(target.href);
          else window.location.assign('/');
        }}
      >
        <div className="field">
          <label htmlFor="branch">{t`Please select a branch to continue`}</label>
          <select id="branch" required value={chosen} onChange={(e) => setChosen(e.target.value ? Number(e.target.value) : '')}>
            <option value="">{t`Please choose`}</option>
            {branches.map((b) => (
              <option key={b.id} value={b.id}>
                {b.name}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className="button" disabled={chosen === ''}>
          <Trans>Continue</Trans>
        </button>
      </form>
    </section>
  );
}

export const Route = createFileRoute('/select-branch')({ component: SelectBranch });
