import { Trans, useLingui } from '@lingui/react/macro';
import { FONT_NAMES, FONTS, imagePath, parseFontSize, SYSTEM_FONT } from '../../../shared/contract/branding';
import { contrastRatio, DEFAULT_ACCENT_COLOR, DEFAULT_BRAND_COLOR, HEX_COLOR } from '../../../shared/contract/settings-admin';
import { text } from '../../../shared/contract/settings';
import { useSettings } from '../../features/catalog';

/**
 * What the identity group will look like before it is saved: a header with the logo and name in
 * the main colour, a heading in the chosen font and size, a button and a price badge.
 */
export function BrandPreview({ values }: { values: Record<string, unknown> }) {
  const { t } = useLingui();
  const live = useSettings();
  const str = (key: string) => (typeof values[key] === 'string' ? (values[key] as string).trim() : '');
  const brand = HEX_COLOR.test(str('BRAND_COLOR')) ? str('BRAND_COLOR') : DEFAULT_BRAND_COLOR;
  const accent = HEX_COLOR.test(str('ACCENT_COLOR')) ? str('ACCENT_COLOR') : DEFAULT_ACCENT_COLOR;
  const fontName = FONT_NAMES.find((f) => f.toLowerCase() === str('FONT_FAMILY').toLowerCase());
  const fontFamily = fontName ? `'${fontName}', ${FONTS[fontName].fallback}` : SYSTEM_FONT;
  const size = parseFontSize(str('FONT_SIZE')) ?? 16;
  // An empty logo field keeps the current logo (the uploaded picture), which the storefront's settings resolve.
  const logo = imagePath(str('LOGO')) ?? imagePath(text(live, 'LOGO'));
  const title = str('SITE_TITLE') || t`Your restaurant`;
  const readable = contrastRatio(brand, '#ffffff') >= 4.5;
  return (
    <aside className="settings-preview" aria-labelledby="settings-preview-title">
      <h3 id="settings-preview-title">
        <Trans>Preview</Trans>
      </h3>
      <div className="settings-preview__frame" data-testid="brand-preview" style={{ fontFamily, fontSize: `${size}px` }}>
        <div className="settings-preview__header" style={{ background: brand }}>
          {logo ? <img src={logo} alt="" className="settings-preview__logo" /> : null}
          <span className="settings-preview__name">{title}</span>
        </div>
        <div className="settings-preview__body">
          <p className="settings-preview__heading">
            <Trans>Today's specials</Trans>
          </p>
          <p className="settings-preview__dish">
            <span>
              <Trans>Pizza Margherita</Trans>
            </span>
            <span className="settings-preview__price" style={{ background: accent }}>
              9,50 €
            </span>
          </p>
          <span className="settings-preview__button" data-testid="preview-button" style={{ background: brand }}>
            <Trans>Add to cart</Trans>
          </span>
        </div>
      </div>
      <p className={readable ? 'settings-field__hint' : 'settings-warning'} role="status">
        {readable ? <Trans>White text is easy to read on this main colour.</Trans> : <Trans>White text is hard to read on this main colour: please choose a darker shade.</Trans>}
      </p>
    </aside>
  );
}
