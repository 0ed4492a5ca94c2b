import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cart, clearCart } from '../../src/client/features/cart/store';
import { MenuCustomise } from '../../src/client/features/customise/MenuCustomise';
import { ProductCustomise } from '../../src/client/features/customise/ProductCustomise';
import { makeMenu, makeOption, makeProduct, makeSize, makeSlot, makeVariant } from '../factories/catalog';

function wrapper({ children }: { children: ReactNode }) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { enabled: false } } });
  return (
    <I18nProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </I18nProvider>
  );
}

const toppings = makeVariant({
  id: 61,
  name: 'Toppings',
  type: 'checkbox',
  required: true,
  options: [makeOption({ id: 611, name: 'Basil' }), makeOption({ id: 612, name: 'Olives' })],
});
const pizza = makeProduct({ id: 60, name: 'Pizza Bianca', variants: [toppings], sizes: [makeSize({ id: 601 })] });

const burger = makeProduct({ id: 70, name: 'Classic burger', sizes: [makeSize({ id: 701 })] });
const fries = makeProduct({ id: 71, name: 'Fries', sizes: [makeSize({ id: 711 })] });
const meal = makeMenu({
  id: 80,
  name: 'Burger meal',
  items: [makeSlot({ id: 81, name: 'Burger', products: [burger] }), makeSlot({ id: 82, name: 'Side', products: [fries] })],
});

beforeEach(() => {
  i18n.loadAndActivate({ locale: 'en', messages: {} });
  clearCart();
});
afterEach(cleanup);

const addButton = () => screen.getByRole('button', { name: /Add to cart/ });

describe('customise dialogs show errors only after the diner did something', () => {
  it('a dish with a required choice: nothing marked on opening, the attempt to add explains it', () => {
    const onClose = vi.fn();
    render(<ProductCustomise product={pizza} onClose={onClose} />, { wrapper });
    expect(screen.queryByRole('alert')).toBeNull();
    expect(document.querySelector('.field-error')).toBeNull();
    // The button says what is missing from the start, without calling it an error.
    expect(addButton()).toHaveAttribute('aria-disabled', 'true');
    expect(addButton()).toHaveAccessibleDescription('Please choose Toppings');

    fireEvent.click(addButton());
    expect(screen.getByRole('alert')).toHaveTextContent('Please make a choice for every required option.');
    expect(addButton()).toHaveAttribute('aria-describedby', 'product-60-reason product-60-missing');
    expect(cart.lines).toHaveLength(0);
    expect(onClose).not.toHaveBeenCalled();

    fireEvent.click(screen.getByRole('checkbox', { name: 'Basil' }));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(addButton()).not.toHaveAttribute('aria-disabled');
    expect(addButton()).toHaveAccessibleName(/^Add to cart: Add 1/);
    fireEvent.click(addButton());
    expect(cart.lines).toHaveLength(1);
    expect(onClose).toHaveBeenCalledOnce();
  });

  it('a combo menu: no slot marked on opening; a visited slot or an attempt to add marks the empty ones', () => {
    const onClose = vi.fn();
    render(<MenuCustomise menu={meal} onClose={onClose} />, { wrapper });
    const burgerSlot = screen.getByRole('radiogroup', { name: /Burger/ });
    const sideSlot = screen.getByRole('radiogroup', { name: /Side/ });
    const burgerCard = within(burgerSlot).getByRole('radio', { name: /Classic burger/ });
    const friesCard = within(sideSlot).getByRole('radio', { name: /Fries/ });
    expect(document.querySelector('[aria-invalid="true"]')).toBeNull();
    expect(screen.queryAllByRole('alert')).toHaveLength(0);
    expect(addButton()).toHaveAccessibleDescription('Please choose Burger');

    // Leaving a slot empty marks that slot only.
    fireEvent.blur(friesCard);
    expect(sideSlot).toHaveAttribute('aria-invalid', 'true');
    expect(burgerSlot).not.toHaveAttribute('aria-invalid');

    fireEvent.click(addButton());
    expect(burgerSlot).toHaveAttribute('aria-invalid', 'true');
    expect(burgerCard).toHaveFocus();
    expect(screen.getAllByRole('alert')).toHaveLength(2);
    expect(cart.lines).toHaveLength(0);

    fireEvent.click(burgerCard);
    expect(burgerCard).toBeChecked();
    expect(addButton()).toHaveAccessibleDescription('Please choose Side');
    fireEvent.click(friesCard);
    expect(document.querySelector('[aria-invalid="true"]')).toBeNull();
    expect(addButton()).not.toHaveAttribute('aria-disabled');
    fireEvent.click(addButton());
    expect(cart.lines).toHaveLength(1);
    expect(within(document.body).queryAllByRole('alert')).toHaveLength(0);
    expect(onClose).toHaveBeenCalledOnce();
  });
});
