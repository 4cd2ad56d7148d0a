import { ApiError } from './api';
import { clientTexts } from './client-texts';

export interface FormErrors {
  /** Messages to show beside the field the API named in `param`. */
  fields: Record<string, string>;
  /** A message for the whole form (no field, or a field the form does not show). */
  form?: string;
}

export const NO_ERRORS: FormErrors = { fields: {} };

/** Splits a failure into a message beside its field, or one for the whole form. */
export function toFormErrors(error: unknown, fields: readonly string[]): FormErrors {
  if (!(error instanceof ApiError)) {
    return { fields: {}, form: clientTexts().unknown };
  }
  if (error.param && fields.includes(error.param)) {
    return { fields: { [error.param]: error.fieldMessage } };
  }
  return { fields: {}, form: error.message };
}
