/** A green dark enough for small text on white and for white text on it (about 6.6:1); green.9 stays under 4.5:1. */
export const SUCCESS_GREEN = '#1e6b30';
