import type { CompanyCapability } from '@excelencia/domain';
import { Alert } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { useTranslate } from '../../../ui/use-translate.ts';
import { useCompanyCan, useCompanyRole } from '../use-company-role.ts';

const NOTES = {
  prepare: 'teamsWeb:role.readOnly',
  own: 'teamsWeb:role.ownerOnly',
  submit: 'teamsWeb:role.submitOwnerOnly',
} as const;

/**
 * Why a company page's controls are gone: "Your role: Viewer — read only." Shown only when the user's role in the
 * selected company lacks `need` ('submit': the application's submission, an owner's).
 */
export function RoleNote({ need }: { need: 'prepare' | 'own' | 'submit' }) {
  const t = useTranslate();
  const role = useCompanyRole();
  const capability: CompanyCapability = need === 'submit' ? 'own' : need;
  const allowed = useCompanyCan(capability);
  if (allowed || role === null) return null;
  // A viewer reads only, whatever the page would need.
  const key = role === 'viewer' ? NOTES.prepare : NOTES[need];
  return (
    <Alert
      variant="light"
      color="gray.9"
      icon={<IconLock size={18} aria-hidden="true" />}
      data-testid="role-note"
      py="xs"
    >
      {t(key, { role: t(`teams:roles.${role}`) })}
    </Alert>
  );
}
