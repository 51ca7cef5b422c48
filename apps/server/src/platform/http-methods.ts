/** The methods that change something: they need the CSRF token (auth/guard.ts), and an admin's forget the kept public answers. */
export const UNSAFE_METHODS: ReadonlySet<string> = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
