import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import type { CSSProperties } from 'react';
import { text, whatsappNumber, type SettingKey, type SettingsMap } from '../../../shared/contract/settings';

interface Network {
  key: SettingKey;
  label: MessageDescriptor;
  /** The brand mark in public/media/social (Simple Icons, CC0), drawn in the link's colour by a CSS mask. */
  icon: string;
}

const NETWORKS: Network[] = [
  { key: 'FACEBOOK', label: msg`Facebook`, icon: 'facebook' },
  { key: 'INSTAGRAM', label: msg`Instagram`, icon: 'instagram' },
  { key: 'PINTEREST', label: msg`Pinterest`, icon: 'pinterest' },
  { key: 'LINKEDIN', label: msg`LinkedIn`, icon: 'linkedin' },
  { key: 'WHATSAPP', label: msg`WhatsApp`, icon: 'whatsapp' },
  { key: 'TWITTER', label: msg`X (Twitter)`, icon: 'x' },
  { key: 'TRIPADVISOR', label: msg`Tripadvisor`, icon: 'tripadvisor' },
  { key: 'TIKTOK', label: msg`TikTok`, icon: 'tiktok' },
];

function hrefOf(key: SettingKey, value: string): string {
  // WhatsApp wants the number with 00 instead of + (spec §2).
  if (key === 'WHATSAPP' && !/^https?:/.test(value)) return `https://wa.me/${whatsappNumber(value)}`;
  return value;
}

/** Social links that are set; `only` narrows to the networks a place shows (the top bar has no TikTok). */
export function SocialLinks({ settings, only, className }: { settings: SettingsMap; only?: SettingKey[]; className?: string }) {
  const { i18n } = useLingui();
  const links = NETWORKS.filter((n) => (!only || only.includes(n.key)) && text(settings, n.key));
  if (links.length === 0) return null;
  return (
    <ul className={`social-links ${className ?? ''}`}>
      {links.map((n) => (
        <li key={n.key}>
          <a href={hrefOf(n.key, text(settings, n.key))} target="_blank" rel="noopener noreferrer" aria-label={i18n._(n.label)} data-network={n.key.toLowerCase()}>
            {/* A file, not inline SVG: eight brand marks would cost the first visit's JavaScript budget. */}
            <span className="social-links__icon" aria-hidden="true" style={{ '--icon': `url(/media/social/${n.icon}.svg)` } as CSSProperties} />
          </a>
        </li>
      ))}
    </ul>
  );
}

export const FOOTER_NETWORKS: SettingKey[] = ['FACEBOOK', 'INSTAGRAM', 'PINTEREST', 'WHATSAPP', 'TWITTER', 'TRIPADVISOR', 'TIKTOK'];
export const TOPBAR_NETWORKS: SettingKey[] = ['FACEBOOK', 'INSTAGRAM', 'PINTEREST', 'LINKEDIN', 'WHATSAPP', 'TWITTER'];
