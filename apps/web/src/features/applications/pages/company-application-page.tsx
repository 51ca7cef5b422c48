/** Being built: replaced by the applications area's screens. */
export function CompanyApplicationPage() {
  return null;
}
