import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { WEEKDAYS, type Weekday } from '../../shared/contract/catalog';
import { text } from '../../shared/contract/settings';
import { catalogQueries, useSettings } from '../features/catalog';
import { ContactForm, loadContactMessages } from '../features/contact';
import { SocialLinks } from '../features/layout';
import { telHref } from '../lib/tel';


const DAY_NAMES: Record<Weekday, MessageDescriptor> = {
  monday: msg`Monday`,
  tuesday: msg`Tuesday`,
  wednesday: msg`Wednesday`,
  thursday: msg`Thursday`,
  friday: msg`Friday`,
  saturday: msg`Saturday`,
  sunday: msg`Sunday`,
};

function Contact() {
  const { t, i18n } = useLingui();
  const settings = useSettings();
  const hours = useQuery(catalogQueries.workingHours()).data;
  const mapUrl = text(settings, 'MAP_URL');
  const phone = text(settings, 'PHONE');
  const email = text(settings, 'CONTACT_EMAIL');
  return (
    <div className="container contact">
      <nav aria-label={t`Breadcrumb`} className="breadcrumb">
        <h1>
          <Trans>Contact Us</Trans>
        </h1>
      </nav>
      <div className="contact__grid">
        <section className="card" aria-labelledby="contact-details">
          <h2 id="contact-details">{text(settings, 'SITE_TITLE')}</h2>
          <address>
            <p>{text(settings, 'ADDRESS')}</p>
            {phone ? (
              <p>
                <Trans>Phone</Trans>: <a href={telHref(phone)} dir="ltr">
                  {phone}
                </a>
              </p>
            ) : null}
            {email ? (
              <p>
                <Trans>E-mail</Trans>: <a href={`mailto:${email}`} dir="ltr">
                  {email}
                </a>
              </p>
            ) : null}
          </address>
          <SocialLinks settings={settings} />
        </section>
        <section className="card" id="working-hours" aria-labelledby="hours-title">
          <h2 id="hours-title">
            <Trans>Working Hours</Trans>
          </h2>
          {hours ? (
            <>
              <p className={hours.meta.isOpenNow ? 'open-now' : 'closed-now'}>
                {hours.meta.isOpenNow ? <Trans>Open now</Trans> : <Trans>Closed now</Trans>}
              </p>
              <table className="hours">
                <tbody>
                  {WEEKDAYS.map((day) => (
                    <tr key={day}>
                      <th scope="row">{i18n._(DAY_NAMES[day])}</th>
                      <td>
                        {hours.data[day].length ? (
                          hours.data[day].map((r) => <span key={r.start} className="hours__range">{`${r.start}–${r.end}`}</span>)
                        ) : (
                          <span className="muted">{t`Closed`}</span>
                        )}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </>
          ) : (
            <p className="muted">{t`Loading…`}</p>
          )}
        </section>
      </div>
      <ContactForm />
      {mapUrl ? (
        <iframe className="contact__map" title={t`Map`} src={mapUrl} loading="lazy" referrerPolicy="no-referrer" />
      ) : null}
    </div>
  );
}

export const Route = createFileRoute('/contact')({ component: Contact, loader: loadContactMessages });
