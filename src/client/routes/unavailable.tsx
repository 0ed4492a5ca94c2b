import { Trans } from '@lingui/react/macro';
import { createFileRoute, redirect } from '@tanstack/react-router';
import { catalogQueries } from '../features/catalog';

function Unavailable() {
  return (
    <section className="container narrow coming-soon" aria-labelledby="page-title">
      <h1 id="page-title">
        <Trans>We are closed</Trans>
      </h1>
      <p>
        <Trans>The restaurant is not available right now. Please try again later.</Trans>
      </p>
    </section>
  );
}

export const Route = createFileRoute('/unavailable')({
  // Only an inactive restaurant shows this page (spec §2).
  beforeLoad: async ({ context }) => {
    const hours = await context.queryClient.fetchQuery(catalogQueries.workingHours()).catch(() => undefined);
    if (!hours || hours.meta.isActive) throw redirect({ to: '/' });
  },
  component: Unavailable,
});
