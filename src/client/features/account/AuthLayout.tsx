import type { ReactNode } from 'react';
import { text, type SettingKey } from '../../../shared/contract/settings';
import { useSettings } from '../catalog';

/** The sign-in screens: the operator's picture beside a calm card (spec §1: login/register/forgot-password images). */
export function AuthLayout({ image, title, children }: { image: SettingKey; title: string; children: ReactNode }) {
  const picture = text(useSettings(), image);
  return (
    <section className="container auth">
      {picture ? <img className="auth__image" src={picture} alt="" /> : null}
      <div className="card auth__card">
        <h1>{title}</h1>
        {children}
      </div>
    </section>
  );
}
