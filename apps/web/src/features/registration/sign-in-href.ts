/** The sign-in address of the portal, coming back to the company dashboard in the given language. */
export function signInHref(language: string, callbackPath = `/${language}/company/dashboard`): string {
  const query = new URLSearchParams({ callbackUrl: callbackPath, lang: language });
  return `/auth/login?${query.toString()}`;
}
