import { Trans } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { staffMay, type StaffMember } from '../../shared/contract/staff';
import { staffCall } from './api';
import { TableAdminPanel } from './tables/TableAdmin';

interface TableSheetRow {
  code: string;
  name: string;
  seats: number;
  link: string;
  qr: string;
}

/** An A4 sheet of every table's QR code, ready to print and cut; owners and managers also manage the tables here. */
export default function TablesScreen({ me }: { me: StaffMember }) {
  const tables = useQuery({ queryKey: ['staff', 'tables'], queryFn: () => staffCall<TableSheetRow[]>('GET', '/tables') });
  return (
    <main className="staff-page staff-qr-page">
      <div className="staff-noprint">
        <h1>
          <Trans>Table QR codes</Trans>
        </h1>
        <p>
          <Trans>Print on A4, cut along the lines, and put each card on its table. Guests scan it to order at that table.</Trans>
        </p>
        <button type="button" className="staff-button staff-button--primary" onClick={() => window.print()}>
          <Trans>Print</Trans>
        </button>
      </div>
      {staffMay(me.role, 'edit') ? <TableAdminPanel /> : null}
      <div className="staff-qr-sheet">
        {(tables.data ?? []).map((table) => (
          <figure key={table.code} className="staff-qr-card">
            <img src={table.qr} alt="" width={180} height={180} />
            <figcaption>
              <strong>{table.name}</strong>
              <span>
                <Trans>Scan to order</Trans>
              </span>
              <small>{table.code}</small>
            </figcaption>
          </figure>
        ))}
      </div>
    </main>
  );
}
