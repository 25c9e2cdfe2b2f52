/** An inline text link on the dark pages (status panels, the order summary): bold, ember, underlined. */
export const TEXT_LINK = "font-bold text-ember-300 underline underline-offset-4";
