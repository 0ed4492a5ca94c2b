import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { STAFF_ROLES, type StaffMember, type StaffRole } from '../../shared/contract/staff';
import { ApiError } from '../lib/api';
import { staffCall } from './api';
import { useRoleName } from './role-name';
import './team.css';

/** The owner adds staff with a role, changes roles and turns accounts off (which signs them out everywhere). */
export default function TeamScreen({ me }: { me: StaffMember }) {
  const { t } = useLingui();
  const roleName = useRoleName();
  const queryClient = useQueryClient();
  const team = useQuery({ queryKey: ['staff', 'team'], queryFn: () => staffCall<StaffMember[]>('GET', '/team') });
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [message, setMessage] = useState<string | null>(null);
  const add = useMutation({
    mutationFn: (body: Record<string, FormDataEntryValue | null>) => staffCall<StaffMember>('POST', '/team', body),
    onSuccess: (member) => {
      setErrors({});
      setMessage(t`${member.name} can sign in now.`);
      void queryClient.invalidateQueries({ queryKey: ['staff', 'team'] });
    },
    onError: (err) => setErrors(err instanceof ApiError ? err.fields : { form: [t`No connection. Try again.`] }),
  });
  const update = useMutation({
    mutationFn: ({ id, body }: { id: number; body: Partial<Pick<StaffMember, 'role' | 'active'>> }) => staffCall<StaffMember>('PATCH', `/team/${id}`, body),
    onError: (err) => setMessage(err instanceof ApiError ? (Object.values(err.fields)[0]?.[0] ?? err.message) : t`No connection. Try again.`),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: ['staff', 'team'] }),
  });
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    add.mutate(Object.fromEntries(['name', 'email', 'role', 'password'].map((k) => [k, form.get(k)])), {
      onSuccess: () => (e.target as HTMLFormElement).reset(),
    });
  };
  const fieldError = (name: string) =>
    errors[name]?.[0] ? (
      <span className="staff-error" id={`err-${name}`}>
        {errors[name]?.[0]}
      </span>
    ) : null;

  return (
    <main className="staff-page">
      <h1>
        <Trans>Team</Trans>
      </h1>
      {message ? (
        <p role="status" className="staff-note">
          {message}
        </p>
      ) : null}
      <section className="staff-card" aria-labelledby="team-list">
        <h2 id="team-list">
          <Trans>Accounts</Trans>
        </h2>
        <table className="staff-table team-table">
          <thead>
            <tr>
              <th>
                <Trans>Name</Trans>
              </th>
              <th>
                <Trans>E-mail</Trans>
              </th>
              <th>
                <Trans>Role</Trans>
              </th>
              <th>
                <Trans>Status</Trans>
              </th>
            </tr>
          </thead>
          <tbody>
            {(team.data ?? []).map((m) => (
              <tr key={m.id}>
                <td data-label={t`Name`}>{m.name}</td>
                <td data-label={t`E-mail`} className="team-table__email">{m.email}</td>
                <td data-label={t`Role`}>
                  <select aria-label={t`Role of ${m.name}`} value={m.role} onChange={(e) => update.mutate({ id: m.id, body: { role: e.target.value as StaffRole } })}>
                    {STAFF_ROLES.map((r) => (
                      <option key={r} value={r}>
                        {roleName(r)}
                      </option>
                    ))}
                  </select>
                </td>
                <td data-label={t`Status`}>
                  <button type="button" className="staff-button staff-button--small staff-button--quiet" disabled={m.id === me.id} onClick={() => update.mutate({ id: m.id, body: { active: !m.active } })}>
                    {m.active ? t`Active · turn off` : t`Off · turn on`}
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
      <form className="staff-card staff-form team-add" onSubmit={submit} aria-labelledby="team-add" noValidate>
        <h2 id="team-add">
          <Trans>Add a person</Trans>
        </h2>
        <label>
          <Trans>Name</Trans>
          <input name="name" required maxLength={80} aria-describedby={errors.name ? 'err-name' : undefined} />
          {fieldError('name')}
        </label>
        <label>
          <Trans>E-mail</Trans>
          <input name="email" type="email" required aria-describedby={errors.email ? 'err-email' : undefined} />
          {fieldError('email')}
        </label>
        <label>
          <Trans>Role</Trans>
          <select name="role" defaultValue="service">
            {STAFF_ROLES.map((r) => (
              <option key={r} value={r}>
                {r === 'owner' ? t`Owner: everything, also the team` : r === 'manager' ? t`Manager: service, pause and busy mode` : t`Service: the board and sold-out dishes`}
              </option>
            ))}
          </select>
          {fieldError('role')}
        </label>
        <label>
          <Trans>First password (at least 8 characters)</Trans>
          <input name="password" type="password" required minLength={8} autoComplete="new-password" aria-describedby={errors.password ? 'err-password' : undefined} />
          {fieldError('password')}
        </label>
        {fieldError('form')}
        <button type="submit" className="staff-button staff-button--primary" disabled={add.isPending}>
          <Trans>Add</Trans>
        </button>
      </form>
    </main>
  );
}
