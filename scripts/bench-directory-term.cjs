/**
 * autocannon's setupRequest for the directory bench (scripts/bench-load.ts); a file, as autocannon's worker thread
 * needs one. Each request searches a name word and a number not asked before in the run, which match a few of
 * the bench's companies ('Praia Pesca 12022' for 'pesca 1202'), from its own forwarded address (the public
 * routes are rate-limited per address).
 */
const WORDS = ['pesca', 'comercio', 'turismo', 'praia', 'mindelo', 'servicos'];
let sent = 0;

module.exports = function setupRequest(request) {
  sent += 1;
  // WORDS.length and 99 991 (prime) have no common factor: no term repeats before 599 946 requests.
  const term = `${WORDS[sent % WORDS.length]} ${1 + ((sent * 7919) % 99_991)}`;
  return {
    ...request,
    path: `/app/api/v1/public/companies?search=${encodeURIComponent(term)}&pageSize=20`,
    headers: { ...request.headers, 'x-forwarded-for': `10.6.${(sent >> 8) & 255}.${sent & 255}` },
  };
};
