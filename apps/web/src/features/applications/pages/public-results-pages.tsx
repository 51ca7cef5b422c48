/** Being built: replaced by the applications area's screens. */
export function DistinguishedPage() {
  return null;
}
export function SealVerificationPage() {
  return null;
}
