/** Being built: replaced by the applications area's screens. */
export function AdminEditionsPage() {
  return null;
}
export function AdminApplicationsPage() {
  return null;
}
export function AdminResultsPage() {
  return null;
}
