import './combos.css';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import type { ComboDeleteResult, ComboMenuAdmin, ComboMenuInput, ComboProductOption } from '../../../shared/contract/combo-admin';
import { staffMay, type StaffMember } from '../../../shared/contract/staff';
import { menuBasePrice, toCents } from '../../../shared/pricing';
import { ApiError } from '../../lib/api';
import { useMoney } from '../../ui/money';
import { NeedsNetwork, useOnline } from '../admin/NeedsNetwork';
import { useSiteLanguages } from '../admin/languages';
import { staffCall } from '../api';
import { ComboEditor } from './ComboEditor';
import { ConfirmDialog } from '../admin/ConfirmDialog';
import { emptyCombo, formOf, moved, type ComboFormValues } from './form';

const MENUS = ['staff', 'combo-menus'] as const;

type Editing = { id: number | null; initial: ComboFormValues } | null;

/** The combo menus (German "Menüs"): a list in the storefront's order, and one menu at a time in the editor. */
export default function ComboMenusScreen({ me }: { me: StaffMember }) {
  const { t, i18n } = useLingui();
  const money = useMoney();
  const online = useOnline();
  const queryClient = useQueryClient();
  const languages = useSiteLanguages();
  const mayEdit = staffMay(me.role, 'edit');
  const menus = useQuery({ queryKey: MENUS, queryFn: () => staffCall<ComboMenuAdmin[]>('GET', '/combo-menus') });
  const products = useQuery({
    queryKey: ['staff', 'combo-menus', 'products', i18n.locale],
    queryFn: () => staffCall<ComboProductOption[]>('GET', '/combo-menus/products'),
  });
  const [editing, setEditing] = useState<Editing>(null);
  const [status, setStatus] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<ComboMenuAdmin | null>(null);
  /** Where focus goes back to when the editor or the dialog closes. */
  const returnTo = useRef<HTMLElement | null>(null);

  const list = menus.data ?? [];
  const nameOf = (m: Pick<ComboMenuAdmin, 'name'>) => m.name[i18n.locale] || m.name[languages[0]?.code ?? 'de'] || Object.values(m.name).find(Boolean) || '—';
  const productName = (id: number) => products.data?.find((p) => p.id === id)?.name ?? t`a hidden dish`;
  const refresh = () => queryClient.invalidateQueries({ queryKey: MENUS });
  const restoreFocus = () => requestAnimationFrame(() => returnTo.current?.focus());
  const failed = (err: unknown) =>
    setStatus(err instanceof ApiError ? (Object.values(err.fields)[0]?.[0] ?? err.message) : t`The server cannot be reached. Please try again.`);

  const open = (menu: ComboMenuAdmin | null, trigger: HTMLElement) => {
    returnTo.current = trigger;
    setStatus(null);
    setEditing({ id: menu?.id ?? null, initial: menu ? formOf(menu, i18n.locale) : emptyCombo() });
  };
  const close = () => {
    setEditing(null);
    restoreFocus();
  };
  const saveMenu = async (body: ComboMenuInput) => {
    const saved = editing?.id
      ? await staffCall<ComboMenuAdmin>('PUT', `/combo-menus/${editing.id}`, body)
      : await staffCall<ComboMenuAdmin>('POST', '/combo-menus', body);
    await refresh();
    setEditing(null);
    setStatus(t`“${nameOf(saved)}” is saved. Diners see the change the next time their menu refreshes.`);
    restoreFocus();
  };
  const toggle = async (menu: ComboMenuAdmin) => {
    try {
      await staffCall('PUT', `/combo-menus/${menu.id}/active`, { active: !menu.active });
      await refresh();
      setStatus(menu.active ? t`“${nameOf(menu)}” is hidden from diners.` : t`“${nameOf(menu)}” is shown to diners again.`);
    } catch (err) {
      failed(err);
    }
  };
  const move = async (index: number, by: -1 | 1) => {
    const order = moved(list, index, by).map((m) => m.id);
    try {
      queryClient.setQueryData<ComboMenuAdmin[]>(MENUS, moved(list, index, by));
      await staffCall('PUT', '/combo-menus/order', { ids: order });
      const menu = list[index];
      if (menu) setStatus(t`“${nameOf(menu)}” is now number ${index + by + 1} on the menu.`);
    } catch (err) {
      failed(err);
    } finally {
      await refresh();
    }
  };
  const askDelete = (menu: ComboMenuAdmin, trigger: HTMLElement) => {
    returnTo.current = trigger;
    setDeleting(menu);
  };
  const confirmDelete = async () => {
    const menu = deleting;
    setDeleting(null);
    if (!menu) return;
    try {
      const result = await staffCall<ComboDeleteResult>('DELETE', `/combo-menus/${menu.id}`);
      await refresh();
      setStatus(
        result.outcome === 'archived'
          ? t`“${nameOf(menu)}” is archived: it has left the menu, and past orders still show it.`
          : t`“${nameOf(menu)}” is deleted.`,
      );
      returnTo.current = document.querySelector<HTMLElement>('.combo-new');
      restoreFocus();
    } catch (err) {
      failed(err);
    }
  };

  return (
    <main className="staff-page combo-page">
      <h1>
        <Trans>Combo menus</Trans>
      </h1>
      <p className="combo-intro">
        <Trans>A combo menu bundles several courses at one price: the diner picks one dish per course.</Trans>
      </p>
      <NeedsNetwork />
      <div role="status" aria-live="polite" className="combo-status">
        {status ? <p className="staff-note">{status}</p> : null}
      </div>
      {!mayEdit ? (
        <p className="staff-muted">
          <Trans>You can look at the combo menus; owners and managers change them.</Trans>
        </p>
      ) : null}

      {editing ? (
        <ComboEditor
          key={editing.id ?? 'new'}
          initial={editing.initial}
          menuId={editing.id}
          products={products.data ?? []}
          languages={languages}
          onSave={saveMenu}
          onClose={close}
        />
      ) : (
        <>
          {mayEdit ? (
            <button type="button" className="staff-button staff-button--primary combo-new" disabled={!online} onClick={(e) => open(null, e.currentTarget)}>
              + <Trans>New combo menu</Trans>
            </button>
          ) : null}
          {menus.isPending ? (
            <p className="staff-muted">
              <Trans>Loading…</Trans>
            </p>
          ) : list.length === 0 ? (
            <p className="staff-muted">
              <Trans>No combo menus yet.</Trans>
            </p>
          ) : (
            <ol className="combo-list">
              {list.map((menu, index) => {
                const name = nameOf(menu);
                const pays = menuBasePrice({ price: menu.price, discount: menu.discount });
                return (
                  <li key={menu.id} className="staff-card combo-item">
                    <div className="combo-item__main">
                      <h2>
                        {name}{' '}
                        {menu.active ? null : (
                          <span className="admin-badge admin-badge--warn">
                            <Trans>Hidden</Trans>
                          </span>
                        )}
                      </h2>
                      <p className="combo-item__price">
                        {menu.discount > 0 ? (
                          <Trans>
                            {money(pays)} <span className="staff-muted">({money(toCents(menu.price))} less {menu.discount} %)</span>
                          </Trans>
                        ) : (
                          money(pays)
                        )}
                      </p>
                      <ul className="combo-item__slots">
                        {menu.slots.map((slot) => (
                          <li key={slot.id}>
                            <strong>{nameOf(slot)}:</strong> {slot.candidates.map((c) => productName(c.productId)).join(', ')}
                          </li>
                        ))}
                      </ul>
                    </div>
                    {mayEdit ? (
                      <div className="combo-actions">
                        <button
                          type="button"
                          className="staff-button staff-button--small"
                          disabled={!online}
                          aria-label={t`Edit ${name}`}
                          onClick={(e) => open(menu, e.currentTarget)}
                        >
                          <Trans>Edit</Trans>
                        </button>
                        <button
                          type="button"
                          className="staff-button staff-button--quiet staff-button--small"
                          disabled={!online}
                          aria-label={menu.active ? t`Hide ${name} from diners` : t`Show ${name} to diners`}
                          onClick={() => void toggle(menu)}
                        >
                          {menu.active ? <Trans>Hide</Trans> : <Trans>Show</Trans>}
                        </button>
                        <button
                          type="button"
                          className="staff-button staff-button--quiet staff-button--small"
                          disabled={!online || index === 0}
                          aria-label={t`Move ${name} up`}
                          onClick={() => void move(index, -1)}
                        >
                          ↑ <Trans>Up</Trans>
                        </button>
                        <button
                          type="button"
                          className="staff-button staff-button--quiet staff-button--small"
                          disabled={!online || index === list.length - 1}
                          aria-label={t`Move ${name} down`}
                          onClick={() => void move(index, 1)}
                        >
                          ↓ <Trans>Down</Trans>
                        </button>
                        <button
                          type="button"
                          className="staff-button staff-button--reject staff-button--small"
                          disabled={!online}
                          aria-label={t`Delete ${name}`}
                          onClick={(e) => askDelete(menu, e.currentTarget)}
                        >
                          <Trans>Delete</Trans>
                        </button>
                      </div>
                    ) : null}
                  </li>
                );
              })}
            </ol>
          )}
        </>
      )}

      {deleting ? (
        <ConfirmDialog
          title={t`Delete “${nameOf(deleting)}”?`}
          confirmLabel={deleting.ordered ? t`Archive` : t`Delete`}
          cancelLabel={t`Keep the menu`}
          danger
          onConfirm={() => void confirmDelete()}
          onCancel={() => {
            setDeleting(null);
            restoreFocus();
          }}
        >
          <p>
            {deleting.ordered ? (
              <Trans>Diners have ordered this menu, so it is archived instead: it leaves the menu and the list here, and past orders keep showing it.</Trans>
            ) : (
              <Trans>Nobody has ordered this menu yet, so it is deleted for good.</Trans>
            )}
          </p>
        </ConfirmDialog>
      ) : null}
    </main>
  );
}
