import { Trans } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';

/** Routes whose screens arrive in later releases say so plainly and lead back to the menu. */
export function ComingSoon({ title }: { title: ReactNode }) {
  return (
    <section className="container narrow coming-soon" aria-labelledby="page-title">
      <h1 id="page-title">{title}</h1>
      <p>
        <Trans>This part of the site is coming soon. Your cart is saved in the meantime.</Trans>
      </p>
      <Link to="/" className="button">
        <Trans>Back to the menu</Trans>
      </Link>
    </section>
  );
}
