import { Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

function LogoMark({ size }: { size: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 64 64" aria-hidden="true" focusable="false">
      <rect width="64" height="64" rx="14" fill="#0032ad" />
      <path d="M32 10l5.6 11.9 13 1.6-9.6 9 2.5 12.9L32 39l-11.5 6.4 2.5-12.9-9.6-9 13-1.6z" fill="#f7d116" />
      <rect x="14" y="50" width="36" height="4" rx="2" fill="#ffffff" />
      <rect x="14" y="56" width="36" height="2" rx="1" fill="#cf2027" />
    </svg>
  );
}

/** The logo as a link (to the role's dashboard when signed in, else home); the name shows from `sm` up. */
export function Logo({ to }: { to: string }) {
  const { t } = useTranslation();
  return (
    <Link to={to} aria-label={t('shell:logoAlt')} style={{ textDecoration: 'none', color: 'inherit' }}>
      <Group gap="xs" wrap="nowrap">
        <LogoMark size={36} />
        <Text fw={700} size="lg" visibleFrom="sm" c="brand.9">
          {t('common:appName')}
        </Text>
      </Group>
    </Link>
  );
}
