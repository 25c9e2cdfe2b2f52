/**
 * Beside every figure sandbox sample data feeds (decision 091): a rating or count sample reviews are
 * counted in, the emulated store's subscription price and saving (decision 137).
 */
export const sampleDataLabel = "(sample data)";
