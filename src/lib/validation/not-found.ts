// The answers for a record that is not there, or not the caller's to see (the same words for both,
// so an id reveals nothing). One wording each, for every route, form and screen.

export const CUSTOMER_NOT_FOUND = "Customer not found";
export const PAYMENT_NOT_FOUND = "Payment not found";
