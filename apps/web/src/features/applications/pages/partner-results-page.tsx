/** Being built: replaced by the applications area's screens. */
export function PartnerResultsPage() {
  return null;
}
