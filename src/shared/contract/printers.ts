/** Kitchen ticket printers (issue 17, decision 052): what staff add, and each printer's state. */
import * as yup from 'yup';
import { trimmedString } from './params';
import { V } from './validation';

export const PRINTER_STATIONS = ['kitchen', 'bar'] as const;
export type PrinterStation = (typeof PRINTER_STATIONS)[number];

/** A printer that has not polled for this long raises the board's alert (CloudPRNT polls every few seconds). */
export const PRINTER_SILENT_SECONDS = 60;
export const MAX_PRINTER_NAME = 60;

export const printerCreateSchema = yup
  .object({
    name: trimmedString().typeError(V.required).strict(false).max(MAX_PRINTER_NAME, V.tooLong).required(V.required),
    station: yup.string().strict().typeError(V.choice).oneOf(PRINTER_STATIONS, V.choice).required(V.required),
  })
  .noUnknown(true, V.choice);

export type PrinterInput = { name: string; station: PrinterStation };

export interface PrinterAdmin {
  id: number;
  name: string;
  station: PrinterStation;
  mac: string | null;
  lastPollAt: string | null;
  lastStatus: string | null;
  /** Tickets of its station not yet confirmed by any printer. */
  waiting: number;
  silent: boolean;
}
