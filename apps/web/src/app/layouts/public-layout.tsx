import { dashboardPathFor } from '@excelencia/domain';
import { Anchor, Box, Burger, Button, Container, Divider, Drawer, Group, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconLogin2, IconLogout, IconUserPlus } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, Outlet, useLocation } from 'react-router';
import { SubscribeForm } from '../../features/newsletter/subscribe-form.tsx';
import { type SessionState, useSession } from '../../features/session/queries.ts';
import { logout, startLogin } from '../../features/session/session-actions.ts';
import { canEnterSignedIn, publicRedirect } from '../../lib/access.ts';
import { useLanguage, useLocalePath } from '../../lib/language-context.ts';
import { LanguageSelector } from '../../ui/language-selector.tsx';
import { Logo } from '../../ui/logo.tsx';
import classes from './public-layout.module.css';
import { FOOTER_LINKS, PUBLIC_LINKS } from './public-nav.ts';

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
  const [opened, { toggle, close }] = useDisclosure(false);
  const areaPath = useAreaPath(session);
  const logoTarget = localePath(areaPath ?? '/');

  // Close the small-screen menu after a navigation.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on path change only
  useEffect(() => close(), [location.pathname]);

  const links = PUBLIC_LINKS.map((link) => {
    const to = localePath(link.path);
    const active = location.pathname === to || (link.path === '/' && location.pathname === `/${language}`);
    return { ...link, to, active };
  });

  const login = () => startLogin(language, `${location.pathname}${location.search}`);
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
        <Button
          variant="default"
          onClick={login}
          fullWidth={fullWidth}
          leftSection={<IconLogin2 size={18} aria-hidden="true" />}
        >
          {t('shell:nav.login')}
        </Button>
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
              {links.map((link) => (
                <Anchor
                  key={link.path}
                  component={Link}
                  to={link.to}
                  className={classes.link}
                  data-active={link.active || undefined}
                  aria-current={link.active ? 'page' : undefined}
                >
                  {t(link.labelKey)}
                </Anchor>
              ))}
            </Group>
          </Box>
          <Group gap="xs" wrap="nowrap">
            <LanguageSelector />
            <Group gap="xs" wrap="nowrap" visibleFrom="sm">
              {accountButtons(false)}
            </Group>
            <Burger
              opened={opened}
              onClick={toggle}
              hiddenFrom="lg"
              aria-label={opened ? t('shell:nav.closeMenu') : t('shell:nav.openMenu')}
              aria-expanded={opened}
            />
          </Group>
        </Group>
      </Container>
      <Drawer
        opened={opened}
        onClose={close}
        position="right"
        size="xs"
        title={t('common:appName')}
        closeButtonProps={{ 'aria-label': t('shell:nav.closeMenu') }}
        hiddenFrom="lg"
      >
        <Stack gap="xs" component="nav" aria-label={t('shell:nav.publicMenu')}>
          {links.map((link) => (
            <Anchor
              key={link.path}
              component={Link}
              to={link.to}
              className={classes.drawerLink}
              data-active={link.active || undefined}
              aria-current={link.active ? 'page' : undefined}
            >
              {t(link.labelKey)}
            </Anchor>
          ))}
        </Stack>
        <Divider my="md" />
        <Stack gap="xs">{accountButtons(true)}</Stack>
      </Drawer>
    </Box>
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
          <SubscribeForm />
          <Text size="sm" c="gray.3">
            {t('shell:footer.rights', { year: new Date().getFullYear() })}
          </Text>
        </Stack>
      </Container>
    </Box>
  );
}
