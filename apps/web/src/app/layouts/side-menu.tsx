import { NavLink, Stack, Text } from '@mantine/core';
import {
  type Icon,
  IconAdjustments,
  IconArrowsDiff,
  IconBuilding,
  IconBuildingBank,
  IconChartBar,
  IconChevronRight,
  IconClipboardCheck,
  IconFileSpreadsheet,
  IconFiles,
  IconLayoutDashboard,
  IconLeaf,
  IconListDetails,
  IconMapPin,
  IconPoint,
  IconReportAnalytics,
  IconSitemap,
  IconStethoscope,
  IconTablePlus,
  IconUserPlus,
  IconUsers,
  IconUsersGroup,
  IconWriting,
} from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { useLanguage, useLocalePath } from '../../lib/language-context.ts';
import { type Area, groupsContaining, type MenuNode, visibleMenu } from '../navigation.ts';

/** Icons by label id (items) or group label id; anything else gets a dot. */
const ICONS: Record<string, Icon> = {
  dashboard: IconLayoutDashboard,
  companies: IconBuilding,
  parametrization: IconAdjustments,
  users: IconUsers,
  cae: IconSitemap,
  location: IconMapPin,
  diagnosis: IconStethoscope,
  selfDiagnosis: IconStethoscope,
  applications: IconClipboardCheck,
  statistic: IconChartBar,
  content: IconWriting,
  balanceSheet: IconFileSpreadsheet,
  balances: IconFiles,
  demonstrations: IconReportAnalytics,
  others: IconListDetails,
  balanceSheets: IconFiles,
  balanceComparator: IconArrowsDiff,
  dataEntry: IconTablePlus,
  esg: IconLeaf,
  partnerRegister: IconUserPlus,
  partners: IconBuildingBank,
  team: IconUsersGroup,
};

function MenuIcon({ id }: { id: string }) {
  const Component = ICONS[id] ?? IconPoint;
  return <Component size={18} stroke={1.6} aria-hidden="true" />;
}

/**
 * The side menu of the user's roles: collapsible groups, the active item highlighted, and the
 * company items disabled (aria-disabled, not clickable) while no company is selected.
 */
export function SideMenu({ roles, companySelected }: { roles: readonly string[]; companySelected: boolean }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const location = useLocation();
  const path = location.pathname.slice(language.length + 1);
  const sections = visibleMenu(roles);
  const [openGroups, setOpenGroups] = useState<ReadonlySet<string>>(() => new Set(groupsContaining(path)));
  const [lastPath, setLastPath] = useState(path);
  if (lastPath !== path) {
    // A page reached another way (breadcrumb, link) still shows its groups open.
    setLastPath(path);
    const needed = groupsContaining(path).filter((id) => !openGroups.has(id));
    if (needed.length > 0) setOpenGroups(new Set([...openGroups, ...needed]));
  }
  const toggleGroup = (id: string, opened: boolean) => {
    const next = new Set(openGroups);
    if (opened) next.add(id);
    else next.delete(id);
    setOpenGroups(next);
  };

  return (
    <Stack gap="md">
      {sections.map((section) => (
        <Stack key={section.area} gap={2}>
          {sections.length > 1 ? (
            <Text size="xs" fw={700} tt="uppercase" c="gray.7" px="sm" pb={4}>
              {t(`shell:menu.areas.${section.area}`)}
            </Text>
          ) : null}
          {section.nodes.map((node) => (
            <MenuEntry
              key={node.id}
              node={node}
              area={section.area}
              path={path}
              disabled={section.area === 'company' && !companySelected}
              openGroups={openGroups}
              onToggle={toggleGroup}
              nested={false}
            />
          ))}
        </Stack>
      ))}
    </Stack>
  );
}

interface MenuEntryProps {
  node: MenuNode;
  area: Area;
  path: string;
  disabled: boolean;
  openGroups: ReadonlySet<string>;
  onToggle: (id: string, opened: boolean) => void;
  /** Items inside a group go without an icon. */
  nested: boolean;
}

function MenuEntry({ node, area, path, disabled, openGroups, onToggle, nested }: MenuEntryProps) {
  const { t } = useTranslation();
  const localePath = useLocalePath();
  if (node.kind === 'group') {
    const opened = openGroups.has(node.id);
    return (
      <NavLink
        component="button"
        type="button"
        label={t(`shell:menu.groups.${node.labelId}`)}
        leftSection={<MenuIcon id={node.labelId} />}
        rightSection={<IconChevronRight size={14} aria-hidden="true" />}
        opened={opened}
        onChange={(next) => onToggle(node.id, next)}
        aria-expanded={opened}
        childrenOffset="md"
        disabled={disabled}
        aria-disabled={disabled || undefined}
      >
        {node.children.map((child) => (
          <MenuEntry
            key={child.id}
            node={child}
            area={area}
            path={path}
            disabled={disabled}
            openGroups={openGroups}
            onToggle={onToggle}
            nested
          />
        ))}
      </NavLink>
    );
  }
  const label = t(`shell:menu.items.${node.labelId}`);
  const icon = nested ? undefined : <MenuIcon id={node.labelId} />;
  if (disabled) {
    return (
      <NavLink
        component="a"
        role="link"
        aria-disabled="true"
        title={t('shell:topBar.selectCompanyFirst')}
        label={label}
        leftSection={icon}
        disabled
      />
    );
  }
  const active = path === node.path;
  return (
    <NavLink
      component={Link}
      to={localePath(node.path)}
      label={label}
      leftSection={icon}
      active={active}
      aria-current={active ? 'page' : undefined}
      variant="light"
    />
  );
}
