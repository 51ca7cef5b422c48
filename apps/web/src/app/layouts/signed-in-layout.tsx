import { dashboardPathFor, hasRole } from '@excelencia/domain';
import { AppShell, Box, Burger, Button, Group } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { IconLogout, IconUserCircle } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, Outlet, useLocation } from 'react-router';
import { useSelectedCompany } from '../../features/companies/my-companies.ts';
import { SessionEndingSoon } from '../../features/session/components/session-ending-soon.tsx';
import { type AuthenticatedSession, useSession } from '../../features/session/queries.ts';
import { logout } from '../../features/session/session-actions.ts';
import { useLanguageChoice } from '../../features/session/use-language-choice.ts';
import { areaOfPath, showsProfileButton, signedInRedirect } from '../../lib/access.ts';
import { useLanguage, useLocalePath } from '../../lib/language-context.ts';
import { SignedInContext } from '../../lib/signed-in-context.ts';
import { DeferredLanguageSelector } from '../../ui/language-selector-button.tsx';
import { LoadingScreen } from '../../ui/loading-screen.tsx';
import { Logo } from '../../ui/logo.tsx';
import { DeferredCompanySelector } from './deferred-company-selector.tsx';
import { PageHeading } from './page-heading.tsx';
import { SideMenu } from './side-menu.tsx';
import { UserBadge } from './user-badge.tsx';

/**
 * /:lang/admin|company|partner|users/*: loading screen while the session loads, home without a
 * session (or without uma_authorization), the user's own dashboard on another role's pages.
 */
export function SignedInLayout() {
  const session = useSession();
  const language = useLanguage();
  const localePath = useLocalePath();
  const location = useLocation();
  if (session.status === 'loading') return <LoadingScreen />;
  if (session.status === 'error') return <LoadingScreen failed />;
  if (session.status === 'unauthenticated') return <Navigate replace to={localePath('/')} />;
  const path = location.pathname.slice(language.length + 1);
  const area = areaOfPath(path);
  const target = area ? signedInRedirect(session.session.roles, area) : '/';
  if (target) return <Navigate replace to={localePath(target)} />;
  return <SignedInShell session={session.session} />;
}

function SignedInShell({ session }: { session: AuthenticatedSession }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const localePath = useLocalePath();
  const location = useLocation();
  const queryClient = useQueryClient();
  const chooseLanguage = useLanguageChoice();
  const [navOpened, { toggle, close }] = useDisclosure(false);
  const roles = session.roles;
  const isCompanyUser = hasRole(roles, 'company');
  const { companies, selected, isLoading } = useSelectedCompany(isCompanyUser);
  const context = useMemo(() => ({ session, selectedCompany: selected }), [session, selected]);
  const dashboard = localePath(dashboardPathFor(roles));

  // biome-ignore lint/correctness/useExhaustiveDependencies: closes the small-screen menu on navigation
  useEffect(() => close(), [location.pathname]);

  const companySelector = isCompanyUser ? (
    <DeferredCompanySelector companies={companies} selectedId={selected?.id ?? null} loading={isLoading} />
  ) : null;
  const profileLabel = t('shell:nav.profile');
  const signOutLabel = t('shell:nav.signOut');

  return (
    <SignedInContext value={context}>
      <AppShell
        header={{ height: 64 }}
        navbar={{ width: 290, breakpoint: 'lg', collapsed: { mobile: !navOpened } }}
        padding="lg"
      >
        <AppShell.Header>
          <Group h="100%" px="md" justify="space-between" wrap="nowrap" gap="xs">
            <Group gap="xs" wrap="nowrap">
              <Burger
                opened={navOpened}
                onClick={toggle}
                hiddenFrom="lg"
                size="sm"
                aria-label={navOpened ? t('shell:nav.closeMenu') : t('shell:nav.openMenu')}
                aria-expanded={navOpened}
                aria-controls="side-menu"
              />
              <Logo to={dashboard} />
            </Group>
            <Group gap="xs" wrap="nowrap" justify="flex-end" style={{ minWidth: 0 }}>
              <DeferredLanguageSelector onChoose={chooseLanguage} />
              {companySelector ? (
                <OnScreen small={false}>
                  {/* Hidden by the styles too below `sm`: a page the server rendered is drawn as wide. */}
                  <Box visibleFrom="sm">{companySelector}</Box>
                </OnScreen>
              ) : null}
              <Group
                gap="xs"
                wrap="nowrap"
                data-testid="user-menu"
                role="group"
                aria-label={t('shell:topBar.userArea')}
              >
                {showsProfileButton(roles, selected !== null) ? (
                  <Button
                    component={Link}
                    to={localePath('/users/profile')}
                    variant="subtle"
                    px="xs"
                    aria-label={profileLabel}
                    leftSection={<IconUserCircle size={20} aria-hidden="true" />}
                    styles={{ section: { marginInlineEnd: 0 } }}
                  >
                    <Box component="span" visibleFrom="md">
                      {profileLabel}
                    </Box>
                  </Button>
                ) : null}
                <UserBadge session={session} />
                <Button
                  variant="default"
                  px="xs"
                  aria-label={signOutLabel}
                  onClick={() => void logout(queryClient, language)}
                  leftSection={<IconLogout size={20} aria-hidden="true" />}
                  styles={{ section: { marginInlineEnd: 0 } }}
                >
                  <Box component="span" visibleFrom="md">
                    {signOutLabel}
                  </Box>
                </Button>
              </Group>
            </Group>
          </Group>
        </AppShell.Header>
        <AppShell.Navbar id="side-menu" aria-label={t('shell:nav.mainMenu')} data-testid="side-menu">
          {/* The browser's own scrolling: the menu needs no scroll-area code to show. */}
          <Box p="sm" h="100%" style={{ overflowY: 'auto', overscrollBehavior: 'contain' }}>
            {companySelector ? (
              <OnScreen small>
                <Box mb="md">{companySelector}</Box>
              </OnScreen>
            ) : null}
            <SideMenu roles={roles} companySelected={selected !== null} />
          </Box>
        </AppShell.Navbar>
        <AppShell.Main id="main">
          <PageHeading />
          <Outlet />
        </AppShell.Main>
        <SessionEndingSoon session={session} />
      </AppShell>
    </SignedInContext>
  );
}

/**
 * Its children on a small screen only (`small`), or on a wider one only. Below `sm` the top bar has no room for
 * the company selector: it moves to the top of the side menu. The first render is as wide, on the server and in
 * the browser, and the screen's answer follows in an effect: after a page the server rendered is hydrated on a
 * phone, only this part is drawn again, and not in the same task as the hydration (docs/adr/0038).
 */
function OnScreen({ small, children }: { small: boolean; children: ReactNode }) {
  return useMediaQuery('(max-width: 47.99em)', false) === small ? children : null;
}
