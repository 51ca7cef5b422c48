import type { CompanyRole, SessionResponse } from '@excelencia/domain';
import { createContext, useContext } from 'react';

export type AuthenticatedSession = Extract<SessionResponse, { status: 'authenticated' }>;

export interface SignedInState {
  session: AuthenticatedSession;
  /**
   * The company the company user works on (null for others or while none is chosen), with the user's role in it
   * (GET me/companies; absent: treated as the owner's, the server still decides).
   */
  selectedCompany: { id: string; companyName: string; nif: string; role?: CompanyRole } | null;
}

export const SignedInContext = createContext<SignedInState | null>(null);

/** The session of a page inside the signed-in layout (the layout guarantees one). */
export function useSignedIn(): SignedInState {
  const value = useContext(SignedInContext);
  if (!value) throw new Error('useSignedIn is only usable inside the signed-in layout.');
  return value;
}
