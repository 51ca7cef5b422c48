import { dashboardPathFor } from '@excelencia/domain';
import { Anchor, Box, Button, Container, Divider, Group, Stack, Text } from '@mantine/core';
import { IconLogin2, IconLogout, IconMenu2, IconUserPlus, IconX } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, Outlet, useLocation } from 'react-router';
import { SubscribeFormIsland } from '../../features/newsletter/components/subscribe-form.tsx';
import { clearBrowserStorage } from '../../features/session/browser-storage.ts';
import { type SessionState, useSession } from '../../features/session/queries.ts';
import { LOGIN_PATH, loginQuery, logout } from '../../features/session/session-actions.ts';
import { useLanguageChoice } from '../../features/session/use-language-choice.ts';
import { canEnterSignedIn, publicRedirect } from '../../lib/access.ts';
import { useLanguage, useLocalePath } from '../../lib/language-context.ts';
import { FOOTER_LINKS, PUBLIC_LINKS } from '../../lib/public-nav.ts';
import { LanguageLinks } from '../../ui/language-links.tsx';
import { Logo } from '../../ui/logo.tsx';
import classes from './public-layout.module.css';

/** The public site: header (links, language, Login/Register or the user's area), content, footer. */
export function PublicLayout() {
  const session = useSession();
  const localePath = useLocalePath();
  if (session.status === 'authenticated') {
    const target = publicRedirect(session.session.roles);
    if (target) return <Navigate replace to={localePath(target)} />;
  }
  return (
    <Box className={classes.page}>
      <PublicHeader session={session} />
      <Box component="main" id="main" className={classes.main}>
        <Container size="lg" py="xl">
          <Outlet />
        </Container>
      </Box>
      <PublicFooter />
    </Box>
  );
}

function useAreaPath(session: SessionState): string | null {
  if (session.status !== 'authenticated' || !canEnterSignedIn(session.session.roles)) return null;
  const dashboard = dashboardPathFor(session.session.roles);
  return dashboard === '/' ? null : dashboard;
}

function PublicHeader({ session }: { session: SessionState }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const localePath = useLocalePath();
  const location = useLocation();
  const queryClient = useQueryClient();
  const chooseLanguage = useLanguageChoice();
  const menu = useRef<HTMLDetailsElement>(null);
  const areaPath = useAreaPath(session);
  const logoTarget = localePath(areaPath ?? '/');

  // Close the small-screen menu after a navigation inside the app (a page the server rendered reloads).
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on path change only
  useEffect(() => {
    if (menu.current) menu.current.open = false;
  }, [location.pathname]);

  const links = PUBLIC_LINKS.map((link) => {
    const to = localePath(link.path);
    const active = location.pathname === to || (link.path === '/' && location.pathname === `/${language}`);
    return { ...link, to, active };
  });

  const navLink = (link: (typeof links)[number], className: string | undefined) => (
    <Anchor
      key={link.path}
      component={Link}
      to={link.to}
      className={className}
      data-active={link.active || undefined}
      aria-current={link.active ? 'page' : undefined}
    >
      {t(link.labelKey)}
    </Anchor>
  );

  const accountButtons = (fullWidth: boolean) =>
    areaPath ? (
      <Button component={Link} to={localePath(areaPath)} fullWidth={fullWidth}>
        {t('shell:nav.myArea')}
      </Button>
    ) : session.status === 'authenticated' ? (
      <Button
        variant="default"
        onClick={() => void logout(queryClient, language)}
        fullWidth={fullWidth}
        leftSection={<IconLogout size={18} aria-hidden="true" />}
      >
        {t('shell:nav.signOut')}
      </Button>
    ) : (
      <>
        <LoginButton callbackPath={`${location.pathname}${location.search}`} fullWidth={fullWidth} />
        <Button
          component={Link}
          to={localePath('/register')}
          fullWidth={fullWidth}
          leftSection={<IconUserPlus size={18} aria-hidden="true" />}
        >
          {t('shell:nav.register')}
        </Button>
      </>
    );

  return (
    <Box component="header" className={classes.header}>
      <Container size="xl" h="100%">
        <Group h="100%" justify="space-between" wrap="nowrap" gap="sm">
          <Logo to={logoTarget} />
          <Box component="nav" aria-label={t('shell:nav.publicMenu')} visibleFrom="lg">
            <Group gap={4} wrap="nowrap">
              {links.map((link) => navLink(link, classes.link))}
            </Group>
          </Box>
          <Group gap="xs" wrap="nowrap">
            <LanguageLinks onChoose={chooseLanguage} />
            <Group gap="xs" wrap="nowrap" visibleFrom="sm">
              {accountButtons(false)}
            </Group>
            {/* The small-screen menu is a disclosure: it opens and closes without JavaScript. */}
            <Box
              component="details"
              ref={menu}
              hiddenFrom="lg"
              className={classes.menu}
              data-testid="public-menu"
            >
              <summary className={classes.menuToggle} aria-label={t('shell:nav.openMenu')}>
                <IconMenu2 size={22} aria-hidden="true" className={classes.menuOpenIcon} />
                <IconX size={22} aria-hidden="true" className={classes.menuCloseIcon} />
              </summary>
              <div className={classes.menuPanel}>
                <Stack gap="xs" component="nav" aria-label={t('shell:nav.publicMenu')}>
                  {links.map((link) => navLink(link, classes.drawerLink))}
                </Stack>
                <Divider my="md" />
                <Stack gap="xs">{accountButtons(true)}</Stack>
              </div>
            </Box>
          </Group>
        </Group>
      </Container>
    </Box>
  );
}

/**
 * Login as a form (GET /auth/login with the page to come back to and the language): it signs in from a page
 * no script runs on; where the app runs, it clears the browser's storage first, as login does (docs/adr/0004).
 */
function LoginButton({ callbackPath, fullWidth }: { callbackPath: string; fullWidth: boolean }) {
  const { t } = useTranslation();
  const language = useLanguage();
  return (
    <form
      method="get"
      action={LOGIN_PATH}
      onSubmit={() => clearBrowserStorage(language)}
      style={fullWidth ? { width: '100%' } : undefined}
    >
      {Object.entries(loginQuery(language, callbackPath)).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <Button
        type="submit"
        variant="default"
        fullWidth={fullWidth}
        leftSection={<IconLogin2 size={18} aria-hidden="true" />}
      >
        {t('shell:nav.login')}
      </Button>
    </form>
  );
}

function PublicFooter() {
  const { t } = useTranslation();
  const localePath = useLocalePath();
  return (
    <Box component="footer" className={classes.footer}>
      <Container size="xl" py="lg">
        <Stack gap="sm">
          <Group justify="space-between" align="flex-start" gap="md">
            <Text fw={600}>{t('shell:footer.tagline')}</Text>
            <Group component="nav" aria-label={t('shell:footer.navigation')} gap="md">
              {[...PUBLIC_LINKS, ...FOOTER_LINKS].map((link) => (
                <Anchor key={link.path} component={Link} to={localePath(link.path)} c="gray.0" size="sm">
                  {t(link.labelKey)}
                </Anchor>
              ))}
            </Group>
          </Group>
          <SubscribeFormIsland />
          <Text size="sm" c="gray.3">
            {t('shell:footer.rights', { year: new Date().getFullYear() })}
          </Text>
        </Stack>
      </Container>
    </Box>
  );
}
