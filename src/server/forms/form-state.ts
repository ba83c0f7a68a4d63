/**
 * What a form's server action answers, rendered by the page that holds the form: with JavaScript
 * off the browser posts the form and the server renders the page again with this state, so the
 * errors and the typed values (never passwords) come back in the HTML.
 */
export interface FormState {
  /** The form-level failure, such as a refused sign-in, in the same words as the JavaScript toast. */
  error?: string;
  /** Each field's first problem, by field name. */
  fieldErrors?: Record<string, string>;
  /** What was typed, passwords left out, to fill the fields in again. */
  values?: Record<string, string>;
  /** A success that stays on the page (a sent message, a link sent by email). */
  notice?: string;
}

export const EMPTY_FORM_STATE: FormState = {};
