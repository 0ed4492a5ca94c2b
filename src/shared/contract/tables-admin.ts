/** The back office's tables (issue 14): add, rename, switch off, and issue a new code. */
import * as yup from 'yup';
import { trimmedString } from './params';
import { V } from './validation';

export const MAX_TABLE_NAME = 40;
export const MAX_SEATS = 99;

const name = () => trimmedString().typeError(V.required).strict(false).max(MAX_TABLE_NAME, V.tooLong).required(V.required);
const seats = () => yup.number().strict().typeError(V.number).integer(V.number).min(1, V.number).max(MAX_SEATS, V.number);

export const tableCreateSchema = yup.object({ name: name(), seats: seats().required(V.required) }).noUnknown(true, V.choice);

export const tableUpdateSchema = yup
  .object({
    name: name().optional(),
    seats: seats().optional(),
    active: yup.boolean().strict().typeError(V.choice).optional(),
  })
  .noUnknown(true, V.choice);

export type TableCreate = yup.InferType<typeof tableCreateSchema>;
export type TableUpdate = yup.InferType<typeof tableUpdateSchema>;

/** A table as the back office sees it, switched off ones included. */
export interface TableAdmin {
  id: number;
  code: string;
  name: string;
  seats: number;
  active: boolean;
}
