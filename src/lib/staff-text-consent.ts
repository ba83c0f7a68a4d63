/**
 * What staff record when a customer answers about texts on the phone. Consent keeps the words read
 * to the customer (TEXT_CONSENT_WORDS); a withdrawal keeps this sentence.
 */
export const STAFF_TEXT_WITHDRAWAL_WORDS = "The customer asked on the phone to get no more texts.";
