import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { Product } from '../../../src/shared/contract/catalog';
import type { Availability } from '../../../src/shared/contract/staff';
import { addLine, cart, clearCart } from '../../../src/client/features/cart';
import { DishList } from '../../../src/client/features/menu/CategoryView';
import { quickAddChoice } from '../../../src/client/features/menu/quick-add';
import { makeProduct, makeSize } from '../../factories/catalog';

const dishes: Product[] = [
  makeProduct({ name: 'Brezel', sizes: [makeSize({ price: 3.5 })] }),
  makeProduct({ name: 'Obazda', sizes: [makeSize({ price: 8.9 })] }),
  makeProduct({ name: 'Pizza', sizes: [makeSize({ name: 'Klein', price: 9 }), makeSize({ name: 'Groß', price: 12.5 })] }),
  ...Array.from({ length: 9 }, (_, i) => makeProduct({ name: `Dish ${i}` })),
];

/** The menu's dish list as on the page: one language, the restaurant's settings in the cache, the sold-out list not yet answered. */
async function renderList() {
  i18n.loadAndActivate({ locale: 'de', messages: {} });
  const queryClient = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false, enabled: false } } });
  queryClient.setQueryData(['settings', 'de'], [{ key: 'CURRENCY', value: 'EUR' }]);
  const router = createRouter({
    routeTree: createRootRoute({ component: () => <DishList products={dishes} /> }),
    history: createMemoryHistory({ initialEntries: ['/'] }),
  });
  render(
    <I18nProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </I18nProvider>,
  );
  await screen.findByText('Brezel');
  return queryClient;
}

const tileOf = (name: string) => screen.getByText(name).closest('li') as HTMLElement;
const observers = (queryClient: QueryClient, key: unknown[]) => queryClient.getQueryCache().find({ queryKey: key, exact: true })?.getObserversCount() ?? 0;

afterEach(() => {
  cleanup();
  clearCart();
});

describe('a list of dishes', () => {
  it('reads the settings and the sold-out list once for the whole list, not once per dish', async () => {
    const queryClient = await renderList();
    expect(screen.getAllByRole('listitem')).toHaveLength(dishes.length);
    expect(observers(queryClient, ['settings', 'de'])).toBe(1);
    expect(observers(queryClient, ['availability'])).toBe(1);
  });

  it('shows each dish’s price, “from” its smallest size when it has several', async () => {
    await renderList();
    expect(within(tileOf('Brezel')).getByText(/^3,50\s€$/)).toBeTruthy();
    expect(within(tileOf('Pizza')).getByText(/ab 9,00\s€|from 9,00\s€/)).toBeTruthy();
  });

  it('marks a dish sold out when the sold-out list arrives, and only that dish', async () => {
    const queryClient = await renderList();
    const obazda = dishes[1] as Product;
    const soldOut: Availability = { pauses: [], busy: null, soldOut: [{ item: 'product', id: obazda.id, endsAt: null }] };
    act(() => queryClient.setQueryData(['availability'], soldOut));
    // The query's observers hear of it in the next task, as in the app.
    await waitFor(() => expect(tileOf('Obazda').className).toContain('is-sold-out'));
    expect(tileOf('Brezel').className).not.toContain('is-sold-out');
    expect(within(tileOf('Brezel')).getByRole('button', { name: /Brezel/ })).toBeTruthy();
  });

  it('counts a dish added from its “+” on its own tile', async () => {
    await renderList();
    const brezel = dishes[0] as Product;
    const choice = quickAddChoice(brezel);
    if (!choice) throw new Error('a dish of one size and no choices goes in at one tap');
    act(() => addLine({ type: 'productItem', productId: brezel.id, categoryId: brezel.category.id, name: brezel.name, qty: 2, choice, product: brezel }));
    expect(cart.lines).toHaveLength(1);
    await waitFor(() => expect(within(tileOf('Brezel')).getByRole('button').getAttribute('aria-label')).toMatch(/2/));
    expect(within(tileOf('Obazda')).getByRole('button').getAttribute('aria-label')).not.toMatch(/\d/);
  });
});
