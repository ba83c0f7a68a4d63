/** How many unpaid visits the Owed panel lists; the total and the count cover every one. */
export const OWED_SHOWN = 20;

/** The cards.owed input of the Owed panel, shared by the server's prefetch and the panel. */
export const owedPanelInput = { limit: OWED_SHOWN };
